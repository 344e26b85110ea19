import { Button, chakra, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Actor } from 'xstate';
import { DAY_OF_WEEK_TYPES, RATE_PARCEL_TYPE_LABELS, RATE_SLA_TYPES, RATE_TEXTS, RATE_TYPES } from '../../lib/rate-texts';
import { canCancelRateUpload } from '../../lib/statuses';
import type { rateUploadRowMachine } from '../../machines/rates/rate-upload-row.machine';
import type { RateUploadDraft } from '../../machines/rates/rate-upload-row.types';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

export const ROW_TEXTS = {
  back: 'Back',
  save: 'Save',
  cancelUpload: 'Cancel upload',
  cancelTitle: 'Cancel rate upload',
  fixed: 'This row has no errors: it becomes a rate when the batch is submitted.',
} as const;

type RowActor = Actor<typeof rateUploadRowMachine>;

const FIELDS: { field: keyof RateUploadDraft; label: string; options?: readonly string[]; optionLabels?: Readonly<Record<string, string>>; errorKey?: string }[] = [
  { field: 'name', label: 'Name' },
  { field: 'rateType', label: 'Rate type', options: RATE_TYPES },
  { field: 'slaType', label: 'SLA type', options: RATE_SLA_TYPES },
  { field: 'parcelTypeId', label: 'Parcel type', options: Object.keys(RATE_PARCEL_TYPE_LABELS), optionLabels: RATE_PARCEL_TYPE_LABELS },
  { field: 'dayOfWeekType', label: 'Day of the week', options: DAY_OF_WEEK_TYPES },
  { field: 'pricingTier', label: 'Pricing tier' },
  { field: 'startKmRange', label: 'Start km' },
  { field: 'endKmRange', label: 'End km' },
  { field: 'newPrice', label: 'Price (excl. VAT)', errorKey: 'priceCents' },
];

/** "Update rate upload": the row's fields, its errors per field, Save and Cancel upload; Back to the batch's uploads. */
export function RateUploadRowView({ actor, backTo }: { actor: RowActor; backTo: string }) {
  const state = useSelector(actor, (snapshot) => String(snapshot.value));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const row = useSelector(actor, (snapshot) => snapshot.context.row);
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const changeable = row !== undefined && canCancelRateUpload(row.uploadStatusId, row.rateCreated);
  return (
    <Stack gap={3} maxW="36rem">
      <RouterLink to={backTo}>{ROW_TEXTS.back}</RouterLink>
      {error && <Text role="alert" color="red.600">{error.message}</Text>}
      {row && (
        <>
          {/* The identifiers as uploaded, display only, beside the editable fields (002 section 2). */}
          <Text fontSize="sm" aria-label="Identifiers">
            #{row.id} · row {row.rowNumber} · {row.uploadStatus} · rate type {row.rateType ?? '-'} · SLA type {row.slaType ?? '-'} · parcel type {row.parcelTypeId ?? '-'} · day {row.dayOfWeekType ?? '-'} · tier {row.pricingTier ?? '-'}
          </Text>
          {FIELDS.map(({ field, label, options, optionLabels, errorKey }) => {
            const messages = row.errors[errorKey ?? field] ?? [];
            const id = `rate-upload-${field}`;
            return (
              <Stack key={field} gap={1}>
                <label htmlFor={id}>{label}</label>
                {options ? (
                  <chakra.select id={id} value={draft[field]} disabled={!changeable || busy} onChange={(event) => actor.send({ type: 'row.change', field, value: event.target.value })}>
                    <option value="">-</option>
                    {options.map((option) => <option key={option} value={option}>{optionLabels?.[option] ?? option}</option>)}
                  </chakra.select>
                ) : (
                  <chakra.input id={id} value={draft[field]} disabled={!changeable || busy} onChange={(event) => actor.send({ type: 'row.change', field, value: event.target.value })} />
                )}
                {messages.map((message) => <Text key={message} role="alert" color="red.600" fontSize="sm">{message}</Text>)}
              </Stack>
            );
          })}
          {Object.keys(row.errors).length === 0 && <Text role="status">{ROW_TEXTS.fixed}</Text>}
          <Stack direction="row" gap={2}>
            <Button disabled={!changeable || busy} onClick={() => actor.send({ type: 'row.save' })}>{ROW_TEXTS.save}</Button>
            <Button variant="outline" disabled={!changeable || busy} onClick={() => actor.send({ type: 'row.cancelUpload' })}>{ROW_TEXTS.cancelUpload}</Button>
          </Stack>
          <ConfirmDialog
            open={state === 'confirmingCancel' || state === 'cancelling'}
            title={ROW_TEXTS.cancelTitle}
            message={RATE_TEXTS.cancelUploadQuestion(row.id)}
            busy={state === 'cancelling'}
            onNo={() => actor.send({ type: 'row.confirmNo' })}
            onYes={() => actor.send({ type: 'row.confirmYes' })}
          />
        </>
      )}
    </Stack>
  );
}
