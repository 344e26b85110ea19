import { Text } from '@chakra-ui/react';
import { pickUpDateLabel, QUOTE_STEP_TEXTS } from '../../lib/booking-texts';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import type { Permissions } from '../../lib/roles';
import { quoteExpiryMachine } from '../../machines/booking/quote-expiry.machine';
import type { DeliveryQuote } from '../../machines/booking/booking.model';
import type { wizardMachine } from '../../machines/booking/wizard.machine';
import { STEP_FORM_ID } from './booking-ui';
import { QuoteOptions } from './QuoteOptions';

const NO_QUOTES: DeliveryQuote[] = [];
const QUOTE_ERROR_ID = 'quote-error';

/** Step 3: the service levels counting down to their expiry; Next sends the chosen one. */
export function QuotesStep({ wizard, permissions, timeZone }: { wizard: ActorRefFrom<typeof wizardMachine>; permissions: Permissions; timeZone?: string }) {
  const quote = useSelector(wizard, (s) => s.context.quote);
  const error = useSelector(wizard, (s) => s.context.errors.quoteId);
  const slots = useSelector(wizard, (s) => s.context.timeSlots);
  const changingSlot = useSelector(wizard, (s) => s.matches({ steps: { quotes: 'changingTimeSlot' } }));
  const quotes = quote?.deliveryQuotes ?? NO_QUOTES;
  const expiry = useScreenActor(quoteExpiryMachine, { quotes, selectedQuoteId: quote?.selectedDeliveryQuoteId ?? null, readClock: Date.now });
  // A new quote response (time slot changed) refreshes the options; the selection index survives.
  useEffect(() => {
    if (expiry.getSnapshot().context.quotes !== quotes) expiry.send({ type: 'quotes.refresh', quotes });
  }, [expiry, quotes]);
  return (
    <form id={STEP_FORM_ID} noValidate onSubmit={(event) => {
      event.preventDefault();
      const { quotes: options, selectedIndex } = expiry.getSnapshot().context;
      wizard.send({ type: 'step.submit', quoteId: selectedIndex === null ? null : options[selectedIndex]?.id ?? null });
    }}>
      {/* Issue 21: the day the windows below are on (they show a day only when it differs from it). */}
      {quote?.readyForCollectionDateOnlyUtc && (
        <Text mb={2} data-testid="quote-pick-up-date">{QUOTE_STEP_TEXTS.pickUpDate}: {pickUpDateLabel(quote.readyForCollectionDateOnlyUtc)}</Text>
      )}
      <QuoteOptions actor={expiry} permissions={permissions} isRoundTrip={quote?.isRoundTrip ?? false} isHighRisk={quote?.isHighRisk ?? false} {...(timeZone && { timeZone })}
        timeSlot={{
          slots, value: quote?.readyForCollectionTimeSlotLocal ?? '', busy: changingSlot,
          onChange: (deliveryTime, quoteId) => wizard.send({ type: 'quote.timeSlot', quoteId, deliveryTime }),
        }} errorId={error ? QUOTE_ERROR_ID : undefined} />
      {quote && quotes.length === 0 && <Text role="status" data-testid="no-service">{QUOTE_STEP_TEXTS.noService}</Text>}
      {error && <Text id={QUOTE_ERROR_ID} role="alert" color="fg.error" data-testid="quote-error">{error}</Text>}
    </form>
  );
}
