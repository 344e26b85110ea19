import { Alert, Button, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { SECRET_TEXTS } from '../../lib/integrations';
import type { revealedSecretMachine } from '../../machines/integrations/revealed-secret.machine';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { RevealedSecret } from './RevealedSecret';

/** "Regenerate key" / "Rotate secret" with its confirmation, and the new secret shown once. */
export function RevealedSecretView({ actor }: { actor: Actor<typeof revealedSecretMachine> }) {
  const secret = useSelector(actor, (s) => s.context.secret);
  const problem = useSelector(actor, (s) => s.context.problem);
  const kind = useSelector(actor, (s) => s.context.kind);
  const inConfirming = useSelector(actor, (s) => s.matches('confirming'));
  const inIdle = useSelector(actor, (s) => s.matches('idle'));
  const inIssuing = useSelector(actor, (s) => s.matches('issuing'));
  const inShown = useSelector(actor, (s) => s.matches('shown'));
  const busyTag = useSelector(actor, (s) => s.hasTag('busy'));
  const texts = SECRET_TEXTS[kind];
  return (
    <Stack gap={3} mb={6} maxW="600px" align="flex-start">
      {inShown && secret && (
        <>
          <RevealedSecret label={texts.label} value={secret} note={texts.note} />
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'secret.dismiss' })}>Done</Button>
        </>
      )}
      {!inShown && (
        <Button size="sm" variant="outline" loading={busyTag} onClick={() => actor.send({ type: 'secret.issue' })}>{texts.issue}</Button>
      )}
      {problem && inIdle && (
        <Alert.Root status="error" role="alert"><Alert.Indicator /><Alert.Title>{problem}</Alert.Title></Alert.Root>
      )}
      <ConfirmDialog open={inConfirming || inIssuing} busy={inIssuing}
        title={texts.issue} message={texts.question}
        onNo={() => actor.send({ type: 'secret.confirmNo' })} onYes={() => actor.send({ type: 'secret.confirmYes' })} />
    </Stack>
  );
}
