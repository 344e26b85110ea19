import { Box, Button, Heading, Spinner, Text, VStack } from '@chakra-ui/react';
import { ERROR_TEXTS } from '../lib/error-catalogue';

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <Box as="main" minH="100vh" display="flex" alignItems="center" justifyContent="center" p={6}>
      <VStack gap={4} textAlign="center">{children}</VStack>
    </Box>
  );
}

/** The splash while the portal is looked up. */
export function Splash() {
  return (
    <Centered>
      <Spinner size="lg" color="secondary" aria-hidden />
      <Text role="status" aria-live="polite" fontSize="lg" color="primary">{ERROR_TEXTS.loading}</Text>
    </Centered>
  );
}

/** No portal exists for this host name. */
export function UnknownHost({ hostname }: { hostname: string }) {
  return (
    <Centered>
      <Heading as="h1" size="xl" color="primary">{ERROR_TEXTS.unknownHost}</Heading>
      <Text color="fg.muted">
        No delivery portal is configured for <strong>{hostname}</strong>. Check the address, or open the portal of your country.
      </Text>
    </Centered>
  );
}

/** The server gave no answer after the retry helper's attempts. */
export function PortalConnectionError({ onRetry }: { onRetry: () => void }) {
  return (
    <Centered>
      <Heading as="h1" size="lg" color="primary" role="alert">{ERROR_TEXTS.noResponse}</Heading>
      <Button onClick={onRetry} bg="secondary" color="white">Try again</Button>
    </Centered>
  );
}
