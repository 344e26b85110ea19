import { Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { resourceOf } from '../../resources';
import type { FleetVehicle } from '../../resources/vehicles';
import { driverSelectLogic } from '../../machines/fleet/fleet-selects';
import { formMachine } from '../../machines/lists/form.machine';
import { searchSelectMachine } from '../../machines/lists/search-select.machine';
import { AdminPage } from '../../ui/AdminPage';
import { FormView } from '../../ui/admin/FormView';
import { FormSearchSelect } from './FormSearchSelect';
import { useFormNavigation } from '../../ui/admin/use-form-navigation';
import { useResources } from '../../ui/use-resources';

const toId = (option: { key: string }) => Number(option.key);

/** /vehicles/add and /vehicles/edit/:id: the shared form plus the driver and partner company through searchable selects. */
export function Component() {
  const { id } = useParams();
  const recordId = id === undefined ? undefined : Number(id);
  return <VehicleForm key={recordId ?? 'new'} id={Number.isInteger(recordId) ? recordId : undefined} />;
}

function VehicleForm({ id }: { id: number | undefined }) {
  const resource = resourceOf('vehicles');
  const portal = usePortal();
  // The declaration first: the form actor reads it when it starts.
  useResources(['vehicles']);
  const form = useScreenActor(formMachine, { resource: 'vehicles', cca2: portal.cca2, id });
  useFormNavigation(form);
  const ready = useSelector(form, (snapshot) => !snapshot.hasTag('loading') && !snapshot.matches('loadFailed'));
  const record = useSelector(form, (snapshot) => snapshot.context.record as FleetVehicle | undefined);
  const title = id === undefined ? `Add ${resource.singular}` : `Edit ${resource.singular}`;
  const here = id === undefined ? '/vehicles/add' : `/vehicles/edit/${id}`;
  return (
    <AdminPage title={title} parents={[{ label: resource.title, to: resource.routes.list }]} current={{ label: title, to: here }}>
      <Stack gap={4} maxW="600px">
        {ready && (
          <>
            <FormSearchSelect key={`driver-${record?.driverId ?? 'none'}`} form={form} name="driverId" label="Driver" logic={driverSelectLogic}
              resource="vehicles" valueOf={toId} clearable
              initial={record?.driverId ? { key: String(record.driverId), value: record.driverName ?? `#${record.driverId}` } : null} />
            <FormSearchSelect key={`partner-${record?.partnerCompanyId ?? 'none'}`} form={form} name="partnerCompanyId" label="Partner company"
              logic={searchSelectMachine} resource="companies" valueOf={toId} clearable
              initial={record?.partnerCompanyId ? { key: String(record.partnerCompanyId), value: record.partnerCompanyName ?? `#${record.partnerCompanyId}` } : null} />
          </>
        )}
        <FormView actor={form} />
      </Stack>
    </AdminPage>
  );
}
