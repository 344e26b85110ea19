import { Button, Field, Heading, HStack, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { USER_MENU_TEXTS } from '../lib/shell-texts';
import { ProblemAlert } from '../features/auth/sign-in-ui';
import { useAuth, useAuthActor } from '../machines/root/root-actor';

/**
 * "Impersonation of a user by id is available to privileged users" (000 section 6): administrators type the
 * user's id; the server decides whom they may become (never an equal or higher privilege).
 */
export function ImpersonateUser() {
  const auth = useAuthActor();
  const busy = useAuth((snapshot) => snapshot.matches({ signedIn: 'impersonating' }));
  const serverError = useAuth((snapshot) => (snapshot.matches({ signedIn: 'active' }) ? snapshot.context.error : null));
  const [invalid, setInvalid] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const userId = Number(new FormData(event.currentTarget).get('userId'));
    const valid = Number.isInteger(userId) && userId > 0;
    setInvalid(!valid);
    if (valid) auth.send({ type: 'auth.impersonate', userId });
  }

  return (
    <Stack as="section" aria-labelledby="impersonate-heading" gap={2}>
      <Heading as="h2" id="impersonate-heading" size="xs" textTransform="uppercase" color="fg.muted">
        {USER_MENU_TEXTS.impersonateHeading}
      </Heading>
      {serverError && <ProblemAlert error={serverError} />}
      <form noValidate onSubmit={submit} aria-labelledby="impersonate-heading">
        <HStack align="end">
          <Field.Root invalid={invalid} ids={{ control: 'impersonate-user-id' }}>
            <Field.Label>{USER_MENU_TEXTS.impersonateUserId}</Field.Label>
            <Input name="userId" inputMode="numeric" autoComplete="off" size="sm" />
            {invalid && <Field.ErrorText>{USER_MENU_TEXTS.impersonateUserIdInvalid}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" size="sm" loading={busy} loadingText={USER_MENU_TEXTS.impersonateButton}>
            {USER_MENU_TEXTS.impersonateButton}
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
