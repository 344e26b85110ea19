/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read JSON answers loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteDisplayPriceCents } from '../../src/lib/money';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { inZa, startTestServer, type TestServer } from './support';
import { book, CAPE_FLATS, CAPE_TOWN, nextWeekday, SEA_POINT, STELLENBOSCH } from './booking-helpers';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const price = (quote: any, sla: string) => quote.deliveryQuotes.find((option: any) => option.slaType === sla)?.priceExcl;

describe('pricing from the rates table', () => {
  it('a short weekday trip: one option per service level, priced by the 0-10 km band', async () => {
    const quote = await book(server.as('administrator').connect, { until: 'parcels' });
    expect(quote.paymentStatusId).toBe(PAYMENT_STATUS.NOT_SELECTED);
    expect(quote.distanceEstimate).toBeLessThan(10);
    expect(quote.deliveryQuotes.map((option: any) => option.slaType)).toEqual(['Standard', 'Priority', 'Hyperlocal', 'Emergency Relief']);
    expect(price(quote, 'Standard')).toBe(6500);
    expect(price(quote, 'Priority')).toBe(9750);
    expect(price(quote, 'Hyperlocal')).toBe(5200);
    expect(price(quote, 'Emergency Relief')).toBe(0);
    expect(quote.vatRate).toBe(0.15);
  });

  it('a longer trip falls in the 50-100 km band; Hyperlocal is not offered beyond 25 km', async () => {
    const quote = await book(server.as('administrator').connect, { destination: STELLENBOSCH, until: 'parcels' });
    expect(quote.distanceEstimate).toBeGreaterThan(50);
    expect(price(quote, 'Standard')).toBe(24500);
    expect(price(quote, 'Hyperlocal')).toBeUndefined();
  });

  it('weekend rates are 25 % higher', async () => {
    const quote = await book(server.as('administrator').connect, { date: nextWeekday(6), until: 'parcels' });
    expect(price(quote, 'Standard')).toBe(8125);
  });

  it('parcel types price differently (medium 140 %)', async () => {
    const quote = await book(server.as('administrator').connect, { parcels: [{ name: 'medium', parcelType: 2, length: 45, width: 35, height: 25, weight: 10, isFragile: false }], until: 'parcels' });
    expect(price(quote, 'Standard')).toBe(9100);
  });

  it('round trip: price one way, breakdown and display price doubled', async () => {
    const quote = await book(server.as('administrator').connect, { isRoundTrip: true, until: 'select' });
    expect(quote.isRoundTrip).toBe(true);
    expect(price(quote, 'Standard')).toBe(6500);
    expect(quote.transactionItems).toEqual([expect.objectContaining({ quantity: 2, amountExcl: 13000 })]);
    expect(quote.paymentTotal).toBe(quoteDisplayPriceCents(6500, 0.15, true));
    expect(quote.paymentTotal).toBe(14950);
  });

  it('high-risk area: flagged and surcharged', async () => {
    const quote = await book(server.as('administrator').connect, { origin: CAPE_FLATS, destination: { ...CAPE_TOWN }, until: 'select' });
    expect(quote.isHighRisk).toBe(true);
    const base = quote.transactionItems.find((item: any) => item.transactionItemTypeId === 1)!.amountExcl;
    expect(quote.transactionItems).toContainEqual(expect.objectContaining({ description: 'High-risk area surcharge', amountExcl: 5000 }));
    expect(price(quote, 'Standard')).toBe(base + 5000);
  });

  it('prices are hidden from customers (only administrator, management, staff see them)', async () => {
    const quote = await book(server.as('customer').connect, { until: 'select' });
    expect(quote.deliveryQuotes.every((option: any) => option.priceExcl === null)).toBe(true);
    expect(quote.transactionItems).toEqual([]);
    const staff = await server.as('staff').connect.GET('/deliveries/getquotes/{cca2}/{id}', { params: inZa(quote.deliveryId) });
    expect(staff.response.status).toBe(200);
    expect(staff.data!.deliveryQuotes[0]!.priceExcl).toBe(6500);
  });

  it('options carry windows and an expiry; settimeslot moves the windows and keeps the selection', async () => {
    const quote = await book(server.as('administrator').connect, { until: 'select' });
    const option = quote.deliveryQuotes.find((candidate: any) => candidate.slaType === 'Standard')!;
    expect(new Date(option.quoteExpirationUtc).getTime()).toBeGreaterThan(Date.now());
    const moved = await server.as('administrator').connect.PUT('/deliveries/settimeslot/{cca2}/{id}', {
      params: { ...inZa(quote.deliveryId), query: { deliveryTime: '10:00' } },
    });
    expect(moved.response.status).toBe(200);
    expect(moved.data!.readyForCollectionTimeSlotLocal).toBe('10:00');
    const again = moved.data!.deliveryQuotes.find((candidate) => candidate.id === moved.data!.selectedDeliveryQuoteId)!;
    expect(again.slaType).toBe('Standard');
    expect(new Date(again.pickupWindowStartUtc).getTime() - new Date(option.pickupWindowStartUtc).getTime()).toBe(2 * 3600 * 1000);
  });

  it('uses SEA_POINT as a short destination', () => { expect(SEA_POINT.coordinates.lat).toBeLessThan(0); });
});
