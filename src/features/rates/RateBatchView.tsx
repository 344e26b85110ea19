import { Button, chakra, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Actor } from 'xstate';
import { formatMoney } from '../../lib/money';
import { batchCreatedRows, type rateBatchMachine } from '../../machines/rates/rate-batch.machine';
import { RATE_IMPACT_TEXTS, RateImpactView } from './RateImpactView';

export const RATE_BATCH_TEXTS = {
  sheet: 'Rate sheet (.xlsx or .csv)',
  upload: 'Upload',
  submit: 'Submit batch',
  another: 'Upload another sheet',
  rows: 'View the rows',
  progress: 'Submit progress',
  summary: (valid: number, invalid: number) => `${valid} valid rows, ${invalid} rows with errors`,
  completed: (rates: number) => `Completed: ${rates} rates created or changed.`,
} as const;

type RateBatchActor = Actor<typeof rateBatchMachine>;
export type UploadBatchTexts = { sheet: string; completed: (created: number) => string };

/**
 * /rates/batches/add (and a store's delivery batches, with their texts and rows' path): choose a sheet, upload,
 * see the rows' errors, submit and follow the progress bar.
 */
export function RateBatchView({ actor, texts = RATE_BATCH_TEXTS, rowsPath = (id) => `/rates/batches/${id}/uploads`, money = (cents) => formatMoney(cents) }: {
  actor: RateBatchActor; texts?: UploadBatchTexts; rowsPath?: (batchId: number) => string; money?: (cents: number) => string;
}) {
  const state = useSelector(actor, (snapshot) => (snapshot.matches('inProgress') ? 'inProgress' : String(snapshot.value)));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const batch = useSelector(actor, (snapshot) => snapshot.context.batch);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const impact = useSelector(actor, (snapshot) => snapshot.context.impact);
  // Upload is offered when the chart takes it (a sheet chosen, nothing under way).
  const canUpload = useSelector(actor, (snapshot) => snapshot.can({ type: 'batch.upload' }));
  const previewable = useSelector(actor, (snapshot) => snapshot.can({ type: 'batch.preview' }) || snapshot.matches('previewing'));
  const total = batch ? Math.max(batch.validRows, 1) : 1;
  const percent = batch ? Math.min(100, Math.round((batch.processedRows / total) * 100)) : 0;
  const shownPercent = state === 'completed' ? 100 : percent;
  return (
    <Stack gap={4} maxW="40rem">
      {(state === 'choosing' || state === 'uploading') && (
        <Stack gap={2}>
          <label htmlFor="rate-sheet">{texts.sheet}</label>
          <input
            id="rate-sheet" type="file" accept=".xlsx,.csv" disabled={busy}
            onChange={(event) => { const chosen = event.target.files?.[0]; if (chosen) actor.send({ type: 'batch.choose', file: chosen }); }}
          />
          <Button alignSelf="start" disabled={!canUpload} onClick={() => actor.send({ type: 'batch.upload' })}>{RATE_BATCH_TEXTS.upload}</Button>
        </Stack>
      )}
      {error && <Text role="alert" color="red.600">{error.message}</Text>}
      {batch && (
        <Stack gap={2}>
          <Text>{batch.fileName}: {RATE_BATCH_TEXTS.summary(batch.validRows, batch.invalidRows)}</Text>
          <RouterLink to={rowsPath(batch.id)}>{RATE_BATCH_TEXTS.rows}</RouterLink>
        </Stack>
      )}
      {previewable && (
        <Button alignSelf="start" variant="outline" disabled={busy} onClick={() => actor.send({ type: 'batch.preview' })}>{RATE_IMPACT_TEXTS.preview}</Button>
      )}
      {impact && (state === 'uploaded' || state === 'previewing' || state === 'submitting') && <RateImpactView impact={impact} money={money} />}
      {(state === 'uploaded' || state === 'previewing' || state === 'submitting') && (
        <Button alignSelf="start" disabled={busy || batch?.validRows === 0} onClick={() => actor.send({ type: 'batch.submit' })}>{RATE_BATCH_TEXTS.submit}</Button>
      )}
      {(state === 'inProgress' || state === 'completed') && (
        <Stack gap={1}>
          <chakra.div role="progressbar" aria-label={RATE_BATCH_TEXTS.progress} aria-valuemin={0} aria-valuemax={100} aria-valuenow={shownPercent} bg="gray.100" h="3" rounded="sm">
            <chakra.div bg="green.500" h="full" rounded="sm" width={`${shownPercent}%`} />
          </chakra.div>
          <Text>{shownPercent} %</Text>
        </Stack>
      )}
      {state === 'completed' && batch && <Text role="status">{texts.completed(batchCreatedRows(batch))}</Text>}
      {(state === 'uploaded' || state === 'completed') && (
        <Button alignSelf="start" variant="outline" onClick={() => actor.send({ type: 'batch.reset' })}>{RATE_BATCH_TEXTS.another}</Button>
      )}
    </Stack>
  );
}
