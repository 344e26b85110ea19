import { Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PAID_TEXTS, RECEIPT_TEXTS, WIZARD_TEXTS } from '../../lib/booking-texts';
import { formatMoney } from '../../lib/money';
import { fetchReceipt } from '../../resources/my-deliveries';
import { ReceiptButton } from '../../ui/ReceiptButton';
import { SERVICE_LEVELS } from '../../lib/constants';
import { formatWindow } from '../../lib/dates';
import type { Quote } from '../../machines/booking/booking.model';

/**
 * The success summary once the delivery is PAID: 'Go to dashboard' and 'Place another order' (001 section 1). Ours
 * (the spec shows no more): the waybill (or the delivery number), the service and pick-up window, a tracking link;
 * and (issue 21) what was charged to which payment method, the amount paid and its receipt — shown to every payer:
 * the spec hides quote prices from normal users, not what they paid.
 */
export function SuccessView({ deliveryId, quote, timeZone, cca2, onDashboard, onAnother }: {
  deliveryId: number | null; quote?: Quote | null; timeZone?: string | undefined; cca2?: string | undefined; onDashboard: () => void; onAnother: () => void;
}) {
  // The step the user was on is gone: focus goes to the summary's heading, so screen readers read the outcome.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, []);
  const selected = quote?.deliveryQuotes.find((option) => option.id === quote.selectedDeliveryQuoteId);
  const reference = quote?.waybill ?? (deliveryId !== null ? `#${deliveryId}` : null);
  const pickUp = selected && formatWindow(selected.pickupWindowStartUtc, selected.pickupWindowEndUtc, { timeZone });
  const paid = quote?.amountsPaid ?? [];
  const totalPaid = paid.reduce((sum, amount) => sum + amount.amount, 0);
  return (
    <Flex direction="column" align="center" gap={4} py={8} data-testid="booking-success">
      <Heading ref={heading} tabIndex={-1} outline="none" as="h3" size="lg">{WIZARD_TEXTS.paidHeading}</Heading>
      <Box as="dl" textAlign="center" data-testid="booking-success-summary">
        {reference && <><Text as="dt" fontWeight="semibold">{WIZARD_TEXTS.waybill}</Text><Text as="dd" mb={2}>{reference}</Text></>}
        {selected && <><Text as="dt" fontWeight="semibold">{WIZARD_TEXTS.service}</Text><Text as="dd" mb={2}>{SERVICE_LEVELS[selected.slaType]}</Text></>}
        {pickUp && <><Text as="dt" fontWeight="semibold">{WIZARD_TEXTS.pickUpWindow}</Text><Text as="dd" mb={2}>{pickUp}</Text></>}
        {paid.map((amount) => (
          <Box key={amount.method} data-testid={`paid-${amount.method}`}>
            <Text as="dt" fontWeight="semibold">{PAID_TEXTS.methods[amount.method]}</Text><Text as="dd" mb={2}>{formatMoney(amount.amount)}</Text>
          </Box>
        ))}
        {paid.length > 0 && (
          <><Text as="dt" fontWeight="semibold">{PAID_TEXTS.amountPaid}</Text><Text as="dd" mb={2} data-testid="amount-paid">{formatMoney(totalPaid)}</Text></>
        )}
      </Box>
      {cca2 && reference && deliveryId !== null && paid.length > 0 && (
        <ReceiptButton fileName={RECEIPT_TEXTS.fileName(quote?.waybill ?? reference)} reference={reference} request={() => fetchReceipt(cca2, deliveryId)} />
      )}
      {quote?.trackingHash && (
        <Link asChild textDecoration="underline"><RouterLink to={`/track/${quote.trackingHash}`}>{WIZARD_TEXTS.trackDelivery}</RouterLink></Link>
      )}
      <Flex gap={3}>
        <Button variant="outline" onClick={onDashboard}>{WIZARD_TEXTS.goToDashboard}</Button>
        <Button bg="secondary" color="white" onClick={onAnother}>{WIZARD_TEXTS.placeAnotherOrder}</Button>
      </Flex>
    </Flex>
  );
}
