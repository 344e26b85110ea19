import { Button, Flex, Link, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useRef, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useScreenActor } from '../../../machines/root/use-screen-actor';
import { ACCOUNT_TEXTS, UNCONFIRMED_EMAIL_BANNER } from '../../../lib/error-catalogue';
import { useAccountLogic } from '../account-logic';
import { AccountField, ContinueLink, otherErrors, ProblemNotice, Section, StatusNote, useFocusFirstError, useSectionFocus } from '../account-ui';
import { formValues } from '../sign-in-ui';

const FIELDS = ['email', 'password'] as const;

/**
 * Change email (000 section 7, PUT v1/account/changeEmail/{id}): the new address and the password →
 * changedEmail; the new address then has to be confirmed.
 */
export function ChangeEmailSection({ userId, email, emailConfirmed }: { userId: number; email: string; emailConfirmed: boolean }) {
  const logic = useAccountLogic();
  const actor = useScreenActor(logic.changeEmail, { userId, email });
  const phase = useSelector(actor, (snapshot) => {
    if (snapshot.matches('closed')) return 'closed';
    if (snapshot.matches('changed')) return 'changed';
    return 'open';
  });
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const current = useSelector(actor, (snapshot) => snapshot.context.email);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useFocusFirstError(form, errors, FIELDS);
  useSectionFocus(phase, form, 'email', opener);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'changeEmail.submit', ...formValues(event.currentTarget, FIELDS) });
  };

  return (
    <Section title="Email address">
      {phase === 'changed' ? (
        <>
          <StatusNote testId="email-changed" focus>{ACCOUNT_TEXTS.changedEmail(current)}</StatusNote>
          <Flex gap={2} wrap="wrap">
            <ContinueLink to="/confirm-email" label="Confirm your email address" />
            <Button variant="outline" onClick={() => actor.send({ type: 'changeEmail.close' })}>Done</Button>
          </Flex>
        </>
      ) : (
        <>
          <Text mb={1} fontWeight="medium" data-testid="current-email">{current}</Text>
          {!emailConfirmed && (
            <Text textStyle="sm" mb={3}>
              <Link asChild color="secondary">
                <RouterLink to="/confirm-email">{UNCONFIRMED_EMAIL_BANNER}</RouterLink>
              </Link>
            </Text>
          )}
          {phase === 'closed' ? (
            <Button ref={opener} variant="outline" mt={2} onClick={() => actor.send({ type: 'changeEmail.open' })}>Change email</Button>
          ) : (
            <>
              <ProblemNotice problem={problem} extra={otherErrors(errors, FIELDS)} />
              <form ref={form} onSubmit={submit} noValidate aria-label="Change email">
                <AccountField idPrefix="change-email" name="email" label="New email" type="email" autoComplete="email" inputMode="email" error={errors.email} />
                <AccountField idPrefix="change-email" name="password" label="Password" type="password" autoComplete="current-password" error={errors.password} />
                <Flex gap={2}>
                  <Button type="submit" bg="secondary" color="white" loading={saving} loadingText="Changing email...">Change email</Button>
                  <Button variant="ghost" disabled={saving} onClick={() => actor.send({ type: 'changeEmail.cancel' })}>Cancel</Button>
                </Flex>
              </form>
            </>
          )}
        </>
      )}
    </Section>
  );
}
