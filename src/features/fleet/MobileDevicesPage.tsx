import { Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import type { Actor } from 'xstate';
import { useAuth, usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { mayCall } from '../../lib/access';
import { FLEET_TEXTS } from '../../lib/fleet';
import { resourceOf } from '../../resources';
import type { Permissions } from '../../lib/roles';
import { deviceActionsMachine } from '../../machines/fleet/device-actions.machine';
import type { MobileDevice } from '../../machines/fleet/device-actions.types';
import type { listMachine } from '../../machines/lists/list.machine';
import { searchSelectMachine } from '../../machines/lists/search-select.machine';
import { AdminPage } from '../../ui/AdminPage';
import { SearchSelect } from '../../ui/SearchSelect';
import { ListView } from '../../ui/admin/ListView';
import { useResourceList } from '../../ui/admin/use-resource-list';
import { DeviceActionsDialogs, DeviceRowButtons } from './DeviceActionsView';

/**
 * /mobile-devices (002 section 2): the read-only table of the shared list, with the Owner user search, the
 * Active filter fixed to true, and per row Notify (beta) and Delink; administrators delete selected rows.
 */
export function Component() {
  const portal = usePortal();
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const list = useResourceList('mobileDevices');
  const actions = useScreenActor(deviceActionsMachine, { cca2: portal.cca2 });
  const owner = useScreenActor(searchSelectMachine, { resource: 'mobileDevices', cca2: portal.cca2 });
  useEffect(() => {
    const changed = actions.on('devices.changed', () => list.send({ type: 'list.reload' }));
    return () => changed.unsubscribe();
  }, [actions, list]);
  useOwnerFilter(owner, list);
  return <MobileDevicesView list={list} actions={actions} owner={owner} permissions={permissions} />;
}

/** The screen drawn from its three actors: the list, the row actions and the Owner search. */
export function MobileDevicesView({ list, actions, owner, permissions }: {
  list: Actor<typeof listMachine>;
  actions: Actor<typeof deviceActionsMachine>;
  owner: Actor<typeof searchSelectMachine>;
  permissions: Permissions | null | undefined;
}) {
  const resource = resourceOf('mobileDevices');
  const mayNotify = Boolean(permissions?.beta) && mayCall('notifymobiledevice', permissions);
  const mayDelink = mayCall('updatemobiledevice', permissions);
  return (
    <AdminPage title={resource.title} current={{ label: resource.title, to: resource.routes.list }} readOnly>
      <Stack gap={3}>
        <Stack direction={{ base: 'column', md: 'row' }} gap={4} align={{ md: 'end' }}>
          <Stack maxW="360px" flex="1"><SearchSelect label={FLEET_TEXTS.owner} actor={owner} /></Stack>
          <Text fontSize="sm" data-testid="active-fixed">{FLEET_TEXTS.activeFixed}</Text>
        </Stack>
        <DeviceActionsDialogs actions={actions} />
        <ListView actor={list} mayEdit={false}
          bulkActions={(resource.bulkActions ?? []).filter((action) => mayCall(action.operation, permissions))}
          rowAction={(row) => <DeviceRowButtons actions={actions} device={row as MobileDevice} mayNotify={mayNotify} mayDelink={mayDelink} />} />
      </Stack>
    </AdminPage>
  );
}

/** The owner chosen in the user search becomes the list's appuserid filter (and clearing it removes the filter). */
function useOwnerFilter(owner: Actor<typeof searchSelectMachine>, list: Actor<typeof listMachine>) {
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    const subscription = owner.subscribe((snapshot) => {
      const key = snapshot.context.selected?.key;
      if (key === last.current) return;
      last.current = key;
      list.send({ type: 'list.filter', name: 'appuserid', value: key });
    });
    return () => subscription.unsubscribe();
  }, [owner, list]);
}
