import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { containerMaxWidth } from '../../app/theme';
import { ERROR_TEXTS } from '../../lib/error-catalogue';

/** Any unmatched path (000 section 2: "/503, /error and any unmatched path — the same error screen"). */
export function ErrorPage() {
  const location = useLocation();
  return (
    <Box as="main" mx="auto" maxW={containerMaxWidth} px={4} py={16} textAlign="center">
      <Heading as="h1" size="2xl" color="primary" mb={4}>Page not found</Heading>
      <Text color="fg.muted" mb={6}>{ERROR_TEXTS.notFound(location.pathname)}</Text>
      <Button asChild bg="secondary" color="white">
        <RouterLink to="/">Go to the home page</RouterLink>
      </Button>
    </Box>
  );
}

export const Component = ErrorPage;
