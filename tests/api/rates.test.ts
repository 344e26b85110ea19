import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/generated/connect';
import { RATE_TEXTS } from '../../src/lib/rate-texts';
import { book, nextWeekday } from './booking-helpers';
import { expectedStatus, ROLE_LOGINS } from './fleet-support';
import { bearer, dataOf, fieldErrors, inZa, pageOf, startTestServer, ZA, type ListQuery, type TestServer } from './support';

type RateInput = components['schemas']['RateInput'];

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
const staff = () => server.as('staff').connect;

const ratePage = async (query: ListQuery<'/rates/{cca2}'>) => pageOf(await dataOf(staff().GET('/rates/{cca2}', { params: { path: ZA, query } })));

/** A key no seeded rate has (pricing tier 'Test'), so these rows never price the seeded quotes. */
const testRate = (overrides: Partial<RateInput> = {}): RateInput => ({
  name: 'Test tier small', slaType: 'Standard', parcelTypeId: 1, rateType: 'Base', dayOfWeekType: 'Weekday', pricingTier: 'Test',
  startKmRange: 0, endKmRange: 10, priceCents: 1234, ...overrides,
});

describe('rates: access by role from the shared table', () => {
  it.each(ROLE_LOGINS)('%s', async (login) => {
    const user = server.as(login).connect;
    const [seeded] = (await ratePage({ pageSize: 10 })).items;
    expect((await user.GET('/rates/{cca2}', { params: { path: ZA } })).response.status).toBe(await expectedStatus(server, login, 'getrates'));
    expect((await user.GET('/rates/{cca2}/{id}', { params: inZa(seeded!.id) })).response.status).toBe(await expectedStatus(server, login, 'getrate'));
    // Allowed callers get the validation error (an end before the start); others are refused before it.
    const refused = await user.POST('/rates/{cca2}', { params: { path: ZA }, body: testRate({ startKmRange: 5, endKmRange: 4 }) });
    expect(refused.response.status).toBe(await expectedStatus(server, login, 'createrate', 400));
    const update = await user.PUT('/rates/{cca2}/{id}', { params: inZa(seeded!.id), body: { ...testRate({ name: '' }), xmin: seeded!.xmin } });
    expect(update.response.status).toBe(await expectedStatus(server, login, 'updaterate', 400));
  });
});

