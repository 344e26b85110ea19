import { Box, Button, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useAuth, useAuthActor } from '../../machines/root/root-actor';
import { STORAGE_KEYS } from '../../lib/shell-constants';
import { SIGN_IN_TEXTS } from '../../lib/shell-texts';
import { useSignInNavigation } from './LoginPage';
import { ProblemAlert } from './sign-in-ui';

/** /login/external/callback: the provider sent the browser back; the server finishes the sign-in. */
export function ExternalCallbackPage() {
  const auth = useAuthActor();
  const sent = useRef(false);
  const ready = useAuth((snapshot) => snapshot.matches({ signedOut: 'idle' }));
  const error = useAuth((snapshot) => snapshot.context.error);
  const provider = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEYS.externalProvider);
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  const valid = Boolean(provider) && (query.has('code') || query.has('error'));
  useSignInNavigation();

  // Once the start-up restore has settled (signed out), and only once.
  useEffect(() => {
    if (!ready || sent.current || !valid || !provider) return;
    sent.current = true;
    // The full URL the provider redirected to (code, state, iss), as the server checks it.
    const callbackUrl = new URL(`${location.pathname}${location.search}`, window.location.origin).toString();
    auth.send({ type: 'auth.external.complete', provider, callbackUrl });
  }, [ready, valid, provider, auth, location.pathname, location.search]);

  // Before the answer the error is empty (a fresh page); after it, it is the server's verdict.
  const failed = ready && (!valid || error !== null);
  return (
    <Box as="main" mx="auto" maxW="md" px={4} py={16} textAlign="center">
      {failed ? (
        <>
          <ProblemAlert error={valid && error ? error : SIGN_IN_TEXTS.externalCallbackInvalid} testId="external-problem" />
          <Button asChild bg="secondary" color="white">
            <RouterLink to="/login">{SIGN_IN_TEXTS.backToLogin}</RouterLink>
          </Button>
        </>
      ) : (
        <Text role="status">{SIGN_IN_TEXTS.signingIn}</Text>
      )}
    </Box>
  );
}

export const Component = ExternalCallbackPage;
