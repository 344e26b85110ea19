import { toApiError } from '../../api/api-error';
import { PAYMENT_STATUS } from '../../lib/statuses';
import { defineSamples } from '../samples';
import { sampleCustomer, sampleQuote } from './booking.samples-data';
import { wizardMachine } from './wizard.machine';

const parcel = { name: 'Small', parcelType: 4, length: 20, width: 20, height: 10, weight: 2, isFragile: false };
const longStreet = { placeId: '1 Long Street, Cape Town', description: '1 Long Street, Cape Town' };
const serverError = (call: string) => toApiError(500, { message: 'Internal error (request 12)' }, `/connect/deliveries/${call}/ZA/501`);

// The delivery step runs four regions at once (form, dates, time slots, address search): each scenario
// exercises a few of them so the generated paths stay few (the product of every sample would be millions).
/** Every step after Delivery, from the quote's creation to the payment. */
const bookingEvents = [
  { type: 'xstate.done.actor.createQuote', output: sampleQuote(PAYMENT_STATUS.ITEMS_OUTSTANDING) },
  { type: 'xstate.error.actor.createQuote', error: serverError('createquotes') },
  { type: 'parcels.change', parcels: [parcel] },
  { type: 'xstate.done.actor.updateParcels', output: sampleQuote(PAYMENT_STATUS.NOT_SELECTED) },
  { type: 'xstate.error.actor.updateParcels', error: serverError('updateparcel') },
  { type: 'step.submit', quoteId: 12 },
  { type: 'step.submit', quoteId: null },
  { type: 'xstate.done.actor.selectQuote', output: sampleQuote(PAYMENT_STATUS.DETAILS_OUTSTANDING) },
  { type: 'xstate.error.actor.selectQuote', error: serverError('selectquote') },
  { type: 'quote.timeSlot', quoteId: 12, deliveryTime: '09:00' },
  { type: 'xstate.done.actor.setTimeSlot', output: sampleQuote(PAYMENT_STATUS.NOT_SELECTED) },
  { type: 'xstate.error.actor.setTimeSlot', error: serverError('settimeslot') },
  { type: 'xstate.done.actor.details', output: { result: 'saved', quote: sampleQuote(PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE) } },
  { type: 'xstate.done.actor.details', output: { result: 'back' } },
  { type: 'xstate.done.actor.acceptQuote', output: sampleQuote(PAYMENT_STATUS.PAYMENT_PENDING) },
  { type: 'xstate.error.actor.acceptQuote', error: serverError('acceptquote') },
  { type: 'xstate.done.actor.pay', output: { result: 'paid', quote: sampleQuote(PAYMENT_STATUS.PAID) } },
  { type: 'step.goto', step: 0 },
  { type: 'wizard.step', step: 0 },
] as const;

/** What the delivery step needs in every scenario (a short search text: no search is made). */
const quietDeliveryEvents = [
  { type: 'address.search', side: 'originAddress', text: 'Lo' },
  { type: 'delivery.edit', values: { isRoundTrip: true } },
] as const;

export const wizardSamples = defineSamples(wizardMachine, [
  {
    name: 'a customer books a new delivery',
    input: { viewer: sampleCustomer },
    events: [
      { type: 'address.search', side: 'originAddress', text: 'Lo' },
      { type: 'address.choose', side: 'originAddress', option: longStreet },
      { type: 'address.choose', side: 'destinationAddress', option: longStreet },
      { type: 'xstate.done.actor.resolveAddress', output: sampleQuote().originAddress },
      { type: 'xstate.done.actor.loadDates', output: ['2025-03-04', '2025-03-05'] },
      { type: 'delivery.edit', values: { deliveryDate: '2025-03-04' } },
      { type: 'xstate.done.actor.loadTimeSlots', output: [{ time: '09:00', endTime: '12:00', label: '09:00 - 12:00' }] },
      ...bookingEvents,
    ],
  },
  {
    name: 'searching for an address',
    input: { viewer: sampleCustomer },
    events: [
      { type: 'address.search', side: 'originAddress', text: 'Lo' },
      { type: 'address.search', side: 'originAddress', text: 'Long' },
      { type: 'xstate.done.actor.searchAddresses', output: [longStreet] },
      { type: 'xstate.done.actor.searchAddresses', output: [] },
      { type: 'xstate.error.actor.searchAddresses', error: serverError('addresses') },
      { type: 'address.choose', side: 'originAddress', option: longStreet },
      { type: 'xstate.error.actor.resolveAddress', error: serverError('resolve') },
      { type: 'delivery.edit', values: { isRoundTrip: true } },
    ],
  },
  {
    name: 'no dates, then no time slots',
    input: { viewer: sampleCustomer },
    events: [
      ...quietDeliveryEvents,
      { type: 'address.choose', side: 'originAddress', option: longStreet },
      { type: 'xstate.error.actor.resolveAddress', error: serverError('resolve') },
      { type: 'xstate.done.actor.loadDates', output: [] },
      { type: 'xstate.error.actor.loadDates', error: serverError('dates') },
      { type: 'delivery.edit', values: { deliveryDate: '2025-03-04' } },
      { type: 'xstate.error.actor.loadTimeSlots', error: serverError('timeslots') },
      { type: 'wizard.close' },
    ],
  },
  {
    name: 'reopening an expired delivery',
    input: { viewer: sampleCustomer, deliveryId: 501 },
    events: [
      { type: 'xstate.done.actor.getQuote', output: sampleQuote(PAYMENT_STATUS.EXPIRED) },
      { type: 'xstate.done.actor.reattempt', output: sampleQuote(PAYMENT_STATUS.NOT_SELECTED) },
      { type: 'xstate.error.actor.reattempt', error: serverError('reattempt') },
      { type: 'xstate.error.actor.getQuote', error: serverError('getquotes') },
      ...bookingEvents,
    ],
  },
]);
