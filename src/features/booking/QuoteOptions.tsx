import { Box, Flex, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { canSeePrices } from '../../lib/booking-rules';
import { QUOTE_STEP_TEXTS } from '../../lib/booking-texts';
import { DATE_FORMATS, SERVICE_LEVELS } from '../../lib/constants';
import { formatDate } from '../../lib/dates';
import { formatMoney, quoteDisplayPriceCents } from '../../lib/money';
import type { Permissions } from '../../lib/roles';
import type { quoteExpiryMachine } from '../../machines/booking/quote-expiry.machine';
import { expiryText, isExpired } from '../../machines/booking/quote-expiry';

export interface QuoteOptionsProps {
  actor: ActorRefFrom<typeof quoteExpiryMachine>;
  permissions: Permissions;
  isRoundTrip: boolean;
  isHighRisk: boolean;
  timeZone?: string;
  /** Priority's 'First available timeslot' picker: the slots of the date, the current one, and the change call. */
  timeSlot?: { slots: { time: string; label: string }[]; value: string; busy: boolean; onChange: (deliveryTime: string, quoteId: number) => void };
}

/**
 * Step 3's options (001 sections 2 and 4): service level, windows, 'Expires in {countdown}' or Expired
 * (disabled); prices with the 'Subject addtional charge(s)' marker only for administrator, management and staff.
 */
export function QuoteOptions({ actor, permissions, isRoundTrip, isHighRisk, timeZone, timeSlot }: QuoteOptionsProps) {
  const { quotes, now, selectedIndex } = useSelector(actor, (snapshot) => snapshot.context);
  const prices = canSeePrices(permissions);
  return (
    <Box>
      <Box role="radiogroup" aria-label={QUOTE_STEP_TEXTS.options}>
        {quotes.map((quote, index) => {
          const expired = isExpired(quote.quoteExpirationUtc, now);
          const id = `quote-option-${quote.id}`;
          const label = SERVICE_LEVELS[quote.slaType];
          return (
            <Flex key={quote.id} asChild data-testid="quote-option" gap={3} p={3} mb={2} borderWidth="1px" borderRadius="md"
              opacity={expired ? 0.5 : 1} cursor={expired ? 'not-allowed' : 'pointer'} align="center">
              <label htmlFor={id}>
              <input id={id} type="radio" name="quoteId" value={quote.id} checked={selectedIndex === index} disabled={expired}
                aria-describedby={`${id}-expiry`} onChange={() => actor.send({ type: 'quote.select', index })} />
              <Box flex="1">
                <Text fontWeight="semibold">{label}</Text>
                <Text textStyle="sm">
                  {QUOTE_STEP_TEXTS.pickUpWindow} {formatDate(quote.pickupWindowStartUtc, DATE_FORMATS.time, timeZone)}–{formatDate(quote.pickupWindowEndUtc, DATE_FORMATS.time, timeZone)}
                  {' · '}
                  {QUOTE_STEP_TEXTS.dropOffWindow} {formatDate(quote.dropOffWindowStartUtc, DATE_FORMATS.time, timeZone)}–{formatDate(quote.dropOffWindowEndUtc, DATE_FORMATS.time, timeZone)}
                </Text>
                <Text id={`${id}-expiry`} textStyle="sm" data-testid="quote-expiry">{expiryText(quote.quoteExpirationUtc, now)}</Text>
                {timeSlot && quote.slaType === 'Priority' && (
                  <Box mt={1} onClick={(event) => event.preventDefault()}>
                    <Text as="span" id={`${id}-slot-label`} textStyle="xs" me={2}>{QUOTE_STEP_TEXTS.firstAvailableTimeslot}</Text>
                    <select id={`${id}-slot`} aria-labelledby={`${id}-slot-label`} value={timeSlot.value} disabled={timeSlot.busy || expired} aria-busy={timeSlot.busy}
                      onChange={(event) => timeSlot.onChange(event.target.value, quote.id)}>
                      {!timeSlot.slots.some((slot) => slot.time === timeSlot.value) && <option value={timeSlot.value}>{timeSlot.value}</option>}
                      {timeSlot.slots.map((slot) => <option key={slot.time} value={slot.time}>{slot.label}</option>)}
                    </select>
                  </Box>
                )}
              </Box>
              {prices && quote.priceExcl !== null && quote.priceExcl !== undefined && (
                <Text fontWeight="bold" data-testid="quote-price">
                  {formatMoney(quoteDisplayPriceCents(quote.priceExcl, quote.vatRate, isRoundTrip))}
                  <Box as="span" title={QUOTE_STEP_TEXTS.subjectAdditionalCharges} aria-label={QUOTE_STEP_TEXTS.subjectAdditionalCharges} ms={1}>*</Box>
                </Text>
              )}
              </label>
            </Flex>
          );
        })}
      </Box>
      {isRoundTrip && <Text textStyle="xs">{QUOTE_STEP_TEXTS.roundTripFootnote}</Text>}
      {isHighRisk && <Text textStyle="xs">{QUOTE_STEP_TEXTS.highRiskFootnote}</Text>}
    </Box>
  );
}
