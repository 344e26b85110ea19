import { Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { RATE_TEXTS } from '../../lib/rate-texts';
import { canCancelRateUpload } from '../../lib/statuses';
import type { rateUploadCancelMachine } from '../../machines/rates/rate-upload-cancel.machine';
import type { RateUpload } from '../../machines/rates/rate-upload-row.types';
import type { CancellableUpload } from '../../machines/rates/rate-upload-cancel.types';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

type CancelActor = Actor<typeof rateUploadCancelMachine>;

export const CANCEL_TEXTS = { cancel: 'Cancel', title: 'Cancel rate upload', dismiss: 'Dismiss' } as const;

/** The row's Cancel button: only while the spec's rule allows it (below in progress, not cancelled, no rate made). */
export function RateUploadCancelButton({ actions, row }: { actions: CancelActor; row: RateUpload }) {
  return <UploadCancelButton actions={actions} row={row} what="rate upload" cancellable={canCancelRateUpload(row.uploadStatusId, row.rateCreated)} />;
}

/** Any upload row's Cancel button ("Cancel rate upload #12", "Cancel delivery upload #77"), enabled while `cancellable`. */
export function UploadCancelButton({ actions, row, what, cancellable }: { actions: CancelActor; row: CancellableUpload; what: string; cancellable: boolean }) {
  const busy = useSelector(actions, (snapshot) => snapshot.matches('cancelling'));
  return (
    <Button size="xs" variant="outline" aria-label={`${CANCEL_TEXTS.cancel} ${what} #${row.id}`}
      disabled={busy || !cancellable} onClick={() => actions.send({ type: 'uploads.cancel', row })}>
      {CANCEL_TEXTS.cancel}
    </Button>
  );
}

/** The confirmation (the spec's question for rate uploads, or the row kind's own) and a refusal's message. */
export function RateUploadCancelDialogs({ actions, title = CANCEL_TEXTS.title, question = RATE_TEXTS.cancelUploadQuestion }: {
  actions: CancelActor; title?: string; question?: (id: number) => string;
}) {
  const state = useSelector(actions, (snapshot) => String(snapshot.value));
  const row = useSelector(actions, (snapshot) => snapshot.context.row);
  const error = useSelector(actions, (snapshot) => snapshot.context.error);
  return (
    <>
      <ConfirmDialog
        open={state === 'confirming' || state === 'cancelling'} title={title} message={row ? question(row.id) : ''}
        busy={state === 'cancelling'} onNo={() => actions.send({ type: 'uploads.confirmNo' })} onYes={() => actions.send({ type: 'uploads.confirmYes' })}
      />
      {error && (
        <Stack direction="row" gap={2} align="center">
          <Text role="alert" color="red.600">{error.message}</Text>
          <Button size="xs" onClick={() => actions.send({ type: 'uploads.dismiss' })}>{CANCEL_TEXTS.dismiss}</Button>
        </Stack>
      )}
    </>
  );
}
