import { Alert, Button, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { SECRET_TEXTS } from '../../lib/integrations';
import type { revealedSecretMachine } from '../../machines/integrations/revealed-secret.machine';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { RevealedSecret } from './RevealedSecret';

/** "Regenerate key" / "Rotate secret" with its confirmation, and the new secret shown once. */
export function RevealedSecretView({ actor }: { actor: Actor<typeof revealedSecretMachine> }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  const { secret, problem, kind } = state.context;
  const texts = SECRET_TEXTS[kind];
  return (
    <Stack gap={3} mb={6} maxW="600px" align="flex-start">
      {state.matches('shown') && secret && (
        <>
          <RevealedSecret label={texts.label} value={secret} note={texts.note} />
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'secret.dismiss' })}>Done</Button>
        </>
      )}
      {!state.matches('shown') && (
        <Button size="sm" variant="outline" loading={state.hasTag('busy')} onClick={() => actor.send({ type: 'secret.issue' })}>{texts.issue}</Button>
      )}
      {problem && state.matches('idle') && (
        <Alert.Root status="error" role="alert"><Alert.Indicator /><Alert.Title>{problem}</Alert.Title></Alert.Root>
      )}
      <ConfirmDialog open={state.matches('confirming') || state.matches('issuing')} busy={state.matches('issuing')}
        title={texts.issue} message={texts.question}
        onNo={() => actor.send({ type: 'secret.confirmNo' })} onYes={() => actor.send({ type: 'secret.confirmYes' })} />
    </Stack>
  );
}
