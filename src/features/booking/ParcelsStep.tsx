import { Alert, Box, Button, Flex, Heading, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { validateCustomParcel } from '../../lib/booking-rules';
import { PARCEL_STEP_TEXTS } from '../../lib/booking-texts';
import { CUSTOM_PARCEL_TYPE_ID, PARCEL_LIST_MAX_HEIGHT_PX, PARCEL_SIZE_SHORT, PARCEL_SLIDER_CARDS, PARCEL_UNITS } from '../../lib/constants';
import { CUSTOM_PARCEL_TYPE, type Parcel, type ParcelType } from '../../machines/booking/booking.model';
import type { wizardMachine } from '../../machines/booking/wizard.machine';
import { BookingField, STEP_FORM_ID } from './booking-ui';

const SIZES = ['length', 'width', 'height', 'weight'] as const;
type Size = (typeof SIZES)[number];

/** 'small' | 'medium' | 'large' | 'custom' of a parcel, for the summary's short forms. */
function sizeOf(parcel: Parcel): keyof typeof PARCEL_SIZE_SHORT {
  if (parcel.parcelType === CUSTOM_PARCEL_TYPE_ID) return 'custom';
  const name = (parcel.name ?? '').toLowerCase();
  return name.startsWith('small') ? 'small' : name.startsWith('medium') ? 'medium' : name.startsWith('large') ? 'large' : 'custom';
}

/** '{n} parcel(s)' with the counts per size: 'sm 1 · md 0 · lg 0 · l* 1'. */
function summaryOf(parcels: Parcel[]): string {
  const counts = { small: 0, medium: 0, large: 0, custom: 0 };
  parcels.forEach((parcel) => { counts[sizeOf(parcel)] += 1; });
  return (Object.keys(counts) as (keyof typeof counts)[]).map((size) => `${PARCEL_SIZE_SHORT[size]} ${counts[size]}`).join(' · ');
}

/**
 * Step 2 (001 section 2): 'Add your consignment' — a tile per parcel type plus Custom; each parcel row has a
 * description, 'Is it fragile' and remove; the summary '{n} parcel(s)'; 'Please select a parcel size.' while empty.
 */
export function ParcelsStep({ wizard }: { wizard: ActorRefFrom<typeof wizardMachine> }) {
  const parcels = useSelector(wizard, (s) => s.context.parcels);
  const loadedTypes = useSelector(wizard, (s) => s.context.parcelTypes);
  const error = useSelector(wizard, (s) => s.context.errors.parcels);
  // The custom parcel form: closed, adding (null) or editing the parcel at an index.
  const [custom, setCustom] = useState<{ index: number | null } | null>(null);
  const types: ParcelType[] = loadedTypes.some((type) => type.id === CUSTOM_PARCEL_TYPE_ID) ? loadedTypes : [...loadedTypes, CUSTOM_PARCEL_TYPE];
  const change = (next: Parcel[]) => wizard.send({ type: 'parcels.change', parcels: next });
  const update = (index: number, values: Partial<Parcel>) => change(parcels.map((parcel, other) => (other === index ? { ...parcel, ...values } : parcel)));
  const add = (type: ParcelType) => {
    if (type.id === CUSTOM_PARCEL_TYPE_ID) {
      setCustom({ index: null });
      return;
    }
    change([...parcels, { name: type.name, parcelType: type.id, length: type.length, width: type.width, height: type.height, weight: type.weight, isFragile: false }]);
  };
  return (
    <form id={STEP_FORM_ID} noValidate data-testid="parcels-step" onSubmit={(event) => { event.preventDefault(); wizard.send({ type: 'step.submit' }); }}>
      <Heading as="h3" size="md" mb={2}>{PARCEL_STEP_TEXTS.heading}</Heading>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: PARCEL_SLIDER_CARDS.default, sm: PARCEL_SLIDER_CARDS.smUp }} gap={2} mb={3}
        aria-label={PARCEL_STEP_TEXTS.heading}>
        {types.map((type) => (
          <li key={type.id}>
            {/* The size wraps under the name: three cards side by side on a phone leave about 110 px each. */}
            <Button variant="outline" w="full" h="full" minW={0} py={2} px={2} flexDirection="column" whiteSpace="normal" textAlign="center"
              data-testid="parcel-type" onClick={() => add(type)}>
              <Text fontWeight="semibold">{type.name}</Text>
              {type.id !== CUSTOM_PARCEL_TYPE_ID && (
                <Text textStyle="xs">{type.length}×{type.width}×{type.height} {PARCEL_UNITS.dimension} · {type.weight} {PARCEL_UNITS.weight} max</Text>
              )}
            </Button>
          </li>
        ))}
      </SimpleGrid>
      <Text data-testid="parcel-count" mb={1}>{PARCEL_STEP_TEXTS.parcelCount(parcels.length)}</Text>
      <Text data-testid="parcel-sizes" textStyle="xs" mb={2}>{summaryOf(parcels)}</Text>
      {parcels.length === 0 && !error && <Text data-testid="parcels-hint" mb={2}>{PARCEL_STEP_TEXTS.selectParcelSize}</Text>}
      <Box as="ul" listStyleType="none" mb={3} maxH={`${PARCEL_LIST_MAX_HEIGHT_PX}px`} overflowY="auto">
        {parcels.map((parcel, index) => {
          const name = parcel.deliveryItemName || parcel.name || '';
          return (
            // On a phone the row wraps: the name and the fields on one line, the checkbox and buttons on the next.
            <Flex as="li" key={index} gap={2} align="center" wrap="wrap" data-testid="parcel" py={1}>
              <Text minW="100px">{name}</Text>
              <Input size="sm" flex="1 1 140px" minW={0} aria-label={`${PARCEL_STEP_TEXTS.description} ${name}`} placeholder={PARCEL_STEP_TEXTS.description}
                value={parcel.description ?? ''} onChange={(event) => update(index, { description: event.target.value || null })} />
              <Input size="sm" flex="0 1 140px" minW={0} aria-label={`${PARCEL_STEP_TEXTS.barcode} ${name}`} placeholder={PARCEL_STEP_TEXTS.barcode}
                value={parcel.barCode ?? ''} onChange={(event) => update(index, { barCode: event.target.value || null })} />
              <label>
                <input type="checkbox" checked={parcel.isFragile} onChange={(event) => update(index, { isFragile: event.target.checked })} />
                {' '}{PARCEL_STEP_TEXTS.isFragile}
              </label>
              <Button size="xs" variant="outline" aria-label={`${PARCEL_STEP_TEXTS.edit} ${name}`} onClick={() => setCustom({ index })}>
                {PARCEL_STEP_TEXTS.edit}
              </Button>
              <Button size="xs" variant="outline" aria-label={`${PARCEL_STEP_TEXTS.remove} ${name}`}
                onClick={() => change(parcels.filter((_, other) => other !== index))}>
                {PARCEL_STEP_TEXTS.remove}
              </Button>
            </Flex>
          );
        })}
      </Box>
      {/* 001 section 2: parcel errors appear in an error alert. */}
      {error && (
        <Alert.Root status="error" role="alert" mb={2} data-testid="parcels-error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {custom && (
        <CustomParcel key={custom.index ?? 'new'} parcel={custom.index === null ? null : parcels[custom.index] ?? null} types={types}
          onCancel={() => setCustom(null)}
          onSave={(parcel) => {
            change(custom.index === null ? [...parcels, parcel] : parcels.map((other, index) => (index === custom.index ? parcel : other)));
            setCustom(null);
          }} />
      )}
    </form>
  );
}

