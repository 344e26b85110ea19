import { Alert, Button } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { MY_DELIVERIES_TEXTS as TEXTS } from '../../lib/dashboard-texts';
import type { quoteCancelMachine } from '../../machines/dashboard/quote-cancel.machine';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/** The quoteCancel chart's dialog (No / Yes) and its refusal, which stays until dismissed (issue 21). */
export function QuoteCancelView({ cancel }: { cancel: Actor<typeof quoteCancelMachine> }) {
  const target = useSelector(cancel, (snapshot) => snapshot.context.target);
  const open = useSelector(cancel, (snapshot) => snapshot.matches('confirming') || snapshot.matches('cancelling'));
  const busy = useSelector(cancel, (snapshot) => snapshot.hasTag('busy'));
  const error = useSelector(cancel, (snapshot) => snapshot.context.error);
  return (
    <>
      {error && (
        <Alert.Root status="error" data-testid="cancel-quote-error">
          <Alert.Indicator />
          <Alert.Title>{error.message}</Alert.Title>
          <Button size="xs" ml="auto" variant="outline" onClick={() => cancel.send({ type: 'cancel.dismiss' })}>{TEXTS.dismiss}</Button>
        </Alert.Root>
      )}
      <ConfirmDialog open={open} title={TEXTS.cancelTitle} message={TEXTS.cancelConfirm(target?.label ?? '')} busy={busy}
        onNo={() => cancel.send({ type: 'cancel.no' })} onYes={() => cancel.send({ type: 'cancel.yes' })} />
    </>
  );
}
