import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { containerMaxWidth } from '../../ui/theme';
import { ERROR_TEXTS } from '../../lib/http-error-texts';
import { SCREEN_TEXTS } from '../../lib/shell-texts';

/** /forbidden: where the route guard sends a user whose roles do not grant the page (000 section 6). */
export function ForbiddenPage() {
  return (
    <Box as="main" mx="auto" maxW={containerMaxWidth} px={4} py={16} textAlign="center">
      <Heading as="h1" size="2xl" color="primary" mb={4}>{SCREEN_TEXTS.forbiddenTitle}</Heading>
      <Text color="fg.muted" mb={6}>{ERROR_TEXTS.forbidden}</Text>
      <Button asChild bg="secondary" color="white">
        <RouterLink to="/">{SCREEN_TEXTS.goHome}</RouterLink>
      </Button>
    </Box>
  );
}

export const Component = ForbiddenPage;
