import type { AnyEventObject } from 'xstate';
import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { listMachine } from './list.machine';

const page = {
  items: [
    { id: 1, storeName: 'Acme Sea Point', companyId: 1, contactName: 'Pieter', phoneNumber: null, unitName: null, unitNumber: null, isActive: true, qsrMode: false, xmin: '10' },
    { id: 2, storeName: 'Blue Crane Rosebank', companyId: 2, contactName: 'Anika', phoneNumber: null, unitName: null, unitNumber: null, isActive: true, qsrMode: true, xmin: '11' },
  ],
  paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 2 },
};

const delivery = (id: number, waybill: string) => ({
  id, waybill, orderReference: null, customerIdentifier: null, logisticStatusId: 0, logisticStatus: 'Pending', paymentStatusId: 0,
  paymentStatus: 'Items outstanding', companyId: 1, companyName: 'Acme Retail', storeId: 1, storeName: 'Acme Sea Point', placedByEmail: null,
  readyForCollectionDate: '2026-10-05', deliverByDate: null, distanceKm: 4.2, isRoundTrip: false, isHighRisk: false, isReturnToSender: false,
  lotNumber: 0, slaType: null, pricingTier: null, priceExclCents: null, trackingUrl: null, ratingUrl: null, createdAt: '2026-09-01T06:00:00.000Z',
  xmin: String(100 + id),
});

const deliveriesPage = {
  items: [delivery(7, 'WBL000007'), delivery(8, 'WBL000008')],
  paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 2 },
};

/** A deliveries page loaded (after a failed load), searched, with delivery 7 picked: where the bulk actions start. */
const deliveriesSelected: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadPage', output: deliveriesPage },
  { type: 'xstate.error.actor.loadPage', error: toApiError(500, { message: 'boom' }, '/connect/deliveries/ZA') },
  { type: 'list.urlChanged', search: '?logisticstatuses=0' },
  { type: 'list.search', text: 'WBL' },
  { type: 'list.select', id: 7, selected: true },
  { type: 'list.selectPage', selected: false },
];

export const listSamples = defineSamples(listMachine, [
  {
    name: 'stores list opened from a shared link; stores selected and deleted',
    input: { resource: 'stores', cca2: 'ZA', search: '?isActive=true&sortby=storeName' },
    events: [
      { type: 'xstate.done.actor.loadPage', output: page },
      { type: 'xstate.error.actor.loadPage', error: toApiError(500, { message: 'boom' }, '/connect/stores/ZA') },
      { type: 'xstate.error.actor.loadPage', error: toApiError(404, undefined, '/connect/stores/ZA') },
      { type: 'list.urlChanged', search: '?page=2' },
      { type: 'list.search', text: 'crane' },
      // Too short to search (3 characters at least): the list stays as it is.
      { type: 'list.search', text: 'cr' },
      { type: 'list.select', id: 1, selected: true },
      { type: 'list.selectPage', selected: true },
      { type: 'list.bulk', action: 'delete' },
      { type: 'xstate.done.actor.runBulk', output: 2 },
      { type: 'xstate.error.actor.runBulk', error: toApiError(409, { message: 'The store is still in use and cannot be deleted.' }, '/connect/stores/ZA') },
    ],
  },
  {
    name: 'deliveries selected, deleted, and the list reloads after 2 s',
    input: { resource: 'deliveries', cca2: 'ZA', search: '?logisticstatuses=0' },
    events: [
      ...deliveriesSelected,
      { type: 'list.bulk', action: 'delete' },
      { type: 'xstate.done.actor.runBulk', output: 1 },
    ],
  },
  {
    name: 'deliveries selected get a new delivery date: Yes only once the date is given',
    input: { resource: 'deliveries', cca2: 'ZA', search: '?logisticstatuses=0' },
    events: [
      ...deliveriesSelected,
      { type: 'list.bulk', action: 'deliveryDate' },
      { type: 'list.bulkValue', value: '2026-10-06' },
      { type: 'xstate.done.actor.runBulk', output: 1 },
    ],
  },
], 'transitions');
