import { Alert, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { Actor } from 'xstate';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { FLEET_TEXTS } from '../../lib/fleet';
import { resourceOf } from '../../resources';
import type { FleetHubDetail } from '../../resources/hubs';
import { LIST_TEXTS } from '../../lib/resource-texts';
import { formMachine } from '../../machines/lists/form.machine';
import { AdminPage } from '../../ui/AdminPage';
import { RouteMap } from '../../ui/LazyRouteMap';
import { useResources } from '../../ui/use-resources';

/** /hubs/:id: the hub, where it is, and how many deliveries are routed through it (read with the form's loader). */
export function Component() {
  const { id } = useParams();
  const portal = usePortal();
  const navigate = useNavigate();
  const hubId = Number(id);
  // The declaration first: the form actor reads it when it starts.
  useResources(['hubs']);
  const actor = useScreenActor(formMachine, { resource: 'hubs', cca2: portal.cca2, id: Number.isInteger(hubId) ? hubId : -1 });
  useEffect(() => {
    const notFound = actor.on('form.notFound', () => navigate('/404', { replace: true }));
    return () => notFound.unsubscribe();
  }, [actor, navigate]);
  const resource = resourceOf('hubs');
  const hub = useSelector(actor, (snapshot) => snapshot.context.record as FleetHubDetail | undefined);
  const label = hub?.hubName ?? `#${id}`;
  return (
    <AdminPage title={label} parents={[{ label: resource.title, to: resource.routes.list }]} current={{ label, to: `/hubs/${id}` }}>
      <HubDetailView actor={actor} />
    </AdminPage>
  );
}

const yesNo = (value: boolean) => (value ? LIST_TEXTS.yes : LIST_TEXTS.no);

export function HubDetailView({ actor }: { actor: Actor<typeof formMachine> }) {
  const error = useSelector(actor, (s) => s.context.error);
  const record = useSelector(actor, (s) => s.context.record);
  const inLoadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const loadingTag = useSelector(actor, (s) => s.hasTag('loading'));
  const hub = record as FleetHubDetail | undefined;
  if (loadingTag) return <div role="status">{LIST_TEXTS.loading}</div>;
  if (inLoadFailed || !hub) {
    return (
      <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{error?.message}</Alert.Title>
        <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'form.retry' })}>{LIST_TEXTS.tryAgain}</Button>
      </Alert.Root>
    );
  }
  const rows: [string, string][] = [
    ['Hub name', hub.hubName],
    ['Contact name', hub.contactName],
    ['Phone number', hub.phoneNumber],
    [FLEET_TEXTS.hubAddress, hub.address.description],
    ['Active', yesNo(hub.isActive)],
    [FLEET_TEXTS.hubDeliveries, String(hub.deliveryCount)],
    [FLEET_TEXTS.hubOpenDeliveries, String(hub.openDeliveryCount)],
  ];
  return (
    <Stack gap={4} data-testid="hub-detail">
      <HStack><RouterLink to={`/hubs/edit/${hub.id}`} aria-label={`${FLEET_TEXTS.edit} ${hub.hubName}`}>{FLEET_TEXTS.edit}</RouterLink></HStack>
      <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap={4} rowGap={1} fontSize="sm">
        {rows.map(([term, value]) => (
          <Stack key={term} display="contents">
            <chakra.dt fontWeight="medium">{term}</chakra.dt>
            <chakra.dd data-testid={`hub-${term}`}>{value}</chakra.dd>
          </Stack>
        ))}
      </chakra.dl>
      {hub.address.coordinates && (
        <Stack gap={1}>
          <Text fontSize="sm" fontWeight="medium">{FLEET_TEXTS.hubMap}</Text>
          <RouteMap label={`${FLEET_TEXTS.hubMap}: ${hub.hubName}`}
            markers={[{ lat: hub.address.coordinates.lat, lon: hub.address.coordinates.lon, label: 'H', title: hub.address.description }]} />
        </Stack>
      )}
    </Stack>
  );
}
