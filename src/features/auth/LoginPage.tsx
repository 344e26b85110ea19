import { Box, Button, Heading, Link, Separator, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { separatorRecipe } from '@chakra-ui/react/theme';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuth, useAuthActor } from '../../machines/root/root-actor';
import { containerMaxWidth } from '../../ui/theme';
import { ERROR_TEXTS } from '../../lib/http-error-texts';
import { SIGN_IN_TEXTS } from '../../lib/shell-texts';
import { externalProviders } from '../../machines/auth/auth.actors';
import {
  fieldErrorsOf, validateLogin, validateRegister, type FieldErrors,
} from '../../machines/auth/sign-in-validation';
import { focusFirstError, formValues, ProblemAlert, SignInField, useFocusServerFieldErrors, useReturnTo } from './sign-in-ui';

const LOGIN_FIELDS = ['email', 'password'] as const;
const REGISTER_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

type FormName = 'login' | 'register' | 'other';

/** Follows the auth actor away from the sign-in screens: to the code step, or to where the user was going. */
export function useSignInNavigation() {
  const state = useAuth((snapshot) => (snapshot.matches('signedIn') ? 'signedIn' : snapshot.matches('twoFactor') ? 'twoFactor' : 'other'));
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = useReturnTo();
  useEffect(() => {
    if (state === 'signedIn') navigate(returnTo, { replace: true });
    else if (state === 'twoFactor' && location.pathname !== '/two-factor') navigate('/two-factor', { state: location.state as unknown });
  }, [state, returnTo, navigate, location.pathname, location.state]);
}

const NO_PROVIDERS: never[] = [];

function ExternalSignIn({ busy, onStart }: { busy: boolean; onStart: (provider: string) => void }) {
  const lookup = useActorRef(externalProviders);
  const providers = useSelector(lookup, (snapshot) => (snapshot.status === 'done' ? snapshot.output : NO_PROVIDERS));
  const passkeys = browserSupportsWebAuthn();
  if (providers.length === 0 && !passkeys) return null;
  return (
    <Stack gap={2} mt={4}>
      <Separator recipe={separatorRecipe} />
      <Text color="fg.muted" fontSize="sm" textAlign="center">{SIGN_IN_TEXTS.otherWays}</Text>
      {passkeys && <PasskeyButton busy={busy} />}
      {providers.map((provider) => (
        <Button key={provider.id} variant="outline" disabled={busy} onClick={() => onStart(provider.id)}>
          {SIGN_IN_TEXTS.externalButton(provider.name)}
        </Button>
      ))}
    </Stack>
  );
}

function PasskeyButton({ busy }: { busy: boolean }) {
  const auth = useAuthActor();
  const signingIn = useAuth((snapshot) => snapshot.matches({ signedOut: 'passkey' }));
  return (
    <Button variant="outline" disabled={busy} loading={signingIn} loadingText={SIGN_IN_TEXTS.passkeyButton} onClick={() => auth.send({ type: 'auth.passkey.login' })}>
      {SIGN_IN_TEXTS.passkeyButton}
    </Button>
  );
}

