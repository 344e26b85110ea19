import { Box, Heading, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ACCEPT_STEP_TEXTS } from '../../lib/booking-texts';
import { formatMoney } from '../../lib/money';
import type { Permissions } from '../../lib/roles';
import { seesPriceBreakdown } from '../../machines/booking/booking.types';
import type { wizardMachine } from '../../machines/booking/wizard.machine';
import { STEP_FORM_ID } from './booking-ui';

/** Step 5: 'Please confirm your delivery details'; the price breakdown for staff-type users. */
export function AcceptStep({ wizard, permissions }: { wizard: ActorRefFrom<typeof wizardMachine>; permissions: Permissions }) {
  const quote = useSelector(wizard, (s) => s.context.quote);
  if (!quote) return null;
  const breakdown = seesPriceBreakdown(permissions);
  return (
    <form id={STEP_FORM_ID} noValidate onSubmit={(event) => { event.preventDefault(); wizard.send({ type: 'step.submit' }); }}>
      <Heading as="h3" size="md" mb={3}>{ACCEPT_STEP_TEXTS.heading}</Heading>
      <Box as="dl" data-testid="accept-summary">
        <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.pickUp}</Text>
        <Text as="dd" mb={2}>{quote.originAddress?.description} {quote.originContactName && `· ${quote.originContactName}`}</Text>
        <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.dropOff}</Text>
        <Text as="dd" mb={2}>{quote.destinationAddress?.description} {quote.destinationContactName && `· ${quote.destinationContactName}`}</Text>
        {breakdown && (
          <>
            <Text as="dt" fontWeight="semibold">{ACCEPT_STEP_TEXTS.total}</Text>
            <Text as="dd" data-testid="accept-total">{formatMoney(quote.paymentTotal)}</Text>
          </>
        )}
      </Box>
    </form>
  );
}
