import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { usePortal } from '../../../machines/root/root-actor';
import { useScreenActor } from '../../../machines/root/use-screen-actor';
import { DATE_FORMATS } from '../../../lib/constants';
import { formatDate } from '../../../lib/date-format';
import { ACCOUNT_TEXTS, ERROR_TEXTS } from '../../../lib/error-catalogue';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useAccountLogic } from '../account-logic';
import { ProblemNotice, Section, StatusNote } from '../account-ui';

/**
 * Passkeys for biometric login: the list (name, added, last used), "Add a passkey" through the browser's
 * authenticator, and "Remove" after the confirm dialog (No / Yes).
 */
export function PasskeysSection() {
  const logic = useAccountLogic();
  const [supported] = useState(() => logic.webAuthnSupported());
  const actor = useScreenActor(logic.passkeys, { supported });
  const { timeZone } = usePortal();
  const phase = useSelector(actor, (snapshot) => {
    if (snapshot.matches('loading')) return 'loading';
    if (snapshot.matches('loadFailed')) return 'loadFailed';
    return 'ready';
  });
  const passkeys = useSelector(actor, (snapshot) => snapshot.context.passkeys);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const registering = useSelector(actor, (snapshot) => snapshot.matches('registering'));
  const confirming = useSelector(actor, (snapshot) => snapshot.matches('confirmingRemoval') || snapshot.matches('removing'));
  const removing = useSelector(actor, (snapshot) => snapshot.matches('removing'));
  const selected = useSelector(actor, (snapshot) => snapshot.context.selected);
  const at = (iso: string | null | undefined) => formatDate(iso, DATE_FORMATS.dateTime, timeZone);

  if (phase === 'loading') return <Section title="Passkeys"><StatusNote>{ERROR_TEXTS.loading}</StatusNote></Section>;
  if (phase === 'loadFailed') {
    return (
      <Section title="Passkeys">
        <ProblemNotice problem={problem} />
        <Button variant="outline" onClick={() => actor.send({ type: 'passkeys.retry' })}>Try again</Button>
      </Section>
    );
  }
  return (
    <Section title="Passkeys">
      <ProblemNotice problem={problem} />
      {passkeys.length === 0 ? (
        <Text mb={4} color="fg.muted">{ACCOUNT_TEXTS.passkeysNone}</Text>
      ) : (
        <Box as="ul" listStyleType="none" mb={4} aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <Flex as="li" key={passkey.id} justify="space-between" align="center" gap={3} py={2} borderBottomWidth="1px">
              <Box>
                <Text fontWeight="medium">{passkey.name}</Text>
                <Text textStyle="sm" color="fg.muted">
                  {`Added ${at(passkey.createdAt)} · ${passkey.lastUsedAt ? `Last used ${at(passkey.lastUsedAt)}` : 'Never used'}`}
                </Text>
              </Box>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Remove passkey ${passkey.name}`}
                disabled={registering || confirming}
                onClick={() => actor.send({ type: 'passkeys.remove', id: passkey.id })}
              >
                Remove
              </Button>
            </Flex>
          ))}
        </Box>
      )}
      {registering && <StatusNote>{ACCOUNT_TEXTS.passkeyWaiting}</StatusNote>}
      {!supported && <Text mb={3} textStyle="sm" color="fg.muted">{ACCOUNT_TEXTS.passkeysUnsupported}</Text>}
      <Button bg="secondary" color="white" loading={registering} loadingText="Adding a passkey..." disabled={!supported || confirming} onClick={() => actor.send({ type: 'passkeys.add' })}>
        Add a passkey
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Remove passkey"
        message={ACCOUNT_TEXTS.passkeyRemoveQuestion(selected?.name ?? '')}
        busy={removing}
        onNo={() => actor.send({ type: 'passkeys.remove.cancel' })}
        onYes={() => actor.send({ type: 'passkeys.remove.confirm' })}
      />
    </Section>
  );
}
