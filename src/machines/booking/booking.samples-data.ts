// Shared sample data for the booking machines' scenario catalogues (model tests and the /flows simulator).
import { PAYMENT_STATUS } from '../../lib/statuses';
import { roleFlagsOf } from '../../lib/roles';
import type { BookingViewer, Quote } from './booking.model';
import { sampleQuoteOptions } from './quote-expiry.samples';

export const sampleCustomer: BookingViewer = {
  cca2: 'ZA',
  permissions: {
    id: 7, companyId: null, storeId: null, email: 'customer@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
    ...roleFlagsOf(7, []),
  },
  profile: {
    firstName: 'Thandi', lastName: 'Nkosi', email: 'customer@demo.test', phoneNumber: '+27821234567', contactCountryCode: 'ZA',
    unitName: null, unitNumber: null,
  },
};

const address = (description: string, lat: number, lon: number) => ({ placeId: description, description, coordinates: { lat, lon } });

export function sampleQuote(paymentStatusId: number = PAYMENT_STATUS.ITEMS_OUTSTANDING, overrides: Partial<Quote> = {}): Quote {
  return {
    deliveryId: 501, xmin: '1', isHighRisk: false, isRoundTrip: false,
    originAddress: address('1 Long Street, Cape Town', -33.9207, 18.4231),
    destinationAddress: address('10 Main Road, Claremont', -33.9806, 18.4653),
    deliveryQuotes: sampleQuoteOptions, paymentStatusId, paymentTotal: 14375, paymentCreditApplied: 0, paymentOutStanding: 0,
    paymentTotalDue: 14375, vatRate: 0.15, tipAmount: 0, transactionItems: [], logisticStatusId: 0, deliveryItems: [],
    readyForCollectionDateOnlyUtc: '2025-03-04', readyForCollectionTimeSlotLocal: '09:00',
    ...overrides,
  };
}
