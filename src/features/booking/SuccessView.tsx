import { Button, Flex, Heading, Text } from '@chakra-ui/react';
import { WIZARD_TEXTS } from '../../lib/booking-texts';

/** The success summary once the delivery is PAID. */
export function SuccessView({ deliveryId, onDashboard, onAnother }: { deliveryId: number | null; onDashboard: () => void; onAnother: () => void }) {
  return (
    <Flex direction="column" align="center" gap={4} py={8} data-testid="booking-success">
      <Heading as="h3" size="lg">{WIZARD_TEXTS.paidHeading}</Heading>
      {deliveryId !== null && <Text>#{deliveryId}</Text>}
      <Flex gap={3}>
        <Button variant="outline" onClick={onDashboard}>{WIZARD_TEXTS.goToDashboard}</Button>
        <Button bg="secondary" color="white" onClick={onAnother}>{WIZARD_TEXTS.placeAnotherOrder}</Button>
      </Flex>
    </Flex>
  );
}
