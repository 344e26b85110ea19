import { toApiError } from '../../api/api-error';
import { FLEET_TEXTS } from '../../lib/fleet';
import { defineSamples } from '../samples';
import { deviceActionsMachine } from './device-actions.machine';
import type { MobileDevice } from './device-actions.types';

/** A device of the demo seed (driver@demo.test's phone). */
export const SAMPLE_DEVICE: MobileDevice = {
  id: 7, appUserId: 11, userFullName: 'Dumisani Driver', deviceBrand: 'Samsung', deviceModel: 'Galaxy A54', trusted: true,
  isActive: true, created: '2026-01-12T08:30:00.000Z', lastNotifiedAt: null, xmin: '812',
};

export const deviceActionsSamples = defineSamples(deviceActionsMachine, [
  {
    name: 'delink a device (No first, then Yes)',
    input: { cca2: 'ZA' },
    events: [
      { type: 'devices.delink', device: SAMPLE_DEVICE },
      { type: 'devices.confirmNo' },
      { type: 'devices.confirmYes' },
      { type: 'xstate.done.actor.delinkDevice', output: { ...SAMPLE_DEVICE, isActive: false, xmin: '813' } },
      { type: 'xstate.error.actor.delinkDevice', error: toApiError(409, { message: FLEET_TEXTS.deviceInactive }, '/connect/mobileDevices/ZA/7') },
      { type: 'devices.dismiss' },
    ],
  },
  {
    name: 'notify the owner of a device',
    input: { cca2: 'ZA' },
    events: [
      { type: 'devices.notify', device: SAMPLE_DEVICE },
      { type: 'xstate.done.actor.notifyDevice', output: { ...SAMPLE_DEVICE, lastNotifiedAt: '2026-06-01T10:00:00.000Z' } },
      { type: 'xstate.error.actor.notifyDevice', error: toApiError(403, { message: "Access denied. You don't have the appropriate permissions to perform the current action." }, '/connect/mobileDevices/ZA/notify/7') },
      { type: 'devices.dismiss' },
    ],
  },
], 'transitions');
