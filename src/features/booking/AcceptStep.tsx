import { Box, Heading, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ACCEPT_STEP_TEXTS } from '../../lib/booking-texts';
import { formatMoney, priceBreakdownCents, vatPercent } from '../../lib/money';
import type { Permissions } from '../../lib/roles';
import { seesPriceBreakdown, type Quote } from '../../machines/booking/booking.model';
import type { wizardMachine } from '../../machines/booking/wizard.machine';
import { STEP_FORM_ID } from './booking-ui';

/** One side's address and contact: address, building/unit, contact name and phone, remarks. */
function Party({ quote, side }: { quote: Quote; side: 'origin' | 'destination' }) {
  const address = quote[`${side}Address`];
  const building = [quote[`${side}BuildingUnit`], quote[`${side}BuildingName`]].filter(Boolean).join(', ');
  const contact = [quote[`${side}ContactName`], quote[`${side}PhoneNumber`]].filter(Boolean).join(' · ');
  return (
    <Text as="dd" mb={2} data-testid={`accept-${side}`}>
      {address?.description}
      {building && <><br />{building}</>}
      {contact && <><br />{contact}</>}
      {quote[`${side}Remarks`] && <><br />{quote[`${side}Remarks`]}</>}
    </Text>
  );
}

/** Step 5: 'Please confirm your delivery details'; the price breakdown (subtotal, VAT, total) for staff-type users. */
export function AcceptStep({ wizard, permissions }: { wizard: ActorRefFrom<typeof wizardMachine>; permissions: Permissions }) {
  const quote = useSelector(wizard, (s) => s.context.quote);
  if (!quote) return null;
  const selected = quote.deliveryQuotes.find((option) => option.id === quote.selectedDeliveryQuoteId);
  const breakdown = seesPriceBreakdown(permissions) && selected?.priceExcl !== undefined && selected.priceExcl !== null
    ? priceBreakdownCents(selected.priceExcl, selected.vatRate ?? quote.vatRate, quote.isRoundTrip) : null;
  return (
    <form id={STEP_FORM_ID} noValidate onSubmit={(event) => { event.preventDefault(); wizard.send({ type: 'step.submit' }); }}>
      <Heading as="h3" size="md" mb={3}>{ACCEPT_STEP_TEXTS.heading}</Heading>
      <Box as="dl" data-testid="accept-summary">
        <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.pickUp}</Text>
        <Party quote={quote} side="origin" />
        <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.dropOff}</Text>
        <Party quote={quote} side="destination" />
        {breakdown && (
          <>
            <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.subtotal}</Text>
            <Text as="dd" data-testid="accept-subtotal">{formatMoney(breakdown.subtotal)}</Text>
            <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.vat(vatPercent(selected?.vatRate ?? quote.vatRate))}</Text>
            <Text as="dd" data-testid="accept-vat">{formatMoney(breakdown.vat)}</Text>
            <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.total}</Text>
            <Text as="dd" data-testid="accept-total">{formatMoney(breakdown.total)}</Text>
          </>
        )}
      </Box>
    </form>
  );
}
