import { Button, Flex, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { ACCOUNT_TEXTS } from '../../lib/error-catalogue';
import type { verificationMachine } from '../../machines/auth/verification.machine';
import { AccountField, otherErrors, ProblemNotice, StatusNote, useFocusFirstError } from './account-ui';
import { formValues } from './sign-in-ui';

const FIELDS = ['code'] as const;

export interface VerificationFlowProps {
  actor: ActorRefFrom<typeof verificationMachine>;
  idPrefix: string;
  /** Before sending: where the code will go. */
  intro?: string;
  sendLabel: string;
  /** Once sent: where it went. */
  codeSentText: string;
  confirmButton?: string;
  confirmedText: string;
  /** Shown with the confirmation (a "Continue" link, say). */
  confirmed?: ReactNode;
}

/**
 * The code step shared by /confirm-email, /confirm-phone and the profile's two-factor switch: send a code,
 * type it, confirm. The code field takes the focus whenever a code has been sent (also a new one), and again when refused.
 */
export function VerificationFlow(props: VerificationFlowProps) {
  const { actor, idPrefix } = props;
  const step = useSelector(actor, (snapshot) => {
    if (snapshot.matches('confirmed')) return 'confirmed';
    if (snapshot.matches('idle') || snapshot.matches('sending')) return 'start';
    return 'code';
  });
  const sending = useSelector(actor, (snapshot) => snapshot.matches('sending'));
  // The code went out (first send or a resend, also after a failed resend moved the focus to the problem).
  const editing = useSelector(actor, (snapshot) => snapshot.matches({ codeSent: 'editing' }));
  const resending = useSelector(actor, (snapshot) => snapshot.matches('resending'));
  const confirming = useSelector(actor, (snapshot) => snapshot.matches('confirming'));
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const codeResent = useSelector(actor, (snapshot) => snapshot.context.codeResent);
  const alreadyConfirmed = useSelector(actor, (snapshot) => snapshot.context.alreadyConfirmed);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors, FIELDS);

  useEffect(() => {
    if (editing) (form.current?.elements.namedItem('code') as HTMLInputElement | null)?.focus();
  }, [editing]);

  if (step === 'confirmed') {
    return (
      <>
        <StatusNote testId={`${idPrefix}-confirmed`} focus>{alreadyConfirmed ?? props.confirmedText}</StatusNote>
        {props.confirmed}
      </>
    );
  }

  if (step === 'start') {
    return (
      <>
        {props.intro && <Text mb={3}>{props.intro}</Text>}
        {/* The send has no fields: whatever the server named (no phone number yet, say) is the problem. */}
        <ProblemNotice problem={problem} extra={otherErrors(errors, [])} />
        <Button bg="secondary" color="white" loading={sending} loadingText="Sending code..." onClick={() => actor.send({ type: 'verification.send' })}>
          {props.sendLabel}
        </Button>
      </>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'verification.confirm', code: formValues(event.currentTarget, FIELDS).code });
  };
  const busy = resending || confirming;
  return (
    <>
      <StatusNote>{props.codeSentText}</StatusNote>
      {codeResent && <StatusNote>{ACCOUNT_TEXTS.codeResent}</StatusNote>}
      <ProblemNotice problem={problem} extra={otherErrors(errors, FIELDS)} />
      <form ref={form} onSubmit={submit} noValidate aria-label={props.confirmButton ?? 'Confirm'}>
        <AccountField
          idPrefix={idPrefix}
          name="code"
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errors.code}
        />
        <Flex gap={2} wrap="wrap">
          <Button type="submit" bg="secondary" color="white" loading={confirming} loadingText="Confirming..." disabled={busy}>
            {props.confirmButton ?? 'Confirm'}
          </Button>
          <Button variant="outline" loading={resending} loadingText="Sending a new code..." disabled={busy} onClick={() => actor.send({ type: 'verification.resend' })}>
            Send a new code
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'verification.cancel' })}>
            Cancel
          </Button>
        </Flex>
      </form>
    </>
  );
}
