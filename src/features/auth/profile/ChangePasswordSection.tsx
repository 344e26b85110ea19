import { Button, Flex } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useRef, type FormEvent } from 'react';
import { useScreenActor } from '../../../machines/root/use-screen-actor';
import { ACCOUNT_TEXTS } from '../../../lib/error-catalogue';
import { useAccountLogic } from '../account-logic';
import { AccountField, otherErrors, ProblemNotice, Section, StatusNote, useFocusFirstError, useSectionFocus } from '../account-ui';
import { formValues } from '../sign-in-ui';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Change password (000 section 7, POST v1/auth/changepassword): current, new and confirm → changedPassword. */
export function ChangePasswordSection() {
  const logic = useAccountLogic();
  const actor = useScreenActor(logic.changePassword, undefined);
  const phase = useSelector(actor, (snapshot) => {
    if (snapshot.matches('closed')) return 'closed';
    if (snapshot.matches('changed')) return 'changed';
    return 'open';
  });
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useFocusFirstError(form, errors, FIELDS);
  useSectionFocus(phase, form, 'currentPassword', opener);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'changePassword.submit', ...formValues(event.currentTarget, FIELDS) });
  };

  return (
    <Section title="Password">
      {phase === 'closed' && (
        <Button ref={opener} variant="outline" onClick={() => actor.send({ type: 'changePassword.open' })}>Change password</Button>
      )}
      {phase === 'changed' && (
        <>
          <StatusNote testId="password-changed" focus>{ACCOUNT_TEXTS.changedPassword}</StatusNote>
          <Button variant="outline" onClick={() => actor.send({ type: 'changePassword.close' })}>Done</Button>
        </>
      )}
      {phase === 'open' && (
        <>
          <ProblemNotice problem={problem} extra={otherErrors(errors, FIELDS)} />
          <form ref={form} onSubmit={submit} noValidate aria-label="Change password">
            <AccountField idPrefix="change-password" name="currentPassword" label="Current password" type="password" autoComplete="current-password" error={errors.currentPassword} />
            <AccountField idPrefix="change-password" name="newPassword" label="New password" type="password" autoComplete="new-password" error={errors.newPassword} />
            <AccountField idPrefix="change-password" name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" error={errors.confirmPassword} />
            <Flex gap={2}>
              <Button type="submit" bg="secondary" color="white" loading={saving} loadingText="Changing password...">Change password</Button>
              <Button variant="ghost" disabled={saving} onClick={() => actor.send({ type: 'changePassword.cancel' })}>Cancel</Button>
            </Flex>
          </form>
        </>
      )}
    </Section>
  );
}