type CustomValues = Record<'deliveryItemName' | Size, string>;

const valuesOf = (parcel: Parcel | null): CustomValues => ({
  deliveryItemName: parcel?.deliveryItemName ?? '',
  length: parcel?.length?.toString() ?? '', width: parcel?.width?.toString() ?? '', height: parcel?.height?.toString() ?? '', weight: parcel?.weight?.toString() ?? '',
});

/** A predefined size fills the fields only when it has a name, length, width, height and weight (001 section 2). */
const fillable = (type: ParcelType) => Boolean(type.name && type.length && type.width && type.height && type.weight);

/**
 * 'Add custom package' (or 'Edit package' for a parcel of the list): the item's name and its sizes (cm, Kg), each
 * at least 0.01; predefined size buttons fill the sizes.
 */
function CustomParcel({ parcel, types, onSave, onCancel }: {
  parcel: Parcel | null; types: ParcelType[]; onSave: (parcel: Parcel) => void; onCancel: () => void;
}) {
  const [values, setValues] = useState<CustomValues>(() => valuesOf(parcel));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const title = parcel ? PARCEL_STEP_TEXTS.editPackage : PARCEL_STEP_TEXTS.addCustom;
  const number = (size: Size) => (values[size].trim() === '' ? null : Number(values[size]));
  const save = () => {
    const next: Parcel = {
      ...(parcel ?? { name: CUSTOM_PARCEL_TYPE.name, parcelType: CUSTOM_PARCEL_TYPE_ID, isFragile: false }),
      deliveryItemName: values.deliveryItemName.trim() || null,
      length: number('length'), width: number('width'), height: number('height'), weight: number('weight'),
    };
    const found = validateCustomParcel(next);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(next);
  };
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p={3} data-testid="custom-parcel">
      <Heading as="legend" size="sm" mb={2}>{title}</Heading>
      <Flex gap={2} mb={2} wrap="wrap">
        {types.filter(fillable).map((type) => (
          <Button key={type.id} size="xs" variant="outline" onClick={() => setValues({
            ...values, length: String(type.length), width: String(type.width), height: String(type.height), weight: String(type.weight),
          })}>{type.name}</Button>
        ))}
      </Flex>
      <BookingField label={PARCEL_STEP_TEXTS.name} error={errors.deliveryItemName} required>
        <Input value={values.deliveryItemName} onChange={(event) => setValues({ ...values, deliveryItemName: event.target.value })} />
      </BookingField>
      <Flex gap={2} wrap="wrap">
        {SIZES.map((size) => (
          <BookingField key={size} label={`${PARCEL_STEP_TEXTS[size]} (${size === 'weight' ? PARCEL_UNITS.weight : PARCEL_UNITS.dimension})`} error={errors[size]} required>
            <Input type="number" min={0.01} step={0.01} value={values[size]} onChange={(event) => setValues({ ...values, [size]: event.target.value })} />
          </BookingField>
        ))}
      </Flex>
      <Flex gap={2}>
        <Button size="sm" onClick={save}>{title}</Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>{PARCEL_STEP_TEXTS.cancel}</Button>
      </Flex>
    </Box>
  );
}
