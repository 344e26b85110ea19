import { Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useAuth, usePermissions } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { ACCOUNT_TEXTS, AUTH_TEXTS, ERROR_TEXTS } from '../../lib/error-catalogue';
import { useAccountLogic } from './account-logic';
import { AccountPage, ContinueLink, SignInFirst, StatusNote } from './account-ui';
import { VerificationFlow } from './VerificationFlow';

const TITLE = 'Confirm your phone number';

function PhoneVerification({ phone, alreadyConfirmed }: { phone: string; alreadyConfirmed: boolean }) {
  const logic = useAccountLogic();
  const actor = useScreenActor(logic.verification, { kind: 'phone' });
  const untouched = useSelector(actor, (snapshot) => snapshot.matches({ idle: 'ready' }));
  const back = <ContinueLink to="/profile" label="Back to my profile" />;
  return (
    <AccountPage title={TITLE}>
      {alreadyConfirmed && untouched ? (
        <>
          <StatusNote>{AUTH_TEXTS.phoneAlreadyConfirmed}</StatusNote>
          {back}
        </>
      ) : (
        <VerificationFlow
          actor={actor}
          idPrefix="confirm-phone"
          intro={ACCOUNT_TEXTS.phoneIntro(phone)}
          sendLabel="Send code"
          codeSentText={ACCOUNT_TEXTS.phoneCodeSent(phone)}
          confirmButton="Confirm phone number"
          confirmedText={ACCOUNT_TEXTS.phoneConfirmed}
          confirmed={back}
        />
      )}
    </AccountPage>
  );
}

/** /confirm-phone (000 sections 2 and 4): a code by SMS to the profile's number; then token and profile reload. */
export function ConfirmPhonePage() {
  const permissions = usePermissions();
  const profile = useAuth((snapshot) => snapshot.context.profile);
  if (permissions === undefined) {
    return (
      <AccountPage title={TITLE}>
        <StatusNote>{ERROR_TEXTS.loading}</StatusNote>
      </AccountPage>
    );
  }
  if (!permissions) return <SignInFirst title={TITLE} path="/confirm-phone" />;
  if (!profile?.phoneNumber) {
    return (
      <AccountPage title={TITLE}>
        <Text mb={4}>{ACCOUNT_TEXTS.phoneMissing}</Text>
        <ContinueLink to="/profile" label="Go to my profile" />
      </AccountPage>
    );
  }
  return <PhoneVerification phone={profile.phoneNumber} alreadyConfirmed={profile.phoneNumberConfirmed} />;
}

export const Component = ConfirmPhonePage;