describe('rates: list, filters, export and a company\'s active rates', () => {
  it('lists the seeded list prices, named, with the catalogue\'s filters', async () => {
    const all = await ratePage({ pageSize: 500 });
    expect(all.paging.totalItems).toBeGreaterThan(100);
    expect(all.items.every((rate) => rate.name.length > 0)).toBe(true);
    // Unsorted, the rate card reads by distance band (not by name, where "100-1000 km" precedes "25-50 km").
    const starts = all.items.map((rate) => rate.startKmRange);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const surcharges = await ratePage({ isHighRisk: true, pageSize: 50 });
    expect(surcharges.items.map((rate) => rate.slaType).sort()).toEqual(['Emergency Relief', 'Hyperlocal', 'Priority', 'Standard']);
    const filtered = await ratePage({
      slaTypes: ['Priority', 'Hyperlocal'], parcelType: 2, rateType: 'Base', pricingTier: 'Standard', isActive: true, isDefault: true,
      minPrice: 100, maxPrice: 200, minDistance: 12, maxDistance: 30, pageSize: 100,
    });
    expect(filtered.items.length).toBeGreaterThan(0);
    for (const rate of filtered.items) {
      expect(['Priority', 'Hyperlocal']).toContain(rate.slaType);
      expect(rate).toMatchObject({ parcelTypeId: 2, rateType: 'Base', pricingTier: 'Standard', isActive: true, companyId: null });
      expect(rate.priceCents).toBeGreaterThanOrEqual(10000);
      expect(rate.priceCents).toBeLessThanOrEqual(20000);
      expect(rate.endKmRange).toBeGreaterThan(12);
      expect(rate.startKmRange).toBeLessThanOrEqual(30);
    }
  });

  it('refuses an unknown SLA type in the filter, naming it', async () => {
    const bad = await server.raw('staff', 'GET', '/rates/za?slaType=Overnight');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('slaType');
  });

  it('exports Rates.xlsx with the current filter', async () => {
    const response = await fetch(`${server.url}/connect/rates/za?exportExcel=true&isHighRisk=true`, { headers: bearer(await server.as('staff').token()) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('Rates.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Name');
    expect(sheet.rowCount).toBe(5);
  });

  it('a company\'s active rates: its own first, then the portal\'s list prices; another company is 404', async () => {
    const companies = pageOf(await dataOf(staff().GET('/companies/{cca2}', { params: { path: ZA, query: { pageSize: 5 } } })));
    const company = companies.items[0]!;
    const own = await dataOf(staff().POST('/rates/{cca2}', { params: { path: ZA }, body: testRate({ name: 'Company own', companyId: company.id }) }));
    const active = await dataOf(staff().GET('/rates/{cca2}/company/{companyId}/active', { params: { path: { ...ZA, companyId: company.id } } }));
    expect(active[0]).toMatchObject({ id: own.id, companyId: company.id, companyName: company.companyName });
    expect(active.slice(1).every((rate) => rate.companyId === null && rate.isActive)).toBe(true);
    const missing = await staff().GET('/rates/{cca2}/company/{companyId}/active', { params: { path: { ...ZA, companyId: 999_999 } } });
    expect(missing.response.status).toBe(404);
    const customer = await server.as('customer').connect.GET('/rates/{cca2}/company/{companyId}/active', { params: { path: { ...ZA, companyId: company.id } } });
    expect(customer.response.status).toBe(403);
  });
});

describe('rates: add and edit', () => {
  it('adds a rate and reads it back; bad input names the field', async () => {
    const created = await staff().POST('/rates/{cca2}', { params: { path: ZA }, body: testRate({ name: 'Added', startKmRange: 100, endKmRange: 200 }) });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'Added', companyId: null, companyName: null, priceCents: 1234, isActive: true });
    const read = await dataOf(staff().GET('/rates/{cca2}/{id}', { params: inZa(created.data!.id) }));
    expect(read).toMatchObject({ id: created.data!.id, startKmRange: 100, endKmRange: 200 });

    const endBeforeStart = await staff().POST('/rates/{cca2}', { params: { path: ZA }, body: testRate({ startKmRange: 300, endKmRange: 300 }) });
    expect(endBeforeStart.response.status).toBe(400);
    expect(fieldErrors(endBeforeStart.error)).toEqual({ endKmRange: [RATE_TEXTS.endBeforeStart] });
    const noCompany = await staff().POST('/rates/{cca2}', { params: { path: ZA }, body: testRate({ companyId: 999_999, startKmRange: 300, endKmRange: 400 }) });
    expect(fieldErrors(noCompany.error)).toEqual({ companyId: [RATE_TEXTS.unknownCompany] });
    const badSla = await server.raw('staff', 'POST', '/rates/za', { ...testRate(), slaType: 'Overnight' });
    expect(badSla.status).toBe(400);
    expect(JSON.stringify(badSla.body)).toContain('slaType');
    const negative = await server.raw('staff', 'POST', '/rates/za', { ...testRate(), priceCents: -1 });
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toContain('priceCents');
  });

  it('refuses an overlapping km range for the same key with 422 naming both rates; other keys and inactive rates may overlap', async () => {
    const first = await dataOf(staff().POST('/rates/{cca2}', { params: { path: ZA }, body: testRate({ name: 'Band A', parcelTypeId: 3, startKmRange: 10, endKmRange: 20 }) }));
    const overlapping = await staff().POST('/rates/{cca2}', { params: { path: ZA }, body: testRate({ name: 'Band B', parcelTypeId: 3, startKmRange: 15, endKmRange: 30 }) });
    expect(overlapping.response.status).toBe(422);
    expect(overlapping.error?.message).toBe(RATE_TEXTS.overlap({ name: 'Band B', startKmRange: 15, endKmRange: 30 }, { id: first.id, name: 'Band A', startKmRange: 10, endKmRange: 20 }));
    expect(overlapping.error?.message).toContain(`#${first.id} "Band A"`);
    // [start, end): touching bands do not overlap.
    const touching = await dataOf(staff().POST('/rates/{cca2}', { params: { path: ZA }, body: testRate({ name: 'Band C', parcelTypeId: 3, startKmRange: 20, endKmRange: 30 }) }));
    // Another day type is another key.
    const weekend = await staff().POST('/rates/{cca2}', { params: { path: ZA }, body: testRate({ name: 'Band W', parcelTypeId: 3, dayOfWeekType: 'Weekend', startKmRange: 15, endKmRange: 30 }) });
    expect(weekend.response.status).toBe(201);
    // An inactive rate prices nothing, so it may overlap; activating it is refused.
    const inactive = await dataOf(staff().POST('/rates/{cca2}', { params: { path: ZA }, body: testRate({ name: 'Band D', parcelTypeId: 3, startKmRange: 12, endKmRange: 18, isActive: false }) }));
    const activate = await staff().PUT('/rates/{cca2}/{id}', { params: inZa(inactive.id), body: { ...testRate({ name: 'Band D', parcelTypeId: 3, startKmRange: 12, endKmRange: 18, isActive: true }), xmin: inactive.xmin } });
    expect(activate.response.status).toBe(422);
    expect(activate.error?.message).toContain(`#${inactive.id} "Band D"`);
    expect(activate.error?.message).toContain(`#${first.id} "Band A"`);
    // Moving a rate within its own range is not an overlap with itself.
    const moved = await staff().PUT('/rates/{cca2}/{id}', { params: inZa(touching.id), body: { ...testRate({ name: 'Band C', parcelTypeId: 3, startKmRange: 20, endKmRange: 35 }), xmin: touching.xmin } });
    expect(moved.response.status).toBe(200);
  });

  it('a stale xmin is 409 with the current version', async () => {
    const rate = await dataOf(staff().POST('/rates/{cca2}', { params: { path: ZA }, body: testRate({ name: 'Versioned', startKmRange: 500, endKmRange: 600 }) }));
    await dataOf(staff().PUT('/rates/{cca2}/{id}', { params: inZa(rate.id), body: { ...testRate({ name: 'Versioned 2', startKmRange: 500, endKmRange: 600 }), xmin: rate.xmin } }));
    const stale = await staff().PUT('/rates/{cca2}/{id}', { params: inZa(rate.id), body: { ...testRate({ name: 'Versioned 3', startKmRange: 500, endKmRange: 600 }), xmin: rate.xmin } });
    expect(stale.response.status).toBe(409);
    expect(JSON.stringify(stale.error)).toContain('Versioned 2');
  });
});

describe('rates: one pricing path', () => {
  it('editing a rate changes the next quote of the booking wizard for the same inputs', async () => {
    const options = { date: nextWeekday(3), until: 'parcels' } as const;
    const standard = (quote: Awaited<ReturnType<typeof book>>) => quote.deliveryQuotes.find((option) => option.slaType === 'Standard')?.priceExcl;
    const before = await book(server.as('administrator').connect, options);
    expect(before.distanceEstimate).toBeLessThan(10);
    const [rate] = (await ratePage({ slaType: 'Standard', parcelType: 1, rateType: 'Base', pricingTier: 'Standard', isDefault: true, isHighRisk: false, maxDistance: 0, pageSize: 50 }))
      .items.filter((row) => row.dayOfWeekType === 'Weekday' && !row.isReturnToSenderRate);
    expect(standard(before)).toBe(rate!.priceCents);
    const { id, xmin, companyName: _name, ...values } = rate!;
    await dataOf(staff().PUT('/rates/{cca2}/{id}', { params: inZa(id), body: { ...values, priceCents: 7777, xmin } }));
    const after = await book(server.as('administrator').connect, options);
    expect(standard(after)).toBe(7777);
  });
});
