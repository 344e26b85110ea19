import { Alert, Box, Button, Field, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Actor } from 'xstate';
import { SERVICE_LEVELS } from '../../lib/constants';
import { formatMoney, vatPercent } from '../../lib/money';
import type { Portal } from '../../machines/portal/portal.types';
import { priceCalculatorMachine } from '../../machines/public/price-calculator.machine';
import { publicPlaceSelectLogic } from '../../machines/public/public-place-select';
import type { PublicSlaType } from '../../machines/public/public.actors';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { SearchSelect } from '../../ui/SearchSelect';
import { Select } from '../../ui/Select';
import { PublicLayout, Section } from '../../ui/public/PublicLayout';
import { SERVICE_LEVEL_TEXTS } from './site/content';

const LEVELS = Object.keys(SERVICE_LEVELS) as PublicSlaType[];
type PlaceSelect = Actor<typeof publicPlaceSelectLogic>;
type Calculator = Actor<typeof priceCalculatorMachine>;

/** Tells the calculator what a place select holds whenever its choice changes. */
function useForwardChoice(select: PlaceSelect, calculator: Calculator, type: 'from.select' | 'to.select') {
  const selected = useSelector(select, (s) => s.context.selected);
  useEffect(() => {
    calculator.send({ type, place: selected ?? null });
  }, [calculator, selected, type]);
}

/** The live calculator: From, To, parcel size and service level → subtotal, VAT and total. */
export function PriceCalculatorView({ calculator, from, to, portal }: { calculator: Calculator; from: PlaceSelect; to: PlaceSelect; portal: Pick<Portal, 'currency' | 'currencyDecimals'> }) {
  useForwardChoice(from, calculator, 'from.select');
  useForwardChoice(to, calculator, 'to.select');
  const parcelTypes = useSelector(calculator, (s) => s.context.parcelTypes);
  const parcelTypeId = useSelector(calculator, (s) => s.context.parcelTypeId);
  const slaType = useSelector(calculator, (s) => s.context.slaType);
  const price = useSelector(calculator, (s) => s.context.price);
  const error = useSelector(calculator, (s) => s.context.error);
  const busy = useSelector(calculator, (s) => s.hasTag('busy'));
  const loading = useSelector(calculator, (s) => s.hasTag('loading'));
  const inLoadFailed = useSelector(calculator, (s) => s.matches('loadFailed'));
  const inIncomplete = useSelector(calculator, (s) => s.matches('incomplete'));
  const inNotPriced = useSelector(calculator, (s) => s.matches('notPriced'));
  const money = (cents: number) => formatMoney(cents, { currency: price?.currency ?? portal.currency, decimals: portal.currencyDecimals });
  return (
    <Box as="form" aria-label="Price calculator" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }} onSubmit={(event) => event.preventDefault()}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
        <SearchSelect label="From" actor={from} texts={{ placeholder: 'Suburb, town or place' }} />
        <SearchSelect label="To" actor={to} texts={{ placeholder: 'Suburb, town or place' }} />
        <Field.Root>
          <Field.Label htmlFor="calculator-parcel">Parcel size</Field.Label>
          <Select id="calculator-parcel" value={parcelTypeId ?? ''} busy={loading} disabled={parcelTypes.length === 0}
            onChange={(value) => calculator.send({ type: 'parcel.select', parcelTypeId: Number(value) })}>
            {parcelTypes.map((type) => (
              <option key={type.id} value={type.id}>{`${type.name} (up to ${type.length}×${type.width}×${type.height} cm, ${type.weight} kg)`}</option>
            ))}
          </Select>
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor="calculator-level">Service level</Field.Label>
          <Select id="calculator-level" value={slaType} onChange={(value) => calculator.send({ type: 'level.select', slaType: value as PublicSlaType })}>
            {LEVELS.map((level) => <option key={level} value={level}>{`${level} (${SERVICE_LEVELS[level]})`}</option>)}
          </Select>
        </Field.Root>
      </SimpleGrid>
      <Box mt={5} aria-live="polite" data-testid="calculator-result">
        {inLoadFailed && (
          <Alert.Root status="error" role="alert">
            <Alert.Description>{error?.message} </Alert.Description>
            <Button size="sm" onClick={() => calculator.send({ type: 'retry' })}>Try again</Button>
          </Alert.Root>
        )}
        {inIncomplete && <Text color="fg.muted">Choose where the parcel is collected and where it goes to see the price.</Text>}
        {busy && <Text role="status">Calculating…</Text>}
        {inNotPriced && error && <Text role="alert" color="red.700">{error.message}</Text>}
        {price && !busy && (
          <Stack gap={2}>
            <Text>{`${price.slaType} · ${price.distanceKm} km · collection on ${price.date}`}</Text>
            <Table.Root size="sm" maxW="sm">
              <Table.Body>
                <Table.Row><Table.Cell>Subtotal</Table.Cell><Table.Cell textAlign="end">{money(price.subtotal)}</Table.Cell></Table.Row>
                <Table.Row><Table.Cell>{`VAT (${vatPercent(price.vatRate)}%)`}</Table.Cell><Table.Cell textAlign="end">{money(price.vat)}</Table.Cell></Table.Row>
                <Table.Row fontWeight="bold"><Table.Cell>Total</Table.Cell><Table.Cell textAlign="end" data-testid="calculator-total">{money(price.total)}</Table.Cell></Table.Row>
              </Table.Body>
            </Table.Root>
            <Text fontSize="sm" color="fg.muted">One parcel, one way, at the list price. Weekend and high-risk area rates apply where they do when you book.</Text>
          </Stack>
        )}
      </Box>
    </Box>
  );
}

function PricingPage() {
  const portal = usePortal();
  const calculator = useScreenActor(priceCalculatorMachine, { cca2: portal.cca2 });
  const from = useScreenActor(publicPlaceSelectLogic, { resource: 'stores', cca2: portal.cca2 });
  // `resource` only feeds the select's default search, replaced by the public place search.
  const to = useScreenActor(publicPlaceSelectLogic, { resource: 'stores', cca2: portal.cca2 });
  return (
    <PublicLayout path="/pricing">
      <Heading as="h1" size="3xl" color="primary" mb={2}>Pricing</Heading>
      <Text fontSize="lg" mb={6}>What a delivery costs across {portal.name}, in {portal.currency} with VAT shown. The same prices as when you book.</Text>
      <PriceCalculatorView calculator={calculator} from={from} to={to} portal={portal} />
      <Section title="Service levels">
        <SimpleGrid as="ul" columns={{ base: 1, sm: 2 }} gap={4} listStyleType="none">
          {LEVELS.map((level) => (
            <Box as="li" key={level} borderWidth="1px" borderRadius="md" p={4}>
              <Heading as="h3" size="md">{`${level} · ${SERVICE_LEVELS[level]}`}</Heading>
              <Text>{SERVICE_LEVEL_TEXTS[level]}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </Section>
    </PublicLayout>
  );
}

export const Component = PricingPage;
