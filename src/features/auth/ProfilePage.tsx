import { Button } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useAuth, usePermissions, usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { mayCall } from '../../lib/access';
import { ERROR_TEXTS } from '../../lib/http-error-texts';
import { useAccountLogic } from './account-logic';
import { AccountPage, ProblemNotice, StatusNote } from './account-ui';
import { ApiKeySection } from './profile/ApiKeySection';
import { ChangeEmailSection } from './profile/ChangeEmailSection';
import { ChangePasswordSection } from './profile/ChangePasswordSection';
import { DetailsSection } from './profile/DetailsSection';
import { PasskeysSection } from './profile/PasskeysSection';
import { PictureSection } from './profile/PictureSection';
import { TwoFactorSection } from './profile/TwoFactorSection';

const TITLE = 'My profile';

/**
 * /profile (000 sections 2, 3 and 7): details, picture, two-factor, passkeys, the API key (administrators
 * and public API users), email and password. Each section is its own workflow. The flags that other flows
 * change (two-factor, email confirmed) come from the auth actor's profile, which they reload.
 */
export function ProfilePage() {
  const logic = useAccountLogic();
  const actor = useScreenActor(logic.profile, undefined);
  const { cca2 } = usePortal();
  const permissions = usePermissions();
  const authProfile = useAuth((snapshot) => snapshot.context.profile);
  const phase = useSelector(actor, (snapshot) => {
    if (snapshot.matches('loading')) return 'loading';
    if (snapshot.matches('loadFailed')) return 'loadFailed';
    return 'ready';
  });
  const loaded = useSelector(actor, (snapshot) => snapshot.context.profile);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);

  if (phase === 'loading' || !permissions) {
    return <AccountPage title={TITLE}><StatusNote>{ERROR_TEXTS.loading}</StatusNote></AccountPage>;
  }
  if (phase === 'loadFailed' || !loaded) {
    return (
      <AccountPage title={TITLE}>
        <ProblemNotice problem={problem} />
        <Button variant="outline" onClick={() => actor.send({ type: 'profile.retry' })}>Try again</Button>
      </AccountPage>
    );
  }
  const current = authProfile ?? loaded;
  const apiUser = mayCall('createApiKey', permissions);
  return (
    <AccountPage title={TITLE} wide>
      <DetailsSection actor={actor} />
      <PictureSection cca2={cca2} hasPicture={loaded.hasProfilePicture} />
      <TwoFactorSection enabled={current.twoFactorEnabled} />
      <PasskeysSection />
      {apiUser && <ApiKeySection userId={loaded.id} />}
      <ChangeEmailSection userId={loaded.id} email={current.email} emailConfirmed={current.emailConfirmed} />
      <ChangePasswordSection />
    </AccountPage>
  );
}

export const Component = ProfilePage;
