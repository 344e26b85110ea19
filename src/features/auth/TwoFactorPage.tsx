import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth, useAuthActor } from '../../machines/root/root-actor';
import { containerMaxWidth } from '../../ui/theme';
import { ERROR_TEXTS } from '../../lib/http-error-texts';
import { SIGN_IN_TEXTS } from '../../lib/shell-texts';
import { fieldErrorsOf, validateTwoFactorCode, type FieldErrors } from '../../machines/auth/sign-in-validation';
import { useSignInNavigation } from './LoginPage';
import { focusFirstError, formValues, ProblemAlert, SignInField, useFocusServerFieldErrors } from './sign-in-ui';

/** /two-factor: the code step after a login that answered twoFactorHash and a message. */
export function TwoFactorPage() {
  const auth = useAuthActor();
  const navigate = useNavigate();
  const phase = useAuth((snapshot) => {
    if (snapshot.hasTag('restoring')) return 'restoring';
    if (snapshot.matches('twoFactor')) return 'code';
    if (snapshot.matches('signedOut')) return 'signedOut';
    return 'signingIn';
  });
  const message = useAuth((snapshot) => snapshot.context.twoFactorMessage);
  const error = useAuth((snapshot) => snapshot.context.error);
  const codeResent = useAuth((snapshot) => snapshot.context.codeResent);
  const verifying = useAuth((snapshot) => snapshot.matches({ twoFactor: 'verifying' }));
  const resending = useAuth((snapshot) => snapshot.matches({ twoFactor: 'resending' }));
  const busy = verifying || resending;
  const [errors, setErrors] = useState<FieldErrors>({});
  useSignInNavigation();

  // No code step pending (a reload, a direct visit): the login form.
  useEffect(() => {
    if (phase === 'signedOut') navigate('/login', { replace: true });
  }, [phase, navigate]);

  const serverFieldErrors = fieldErrorsOf(error);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusServerFieldErrors(formRef, serverFieldErrors, ['code']);
  const shownErrors = { ...serverFieldErrors, ...errors };
  const problem = error && Object.keys(serverFieldErrors).length === 0 ? error : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form, ['code'] as const);
    const found = validateTwoFactorCode(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(form, found, ['code']);
    auth.send({ type: 'auth.twoFactor.verify', code: values.code.trim() });
  };

  const back = () => {
    auth.send({ type: 'auth.reset' });
    navigate('/login', { replace: true });
  };

  if (phase !== 'code') {
    return (
      <Box as="main" mx="auto" maxW={containerMaxWidth} px={4} py={16} textAlign="center">
        <Text role="status">{phase === 'signingIn' ? SIGN_IN_TEXTS.signingIn : ERROR_TEXTS.loading}</Text>
      </Box>
    );
  }

  return (
    <Box as="main" mx="auto" maxW="md" px={4} py={10}>
      <Heading as="h1" size="2xl" color="primary" mb={4}>{SIGN_IN_TEXTS.twoFactorHeading}</Heading>
      <Text mb={4} data-testid="two-factor-message">{message ?? SIGN_IN_TEXTS.twoFactorDefaultMessage}</Text>
      {problem && <ProblemAlert error={problem} testId="two-factor-problem" />}
      {codeResent && <Text role="status" color="green.700" mb={4}>{SIGN_IN_TEXTS.codeResent}</Text>}
      <form ref={formRef} noValidate onSubmit={submit} aria-label={SIGN_IN_TEXTS.twoFactorHeading}>
        <SignInField idPrefix="two-factor" name="code" label={SIGN_IN_TEXTS.code} autoComplete="one-time-code" inputMode="numeric" error={shownErrors.code} />
        <Stack direction={{ base: 'column', sm: 'row' }} gap={3} mt={2}>
          <Button type="submit" bg="secondary" color="white" loading={verifying} loadingText={SIGN_IN_TEXTS.verifyButton} disabled={busy && !verifying}>
            {SIGN_IN_TEXTS.verifyButton}
          </Button>
          <Button variant="outline" loading={resending} loadingText={SIGN_IN_TEXTS.resendButton} disabled={busy && !resending} onClick={() => auth.send({ type: 'auth.twoFactor.resend' })}>
            {SIGN_IN_TEXTS.resendButton}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={back}>{SIGN_IN_TEXTS.backToLogin}</Button>
        </Stack>
      </form>
    </Box>
  );
}

export const Component = TwoFactorPage;
