import { Box, Heading, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ACCEPT_STEP_TEXTS, PARCEL_STEP_TEXTS, parcelLabel, pickUpDateLabel } from '../../lib/booking-texts';
import { SERVICE_LEVELS } from '../../lib/constants';
import { formatWindow } from '../../lib/dates';
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

/**
 * Step 5: 'Please confirm your delivery details': the addresses and contacts, and (issue 21) what else is being
 * accepted: the service, the pick-up date and windows, the parcels; the price breakdown (subtotal, VAT, total)
 * only for those who may see quote prices (001 section 6).
 */
export function AcceptStep({ wizard, permissions, timeZone }: { wizard: ActorRefFrom<typeof wizardMachine>; permissions: Permissions; timeZone?: string | undefined }) {
  const quote = useSelector(wizard, (s) => s.context.quote);
  if (!quote) return null;
  const selected = quote.deliveryQuotes.find((option) => option.id === quote.selectedDeliveryQuoteId);
  const breakdown = seesPriceBreakdown(permissions) && selected?.priceExcl !== undefined && selected.priceExcl !== null
    ? priceBreakdownCents(selected.priceExcl, selected.vatRate ?? quote.vatRate, quote.isRoundTrip) : null;
  // Windows read against the pick-up day, as on Quotes: a bound on another day shows its day.
  const window = (startUtc: string, endUtc: string) => formatWindow(startUtc, endUtc, { timeZone, anchorUtc: selected?.pickupWindowStartUtc });
  return (
    <form id={STEP_FORM_ID} noValidate onSubmit={(event) => { event.preventDefault(); wizard.send({ type: 'step.submit' }); }}>
      <Heading as="h3" size="md" mb={3}>{ACCEPT_STEP_TEXTS.heading}</Heading>
      <Box as="dl" data-testid="accept-summary">
        <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.pickUp}</Text>
        <Party quote={quote} side="origin" />
        <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.dropOff}</Text>
        <Party quote={quote} side="destination" />
        {selected && (
          <>
            <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.service}</Text>
            <Text as="dd" mb={2} data-testid="accept-service">{SERVICE_LEVELS[selected.slaType]}</Text>
          </>
        )}
        {quote.readyForCollectionDateOnlyUtc && (
          <>
            <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.pickUpDate}</Text>
            <Text as="dd" mb={2} data-testid="accept-pick-up-date">{pickUpDateLabel(quote.readyForCollectionDateOnlyUtc)}</Text>
          </>
        )}
        {selected && (
          <>
            <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.pickUpWindow}</Text>
            <Text as="dd" mb={2} data-testid="accept-pick-up-window">{window(selected.pickupWindowStartUtc, selected.pickupWindowEndUtc)}</Text>
            <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.dropOffWindow}</Text>
            <Text as="dd" mb={2} data-testid="accept-drop-off-window">{window(selected.dropOffWindowStartUtc, selected.dropOffWindowEndUtc)}</Text>
          </>
        )}
        <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.parcels}</Text>
        <Box as="dd" mb={2} data-testid="accept-parcels">
          <Text>{PARCEL_STEP_TEXTS.parcelCount(quote.deliveryItems.length)}</Text>
          <Box as="ul" ps={4}>
            {quote.deliveryItems.map((parcel, index) => (
              <li key={parcel.id ?? index}>
                {parcelLabel(parcel)}
                {parcel.isFragile && ` · ${ACCEPT_STEP_TEXTS.fragile}`}
                {parcel.description && ` · ${parcel.description}`}
              </li>
            ))}
          </Box>
        </Box>
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
