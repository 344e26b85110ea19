import { assign, emit, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import { FLEET_TEXTS } from '../../lib/fleet';
import { notifySuccess } from '../shared/shared.actions';
import type { DeviceActionsSchema, MobileDevice, DeviceCallInput } from './device-actions.types';

/**
 * The mobile devices table's row actions (002 sections 2 and 7): Delink asks No / Yes, then sends the device
 * with isActive false (PUT /mobileDevices/{cca2}/{id}); Notify sends the owner a test notification
 * (PUT /mobileDevices/{cca2}/notify/{id}). A refusal (409: inactive or changed meanwhile) stays until dismissed.
 */
export const deviceActionsMachine = setup({
  types: {} as DeviceActionsSchema,
  actors: {
    delinkDevice: fromPromise<MobileDevice, DeviceCallInput>(async ({ input: { cca2, device } }) => {
      // 002 section 7: the device as read, plus isActive false (its xmin guards against a concurrent change).
      const { data } = await api.connect.PUT('/mobileDevices/{cca2}/{id}', { params: { path: { cca2, id: device.id } }, body: { ...device, isActive: false } });
      return data!;
    }),
    notifyDevice: fromPromise<MobileDevice, DeviceCallInput>(async ({ input: { cca2, device } }) => {
      const { data } = await api.connect.PUT('/mobileDevices/{cca2}/notify/{id}', { params: { path: { cca2, id: device.id } } });
      return data!;
    }),
  },
  actions: {
    take: assign({ device: ({ event }) => ('device' in event ? event.device : undefined), error: undefined }),
    forget: assign({ device: undefined, error: undefined }),
    notifyDelinked: ({ system }) => notifySuccess({ system }, { text: FLEET_TEXTS.delinked }),
    notifyNotified: ({ system }) => notifySuccess({ system }, { text: FLEET_TEXTS.notified }),
  },
}).createMachine({
  id: 'deviceActions',
  description: 'Row actions of the mobile devices table: delink (after a confirmation) and notify; the list reloads after either.',
  context: ({ input }) => ({ cca2: input.cca2, device: undefined, error: undefined }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Each active device offers Delink, and Notify for beta users.',
      on: {
        'devices.delink': { target: 'confirmingDelink', actions: 'take' },
        'devices.notify': { target: 'notifying', actions: 'take' },
      },
    },
    confirmingDelink: {
      description: 'The confirm dialog asks whether to delink the device (No / Yes).',
      on: {
        'devices.confirmNo': { target: 'idle', actions: 'forget' },
        'devices.confirmYes': { target: 'delinking' },
      },
    },
    delinking: {
      description: 'The server sets the device inactive (only if nobody changed it meanwhile).',
      invoke: {
        id: 'delinkDevice',
        src: 'delinkDevice',
        input: ({ context }) => ({ cca2: context.cca2, device: context.device! }),
        onDone: { target: 'idle', actions: ['forget', 'notifyDelinked', emit({ type: 'devices.changed' as const })] },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    notifying: {
      description: 'The server sends the owner a test notification.',
      invoke: {
        id: 'notifyDevice',
        src: 'notifyDevice',
        input: ({ context }) => ({ cca2: context.cca2, device: context.device! }),
        onDone: { target: 'idle', actions: ['forget', 'notifyNotified', emit({ type: 'devices.changed' as const })] },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    failed: {
      description: 'The server refused or failed; the message stays until dismissed, and the list reloads.',
      entry: emit({ type: 'devices.changed' as const }),
      on: {
        'devices.dismiss': { target: 'idle', actions: 'forget' },
        'devices.delink': { target: 'confirmingDelink', actions: 'take' },
        'devices.notify': { target: 'notifying', actions: 'take' },
      },
    },
  },
});
