import { Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { WIZARD_TEXTS } from '../../lib/booking-texts';
import { ProblemAlert } from './booking-ui';

/** 'Delivery failed': the payment status is outside the wizard's range; a reattempt starts it again. */
export function DeliveryFailedView({ problem, busy, onReattempt }: { problem: string | null; busy: boolean; onReattempt: () => void }) {
  // Focus goes to the heading, so screen readers read the outcome (the step the user was on is gone).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, []);
  return (
    <Flex direction="column" align="center" gap={4} py={8} data-testid="delivery-failed">
      <Heading ref={heading} tabIndex={-1} outline="none" as="h3" size="lg">{WIZARD_TEXTS.deliveryFailed}</Heading>
      <Text>{WIZARD_TEXTS.deliveryExpired}</Text>
      <ProblemAlert problem={problem} />
      <Button bg="secondary" color="white" disabled={busy} aria-busy={busy} onClick={onReattempt}>{WIZARD_TEXTS.reattemptDelivery}</Button>
    </Flex>
  );
}
