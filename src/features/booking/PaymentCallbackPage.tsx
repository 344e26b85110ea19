import { Box, Button, Flex, Spinner, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { PAYMENT_CALLBACK_TEXTS } from '../../lib/booking-texts';
import { ADD_DELIVERY_PATH, parsePaymentCallback, paymentCallbackMachine } from '../../machines/booking/payment-callback.machine';
import { useBookingLogic } from './booking-logic';
import { ProblemAlert } from './booking-ui';
import type { PaymentReturnState } from '../../ui/NewDeliverySlot';

/**
 * /paymentcallback: the card provider's return address. 'Processing payment ...' while the server settles the
 * payment, then back to where the shopper paid from, where the wizard shows the result on the Pay step.
 */
export function PaymentCallbackPage() {
  const cca2 = usePortal().cca2;
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useState(() => parsePaymentCallback(location.search));
  const callback = useScreenActor(useBookingLogic().paymentCallback ?? paymentCallbackMachine, { cca2, ...params });
  const output = useSelector(callback, (s) => (s.status === 'done' ? s.output : undefined));
  const view = useSelector(callback, (s) => (s.matches('invalid') ? 'invalid' : s.matches('failed') ? 'failed' : 'processing'));
  const problem = useSelector(callback, (s) => s.context.problem);

  useEffect(() => {
    if (!output) return;
    // /deliveries/add reopens the delivery from its query; elsewhere the header's 'New delivery' reopens it.
    const state: PaymentReturnState | null = output.returnTo.split('?')[0] === ADD_DELIVERY_PATH ? null : { bookingDeliveryId: output.deliveryId };
    void navigate(output.returnTo, { replace: true, state });
  }, [output, navigate]);

  return (
    <Box as="main" mx="auto" maxW="md" px={4} py={16} textAlign="center" data-testid="payment-callback">
      {view === 'processing' ? (
        <Flex role="status" direction="column" align="center" gap={3}>
          <Spinner />
          <Text>{PAYMENT_CALLBACK_TEXTS.processing}</Text>
        </Flex>
      ) : (
        <Flex direction="column" align="center" gap={3}>
          {view === 'invalid' ? <Text role="alert">{PAYMENT_CALLBACK_TEXTS.incomplete}</Text> : <ProblemAlert problem={problem} />}
          <Flex gap={3}>
            {view === 'failed' && (
              <Button bg="secondary" color="white" onClick={() => callback.send({ type: 'callback.retry' })}>{PAYMENT_CALLBACK_TEXTS.retry}</Button>
            )}
            <Button variant="outline" onClick={() => callback.send({ type: 'callback.return' })}>{PAYMENT_CALLBACK_TEXTS.backToDelivery}</Button>
          </Flex>
        </Flex>
      )}
    </Box>
  );
}

export const Component = PaymentCallbackPage;
