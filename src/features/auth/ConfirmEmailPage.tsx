import { useSelector } from '@xstate/react';
import { usePermissions } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { ACCOUNT_TEXTS, AUTH_TEXTS, ERROR_TEXTS } from '../../lib/error-catalogue';
import { useAccountLogic } from './account-logic';
import { AccountPage, ContinueLink, SignInFirst, StatusNote } from './account-ui';
import { VerificationFlow } from './VerificationFlow';

const TITLE = 'Confirm your email address';

function EmailVerification({ email, alreadyConfirmed }: { email: string; alreadyConfirmed: boolean }) {
  const logic = useAccountLogic();
  const actor = useScreenActor(logic.verification, { kind: 'email' });
  const untouched = useSelector(actor, (snapshot) => snapshot.matches({ idle: 'ready' }));
  return (
    <AccountPage title={TITLE}>
      {alreadyConfirmed && untouched ? (
        <>
          <StatusNote>{AUTH_TEXTS.emailAlreadyConfirmed}</StatusNote>
          <ContinueLink to="/" label="Continue" />
        </>
      ) : (
        <VerificationFlow
          actor={actor}
          idPrefix="confirm-email"
          intro={ACCOUNT_TEXTS.emailIntro(email)}
          sendLabel="Send code"
          codeSentText={ACCOUNT_TEXTS.emailCodeSent(email)}
          confirmButton="Confirm email"
          confirmedText={ACCOUNT_TEXTS.emailConfirmed}
          confirmed={<ContinueLink to="/" label="Continue" />}
        />
      )}
    </AccountPage>
  );
}

/**
 * /confirm-email (000 sections 2 and 4): the route guard sends users with an unconfirmed email here. A code
 * goes to the address; once confirmed, the auth actor reloads token and profile and the gated pages open.
 */
export function ConfirmEmailPage() {
  const permissions = usePermissions();
  if (permissions === undefined) {
    return (
      <AccountPage title={TITLE}>
        <StatusNote>{ERROR_TEXTS.loading}</StatusNote>
      </AccountPage>
    );
  }
  if (!permissions) return <SignInFirst title={TITLE} path="/confirm-email" />;
  return <EmailVerification email={permissions.email} alreadyConfirmed={permissions.emailConfirmed} />;
}

export const Component = ConfirmEmailPage;
