/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read JSON answers loosely */
// Issue 4 audit: every call of 001 section 7 under its seed name, the calls not exercised elsewhere, and
// pricing examples on fixed dates (weekday/weekend never depend on the day the tests run).
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { portals, rates } from '../../server/db/schema';
import { priceOptions } from '../../server/domain/pricing';
import { OPERATION_ACCESS } from '../../src/lib/access';
import { quoteDisplayPriceCents } from '../../src/lib/money';
import { book, CONTACT, nextWeekday } from './booking-helpers';
import { dataOf, fieldErrors, inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const admin = () => server.as('administrator').connect;
const customer = () => server.as('customer').connect;
const companyUser = () => server.as('company.user').connect;
type Options = { key: string; value: string }[];

/** The wizard and payment calls of 001 section 7, by their seed names (issue 4), with their method. */
const SECTION_7 = {
  createquotes: 'post', getquotes: 'get', updatequotes: 'put', selectquote: 'put', settimeslot: 'put', updateparcel: 'put',
  updateparceldetails: 'put', updateorigindetails: 'put', updatedestinationdetails: 'put', updateadditionaldetails: 'put',
  updatecontactinformation: 'put', acceptquote: 'put', selectaccount: 'put', payByBalance: 'put', payBySavedCard: 'put',
  paymentCheckout: 'put', processCardPayment: 'put', paymentfailed: 'put', cancelquote: 'put', reattempt: 'put', clone: 'put',
  getaccounts: 'get', getpaymentcards: 'get', deletepaymentcard: 'delete', getAvailableDates: 'get', getavailabledates: 'get',
  getAvailableTimeSlots: 'get', getavailabletimeslots: 'get', getstores: 'get', getparceltypes: 'get', getcontacttypes: 'get',
} as const;

describe('the contract: every call of 001 section 7', () => {
  it('each seed name is an operationId with its method, and the access table lists it', () => {
    const contract = parse(readFileSync('openapi/connect.yaml', 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const found = new Map<string, { method: string; path: string }>();
    for (const [path, item] of Object.entries(contract.paths)) {
      for (const [method, operation] of Object.entries(item)) if (operation?.operationId) found.set(operation.operationId, { method, path });
    }
    for (const [operationId, method] of Object.entries(SECTION_7)) {
      expect([operationId, found.get(operationId)?.method]).toEqual([operationId, method]);
      expect([operationId, operationId in OPERATION_ACCESS]).toEqual([operationId, true]);
    }
    expect(found.get('getaccounts')!.path).toBe('/accounts/{cca2}');
    expect(found.get('getAvailableTimeSlots')!.path).toBe('/DeliveryWindows/GetAvailableTimeSlots/{cca2}/1');
    for (const pay of ['payByBalance', 'payBySavedCard', 'paymentCheckout']) expect(found.get(pay)!.path).toBe(`/deliveries/${pay}/{cca2}/{id}`);
  });
});

describe('calls not exercised by the other booking tests', () => {
  it('updatecontactinformation saves both contacts; a bad phone names the field; scope applies', async () => {
    const quote = await book(customer(), { until: 'select' });
    const params = inZa(quote.deliveryId);
    type Contact = { AddressType: 'residential'; ContactName: string; ContactCountry: string; PhoneNumber: string };
    const save = (client: ReturnType<typeof customer>, body: { origin: Contact; destination: Contact; orderReference?: string }) =>
      client.PUT('/deliveries/updatecontactinformation/{cca2}/{id}', { params, body });
    const saved = await save(customer(), { origin: CONTACT, destination: { ...CONTACT, ContactName: 'Pieter van Wyk' }, orderReference: 'PO-9' });
    expect(saved.response.status).toBe(200);
    expect(saved.data).toMatchObject({ originContactName: 'Thandi Nkosi', destinationContactName: 'Pieter van Wyk', orderReference: 'PO-9' });
    const bad = await save(customer(), { origin: { ...CONTACT, PhoneNumber: '12' }, destination: CONTACT });
    expect(bad.response.status).toBe(400);
    expect(Object.values(fieldErrors(bad.error) ?? {}).flat()).toContain('Phone number is not valid');
    expect((await save(companyUser(), { origin: CONTACT, destination: CONTACT })).response.status).toBe(404);
  });

  it('time slots at GetAvailableTimeSlots/{cca2}/1; dates for a store; payable accounts for a delivery', async () => {
    const slotsOn = (localDate: string) => customer().GET('/DeliveryWindows/GetAvailableTimeSlots/{cca2}/1', { params: { path: ZA, query: { localDate } } });
    const slots = await slotsOn(nextWeekday(3));
    expect(slots.response.status).toBe(200);
    expect(slots.data![0]).toEqual({ time: '08:00', endTime: '10:00', label: '08:00 - 10:00' });
    const missing = await slotsOn('not-a-date');
    expect(missing.response.status).toBe(400);
    const dates = await admin().GET('/DeliveryWindows/GetAvailableDates/{cca2}', { params: { path: ZA, query: { storeId: 1, companyId: 1 } } });
    expect(dates.response.status).toBe(200);
    expect(dates.data!.every((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))).toBe(true);
    const quote = await book(companyUser(), { until: 'create' });
    const accountsFor = (client: ReturnType<typeof customer>, search?: string) =>
      client.GET('/accounts/{cca2}', { params: { path: ZA, query: { select: true, deliveryId: quote.deliveryId, ...(search !== undefined && { search }) } } });
    const accounts = await accountsFor(companyUser());
    expect(accounts.response.status).toBe(200);
    const options = accounts.data as Options;
    expect(options.every((option) => typeof option.key === 'string' && typeof option.value === 'string')).toBe(true);
    // The account search select's search: the payable accounts whose name contains the typed text (any case).
    const first = options[0]!;
    const typed = first.value.slice(1, 5).toUpperCase();
    const found = await accountsFor(companyUser(), typed);
    expect(found.response.status).toBe(200);
    expect(found.data).toContainEqual(first);
    expect((found.data as Options).every((option) => option.value.toLowerCase().includes(typed.toLowerCase()))).toBe(true);
    expect((await accountsFor(companyUser(), 'no-such-account')).data).toEqual([]);
    expect((await accountsFor(customer())).response.status).toBe(404);
  });

  it('updateparceldetails: only from Ready (after payment), by a delivery edit role', async () => {
    const MEDIUM = { name: 'medium', parcelType: 2, length: 45, width: 35, height: 25, weight: 10, isFragile: false };
    const quote = await book(companyUser());
    const params = inZa(quote.deliveryId);
    const editParcels = (deliveryItems: typeof MEDIUM[]) => admin().PUT('/deliveries/updateparceldetails/{cca2}/{id}', { params, body: { deliveryItems } });
    const early = await editParcels([MEDIUM]);
    expect(early.response.status).toBe(422);
    expect(early.error?.message).toBe('Parcels can be edited only from Ready until delivered.');
    const options = await dataOf(companyUser().GET('/accounts/{cca2}', { params: { path: ZA, query: { select: true } } }));
    const accountId = Number((options as Options).find((option) => option.value === 'Acme Retail')!.key);
    expect((await companyUser().PUT('/deliveries/selectaccount/{cca2}/{id}', { params, body: { accountId } })).response.status).toBe(200);
    const paid = await companyUser().PUT('/deliveries/payByBalance/{cca2}/{id}', { params: { ...params, header: { 'Idempotency-Key': 'calls-parcels-01' } } });
    expect(paid.response.status).toBe(200);
    const edited = await editParcels([MEDIUM, { ...MEDIUM, barCode: 'B-1' } as typeof MEDIUM]);
    expect(edited.response.status).toBe(200);
    expect(edited.data!.deliveryItems).toHaveLength(2);
    // A missing weight: sent as written.
    const invalid = await server.raw('administrator', 'PUT', `/deliveries/updateparceldetails/za/${quote.deliveryId}`, { deliveryItems: [{ ...MEDIUM, weight: null }] });
    expect(invalid.status).toBe(400);
    expect(Object.values(invalid.body.errors ?? {}).flat()).toContain('Weight is required');
  });
});

describe('pricing examples on fixed dates (the rates table)', () => {
  // 2 January 2030 is a Wednesday, 5 January 2030 a Saturday, in any time zone of the portals.
  const WEDNESDAY = '2030-01-02';
  const SATURDAY = '2030-01-05';
  const input = async (distanceKm: number, date = WEDNESDAY, extra: Partial<Parameters<typeof priceOptions>[1]> = {}) => {
    const [za] = await server.database.db.select().from(portals).where(eq(portals.cca2, 'ZA'));
    return {
      portalId: za!.id, timeZone: 'Africa/Johannesburg', companyId: null, distanceKm, date, time: '08:00', slotEnd: '10:00',
      isRoundTrip: false, isHighRisk: false, parcels: [{ parcelTypeId: 1, length: 30, width: 20, height: 15, weight: 2 }], ...extra,
    };
  };
  const standard = (result: Awaited<ReturnType<typeof priceOptions>>) => result.options.find((option) => option.slaType === 'Standard')!;

  it('distance bands, weekday against weekend, round trip, high risk', async () => {
    const db = server.database.db;
    expect(standard(await priceOptions(db, await input(5))).priceExclCents).toBe(6500);
    expect(standard(await priceOptions(db, await input(60))).priceExclCents).toBe(24500);
    const hyperlocalFar = (await priceOptions(db, await input(60))).options.map((option) => option.slaType);
    expect(hyperlocalFar).not.toContain('Hyperlocal');
    expect(standard(await priceOptions(db, await input(5, SATURDAY))).priceExclCents).toBe(8125);
    const roundTrip = standard(await priceOptions(db, await input(5, WEDNESDAY, { isRoundTrip: true })));
    expect(roundTrip.priceExclCents).toBe(6500);
    expect(roundTrip.items).toEqual([expect.objectContaining({ quantity: 2, amountExcl: 13000 })]);
    expect(quoteDisplayPriceCents(roundTrip.priceExclCents, 0.15, true)).toBe(14950);
    const risky = standard(await priceOptions(db, await input(5, WEDNESDAY, { isHighRisk: true, isRoundTrip: true })));
    expect(risky.priceExclCents).toBe(6500 + 5000);
    expect(risky.items).toContainEqual(expect.objectContaining({ description: 'High-risk area surcharge', quantity: 2, amountExcl: 10000 }));
  });

  it("a pricing tier's rates are preferred to the list price; the option names its tier", async () => {
    const db = server.database.db;
    const base = await input(5);
    await db.insert(rates).values({ portalId: base.portalId, slaType: 'Standard', parcelTypeId: 1, rateType: 'Base', dayOfWeekType: 'Weekday', pricingTier: 'Gold', startKmRange: 0, endKmRange: 10, priceCents: 5000 });
    const gold = await priceOptions(db, { ...base, pricingTier: 'Gold' });
    expect(standard(gold)).toMatchObject({ priceExclCents: 5000, pricingTier: 'Gold' });
    expect(gold.options.find((option) => option.slaType === 'Priority')).toMatchObject({ priceExclCents: 9750, pricingTier: 'Standard' });
    expect(standard(await priceOptions(db, base))).toMatchObject({ priceExclCents: 6500, pricingTier: 'Standard' });
  });

  it('VAT is the portal rate', async () => {
    const db = server.database.db;
    await db.update(portals).set({ vatRateBasisPoints: 1600 }).where(eq(portals.cca2, 'ZA'));
    try {
      const quote = await book(admin(), { until: 'select' });
      expect(quote.vatRate).toBe(0.16);
      expect(quote.deliveryQuotes.every((option: any) => option.vatRate === 0.16)).toBe(true);
      expect(quote.paymentTotal).toBe(quoteDisplayPriceCents(6500, 0.16, false));
    } finally {
      await db.update(portals).set({ vatRateBasisPoints: 1500 }).where(eq(portals.cca2, 'ZA'));
    }
  });
});
