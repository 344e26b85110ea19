import { Box, Flex, Text, VisuallyHidden } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { canSeePrices } from '../../lib/booking-rules';
import { QUOTE_STEP_TEXTS, timeLabel } from '../../lib/booking-texts';
import { SERVICE_LEVELS } from '../../lib/constants';
import { Select } from '../../ui/Select';
import { formatWindow } from '../../lib/dates';
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
  /** The id of the step's message ('Please select your preferred quote to continue.'), when shown. */
  errorId?: string | undefined;
}

/**
 * Step 3's options (001 sections 2 and 4): service level, windows, 'Expires in {countdown}' or Expired
 * (disabled); prices with the 'Subject addtional charge(s)' marker only for administrator, management and staff.
 */
export function QuoteOptions({ actor, permissions, isRoundTrip, isHighRisk, timeZone, timeSlot, errorId }: QuoteOptionsProps) {
  const quotes = useSelector(actor, (s) => s.context.quotes);
  const now = useSelector(actor, (s) => s.context.now);
  const selectedIndex = useSelector(actor, (s) => s.context.selectedIndex);
  const prices = canSeePrices(permissions);
  // A window's times (HH:mm), each with its day ('Tue 4 Mar 04:00') when it is not on the pick-up day.
  const windowText = (startUtc: string, endUtc: string, pickUp: string) => formatWindow(startUtc, endUtc, { timeZone, anchorUtc: pickUp });
  return (
    <Box>
      <Box role="radiogroup" aria-label={QUOTE_STEP_TEXTS.options} aria-invalid={errorId ? true : undefined} aria-describedby={errorId}>
        {quotes.map((quote, index) => {
          const expired = isExpired(quote.quoteExpirationUtc, now);
          const id = `quote-option-${quote.id}`;
          const label = SERVICE_LEVELS[quote.slaType];
          const priced = prices && quote.priceExcl !== null && quote.priceExcl !== undefined;
          // The radio is named by its service level alone; its windows, expiry (and price) describe it.
          const described = [`${id}-windows`, `${id}-expiry`, ...(priced ? [`${id}-price`] : [])].join(' ');
          return (
            <Flex key={quote.id} asChild data-testid="quote-option" gap={3} p={3} mb={2} borderWidth="1px" borderRadius="md"
              opacity={expired ? 0.5 : 1} cursor={expired ? 'not-allowed' : 'pointer'} align="center">
              <label htmlFor={id}>
              <input id={id} type="radio" name="quoteId" value={quote.id} checked={selectedIndex === index} disabled={expired}
                aria-labelledby={`${id}-title`} aria-describedby={described} onChange={() => actor.send({ type: 'quote.select', index })} />
              <Box flex="1">
                <Text id={`${id}-title`} fontWeight="semibold">{label}</Text>
                <Text id={`${id}-windows`} textStyle="sm">
                  {QUOTE_STEP_TEXTS.pickUpWindow} {windowText(quote.pickupWindowStartUtc, quote.pickupWindowEndUtc, quote.pickupWindowStartUtc)}
                  {' · '}
                  {QUOTE_STEP_TEXTS.dropOffWindow} {windowText(quote.dropOffWindowStartUtc, quote.dropOffWindowEndUtc, quote.pickupWindowStartUtc)}
                </Text>
                <Text id={`${id}-expiry`} textStyle="sm" data-testid="quote-expiry">{expiryText(quote.quoteExpirationUtc, now)}</Text>
                {timeSlot && quote.slaType === 'Priority' && (
                  <Box mt={1} onClick={(event) => event.preventDefault()}>
                    <Text as="span" id={`${id}-slot-label`} textStyle="xs" me={2}>{QUOTE_STEP_TEXTS.firstAvailableTimeslot}</Text>
                    <Select id={`${id}-slot`} label={QUOTE_STEP_TEXTS.firstAvailableTimeslot} size="xs" width="auto" value={timeSlot.value}
                      disabled={timeSlot.busy || expired} busy={timeSlot.busy} onChange={(value) => timeSlot.onChange(value, quote.id)}>
                      {!timeSlot.slots.some((slot) => slot.time === timeSlot.value) && <option value={timeSlot.value}>{timeLabel(timeSlot.value)}</option>}
                      {timeSlot.slots.map((slot) => <option key={slot.time} value={slot.time}>{slot.label}</option>)}
                    </Select>
                  </Box>
                )}
              </Box>
              {priced && (
                <Text id={`${id}-price`} fontWeight="bold" data-testid="quote-price">
                  {formatMoney(quoteDisplayPriceCents(quote.priceExcl!, quote.vatRate, isRoundTrip))}
                  {/* The price marker and its tooltip 'Subject addtional charge(s)' (typo kept); screen readers read the text. */}
                  <Box as="abbr" title={QUOTE_STEP_TEXTS.subjectAdditionalCharges} ms={1} textDecoration="none" cursor="help" data-testid="price-marker">
                    <span aria-hidden="true">{QUOTE_STEP_TEXTS.priceMarker}</span>
                    <VisuallyHidden>{QUOTE_STEP_TEXTS.subjectAdditionalCharges}</VisuallyHidden>
                  </Box>
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
