import { Box, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { dayLabel, DELIVERY_STEP_TEXTS, timeLabel, WIZARD_TEXTS } from '../../lib/booking-texts';
import { DateInput } from '../../ui/DateInput';
import { RouteMap } from '../../ui/LazyRouteMap';
import { SearchSelect } from '../../ui/SearchSelect';
import { ADDRESS_SELECT_IDS, type deliveryStepMachine } from '../../machines/booking/delivery-step.machine';
import type { AddressSide } from '../../machines/booking/delivery-step.types';
import type { wizardMachine } from '../../machines/booking/wizard.machine';
import type { DeliveryFormValues } from '../../machines/booking/booking.model';
import { BookingField, STEP_FORM_ID, useIsChart } from './booking-ui';

type Wizard = ActorRefFrom<typeof wizardMachine>;
type Lookups = ActorRefFrom<typeof deliveryStepMachine>;

/** The address selects' texts (001 section 5). */
const ADDRESS_TEXTS = {
  placeholder: DELIVERY_STEP_TEXTS.addressPlaceholder, empty: DELIVERY_STEP_TEXTS.startTyping, noResults: DELIVERY_STEP_TEXTS.noMatchingAddresses,
};

/**
 * Step 1: pick-up and drop-off (address selects; store pickers for company and store roles), date (from the
 * available dates; administrators pick any date), time slot (disabled until a date is chosen), round trip and the
 * optional map. The lookups are the delivery step chart's; the form values are the wizard's.
 */
export function DeliveryStep({ wizard, administrator }: { wizard: Wizard; administrator: boolean }) {
  const form = useSelector(wizard, (s) => s.context.form);
  const errors = useSelector(wizard, (s) => s.context.errors);
  const lookups = useSelector(wizard, (s) => s.children.deliveryStep as Lookups | undefined);
  const lookupsIsChart = useIsChart(lookups);
  const [showMap, setShowMap] = useState(false);
  const edit = (values: Partial<DeliveryFormValues>) => wizard.send({ type: 'delivery.edit', values });
  return (
    <form id={STEP_FORM_ID} noValidate data-testid="delivery-step" onSubmit={(event) => { event.preventDefault(); wizard.send({ type: 'step.submit' }); }}>
      {lookups && lookupsIsChart
        ? <Lookups lookups={lookups} form={form} errors={errors} administrator={administrator} edit={edit} />
        : <Text role="status">{WIZARD_TEXTS.loading}</Text>}
      <Box mb={2}>
        <label>
          <input type="checkbox" checked={form.isRoundTrip} onChange={(event) => edit({ isRoundTrip: event.target.checked })} />
          {' '}{DELIVERY_STEP_TEXTS.roundTrip}
        </label>
      </Box>
      <Box mb={2}>
        <label>
          <input type="checkbox" checked={showMap} onChange={(event) => setShowMap(event.target.checked)} />
          {' '}{DELIVERY_STEP_TEXTS.showMap}
        </label>
      </Box>
      {showMap && (
        <RouteMap label={DELIVERY_STEP_TEXTS.mapLabel} markers={[form.originAddress, form.destinationAddress].map((address) =>
          address?.coordinates && { lat: address.coordinates.lat, lon: address.coordinates.lon, title: address.description })} />
      )}
    </form>
  );
}

function Lookups({ lookups, form, errors, administrator, edit }: {
  lookups: Lookups; form: DeliveryFormValues; errors: Partial<Record<AddressSide | 'deliveryDate', string>>; administrator: boolean;
  edit: (values: Partial<DeliveryFormValues>) => void;
}) {
  const dates = useSelector(lookups, (s) => s.context.dates);
  const timeSlots = useSelector(lookups, (s) => s.context.timeSlots);
  const stores = useSelector(lookups, (s) => s.context.stores);
  const addressErrors = useSelector(lookups, (s) => s.context.addressErrors);
  const datesState = useSelector(lookups, (s) => (s.matches({ lookups: 'noDates' }) ? 'none' : s.matches({ lookups: 'failed' }) ? 'failed'
    : s.matches({ lookups: 'ready' }) ? 'ready' : 'loading'));
  const slotsState = useSelector(lookups, (s) => (s.matches({ slots: 'noDate' }) ? 'noDate' : s.matches({ slots: 'failed' }) ? 'failed'
    : s.matches({ slots: 'loading' }) ? 'loading' : 'ready'));
  const resolving = useSelector(lookups, (s) => s.context.resolving);
  const dateMessage = errors.deliveryDate ?? (datesState === 'none' ? DELIVERY_STEP_TEXTS.noDatesAvailable
    : datesState === 'failed' ? DELIVERY_STEP_TEXTS.somethingWentWrong : undefined);
  const slotOptions = timeSlots.some((slot) => slot.time === form.deliveryTime)
    ? timeSlots : [{ time: form.deliveryTime, label: timeLabel(form.deliveryTime) }, ...timeSlots];
  return (
    <>
      {(['originAddress', 'destinationAddress'] as const).map((side) => (
        <AddressPicker key={side} lookups={lookups} side={side} error={errors[side] ?? addressErrors[side]} resolving={resolving[side] !== null}
          stores={stores} storeId={side === 'originAddress' ? form.originStoreId ?? null : form.destinationStoreId ?? null}
          storeAddress={form[side]?.description ?? null}
          onStore={(storeId) => lookups.send({ type: 'delivery.store', side, storeId })} />
      ))}
      <Stack direction={{ base: 'column', md: 'row' }} gap={3}>
        <BookingField label={DELIVERY_STEP_TEXTS.date} error={dateMessage} required>
          {administrator ? (
            // Administrators pick any date (001 section 2): typed and shown DD-MM-YYYY, handed on as YYYY-MM-DD.
            <DateInput label={DELIVERY_STEP_TEXTS.date} width="100%" value={form.deliveryDate} onChange={(date) => edit({ deliveryDate: date ?? '' })} />
          ) : (
            <NativeSelect.Root disabled={datesState === 'loading'}>
              <NativeSelect.Field value={form.deliveryDate} aria-busy={datesState === 'loading'} onChange={(event) => edit({ deliveryDate: event.target.value })}>
                <option value="" />
                {dates.map((date) => <option key={date} value={date}>{dayLabel(date)}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </BookingField>
        <BookingField label={DELIVERY_STEP_TEXTS.time} disabled={slotsState === 'noDate'}
          error={slotsState === 'failed' ? DELIVERY_STEP_TEXTS.somethingWentWrong : undefined}>
          <NativeSelect.Root>
            <NativeSelect.Field value={form.deliveryTime} aria-busy={slotsState === 'loading'} onChange={(event) => edit({ deliveryTime: event.target.value })}>
              {slotOptions.map((slot) => <option key={slot.time} value={slot.time}>{slot.label}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </BookingField>
      </Stack>
    </>
  );
}

const SIDE_TEXTS = {
  originAddress: { address: DELIVERY_STEP_TEXTS.pickUp, store: DELIVERY_STEP_TEXTS.pickUpStore },
  destinationAddress: { address: DELIVERY_STEP_TEXTS.dropOff, store: DELIVERY_STEP_TEXTS.dropOffStore },
} as const;

/**
 * One side: the store picker when there are stores, and the address select (the shared search select) unless a
 * store is picked, whose address is then the side's address (001 section 2: 'address search, or store selectors').
 */
function AddressPicker({ lookups, side, error, resolving, stores, storeId, storeAddress, onStore }: {
  lookups: Lookups; side: AddressSide; error: string | undefined; resolving: boolean; stores: { key: string; value: string }[];
  storeId: number | null; storeAddress: string | null; onStore: (storeId: number | null) => void;
}) {
  const select = useSelector(lookups, (s) => s.children[ADDRESS_SELECT_IDS[side]]);
  const texts = SIDE_TEXTS[side];
  const errorId = `${side}-error`;
  return (
    <Box mb={3} data-testid={`address-${side}`} aria-busy={resolving}>
      {stores.length > 0 && (
        <BookingField label={texts.store}>
          <NativeSelect.Root>
            <NativeSelect.Field value={storeId === null ? '' : String(storeId)} onChange={(event) => onStore(event.target.value ? Number(event.target.value) : null)}>
              <option value="" />
              {stores.map((store) => <option key={store.key} value={store.key}>{store.value}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </BookingField>
      )}
      {storeId !== null && stores.length > 0
        ? storeAddress && !resolving && <Text textStyle="sm" mb={1} data-testid={`${side}-store-address`}>{storeAddress}</Text>
        : select && <SearchSelect label={texts.address} actor={select} texts={ADDRESS_TEXTS} errorId={error ? errorId : undefined} />}
      {resolving && <Text role="status" textStyle="xs">{WIZARD_TEXTS.loading}</Text>}
      {error && <Text id={errorId} role="alert" color="fg.error" textStyle="sm" data-testid={`${side}-error`}>{error}</Text>}
    </Box>
  );
}
