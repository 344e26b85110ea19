import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { FLEET_TEXTS, VEHICLE_TYPE_IDS, VEHICLE_TYPE_LABELS } from '../lib/fleet';
import { bodyOf } from './api-helpers';
import { asIs, entityCalls, resourceApi, type EntityRow } from './provider';
import type { FormValues, ResourceDef } from './types';

/** A vehicle of the list (type code a number) or of the form (the type select holds the code as text). */
export type FleetVehicle = Omit<EntityRow<'vehicles'>, 'vehicleTypeId'> & { vehicleTypeId: EntityRow<'vehicles'>['vehicleTypeId'] | string };

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const TYPE_OPTIONS = VEHICLE_TYPE_IDS.map(String);
const TYPE_OPTION_LABELS = Object.fromEntries(Object.entries(VEHICLE_TYPE_LABELS));

/** The form holds the type as its code text (a select); the contract wants the number. */
function vehicleBody(values: FormValues) {
  const body = bodyOf(values);
  return { ...body, vehicleTypeId: body.vehicleTypeId === null || body.vehicleTypeId === undefined ? null : Number(body.vehicleTypeId) };
}

/** The form's type select holds the code as text. */
const formRecord = (record: EntityRow<'vehicles'>): FleetVehicle => ({ ...record, vehicleTypeId: String(record.vehicleTypeId) });

/**
 * Vehicles (000 sections 2 and 6: administrator, management, staff): list with the catalogue's vehicleTypes,
 * driver, partner company and isActive filters, export "Vehicles", add and edit (no delete in the spec). The driver and
 * partner company are chosen with searchable selects on the form screen (src/features/fleet/VehicleFormPage.tsx).
 */
export const vehiclesResource: ResourceDef<FleetVehicle> = {
  id: 'vehicles',
  title: 'Vehicles',
  singular: 'vehicle',
  routes: { list: '/vehicles', add: '/vehicles/add', edit: '/vehicles/edit/:id' },
  operations: { list: 'getvehicles', get: 'getvehicle', create: 'createvehicle', update: 'updatevehicle' },
  columns: [
    { key: 'registration', header: 'Registration', sortKey: 'registration' },
    { key: 'make', header: 'Make', sortKey: 'make' },
    { key: 'model', header: 'Model' },
    { key: 'vehicleType', header: 'Vehicle type', sortKey: 'vehicleTypeId' },
    { key: 'driverName', header: 'Driver', text: (row) => row.driverName ?? '' },
    { key: 'partnerCompanyName', header: 'Partner company', text: (row) => row.partnerCompanyName ?? '' },
    { key: 'isActive', header: 'Active', sortKey: 'isActive', text: (row) => yesNo(row.isActive) },
  ],
  filters: [
    { kind: 'enum', name: 'vehicleTypes', label: 'Vehicle type', options: TYPE_OPTIONS, optionLabels: TYPE_OPTION_LABELS },
    { kind: 'boolean', name: 'isActive', label: 'Active' },
    { kind: 'lookup', name: 'driverid', label: 'Driver', resource: 'users' },
    { kind: 'lookup', name: 'partnercompanyid', label: 'Partner company', resource: 'companies' },
  ],
  fields: [
    { name: 'registration', label: 'Registration', kind: 'text', required: true, maxLength: 20 },
    { name: 'make', label: 'Make', kind: 'text', required: true, maxLength: 60 },
    { name: 'model', label: 'Model', kind: 'text', required: true, maxLength: 60 },
    { name: 'colour', label: 'Colour', kind: 'text', maxLength: 40 },
    { name: 'vehicleTypeId', label: 'Vehicle type', kind: 'enum', options: TYPE_OPTIONS, optionLabels: TYPE_OPTION_LABELS, required: true },
    { name: 'isActive', label: 'Active', kind: 'boolean' },
  ],
  defaultSort: 'registration',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: FLEET_TEXTS.vehiclesExport,
  createOpensEdit: true,
  label: (row) => row.registration,
  api: resourceApi(entityCalls('vehicles'), {
    row: (row): FleetVehicle => row,
    record: formRecord,
    created: asIs,
    updated: formRecord,
    createBody: vehicleBody,
    exportable: true,
  }),
};
