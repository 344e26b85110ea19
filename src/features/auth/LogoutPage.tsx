import { Box, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth, useAuthActor } from '../../machines/root/root-actor';
import { containerMaxWidth } from '../../ui/theme';
import { SIGN_IN_TEXTS } from '../../lib/shell-texts';

/** /logout: ends the session and returns to / (000 section 2). */
export function LogoutPage() {
  const auth = useAuthActor();
  const navigate = useNavigate();
  const phase = useAuth((snapshot) => {
    if (snapshot.matches('signedIn')) return 'signedIn';
    if (snapshot.matches('signedOut') || snapshot.matches('twoFactor')) return 'signedOut';
    return 'waiting';
  });

  useEffect(() => {
    if (phase === 'signedIn') auth.send({ type: 'auth.logout' });
    else if (phase === 'signedOut') {
      // A pending code step is abandoned too.
      auth.send({ type: 'auth.reset' });
      navigate('/', { replace: true });
    }
  }, [phase, auth, navigate]);

  return (
    <Box as="main" mx="auto" maxW={containerMaxWidth} px={4} py={16} textAlign="center">
      <Text role="status">{SIGN_IN_TEXTS.loggingOut}</Text>
    </Box>
  );
}

export const Component = LogoutPage;
