import { Box, Button, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { DELIVERY_STEP_TEXTS } from '../../lib/booking-texts';
import type { AddressSide, wizardMachine } from '../../machines/booking/wizard.machine';
import { BookingField, STEP_FORM_ID } from './booking-ui';

type Wizard = ActorRefFrom<typeof wizardMachine>;

/** Step 1: pick-up and drop-off address (search, then choose), date, time slot and round trip. */
export function DeliveryStep({ wizard }: { wizard: Wizard }) {
  const form = useSelector(wizard, (s) => s.context.form);
  const errors = useSelector(wizard, (s) => s.context.errors);
  const dates = useSelector(wizard, (s) => s.context.dates);
  const slots = useSelector(wizard, (s) => s.context.timeSlots);
  const datesState = useSelector(wizard, (s) => (s.matches({ steps: { delivery: { dates: 'none' } } }) ? 'none'
    : s.matches({ steps: { delivery: { dates: 'failed' } } }) ? 'failed' : 'other'));
  const slotsState = useSelector(wizard, (s) => (s.matches({ steps: { delivery: { slots: 'noDate' } } }) ? 'noDate'
    : s.matches({ steps: { delivery: { slots: 'failed' } } }) ? 'failed' : 'other'));
  return (
    <form id={STEP_FORM_ID} noValidate onSubmit={(event) => { event.preventDefault(); wizard.send({ type: 'step.submit' }); }}>
      <AddressSearch wizard={wizard} side="originAddress" label={DELIVERY_STEP_TEXTS.pickUp} error={errors.originAddress} />
      <AddressSearch wizard={wizard} side="destinationAddress" label={DELIVERY_STEP_TEXTS.dropOff} error={errors.destinationAddress} />
      <Stack direction={{ base: 'column', md: 'row' }} gap={3}>
        <BookingField label={DELIVERY_STEP_TEXTS.date} error={errors.deliveryDate ?? (datesState === 'none' ? DELIVERY_STEP_TEXTS.noDatesAvailable
          : datesState === 'failed' ? DELIVERY_STEP_TEXTS.somethingWentWrong : undefined)} required>
          <NativeSelect.Root>
            <NativeSelect.Field value={form.deliveryDate} onChange={(event) => wizard.send({ type: 'delivery.edit', values: { deliveryDate: event.target.value } })}>
              <option value="" />
              {dates.map((date) => <option key={date} value={date}>{date}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </BookingField>
        <BookingField label={DELIVERY_STEP_TEXTS.time} disabled={slotsState === 'noDate'} error={slotsState === 'failed' ? DELIVERY_STEP_TEXTS.somethingWentWrong : undefined}>
          <NativeSelect.Root>
            <NativeSelect.Field value={form.deliveryTime} onChange={(event) => wizard.send({ type: 'delivery.edit', values: { deliveryTime: event.target.value } })}>
              <option value={form.deliveryTime}>{form.deliveryTime}</option>
              {slots.filter((slot) => slot.time !== form.deliveryTime).map((slot) => <option key={slot.time} value={slot.time}>{slot.label}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </BookingField>
      </Stack>
      <label>
        <input type="checkbox" checked={form.isRoundTrip} onChange={(event) => wizard.send({ type: 'delivery.edit', values: { isRoundTrip: event.target.checked } })} />
        {' '}{DELIVERY_STEP_TEXTS.roundTrip}
      </label>
    </form>
  );
}

function AddressSearch({ wizard, side, label, error }: { wizard: Wizard; side: AddressSide; label: string; error?: string | undefined }) {
  const chosen = useSelector(wizard, (s) => s.context.form[side]);
  const search = useSelector(wizard, (s) => s.context.search);
  const searching = search.side === side;
  const results = useSelector(wizard, (s) => searching && s.matches({ steps: { delivery: { search: 'results' } } }));
  const listId = `${side}-results`;
  return (
    <BookingField label={label} error={error} required>
      <Input
        placeholder={DELIVERY_STEP_TEXTS.addressPlaceholder}
        value={searching && search.text ? search.text : chosen?.description ?? ''}
        role="combobox" aria-expanded={results} aria-controls={listId} aria-autocomplete="list"
        onChange={(event) => wizard.send({ type: 'address.search', side, text: event.target.value })}
      />
      {searching && search.text !== '' && !results && search.text.trim().length < 3 && (
        <Text textStyle="xs" data-testid="search-hint">{DELIVERY_STEP_TEXTS.minimumSearch}</Text>
      )}
      {results && (
        <Box id={listId} role="listbox" aria-label={label} borderWidth="1px" borderRadius="md" mt={1}>
          {search.results.length === 0 && <Text p={2}>{DELIVERY_STEP_TEXTS.noMatchingAddresses}</Text>}
          {search.results.map((option) => (
            <Button key={option.placeId} role="option" aria-selected={false} variant="ghost" w="full" justifyContent="start"
              onClick={() => wizard.send({ type: 'address.choose', side, option })}>
              {option.description}
            </Button>
          ))}
        </Box>
      )}
    </BookingField>
  );
}
