import { Box, Button, Heading, Spinner, Text, VStack } from '@chakra-ui/react';
import { ERROR_TEXTS } from '../lib/http-error-texts';
import { SERVICE_WORKER_TEXTS } from '../lib/service-worker-texts';
import { SESSION_ERROR_TEXTS } from '../lib/shell-texts';
import { useOnline } from '../ui/use-online';
import { ReloadCountdown } from './ReloadCountdown';

export function Centered({ children }: { children: React.ReactNode }) {
  return (
    <Box as="main" minH="100vh" display="flex" alignItems="center" justifyContent="center" p={6}>
      <VStack gap={4} textAlign="center" maxW="xl">{children}</VStack>
    </Box>
  );
}

/**
 * The splash while the portal is looked up or the session restored. Offline (the app itself came from the service
 * worker's cache) it says so instead: the lookup keeps retrying and the app opens once the connection is back.
 * Offline is the browser's word, or a lookup that got no answer at all while the service worker served the app
 * (browsers do not always clear `navigator.onLine` when the network is cut).
 */
export function Splash({ noAnswer = false }: { noAnswer?: boolean }) {
  const online = useOnline();
  const offline = !online || (noAnswer && Boolean(navigator.serviceWorker?.controller));
  return (
    <Centered>
      <Spinner size="lg" color="secondary" aria-hidden />
      <Text role="status" aria-live="polite" fontSize="lg" color="primary">{offline ? SERVICE_WORKER_TEXTS.offline : ERROR_TEXTS.loading}</Text>
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

/**
 * The server gave no answer to the portal lookup after the retry helper's attempts: retry now, or the page
 * reloads when the countdown ends.
 */
export function PortalConnectionError({ onRetry }: { onRetry: () => void }) {
  return (
    <Centered>
      <Heading as="h1" size="lg" color="primary" role="alert">{ERROR_TEXTS.noResponse}</Heading>
      <ReloadCountdown />
      <Button onClick={onRetry} bg="secondary" color="white">Try again</Button>
    </Centered>
  );
}

/** A call got no response (the connection error flag): the page reloads when the countdown ends. */
export function ConnectionErrorScreen() {
  return (
    <Centered>
      <Heading as="h1" size="lg" color="primary" role="alert">{ERROR_TEXTS.noResponse}</Heading>
      <ReloadCountdown />
    </Centered>
  );
}

/** The session expired (a 440): tokens are cleared; the page reloads when the countdown ends. */
export function SessionErrorScreen() {
  return (
    <Centered>
      <Heading as="h1" size="lg" color="primary" role="alert">{SESSION_ERROR_TEXTS.title}</Heading>
      <Text color="fg.muted">{SESSION_ERROR_TEXTS.message}</Text>
      <ReloadCountdown />
    </Centered>
  );
}
