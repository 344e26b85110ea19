/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read JSON answers loosely */
// Hubs in the quote/delivery response, the account's row version (xmin) and return-to-sender pricing (issue 4).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, companies } from '../../server/db/schema';
import { SEED_HUBS } from '../../server/db/seed-booking';
import { requirePortal } from '../../server/domain/portals';
import { returnToSenderPrice, TRANSACTION_ITEM_TYPE } from '../../server/domain/pricing';
import { book, type Address, CAPE_TOWN, nextWeekday, SEA_POINT, STELLENBOSCH } from './booking-helpers';
import { dataOf, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const admin = () => server.as('administrator').connect;
const companyUser = () => server.as('company.user').connect;
const SANDTON: Address = { placeId: 'za-johannesburg-sandton', description: 'Sandton, Johannesburg, Gauteng, South Africa', coordinates: { lat: -26.1076, lon: 28.0567 } };
const ROSEBANK: Address = { placeId: 'za-johannesburg-rosebank', description: 'Rosebank, Johannesburg, Gauteng, South Africa', coordinates: { lat: -26.146, lon: 28.043 } };
const KIMBERLEY: Address = { placeId: 'za-kimberley-kimberley', description: 'Kimberley, Northern Cape, South Africa', coordinates: { lat: -28.7282, lon: 24.7499 } };

describe('hub and hubAddress of the quote/delivery response', () => {
  it('a Standard delivery passes through the hub nearest its pick-up; the hub has a contact and an address', async () => {
    const quote = await book(admin(), { until: 'select', sla: 'Standard' });
    const capeTown = SEED_HUBS.find((hub) => hub.hubName === 'Cape Town Hub')!;
    expect(quote.hub).toEqual({ contactName: capeTown.contactName, phoneNumber: capeTown.phoneNumber, email: null });
    expect(quote.hubAddress).toEqual({ placeId: 'za-cape-town-epping', description: 'Epping, Cape Town, Western Cape, South Africa', coordinates: { lat: -33.929, lon: 18.55 } });
    const read = await dataOf(admin().GET('/deliveries/getquotes/{cca2}/{id}', { params: inZa(quote.deliveryId) }));
    expect(read.hub!.contactName).toBe(capeTown.contactName);
  });

  it('Johannesburg pick-ups go through the Johannesburg hub', async () => {
    const quote = await book(admin(), { origin: SANDTON, destination: ROSEBANK, until: 'select', sla: 'Standard' });
    expect(quote.hub!.contactName).toBe(SEED_HUBS.find((hub) => hub.hubName === 'Johannesburg Hub')!.contactName);
    expect(quote.hubAddress!.placeId).toBe('za-johannesburg-germiston');
  });

  it('other service levels go direct; changing the selection moves the delivery off the hub', async () => {
    const priority = await book(admin(), { until: 'select', sla: 'Priority' });
    expect(priority.hub).toBeNull();
    expect(priority.hubAddress).toBeNull();
    const standard = priority.deliveryQuotes.find((option: any) => option.slaType === 'Standard');
    const reselected = await dataOf(admin().PUT('/deliveries/selectquote/{cca2}/{id}', { params: inZa(priority.deliveryId), body: { xmin: priority.xmin, quoteId: standard!.id } }));
    expect(reselected.hub).not.toBeNull();
    // A new time slot keeps the service level, and so the hub.
    const moved = await dataOf(admin().PUT('/deliveries/settimeslot/{cca2}/{id}', { params: { ...inZa(priority.deliveryId), query: { deliveryTime: '10:00' } } }));
    expect(moved.hub).not.toBeNull();
    const edited = await admin().PUT('/deliveries/updatequotes/{cca2}/{id}', { params: inZa(priority.deliveryId), body: {
      xmin: moved.xmin, originAddress: CAPE_TOWN, destinationAddress: SEA_POINT, deliveryDate: nextWeekday(3), deliveryTime: '08:00',
    } });
    expect(edited.response.status).toBe(200);
    expect(edited.data!.hub).toBeNull();
  });

  it('a pick-up far from every hub goes direct', async () => {
    // The drop-off is typed by hand (no placeId: accepted from staff), a couple of km from the town centre.
    const quote = await book(admin(), { origin: KIMBERLEY, destination: { placeId: null, description: 'Kimberley Mine', coordinates: { lat: -28.74, lon: 24.77 } }, until: 'select', sla: 'Standard' });
    expect(quote.hub).toBeNull();
  });
});

describe('getaccount xmin', () => {
  it('is the account row\'s real version: it changes when the account row is edited, not when the balance moves', async () => {
    const listed = await dataOf(companyUser().GET('/accounts/{cca2}', { params: { path: ZA } }));
    const acme = pageOf(listed).items.find((account) => account.accountName === 'Acme Retail')!;
    const [row] = await server.database.db.select({ xmin: sql<string>`${accounts}.xmin::text` }).from(accounts).where(eq(accounts.id, acme.id));
    expect(acme.xmin).toBe(row!.xmin);
    expect(Number(acme.xmin)).toBeGreaterThan(0);
    const one = await dataOf(companyUser().GET('/accounts/{cca2}/{id}', { params: inZa(acme.id) }));
    expect(one.xmin).toBe(acme.xmin);
    await server.database.db.update(accounts).set({ accountName: 'Acme Retail' }).where(eq(accounts.id, acme.id));
    const after = await dataOf(companyUser().GET('/accounts/{cca2}/{id}', { params: inZa(acme.id) }));
    expect(after.xmin).not.toBe(acme.xmin);
  });
});

describe('who reads an account (getaccount): whoever may pay with it', () => {
  it("a store user reads their company's and their store's accounts, never another company's or another user's", async () => {
    const db = server.database.db;
    const portal = await requirePortal(db, 'za');
    const [blueCrane] = await db.select().from(companies).where(eq(companies.companyName, 'Blue Crane Foods'));
    const [other] = await db.insert(accounts).values({ portalId: portal.id, accountName: 'Blue Crane Foods', accountType: 'PostPay', companyId: blueCrane!.id }).returning();
    const byName = async (name: string) => (await db.select().from(accounts).where(eq(accounts.accountName, name)))[0]!;
    const read = async (id: number, login: 'store.user' | 'company.user' = 'store.user') =>
      (await server.as(login).connect.GET('/accounts/{cca2}/{id}', { params: { path: { cca2: 'za', id } } })).response;
    expect((await read((await byName('Acme Retail')).id)).status).toBe(200);
    expect((await read((await byName('Acme Sea Point')).id)).status).toBe(200);
    expect((await read(other!.id)).status).toBe(404);
    expect((await read((await byName('Chloe Customer')).id)).status).toBe(404);
    expect((await read(other!.id, 'company.user')).status).toBe(404);
  });
});

describe('return-to-sender rates', () => {
  const input = (distanceKm: number, date = nextWeekday(3)) => ({
    portalId: 0, timeZone: 'Africa/Johannesburg', companyId: null, distanceKm, date, time: '08:00', slotEnd: '10:00', isHighRisk: false,
    parcels: [{ parcelTypeId: 1, length: 30, width: 20, height: 15, weight: 2 }],
  });

  it('the return leg is priced from the return-to-sender rates (half the base rate in the demo data)', async () => {
    const portal = await requirePortal(server.database.db, 'za');
    const standard = await returnToSenderPrice(server.database.db, { ...input(5), portalId: portal.id }, 'Standard');
    expect(standard!.priceExclCents).toBe(3250);
    expect(standard!.items).toEqual([expect.objectContaining({ quantity: 1, amountExcl: 3250, transactionItemTypeId: TRANSACTION_ITEM_TYPE.returnToSender })]);
    expect(standard!.items[0]!.description).toMatch(/^Return to sender \(Standard\), parcel type 1, 0-10 km, Weekday$/);
    const far = await returnToSenderPrice(server.database.db, { ...input(60), portalId: portal.id }, 'Priority');
    expect(far!.priceExclCents).toBe(Math.round((24500 * 150) / 100 / 2));
    const weekend = await returnToSenderPrice(server.database.db, { ...input(5, nextWeekday(6)), portalId: portal.id }, 'Standard');
    expect(weekend!.priceExclCents).toBe(Math.round(8125 / 2));
  });

  it('a level without return-to-sender rates falls back to its base rate; quotes are unchanged by them', async () => {
    const portal = await requirePortal(server.database.db, 'za');
    const relief = await returnToSenderPrice(server.database.db, { ...input(5), portalId: portal.id }, 'Emergency Relief');
    expect(relief!.priceExclCents).toBe(0);
    const quote = await book(admin(), { until: 'parcels' });
    expect(quote.deliveryQuotes.find((option: any) => option.slaType === 'Standard')!.priceExcl).toBe(6500);
    const long = await book(admin(), { destination: STELLENBOSCH, until: 'parcels' });
    expect(long.deliveryQuotes.find((option: any) => option.slaType === 'Standard')!.priceExcl).toBe(24500);
  });
});