/** /login and /register: one "Log in / Sign up" screen with both forms (000 section 2). */
export function LoginPage() {
  const auth = useAuthActor();
  const phase = useAuth((snapshot) => {
    if (snapshot.hasTag('restoring')) return 'restoring';
    if (snapshot.matches('loadingProfile') || snapshot.matches('signedIn') || snapshot.matches('twoFactor')) return 'signingIn';
    if (snapshot.matches({ signedOut: 'redirecting' })) return 'redirecting';
    return 'form';
  });
  const busy = useAuth((snapshot) => snapshot.hasTag('busy'));
  const loggingIn = useAuth((snapshot) => snapshot.matches({ signedOut: 'loggingIn' }));
  const registering = useAuth((snapshot) => snapshot.matches({ signedOut: 'registering' }));
  const error = useAuth((snapshot) => snapshot.context.error);
  const leadEmailTaken = useAuth((snapshot) => snapshot.context.leadEmailTaken);
  const [lastForm, setLastForm] = useState<FormName>('other');
  const [loginErrors, setLoginErrors] = useState<FieldErrors>({});
  const [registerErrors, setRegisterErrors] = useState<FieldErrors>({});
  useSignInNavigation();
  // Leaving the screen forgets its last failure, so it does not greet the user on the next visit.
  // Deferred, so that React's development remount (StrictMode) does not wipe the message the screen opens with
  // (a 401's "Unauthorized request ..."): the remount cancels it.
  // Only a failure of this screen: the one it opened with, or one that ended its own attempt (the actor was busy
  // just before). A screen still on its way out as the session is refused (a 401 right after signing in) must
  // not wipe the "Unauthorized request" that the next sign-in screen opens with.
  const leaving = useRef<ReturnType<typeof setTimeout>>(undefined);
  const own = useRef<{ error: unknown; leadEmailTaken: boolean } | null>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (own.current === null || wasBusy.current) own.current = { error, leadEmailTaken };
    wasBusy.current = busy;
  }, [busy, error, leadEmailTaken]);
  useEffect(() => {
    clearTimeout(leaving.current);
    return () => {
      leaving.current = setTimeout(() => {
        const snapshot = auth.getSnapshot();
        const failure = own.current;
        if (!snapshot.matches({ signedOut: 'idle' }) || !failure || (failure.error === null && !failure.leadEmailTaken)) return;
        if (snapshot.context.error === failure.error) auth.send({ type: 'auth.reset' });
      }, 0);
    };
  }, [auth]);

  // The server's field messages go on the fields of the form that was sent.
  const serverFieldErrors = fieldErrorsOf(error);
  const hasServerFieldErrors = Object.keys(serverFieldErrors).length > 0;
  const shownLoginErrors = lastForm === 'login' && hasServerFieldErrors ? { ...serverFieldErrors, ...loginErrors } : loginErrors;
  const shownRegisterErrors = lastForm === 'register' && hasServerFieldErrors ? { ...serverFieldErrors, ...registerErrors } : registerErrors;
  const problem = error && !hasServerFieldErrors ? error : null;
  const loginForm = useRef<HTMLFormElement>(null);
  const registerForm = useRef<HTMLFormElement>(null);
  useFocusServerFieldErrors(loginForm, lastForm === 'login' ? serverFieldErrors : {}, LOGIN_FIELDS);
  useFocusServerFieldErrors(registerForm, lastForm === 'register' ? serverFieldErrors : {}, REGISTER_FIELDS);

  const submitLogin = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form, LOGIN_FIELDS);
    const errors = validateLogin(values);
    setLoginErrors(errors);
    setLastForm('login');
    if (Object.keys(errors).length > 0) return focusFirstError(form, errors, LOGIN_FIELDS);
    auth.send({ type: 'auth.login', email: values.email.trim(), password: values.password });
  };

  const submitRegister = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form, REGISTER_FIELDS);
    const errors = validateRegister(values);
    setRegisterErrors(errors);
    setLastForm('register');
    if (Object.keys(errors).length > 0) return focusFirstError(form, errors, REGISTER_FIELDS);
    auth.send({
      type: 'auth.register',
      email: values.email.trim(),
      password: values.password,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    });
  };

  const startExternal = (provider: string) => {
    setLastForm('other');
    auth.send({ type: 'auth.external.start', provider });
  };

  if (phase !== 'form') {
    const text = phase === 'restoring' ? ERROR_TEXTS.loading : phase === 'redirecting' ? SIGN_IN_TEXTS.redirecting : SIGN_IN_TEXTS.signingIn;
    return (
      <Box as="main" mx="auto" maxW={containerMaxWidth} px={4} py={16} textAlign="center">
        <Text role="status">{text}</Text>
      </Box>
    );
  }

  return (
    <Box as="main" mx="auto" maxW={containerMaxWidth} px={4} py={10}>
      <Heading as="h1" size="2xl" color="primary" mb={6}>{SIGN_IN_TEXTS.screenTitle}</Heading>
      {problem && lastForm === 'other' && <ProblemAlert error={problem} testId="sign-in-problem" />}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={8}>
        <Box as="section" aria-labelledby="login-heading" bg="bg" p={6} borderRadius="md" shadow="sm">
          <Heading as="h2" id="login-heading" size="lg" mb={4}>{SIGN_IN_TEXTS.loginHeading}</Heading>
          {problem && lastForm === 'login' && <ProblemAlert error={problem} testId="login-problem" />}
          <form ref={loginForm} noValidate onSubmit={submitLogin} aria-labelledby="login-heading">
            <SignInField idPrefix="login" name="email" label={SIGN_IN_TEXTS.email} type="email" autoComplete="username" inputMode="email" error={shownLoginErrors.email} />
            <SignInField idPrefix="login" name="password" label={SIGN_IN_TEXTS.password} type="password" autoComplete="current-password" error={shownLoginErrors.password} />
            <Stack direction="row" align="center" justify="space-between" mt={2}>
              <Button type="submit" bg="secondary" color="white" loading={loggingIn} loadingText={SIGN_IN_TEXTS.loginButton} disabled={busy && !loggingIn}>
                {SIGN_IN_TEXTS.loginButton}
              </Button>
              <Link asChild color="secondary">
                <RouterLink to="/forgot-password">{SIGN_IN_TEXTS.forgotPassword}</RouterLink>
              </Link>
            </Stack>
          </form>
          <ExternalSignIn busy={busy} onStart={startExternal} />
        </Box>
        <Box as="section" aria-labelledby="register-heading" bg="bg" p={6} borderRadius="md" shadow="sm">
          <Heading as="h2" id="register-heading" size="lg" mb={4}>{SIGN_IN_TEXTS.signUpHeading}</Heading>
          {leadEmailTaken && <ProblemAlert error={SIGN_IN_TEXTS.leadEmailTaken} testId="lead-email-taken" />}
          {problem && lastForm === 'register' && <ProblemAlert error={problem} testId="register-problem" />}
          <form ref={registerForm} noValidate onSubmit={submitRegister} aria-labelledby="register-heading">
            <SignInField idPrefix="register" name="firstName" label={SIGN_IN_TEXTS.firstName} autoComplete="given-name" error={shownRegisterErrors.firstName} />
            <SignInField idPrefix="register" name="lastName" label={SIGN_IN_TEXTS.lastName} autoComplete="family-name" error={shownRegisterErrors.lastName} />
            <SignInField idPrefix="register" name="email" label={SIGN_IN_TEXTS.email} type="email" autoComplete="email" inputMode="email" error={shownRegisterErrors.email} />
            <SignInField idPrefix="register" name="password" label={SIGN_IN_TEXTS.password} type="password" autoComplete="new-password" error={shownRegisterErrors.password} />
            <Button type="submit" bg="secondary" color="white" mt={2} loading={registering} loadingText={SIGN_IN_TEXTS.signUpButton} disabled={busy && !registering}>
              {SIGN_IN_TEXTS.signUpButton}
            </Button>
          </form>
        </Box>
      </SimpleGrid>
    </Box>
  );
}

export const Component = LoginPage;
