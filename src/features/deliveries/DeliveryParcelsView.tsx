import { Alert, Box, Button, HStack, Input, Stack, chakra } from '@chakra-ui/react';
import { FieldError } from '../../ui/FieldError';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { deliveryParcelsMachine } from '../../machines/deliveries/delivery-parcels.machine';
import type { DeliveryParcel, ParcelField } from '../../machines/deliveries/delivery-parcels.types';

export const PARCEL_TEXTS = {
  parcels: 'Parcels',
  edit: 'Edit parcels',
  save: 'Save parcels',
  cancel: 'Cancel',
  dismiss: 'Dismiss',
  parcel: (n: number, name: string): string => `Parcel ${n} (${name})`,
  headers: ['Name', 'Length (cm)', 'Width (cm)', 'Height (cm)', 'Weight (kg)', 'Description', 'Barcode', 'Fragile'],
  yes: 'Yes',
  no: 'No',
} as const;

/** The edited fields in order, with their labels (cm and kg as the booking wizard asks them). */
const FIELDS: { field: ParcelField; label: string; kind: 'text' | 'number' | 'boolean' }[] = [
  { field: 'deliveryItemName', label: 'Parcel name', kind: 'text' },
  { field: 'length', label: 'Length (cm)', kind: 'number' },
  { field: 'width', label: 'Width (cm)', kind: 'number' },
  { field: 'height', label: 'Height (cm)', kind: 'number' },
  { field: 'weight', label: 'Weight (kg)', kind: 'number' },
  { field: 'description', label: 'Description', kind: 'text' },
  { field: 'barCode', label: 'Barcode', kind: 'text' },
  { field: 'isFragile', label: 'Fragile', kind: 'boolean' },
];

/** The parcels as a read-only table (sorted by name by the server). */
export function ParcelTable({ items }: { items: readonly DeliveryParcel[] }) {
  // Eight columns do not fit a phone: the table scrolls sideways inside its box, not the page.
  return (
    <Box overflowX="auto" maxW="100%" tabIndex={0} role="region" aria-label={`${PARCEL_TEXTS.parcels} table`}>
      <chakra.table fontSize="sm" width="100%">
        <thead><tr>
          {PARCEL_TEXTS.headers.map((header) => <chakra.th key={header} textAlign="left" p={1}>{header}</chakra.th>)}
        </tr></thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              {[item.deliveryItemName ?? item.name, item.length, item.width, item.height, item.weight, item.description ?? '', item.barCode ?? '',
                item.isFragile ? PARCEL_TEXTS.yes : PARCEL_TEXTS.no].map((cell, index) => (
                <chakra.td key={index} p={1}>{cell}</chakra.td>
              ))}
            </tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  );
}

/**
 * The parcels of the delivery edit screen from their actor: the table, and "Edit parcels" where `editable`
 * (status at or above Ready, not Delivered, the caller permitted). Each parcel's inputs are a named group; a
 * validation message sits under its field and names it.
 */
export function DeliveryParcelsView({ actor, editable }: { actor: Actor<typeof deliveryParcelsMachine>; editable: boolean }) {
  const parcels = useSelector(actor, (s) => s.context.parcels);
  const drafts = useSelector(actor, (s) => s.context.drafts);
  const errors = useSelector(actor, (s) => s.context.errors);
  const error = useSelector(actor, (s) => s.context.error);
  const inFailed = useSelector(actor, (s) => s.matches('failed'));
  const inSaving = useSelector(actor, (s) => s.matches('saving'));
  const inViewing = useSelector(actor, (s) => s.matches('viewing'));
  const saving = inSaving;
  if (inViewing) {
    return (
      <Stack gap={2}>
        <ParcelTable items={parcels} />
        {editable && <Button size="sm" variant="outline" alignSelf="start" onClick={() => actor.send({ type: 'parcels.edit' })}>{PARCEL_TEXTS.edit}</Button>}
      </Stack>
    );
  }
  return (
    <Stack gap={3}>
      {inFailed && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error?.message}</Alert.Title>
          <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'parcels.dismiss' })}>{PARCEL_TEXTS.dismiss}</Button>
        </Alert.Root>
      )}
      {drafts.map((draft, index) => (
        <chakra.fieldset key={draft.id} borderWidth="1px" borderRadius="md" p={2} disabled={saving}>
          <chakra.legend fontSize="sm" fontWeight="bold" px={1}>{PARCEL_TEXTS.parcel(index + 1, draft.name)}</chakra.legend>
          <HStack gap={3} wrap="wrap" align="start">
            {FIELDS.map(({ field, label, kind }) => {
              const id = `parcel-${index}-${field}`;
              const message = errors[`deliveryItems.${index}.${field}`];
              return (
                <Stack key={field} gap={0} minW={kind === 'boolean' ? undefined : '110px'}>
                  <chakra.label htmlFor={id} fontSize="xs">{label}</chakra.label>
                  {kind === 'boolean' ? (
                    <chakra.input id={id} type="checkbox" checked={draft.isFragile} mt={2}
                      onChange={(event) => actor.send({ type: 'parcels.change', index, field, value: event.currentTarget.checked })} />
                  ) : (
                    <Input id={id} size="sm" type={kind} step={kind === 'number' ? '0.01' : undefined} min={kind === 'number' ? 0 : undefined}
                      value={String(draft[field])} aria-invalid={message ? true : undefined} aria-describedby={message ? `${id}-error` : undefined}
                      onChange={(event) => actor.send({ type: 'parcels.change', index, field, value: event.currentTarget.value })} />
                  )}
                  {message && <FieldError id={`${id}-error`}>{message}</FieldError>}
                </Stack>
              );
            })}
          </HStack>
          {errors[`deliveryItems.${index}.name`] && <FieldError>{errors[`deliveryItems.${index}.name`]}</FieldError>}
        </chakra.fieldset>
      ))}
      <HStack gap={2}>
        <Button size="sm" loading={saving} disabled={inFailed} onClick={() => actor.send({ type: 'parcels.save' })}>{PARCEL_TEXTS.save}</Button>
        <Button size="sm" variant="outline" disabled={saving || inFailed} onClick={() => actor.send({ type: 'parcels.cancel' })}>{PARCEL_TEXTS.cancel}</Button>
      </HStack>
    </Stack>
  );
}
