import { Alert, Button, HStack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { FLEET_TEXTS } from '../../lib/fleet';
import type { deviceActionsMachine } from '../../machines/fleet/device-actions.machine';
import type { MobileDevice } from '../../machines/fleet/device-actions.types';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

const nameOf = (device: MobileDevice) => `${device.deviceBrand} ${device.deviceModel}`;

/**
 * A row's buttons (002 section 2): Notify only for users with the beta permission (and the right to call it),
 * Delink for those who may; both disabled for an inactive device and while an action runs.
 */
export function DeviceRowButtons({ actions, device, mayNotify, mayDelink }: {
  actions: Actor<typeof deviceActionsMachine>;
  device: MobileDevice;
  mayNotify: boolean;
  mayDelink: boolean;
}) {
  const busy = useSelector(actions, (snapshot) => snapshot.matches('delinking') || snapshot.matches('notifying'));
  const disabled = !device.isActive || busy;
  return (
    <HStack gap={1}>
      {mayNotify && (
        <Button size="xs" variant="outline" disabled={disabled} aria-label={`${FLEET_TEXTS.notify} ${nameOf(device)} (${device.userFullName})`}
          onClick={() => actions.send({ type: 'devices.notify', device })}>{FLEET_TEXTS.notify}</Button>
      )}
      {mayDelink && (
        <Button size="xs" variant="outline" disabled={disabled} aria-label={`${FLEET_TEXTS.delink} ${nameOf(device)} (${device.userFullName})`}
          onClick={() => actions.send({ type: 'devices.delink', device })}>{FLEET_TEXTS.delink}</Button>
      )}
    </HStack>
  );
}

/** The delink confirmation and a refusal's message (kept until dismissed). */
export function DeviceActionsDialogs({ actions }: { actions: Actor<typeof deviceActionsMachine> }) {
  const device = useSelector(actions, (s) => s.context.device);
  const error = useSelector(actions, (s) => s.context.error);
  const inConfirmingDelink = useSelector(actions, (s) => s.matches('confirmingDelink'));
  const inDelinking = useSelector(actions, (s) => s.matches('delinking'));
  const inFailed = useSelector(actions, (s) => s.matches('failed'));
  return (
    <>
      {inFailed && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error?.message}</Alert.Title>
          <Button size="xs" ml="auto" onClick={() => actions.send({ type: 'devices.dismiss' })}>{FLEET_TEXTS.dismiss}</Button>
        </Alert.Root>
      )}
      <ConfirmDialog open={inConfirmingDelink || inDelinking} busy={inDelinking}
        title={FLEET_TEXTS.delink} message={device ? FLEET_TEXTS.delinkQuestion(`${nameOf(device)} (${device.userFullName})`) : ''}
        onNo={() => actions.send({ type: 'devices.confirmNo' })} onYes={() => actions.send({ type: 'devices.confirmYes' })} />
    </>
  );
}
