import { useScreenActor } from '../../../machines/root/use-screen-actor';
import { ACCOUNT_TEXTS } from '../../../lib/error-catalogue';
import { useAccountLogic } from '../account-logic';
import { Section, StatusNote } from '../account-ui';
import { VerificationFlow } from '../VerificationFlow';

function TwoFactorSwitch({ enabled }: { enabled: boolean }) {
  const logic = useAccountLogic();
  const actor = useScreenActor(logic.verification, { kind: enabled ? 'twoFactorDisable' : 'twoFactorEnable' });
  return (
    <VerificationFlow
      actor={actor}
      idPrefix="two-factor"
      sendLabel={enabled ? 'Turn off two-factor authentication' : 'Turn on two-factor authentication'}
      codeSentText={ACCOUNT_TEXTS.twoFactorCodeSent(!enabled)}
      confirmButton={enabled ? 'Turn off' : 'Turn on'}
      confirmedText={enabled ? ACCOUNT_TEXTS.twoFactorDisabled : ACCOUNT_TEXTS.twoFactorEnabled}
    />
  );
}

/**
 * Two-factor on/off (000 section 7: twoFactor/send, /enable, /disable): a code by email, then the switch;
 * the auth actor reloads token and profile, and the section starts over in the new position.
 */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  return (
    <Section title="Two-factor authentication">
      <StatusNote testId="two-factor-status">{enabled ? ACCOUNT_TEXTS.twoFactorIsOn : ACCOUNT_TEXTS.twoFactorIsOff}</StatusNote>
      <TwoFactorSwitch key={enabled ? 'on' : 'off'} enabled={enabled} />
    </Section>
  );
}
