import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';

export type MobileDevice = components['schemas']['FleetMobileDevice'];

export interface DeviceActionsInput {
  cca2: string;
}

export interface DeviceActionsContext {
  cca2: string;
  /** The device being delinked or notified. */
  device: MobileDevice | undefined;
  error: ApiError | undefined;
}

export type DeviceActionsEvent =
  | { type: 'devices.notify'; device: MobileDevice }
  | { type: 'devices.delink'; device: MobileDevice }
  | { type: 'devices.confirmNo' }
  | { type: 'devices.confirmYes' }
  | { type: 'devices.dismiss' };

/** A device changed on the server: the list reloads. */
export type DeviceActionsEmitted = { type: 'devices.changed' };

export interface DeviceCallInput {
  cca2: string;
  device: MobileDevice;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface DeviceActionsSchema {
  input: DeviceActionsInput;
  context: DeviceActionsContext;
  events: DeviceActionsEvent;
  emitted: DeviceActionsEmitted;
}
