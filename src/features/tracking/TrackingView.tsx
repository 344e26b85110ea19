import { Alert, Box, Button, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { SERVICE_LEVELS } from '../../lib/constants';
import { formatWindow } from '../../lib/dates';
import { TRACKING_STEPS, TRACKING_TEXTS, trackingStatusName, trackingStepIndex } from '../../lib/tracking-texts';
import type { trackingMachine } from '../../machines/tracking/tracking.machine';
import type { TrackingDelivery } from '../../machines/tracking/tracking.types';
import { RouteMap } from '../../ui/LazyRouteMap';

/** 'Tue 4 Mar 08:00–10:00' (the end's day too when it is another) in the portal's time zone; empty when not known yet. */
export function windowLabel(startUtc: string | null, endUtc: string | null, timeZone?: string): string {
  return formatWindow(startUtc, endUtc, { timeZone });
}

const serviceName = (slaType: string | null) => (slaType ? (SERVICE_LEVELS as Record<string, string>)[slaType] ?? slaType : '');

/** The public tracking page's content, driven by the tracking machine. */
export function TrackingView({ actor, timeZone }: { actor: Actor<typeof trackingMachine>; timeZone?: string | undefined }) {
  const delivery = useSelector(actor, (s) => s.context.delivery);
  const problem = useSelector(actor, (s) => s.context.problem);
  const inFailed = useSelector(actor, (s) => s.matches('failed'));
  const inLoading = useSelector(actor, (s) => s.matches('loading'));
  const inNotFound = useSelector(actor, (s) => s.matches('notFound'));
  const inRefreshing = useSelector(actor, (s) => s.matches('refreshing'));
  const inShown = useSelector(actor, (s) => s.matches('shown'));
  return (
    <Stack gap={4} maxW="3xl" mx="auto" p={4} data-testid="tracking-page">
      <Heading as="h1" size="xl">{TRACKING_TEXTS.title}</Heading>
      {inLoading && <Text role="status">{TRACKING_TEXTS.loading}</Text>}
      {inNotFound && (
        <Box data-testid="tracking-not-found">
          <Heading as="h2" size="md">{TRACKING_TEXTS.notFoundHeading}</Heading>
          <Text>{TRACKING_TEXTS.notFound}</Text>
        </Box>
      )}
      {inFailed && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content><Alert.Description>{TRACKING_TEXTS.failed} {problem}</Alert.Description></Alert.Content>
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'tracking.retry' })}>{TRACKING_TEXTS.tryAgain}</Button>
        </Alert.Root>
      )}
      {(inShown || inRefreshing) && delivery && (
        <TrackingDetails delivery={delivery} timeZone={timeZone} />
      )}
    </Stack>
  );
}

function TrackingDetails({ delivery, timeZone }: { delivery: TrackingDelivery; timeZone?: string | undefined }) {
  const current = trackingStepIndex(delivery.logisticStatusId);
  const driver = delivery.driverLocation
    ? TRACKING_TEXTS.driverOnTheWay
    : delivery.driverAssigned ? TRACKING_TEXTS.driverAssigned : TRACKING_TEXTS.driverNotAssigned;
  const pickUp = windowLabel(delivery.pickupWindowStartUtc, delivery.pickupWindowEndUtc, timeZone);
  const dropOff = windowLabel(delivery.dropOffWindowStartUtc, delivery.dropOffWindowEndUtc, timeZone);
  return (
    <Stack gap={4}>
      <Box as="dl" data-testid="tracking-summary">
        <Text as="dt" fontWeight="semibold">{TRACKING_TEXTS.waybill}</Text>
        <Text as="dd" mb={2} data-testid="tracking-waybill">{delivery.waybill ?? TRACKING_TEXTS.notYetKnown}</Text>
        {delivery.slaType && <><Text as="dt" fontWeight="semibold">{TRACKING_TEXTS.service}</Text><Text as="dd" mb={2}>{serviceName(delivery.slaType)}</Text></>}
        <Text as="dt" fontWeight="semibold">{TRACKING_TEXTS.pickUpWindow}</Text>
        <Text as="dd" mb={2} data-testid="tracking-pickup-window">{pickUp || TRACKING_TEXTS.notYetKnown}</Text>
        <Text as="dt" fontWeight="semibold">{TRACKING_TEXTS.dropOffWindow}</Text>
        <Text as="dd" mb={2} data-testid="tracking-dropoff-window">{dropOff || TRACKING_TEXTS.notYetKnown}</Text>
        <Text as="dt" fontWeight="semibold">{TRACKING_TEXTS.driver}</Text>
        <Text as="dd" mb={2} data-testid="tracking-driver">{driver}</Text>
      </Box>
      <Box as="section" aria-labelledby="tracking-progress">
        <Heading as="h2" size="md" id="tracking-progress">{TRACKING_TEXTS.progress}</Heading>
        {current === null && (
          <Text data-testid="tracking-status">{TRACKING_TEXTS.status}: {trackingStatusName(delivery.logisticStatusId)}</Text>
        )}
        <chakra.ol display="flex" flexWrap="wrap" gap={3} listStyleType="none" p={0} mt={2} data-testid="tracking-steps">
          {TRACKING_STEPS.map((step, index) => {
            const done = current !== null && index <= current;
            return (
              <chakra.li key={step} aria-current={index === current ? 'step' : undefined}
                px={3} py={1} borderRadius="full" borderWidth="1px"
                bg={index === current ? 'secondary' : done ? 'gray.100' : undefined} color={index === current ? 'white' : undefined}
                fontWeight={index === current ? 'semibold' : undefined}>
                {index + 1}. {step}
              </chakra.li>
            );
          })}
        </chakra.ol>
      </Box>
      <Box as="section" aria-labelledby="tracking-route">
        <Heading as="h2" size="md" id="tracking-route">{TRACKING_TEXTS.from} → {TRACKING_TEXTS.to}</Heading>
        <Box as="dl" mt={2}>
          <Text as="dt" fontWeight="semibold">{TRACKING_TEXTS.from}</Text>
          <Text as="dd" mb={2} data-testid="tracking-from">{delivery.origin.description}</Text>
          {delivery.hub && <><Text as="dt" fontWeight="semibold">{TRACKING_TEXTS.via}</Text><Text as="dd" mb={2}>{delivery.hub.hubName}</Text></>}
          <Text as="dt" fontWeight="semibold">{TRACKING_TEXTS.to}</Text>
          <Text as="dd" mb={2} data-testid="tracking-to">{delivery.destination.description}</Text>
        </Box>
        <RouteMap label={TRACKING_TEXTS.mapLabel} markers={[
          { ...delivery.origin.coordinates, title: delivery.origin.description },
          delivery.hub && { ...delivery.hub.coordinates, title: delivery.hub.hubName },
          { ...delivery.destination.coordinates, title: delivery.destination.description },
          delivery.driverLocation && { lat: delivery.driverLocation.lat, lon: delivery.driverLocation.lon, label: TRACKING_TEXTS.driverMarker, title: TRACKING_TEXTS.driverMarker },
        ]} />
      </Box>
    </Stack>
  );
}
