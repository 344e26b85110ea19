import { toApiError } from '../../api/api-error';
import { roleFlagsOf } from '../../lib/roles';
import { defineSamples } from '../samples';
import { sampleCustomer } from './booking.samples-data';
import { deliveryStepMachine } from './delivery-step.machine';
import type { BookingViewer } from './booking.model';

/** An address option as the address search answers it, and the address it resolves to. */
export const sampleAddressOption = { key: 'za-cpt-long-street-1', value: '1 Long Street, Cape Town' };
export const sampleResolvedAddress = {
  placeId: 'za-cpt-long-street-1', description: '1 Long Street, Cape Town', coordinates: { lat: -33.9207, lon: 18.4231 },
};
export const sampleDates = ['2025-03-04', '2025-03-05'];
export const sampleTimeSlots = [{ time: '09:00', endTime: '12:00', label: '09:00 - 12:00' }];
export const sampleStores = [{ key: '3', value: 'Sea Point store' }];

/** An administrator: any date (a date picker), no stores list. */
export const sampleAdministrator: BookingViewer = {
  ...sampleCustomer,
  permissions: { ...sampleCustomer.permissions, id: 1, email: 'administrator@demo.test', ...roleFlagsOf(1, ['Administrator']) },
};

/** A store user (company 2, store 3): the stores list loads first. */
export const sampleStoreUser: BookingViewer = {
  ...sampleCustomer,
  permissions: { ...sampleCustomer.permissions, id: 9, companyId: 2, storeId: 3, email: 'store.user@demo.test', ...roleFlagsOf(9, ['StoreUser']) },
};

const lookupError = (path: string) => toApiError(500, { message: 'Internal error (request 7)' }, `/connect/${path}/ZA`);
const chosen = (id: 'originSearch' | 'destinationSearch', selected: typeof sampleAddressOption | null) =>
  ({ type: `xstate.snapshot.${id}`, snapshot: { context: { selected } } });

/** A store's address as its store picker resolves it (carrying the storeId). */
export const sampleStoreAddress = {
  placeId: 'za-cpt-main-road-sea-point', description: 'Main Road, Sea Point, Cape Town', coordinates: { lat: -33.916, lon: 18.389 }, storeId: 3,
};

const notFound = toApiError(404, { message: 'Not found: address za-cpt-long-street-1' }, '/connect/addresses/ZA');

/** Each side's select: a choice (resolved, or refused), and clearing it; both sides may resolve at once. */
const addressEvents = [
  chosen('originSearch', sampleAddressOption),
  chosen('originSearch', null),
  chosen('destinationSearch', sampleAddressOption),
  chosen('destinationSearch', null),
  { type: 'xstate.done.actor.resolveOriginAddress', output: sampleResolvedAddress },
  { type: 'xstate.error.actor.resolveOriginAddress', error: notFound },
  { type: 'xstate.done.actor.resolveDestinationAddress', output: sampleResolvedAddress },
  { type: 'xstate.error.actor.resolveDestinationAddress', error: notFound },
];

export const deliveryStepSamples = defineSamples(deliveryStepMachine, [
  {
    name: 'an administrator choosing addresses, a date and a time slot',
    input: { viewer: sampleAdministrator, originAddress: null, destinationAddress: null, deliveryDate: '' },
    events: [
      { type: 'xstate.done.actor.loadDates', output: sampleDates },
      { type: 'xstate.done.actor.loadDates', output: [] },
      { type: 'xstate.error.actor.loadDates', error: lookupError('DeliveryWindows/GetAvailableDates') },
      { type: 'delivery.date', date: '2025-03-04' },
      { type: 'delivery.date', date: '' },
      { type: 'xstate.done.actor.loadTimeSlots', output: sampleTimeSlots },
      { type: 'xstate.error.actor.loadTimeSlots', error: lookupError('DeliveryWindows/getavailabletimeslots') },
      ...addressEvents,
    ],
  },
  {
    name: 'a store user (the stores list loads first)',
    input: { viewer: sampleStoreUser, originAddress: null, destinationAddress: null, deliveryDate: '' },
    events: [
      { type: 'xstate.done.actor.loadStores', output: sampleStores },
      { type: 'xstate.error.actor.loadStores', error: lookupError('stores') },
      { type: 'xstate.done.actor.loadDates', output: sampleDates },
      // The pick-up store's address becomes the pick-up address (issue 21); no store, no address.
      { type: 'delivery.store', side: 'originAddress', storeId: 3 },
      { type: 'xstate.done.actor.resolveOriginAddress', output: sampleStoreAddress },
      { type: 'delivery.store', side: 'originAddress', storeId: null },
    ],
  },
  {
    // 001 section 2: a user whose token has a storeId starts with the store as the pick-up store.
    name: 'a store user with a store of their own',
    input: { viewer: sampleStoreUser, originAddress: null, destinationAddress: null, originStoreId: 3, deliveryDate: '' },
    events: [
      { type: 'xstate.done.actor.loadStores', output: sampleStores },
      { type: 'xstate.done.actor.loadDates', output: sampleDates },
      { type: 'xstate.done.actor.resolveOriginAddress', output: sampleStoreAddress },
      { type: 'xstate.error.actor.resolveOriginAddress', error: notFound },
    ],
  },
  {
    // Step 1 entered again with its date (the step prop, Back from Parcels): the date's time slots load at once.
    name: 'an administrator back on step 1 with a date',
    input: { viewer: sampleAdministrator, originAddress: null, destinationAddress: null, deliveryDate: '2025-03-04' },
    events: [
      { type: 'xstate.done.actor.loadDates', output: sampleDates },
      { type: 'xstate.done.actor.loadTimeSlots', output: sampleTimeSlots },
    ],
  },
  {
    name: 'a store user picking a drop-off store',
    input: { viewer: sampleStoreUser, originAddress: null, destinationAddress: null, deliveryDate: '' },
    events: [
      { type: 'xstate.done.actor.loadStores', output: sampleStores },
      { type: 'xstate.done.actor.loadDates', output: sampleDates },
      // The drop-off store's address becomes the drop-off address; no store, no address.
      { type: 'delivery.store', side: 'destinationAddress', storeId: 3 },
      { type: 'xstate.done.actor.resolveDestinationAddress', output: sampleStoreAddress },
      { type: 'delivery.store', side: 'destinationAddress', storeId: null },
    ],
  },
], 'transitions');
