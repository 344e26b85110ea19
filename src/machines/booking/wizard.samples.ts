import { toApiError } from '../../api/api-error';
import { PAYMENT_STATUS } from '../../lib/statuses';
import { defineSamples } from '../samples';
import { sampleCustomer, sampleQuote } from './booking.samples-data';
import { wizardMachine } from './wizard.machine';

/** The parcel step 2's 'Add custom package' form makes of 'Documents', 20 × 20 × 10 cm, 2 Kg. */
export const sampleCustomParcel = { name: 'Custom', parcelType: 4, deliveryItemName: 'Documents', length: 20, width: 20, height: 10, weight: 2, isFragile: false };
const serverError = (call: string) => toApiError(500, { message: 'Internal error (request 12)' }, `/connect/deliveries/${call}/ZA/501`);

/** The addresses step 1's selects resolve to (the delivery step chart hands them to the wizard as `delivery.edit`). */
export const samplePickUp = sampleQuote().originAddress!;
export const sampleDropOff = sampleQuote().destinationAddress!;
export const sampleParcelTypes = [
  { id: 1, name: 'Small', length: 20, width: 20, height: 10, weight: 2 },
  { id: 2, name: 'Medium', length: 40, width: 30, height: 20, weight: 5 },
  { id: 3, name: 'Large', length: 60, width: 40, height: 40, weight: 15 },
  { id: 4, name: 'Custom', length: 0, width: 0, height: 0, weight: 0 },
];

// Step 1's lookups (dates, time slots, address searches) are the delivery step chart's: the wizard sees only the
// form values they produce, so its graph stays small.
/** Every step, from the form of step 1 to the payment. */
const bookingEvents = [
  { type: 'delivery.edit', values: { originAddress: samplePickUp } },
  { type: 'delivery.edit', values: { destinationAddress: sampleDropOff } },
  { type: 'delivery.edit', values: { deliveryDate: '2025-03-04' } },
  // The drop-off's resolve is under way (its address follows as the edit above): a Next meanwhile waits for it.
  { type: 'delivery.resolving', side: 'destinationAddress' },
  { type: 'step.submit' },
  { type: 'xstate.done.actor.createQuote', output: sampleQuote(PAYMENT_STATUS.ITEMS_OUTSTANDING) },
  { type: 'xstate.error.actor.createQuote', error: serverError('createquotes') },
  { type: 'xstate.done.actor.updateQuote', output: sampleQuote(PAYMENT_STATUS.ITEMS_OUTSTANDING) },
  { type: 'xstate.error.actor.updateQuote', error: serverError('updatequotes') },
  { type: 'xstate.done.actor.loadParcelTypes', output: sampleParcelTypes },
  { type: 'parcels.change', parcels: [sampleCustomParcel] },
  { type: 'xstate.done.actor.updateParcels', output: sampleQuote(PAYMENT_STATUS.NOT_SELECTED) },
  { type: 'xstate.error.actor.updateParcels', error: serverError('updateparcel') },
  { type: 'step.submit', quoteId: 12 },
  { type: 'xstate.done.actor.selectQuote', output: sampleQuote(PAYMENT_STATUS.DETAILS_OUTSTANDING) },
  { type: 'xstate.error.actor.selectQuote', error: serverError('selectquote') },
  { type: 'xstate.done.actor.loadTimeSlots', output: [{ time: '09:00', endTime: '12:00', label: '09:00 - 12:00' }, { time: '12:00', endTime: '15:00', label: '12:00 - 15:00' }] },
  { type: 'quote.timeSlot', quoteId: 12, deliveryTime: '12:00' },
  { type: 'xstate.done.actor.setTimeSlot', output: sampleQuote(PAYMENT_STATUS.NOT_SELECTED) },
  { type: 'xstate.error.actor.setTimeSlot', error: serverError('settimeslot') },
  { type: 'xstate.done.actor.details', output: { result: 'saved', quote: sampleQuote(PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE) } },
  { type: 'xstate.done.actor.details', output: { result: 'back' } },
  { type: 'xstate.done.actor.acceptQuote', output: sampleQuote(PAYMENT_STATUS.PAYMENT_PENDING) },
  { type: 'xstate.error.actor.acceptQuote', error: serverError('acceptquote') },
  { type: 'xstate.done.actor.pay', output: { result: 'paid', quote: sampleQuote(PAYMENT_STATUS.PAID) } },
  { type: 'step.goto', step: 0 },
] as const;

export const wizardSamples = defineSamples(wizardMachine, [
  {
    name: 'a customer books a new delivery',
    input: { viewer: sampleCustomer },
    // The step prop asks for Delivery (001 section 4): without quote data the wizard goes there.
    events: [...bookingEvents, { type: 'wizard.step', step: 0 }],
  },
  {
    name: 'reopening a delivery',
    input: { viewer: sampleCustomer, deliveryId: 501 },
    events: [
      { type: 'xstate.done.actor.getQuote', output: sampleQuote(PAYMENT_STATUS.EXPIRED) },
      // A failed card payment is always an accepted delivery's (the server fails no other): it has its parcels.
      { type: 'xstate.done.actor.getQuote', output: sampleQuote(PAYMENT_STATUS.PAYMENT_FAILED, { paymentPeachPaymentFailureDescription: 'Card declined', deliveryItems: [sampleCustomParcel] }) },
      { type: 'xstate.done.actor.getQuote', output: sampleQuote(PAYMENT_STATUS.PAID) },
      { type: 'xstate.error.actor.getQuote', error: serverError('getquotes') },
      // A reattempt answers NOT_SELECTED only for a delivery with parcels (without: ITEMS_OUTSTANDING).
      { type: 'xstate.done.actor.reattempt', output: sampleQuote(PAYMENT_STATUS.NOT_SELECTED, { deliveryItems: [sampleCustomParcel] }) },
      { type: 'xstate.error.actor.reattempt', error: serverError('reattempt') },
      { type: 'wizard.reattempt' },
      // The step prop changes while the quote has no data: the delivery opens on Quotes, not where it stopped.
      { type: 'wizard.step', step: 2 },
      { type: 'wizard.close' },
      ...bookingEvents,
    ],
  },
], 'transitions');
