import { Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { DELIVERY_STEP_TEXTS } from '../../lib/booking-texts';
import { FLEET_TEXTS } from '../../lib/fleet';
import { resourceOf } from '../../resources';
import { addressValue, HUB_ADDRESS_FIELD, type FleetHub } from '../../resources/hubs';
import { addressSelectLogic } from '../../machines/booking/delivery-step.machine';
import { formMachine } from '../../machines/lists/form.machine';
import { AdminPage } from '../../ui/AdminPage';
import { FormView } from '../../ui/admin/FormView';
import { FormSearchSelect } from './FormSearchSelect';
import { useFormNavigation } from '../../ui/admin/use-form-navigation';
import { useResources } from '../../ui/use-resources';

/** /hubs/add and /hubs/edit/:id: the shared form plus the hub's address through the shared searchable select. */
export function Component() {
  const { id } = useParams();
  const recordId = id === undefined ? undefined : Number(id);
  return <HubForm key={recordId ?? 'new'} id={Number.isInteger(recordId) ? recordId : undefined} />;
}

function HubForm({ id }: { id: number | undefined }) {
  const resource = resourceOf('hubs');
  const portal = usePortal();
  // The declaration first: the form actor reads it when it starts.
  useResources(['hubs']);
  const form = useScreenActor(formMachine, { resource: 'hubs', cca2: portal.cca2, id });
  useFormNavigation(form);
  const ready = useSelector(form, (snapshot) => !snapshot.hasTag('loading') && !snapshot.matches('loadFailed'));
  const record = useSelector(form, (snapshot) => snapshot.context.record as FleetHub | undefined);
  const title = id === undefined ? `Add ${resource.singular}` : FLEET_TEXTS.editHub;
  const here = id === undefined ? '/hubs/add' : `/hubs/edit/${id}`;
  return (
    <AdminPage title={title} parents={[{ label: resource.title, to: resource.routes.list }]} current={{ label: title, to: here }}>
      <Stack gap={4} maxW="600px">
        {id !== undefined && <RouterLink to={`/hubs/${id}`}>{FLEET_TEXTS.view}</RouterLink>}
        {/* The booking wizard's address select: it searches the address contract (searchaddresses); the server
            resolves the chosen place when the hub is saved. */}
        {ready && (
          <FormSearchSelect key={record?.address.placeId ?? 'none'} form={form} name={HUB_ADDRESS_FIELD} label={`${FLEET_TEXTS.hubAddress} *`}
            logic={addressSelectLogic} resource="hubs" valueOf={addressValue}
            initial={record?.address.placeId ? { key: record.address.placeId, value: record.address.description } : null}
            texts={{ placeholder: DELIVERY_STEP_TEXTS.addressPlaceholder, noResults: DELIVERY_STEP_TEXTS.noMatchingAddresses }} />
        )}
        <FormView actor={form} />
      </Stack>
    </AdminPage>
  );
}
