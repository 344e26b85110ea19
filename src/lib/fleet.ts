/**
 * Fleet catalogue (issue 6): vehicle types of 002 section 9 and the texts of the vehicles, hubs and mobile
 * devices screens. The spec gives the type codes and names only; the two codes of each bakkie share a name,
 * so the label carries the code to tell them apart (ours).
 */
export const VEHICLE_TYPE = {
  MOTORCYCLE: 10,
  SEDAN: 20,
  HALF_TON_BAKKIE: 31,
  HALF_TON_BAKKIE_ALT: 32,
  ONE_TON_BAKKIE: 41,
  ONE_TON_BAKKIE_ALT: 42,
  FLATBED: 51,
} as const;

export type VehicleTypeId = (typeof VEHICLE_TYPE)[keyof typeof VEHICLE_TYPE];

export const VEHICLE_TYPE_LABELS: Record<VehicleTypeId, string> = {
  10: 'Motorcycle',
  20: 'Sedan',
  31: 'Half-ton bakkie (31)',
  32: 'Half-ton bakkie (32)',
  41: 'One-ton bakkie (41)',
  42: 'One-ton bakkie (42)',
  51: 'Flatbed',
};

export const VEHICLE_TYPE_IDS = Object.keys(VEHICLE_TYPE_LABELS).map(Number) as VehicleTypeId[];

export const vehicleTypeLabel = (id: number): string => VEHICLE_TYPE_LABELS[id as VehicleTypeId] ?? String(id);

/** Texts of the fleet screens and calls (ours where the spec is silent). */
export const FLEET_TEXTS = {
  vehiclesExport: 'Vehicles',
  mobileDevicesExport: 'MobileDevices',
  registrationTaken: 'A vehicle with this registration already exists.',
  hubNameTaken: 'A hub with this name already exists.',
  notADriver: 'The driver must be a user with the Driver role.',
  notAPartner: 'The partner company must be a company of this portal.',
  deviceInactive: 'The mobile device is not active.',
  notify: 'Notify',
  dismiss: 'Dismiss',
  activeFixed: 'Active: Yes',
  owner: 'Owner',
  view: 'View',
  edit: 'Edit',
  delink: 'Delink',
  delinkQuestion: (device: string): string => `Delink ${device}? The device will have to sign in again.`,
  delinked: 'The device was delinked.',
  notified: 'The notification was sent.',
  notificationTitle: 'Mobile device',
  notificationMessage: (device: string): string => `A test notification was sent to your ${device}.`,
  deletedDevices: (n: number): string => `deleted ${n} mobile ${n === 1 ? 'device' : 'devices'}.`,
  hubDeliveries: 'Deliveries through this hub',
  hubOpenDeliveries: 'Not finished',
  hubAddress: 'Address',
  hubMap: 'Map',
  editHub: 'Edit hub',
} as const;
