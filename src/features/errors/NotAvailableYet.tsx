import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { containerMaxWidth } from '../../ui/theme';
import { SCREEN_TEXTS } from '../../lib/error-catalogue';

/**
 * A registered route whose screen belongs to later work: said plainly, never a stand-in screen. Menus leave
 * such routes out; the route guard still applies.
 */
export function NotAvailableYet() {
  const { pathname } = useLocation();
  return (
    <Box as="main" mx="auto" maxW={containerMaxWidth} px={4} py={16} textAlign="center">
      <Heading as="h1" size="2xl" color="primary" mb={4}>{SCREEN_TEXTS.notAvailableTitle}</Heading>
      <Text color="fg.muted" mb={2}>{SCREEN_TEXTS.notAvailableMessage}</Text>
      <Text color="fg.muted" mb={6} fontFamily="mono" fontSize="sm">{pathname}</Text>
      <Button asChild bg="secondary" color="white">
        <RouterLink to="/">{SCREEN_TEXTS.goHome}</RouterLink>
      </Button>
    </Box>
  );
}
