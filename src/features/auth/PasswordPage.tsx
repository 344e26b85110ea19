import { Button, Flex, Link, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { ACCOUNT_TEXTS } from '../../lib/error-catalogue';
import type { passwordResetMachine } from '../../machines/auth/password-reset.machine';
import { useAccountLogic } from './account-logic';
import { AccountField, AccountPage, ContinueLink, otherErrors, ProblemNotice, StatusNote, useFocusFirstError } from './account-ui';
import { formValues } from './sign-in-ui';

type ResetActor = ActorRefFrom<typeof passwordResetMachine>;

const REQUEST_FIELDS = ['email'] as const;
const CONFIRM_FIELDS = ['code', 'password', 'confirmPassword'] as const;

function BackToLogin() {
  return (
    <Text mt={6}>
      <Link asChild color="secondary">
        <RouterLink to="/login">Back to log in</RouterLink>
      </Link>
    </Text>
  );
}

function RequestStep({ actor }: { actor: ResetActor }) {
  const sending = useSelector(actor, (snapshot) => snapshot.matches({ request: 'sending' }));
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const email = useSelector(actor, (snapshot) => snapshot.context.email);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors, REQUEST_FIELDS);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'reset.request', email: formValues(event.currentTarget, REQUEST_FIELDS).email });
  };
  return (
    <>
      <Text mb={4}>{ACCOUNT_TEXTS.resetIntro}</Text>
      <ProblemNotice problem={problem} extra={otherErrors(errors, REQUEST_FIELDS)} />
      <form ref={form} onSubmit={submit} noValidate aria-label="Request a reset code">
        <AccountField idPrefix="reset" name="email" label="Email" type="email" autoComplete="email" inputMode="email" defaultValue={email} error={errors.email} />
        <Button type="submit" bg="secondary" color="white" loading={sending} loadingText="Sending code...">Send code</Button>
      </form>
    </>
  );
}

function ConfirmStep({ actor }: { actor: ResetActor }) {
  const submitting = useSelector(actor, (snapshot) => snapshot.matches({ confirm: 'submitting' }));
  const resending = useSelector(actor, (snapshot) => snapshot.matches({ confirm: 'resending' }));
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const email = useSelector(actor, (snapshot) => snapshot.context.email);
  const codeResent = useSelector(actor, (snapshot) => snapshot.matches({ confirm: { form: 'resent' } }));
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors, CONFIRM_FIELDS);
  useEffect(() => {
    (form.current?.elements.namedItem('code') as HTMLInputElement | null)?.focus();
  }, []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'reset.confirm', ...formValues(event.currentTarget, CONFIRM_FIELDS) });
  };
  const busy = submitting || resending;
  return (
    <>
      <StatusNote>{ACCOUNT_TEXTS.emailSent(email)}</StatusNote>
      {codeResent && <StatusNote>{ACCOUNT_TEXTS.codeResent}</StatusNote>}
      <ProblemNotice problem={problem} extra={otherErrors(errors, CONFIRM_FIELDS)} />
      <form ref={form} onSubmit={submit} noValidate aria-label="Set a new password">
        <AccountField idPrefix="reset" name="code" label="Code" inputMode="numeric" autoComplete="one-time-code" error={errors.code} />
        <AccountField idPrefix="reset" name="password" label="New password" type="password" autoComplete="new-password" error={errors.password} />
        <AccountField
          idPrefix="reset"
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        <Flex gap={2} wrap="wrap">
          <Button type="submit" bg="secondary" color="white" loading={submitting} loadingText="Resetting password..." disabled={busy}>Reset password</Button>
          <Button variant="outline" loading={resending} loadingText="Sending a new code..." disabled={busy} onClick={() => actor.send({ type: 'reset.resend' })}>
            Send a new code
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'reset.changeEmail' })}>
            Use a different email
          </Button>
        </Flex>
      </form>
    </>
  );
}

/**
 * /forgot-password and /confirm-password, one screen (000 section 2): the email address → "emailSent" → the
 * code with a new password → "resetPasswordConfirmed". /confirm-password?email=… opens at the code step.
 */
export function PasswordPage() {
  const [params] = useSearchParams();
  const logic = useAccountLogic();
  const actor = useScreenActor(logic.passwordReset, { email: params.get('email') ?? undefined });
  const step = useSelector(actor, (snapshot) => {
    if (snapshot.matches('confirmed')) return 'confirmed';
    return snapshot.matches('confirm') ? 'confirm' : 'request';
  });
  return (
    <AccountPage title="Reset your password">
      {step === 'request' && <RequestStep actor={actor} />}
      {step === 'confirm' && <ConfirmStep actor={actor} />}
      {step === 'confirmed' && (
        <>
          <StatusNote testId="reset-confirmed" focus>{ACCOUNT_TEXTS.resetPasswordConfirmed}</StatusNote>
          <ContinueLink to="/login" label="Log in" />
        </>
      )}
      {step !== 'confirmed' && <BackToLogin />}
    </AccountPage>
  );
}

export const Component = PasswordPage;
