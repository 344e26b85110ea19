import { Box, Button, Flex, Heading, Input, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { PARCEL_STEP_TEXTS } from '../../lib/booking-texts';
import { CUSTOM_PARCEL_TYPE_ID } from '../../lib/constants';
import type { Parcel } from '../../machines/booking/booking.types';
import type { wizardMachine } from '../../machines/booking/wizard.machine';
import { BookingField, STEP_FORM_ID } from './booking-ui';

const SIZES = ['length', 'width', 'height', 'weight'] as const;

/** Step 2: the consignment; a custom parcel is added from its name and sizes. */
export function ParcelsStep({ wizard }: { wizard: ActorRefFrom<typeof wizardMachine> }) {
  const parcels = useSelector(wizard, (s) => s.context.parcels);
  const error = useSelector(wizard, (s) => s.context.errors.parcels);
  const custom = useRef<HTMLFieldSetElement>(null);
  const add = () => {
    const value = (name: string) => (custom.current?.querySelector(`[name="${name}"]`) as HTMLInputElement | null)?.value ?? '';
    const parcel: Parcel = {
      name: value('name') || PARCEL_STEP_TEXTS.custom, parcelType: CUSTOM_PARCEL_TYPE_ID,
      length: Number(value('length')) || null, width: Number(value('width')) || null, height: Number(value('height')) || null,
      weight: Number(value('weight')) || null,
      isFragile: (custom.current?.querySelector('[name="isFragile"]') as HTMLInputElement | null)?.checked ?? false,
    };
    wizard.send({ type: 'parcels.change', parcels: [...parcels, parcel] });
  };
  return (
    <form id={STEP_FORM_ID} noValidate onSubmit={(event) => { event.preventDefault(); wizard.send({ type: 'step.submit' }); }}>
      <Heading as="h3" size="md" mb={2}>{PARCEL_STEP_TEXTS.heading}</Heading>
      <Text data-testid="parcel-count" mb={2}>{PARCEL_STEP_TEXTS.parcelCount(parcels.length)}</Text>
      <Box as="ul" listStyleType="none" mb={3}>
        {parcels.map((parcel, index) => (
          <Flex as="li" key={index} justify="space-between" align="center" data-testid="parcel">
            <Text>{parcel.name}</Text>
            <Button size="xs" variant="outline" aria-label={`${PARCEL_STEP_TEXTS.remove} ${parcel.name ?? ''}`}
              onClick={() => wizard.send({ type: 'parcels.change', parcels: parcels.filter((_, other) => other !== index) })}>
              {PARCEL_STEP_TEXTS.remove}
            </Button>
          </Flex>
        ))}
      </Box>
      {error && <Text role="alert" color="fg.error" mb={2} data-testid="parcels-error">{error}</Text>}
      <fieldset ref={custom}>
        <legend>{PARCEL_STEP_TEXTS.addCustom}</legend>
        <BookingField label={PARCEL_STEP_TEXTS.name}><Input name="name" /></BookingField>
        <Flex gap={2}>
          {SIZES.map((size) => (
            <BookingField key={size} label={PARCEL_STEP_TEXTS[size]}><Input name={size} type="number" min={0} /></BookingField>
          ))}
        </Flex>
        <label><input type="checkbox" name="isFragile" /> {PARCEL_STEP_TEXTS.isFragile}</label>
        <Box mt={2}><Button size="sm" variant="outline" onClick={add}>{PARCEL_STEP_TEXTS.addCustom}</Button></Box>
      </fieldset>
    </form>
  );
}
