import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { containerMaxWidth } from '../../ui/theme';
import { ERROR_TEXTS } from '../../lib/http-error-texts';
import { SCREEN_TEXTS } from '../../lib/shell-texts';

/** What the one error screen says for the path it was opened at. */
function contentFor(pathname: string): { title: string; message: string } {
  if (pathname === '/503') return { title: SCREEN_TEXTS.serviceUnavailable, message: SCREEN_TEXTS.errorPageMessage };
  if (pathname === '/error') return { title: SCREEN_TEXTS.somethingWentWrong, message: SCREEN_TEXTS.errorPageMessage };
  return { title: SCREEN_TEXTS.pageNotFound, message: ERROR_TEXTS.notFound(pathname) };
}

/** 000 section 2: "/503, /error and any unmatched path — the same error screen". */
export function ErrorPage() {
  const { pathname } = useLocation();
  const { title, message } = contentFor(pathname);
  return (
    <Box as="main" mx="auto" maxW={containerMaxWidth} px={4} py={16} textAlign="center">
      <Heading as="h1" size="2xl" color="primary" mb={4}>{title}</Heading>
      <Text color="fg.muted" mb={6}>{message}</Text>
      <Button asChild bg="secondary" color="white">
        <RouterLink to="/">{SCREEN_TEXTS.goHome}</RouterLink>
      </Button>
    </Box>
  );
}

export const Component = ErrorPage;
