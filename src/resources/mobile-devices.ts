import { api } from '../api';
import { DATE_FORMATS, PAGE_SIZE_OPTIONS } from '../lib/constants';
import { FLEET_TEXTS } from '../lib/fleet';
import { deleteSelected } from './bulk';
import { asIs, entityCalls, resourceApi, type EntityRow } from './provider';
import { toApiQuery } from './query';
import type { ResourceDef } from './types';
import { formatDate } from '../lib/date-format';

export type FleetMobileDevice = EntityRow<'mobileDevices'>;

const calls = entityCalls('mobileDevices');

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const NOT_A_FORM = 'Mobile devices are read-only';


/**
 * Mobile devices (002 section 2 "Mobile devices"; staff): a read-only table with search, Owner, Trusted, Active
 * (fixed to true) and Created date range, export "MobileDevices", per row Notify (beta) and Delink
 * (src/features/fleet/MobileDevicesPage.tsx), and delete of the selected rows for administrators.
 */
export const mobileDevicesResource: ResourceDef<FleetMobileDevice> = {
  id: 'mobileDevices',
  title: 'Mobile Devices',
  singular: 'mobile device',
  // No edit screen: the edit route is the list itself (rows never link to a form).
  routes: { list: '/mobile-devices', edit: '/mobile-devices' },
  operations: { list: 'getmobiledevices', get: 'getmobiledevices', update: 'updatemobiledevice', remove: 'deletemobiledevices' },
  columns: [
    { key: 'userFullName', header: 'Owner' },
    { key: 'deviceBrand', header: 'Brand', sortKey: 'deviceBrand' },
    { key: 'deviceModel', header: 'Model', sortKey: 'deviceModel' },
    { key: 'trusted', header: 'Trusted', sortKey: 'trusted', text: (row) => yesNo(row.trusted) },
    { key: 'isActive', header: 'Active', text: (row) => yesNo(row.isActive) },
    { key: 'created', header: 'Created', sortKey: 'created', text: (row) => formatDate(row.created, DATE_FORMATS.dateTime) },
  ],
  filters: [
    { kind: 'lookup', name: 'appuserid', label: 'Owner (user id)', resource: 'users' },
    { kind: 'boolean', name: 'trusted', label: 'Trusted' },
    { kind: 'date', name: 'startDate', label: 'Created from' },
    { kind: 'date', name: 'endDate', label: 'Created to' },
  ],
  fields: [],
  defaultSort: 'created',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: FLEET_TEXTS.mobileDevicesExport,
  createOpensEdit: false,
  deletedText: FLEET_TEXTS.deletedDevices,
  bulkActions: [
    deleteSelected({
      operation: 'deletemobiledevices', singular: 'mobile device', pluralName: 'mobile devices', remove: calls.removeMany, doneText: FLEET_TEXTS.deletedDevices,
    }),
  ],
  label: (row) => `${row.deviceBrand} ${row.deviceModel} (${row.userFullName})`,
  api: {
    ...resourceApi(calls, {
      row: asIs,
      // 002 section 2: the table's Active filter is fixed to true, so every call of the screen sends it.
      query: (params) => ({ ...toApiQuery(params), isActive: true }),
      remove: 'byIds', exportable: true, readOnly: NOT_A_FORM,
    }),
    /** The Owner filter's user search (users with a device of this portal). */
    async selectOptions(cca2, search, signal) {
      const { data } = await api.connect.GET('/mobileDevices/{cca2}/owners', { params: { path: { cca2 }, query: { search } }, signal });
      return data ?? [];
    },
  },
};
