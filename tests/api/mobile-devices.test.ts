import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { FLEET_TEXTS } from '../../src/lib/fleet';
import { WEB_NOTIFICATION_TYPE } from '../../src/lib/operations-catalogue';
import { conflictMessage } from '../../src/lib/resource-texts';
import { expectedStatus, ROLE_LOGINS } from './fleet-support';
import { bearer, dataOf, inZa, pageOf, startTestServer, ZA, type ListQuery, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
const staff = () => server.as('staff').connect;
const admin = () => server.as('administrator').connect;

async function devices(query: ListQuery<'/mobileDevices/{cca2}'> = {}) {
  return pageOf(await dataOf(staff().GET('/mobileDevices/{cca2}', { params: { path: ZA, query: { pageSize: 100, ...query } } }))).items;
}
const device = async (model: string) => (await devices()).find((row) => row.deviceModel === model)!;

describe('mobile devices: access by role from the shared table', () => {
  it.each(ROLE_LOGINS)('%s', async (login) => {
    const user = server.as(login).connect;
    expect((await user.GET('/mobileDevices/{cca2}', { params: { path: ZA } })).response.status).toBe(await expectedStatus(server, login, 'getmobiledevices'));
    // Deleting an unknown id: 404 for administrators, refused before that for everyone else.
    const deleted = await user.DELETE('/mobileDevices/{cca2}', { params: { path: ZA, query: { ids: [999999] } } });
    expect(deleted.response.status).toBe(await expectedStatus(server, login, 'deletemobiledevices', 404));
  });
});

describe('mobile devices: list, filters, owner search, export', () => {
  it('lists the seeded devices with their owners; filters by trusted, active, owner and created range', async () => {
    const all = await devices();
    expect(all.find((row) => row.deviceModel === 'Galaxy A54')).toMatchObject({ userFullName: 'Dumisani Driver', trusted: true, isActive: true });
    expect((await devices({ trusted: false })).every((row) => !row.trusted)).toBe(true);
    expect((await devices({ isActive: true })).map((row) => row.deviceModel)).not.toContain('Galaxy A14');
    const owner = all.find((row) => row.deviceModel === 'Galaxy A54')!.appUserId;
    expect((await devices({ appuserid: owner })).map((row) => row.deviceModel).sort()).toEqual(['Galaxy A14', 'Galaxy A54']);
    // Created 2026-02-20 (iPhone) and 2026-03-05 (P30) are inside; 2026-01-12 and 2026-04-18 are not.
    const range = (await devices({ startDate: '2026-02-01', endDate: '2026-03-31' })).map((row) => row.deviceModel);
    expect(range).toEqual(expect.arrayContaining(['iPhone 13', 'P30 Lite']));
    expect(range).not.toContain('Galaxy A54');
    expect(range).not.toContain('Redmi Note 12');
    const search = await devices({ search: 'khumalo' });
    expect(search.map((row) => row.deviceModel)).toEqual(['P30 Lite']);
  });

  // Unknown filters and sorts and short searches: list-validation.test.ts.
  it('refuses a bad date, naming it', async () => {
    const badDate = await staff().GET('/mobileDevices/{cca2}', { params: { path: ZA, query: { startDate: 'yesterday' } } });
    expect(badDate.response.status).toBe(400);
    expect(JSON.stringify(badDate.error)).toContain('startDate');
  });

  it('the Owner user search offers owners of devices only', async () => {
    const ownersOf = (search: string) => staff().GET('/mobileDevices/{cca2}/owners', { params: { path: ZA, query: { search } } });
    const owners = await ownersOf('driver');
    expect(owners.response.status).toBe(200);
    expect(owners.data!.map((option) => option.value)).toEqual(expect.arrayContaining([expect.stringContaining('Dumisani Driver')]));
    const nobody = await ownersOf('administrator');
    expect(nobody.data).toEqual([]);
    expect((await ownersOf('dr')).response.status).toBe(400);
  });

  it('exports MobileDevices.xlsx with the current filter', async () => {
    const response = await fetch(`${server.url}/connect/mobileDevices/za?exportExcel=true&trusted=true&isActive=true`, { headers: bearer(await server.as('staff').token()) });
    expect(response.headers.get('content-disposition')).toContain('filename="MobileDevices.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(expect.arrayContaining(['Owner', 'Brand', 'Model', 'Trusted']));
    expect(rows.slice(1).map((row) => row[4])).toEqual(expect.arrayContaining(['Galaxy A54', 'iPhone 13']));
    expect(rows.slice(1).map((row) => row[4])).not.toContain('P30 Lite');
  });
});

describe('mobile devices: notify, delink, delete', () => {
  it('Notify needs beta; it tells the owner through a web notification and stamps the device; inactive devices refuse', async () => {
    const phone = await device('Galaxy A54');
    const withoutBeta = await staff().PUT('/mobileDevices/{cca2}/notify/{id}', { params: inZa(phone.id) });
    expect(withoutBeta.response.status).toBe(403);
    expect(withoutBeta.error?.message).toBe(ERROR_TEXTS.forbidden);
    const unread = () => dataOf(server.as('driver').connect.GET('/WebNotifications/{cca2}', {
      params: { path: ZA, query: { read: false, webNotificationTypeIds: [WEB_NOTIFICATION_TYPE.MOBILE_DEVICE] } },
    }));
    const before = (await unread()).paging.totalItems;
    const notified = await admin().PUT('/mobileDevices/{cca2}/notify/{id}', { params: inZa(phone.id) });
    expect(notified.response.status).toBe(200);
    expect(notified.data!.lastNotifiedAt).not.toBeNull();
    const after = await unread();
    expect(after.paging.totalItems).toBe(before + 1);
    expect(after.items[0]).toMatchObject({ title: FLEET_TEXTS.notificationTitle, message: FLEET_TEXTS.notificationMessage('Samsung Galaxy A54') });
    const old = await device('Galaxy A14');
    const refused = await admin().PUT('/mobileDevices/{cca2}/notify/{id}', { params: inZa(old.id) });
    expect(refused.response.status).toBe(409);
    expect(refused.error?.message).toBe(FLEET_TEXTS.deviceInactive);
  });

  it('Delink sends the device with isActive false; a stale xmin → 409 with the current version; only isActive false is accepted', async () => {
    const phone = await device('Redmi Note 12');
    // isActive true is not in the contract: sent as written.
    const notFalse = await server.raw('staff', 'PUT', `/mobileDevices/za/${phone.id}`, { ...phone, isActive: true });
    expect(notFalse.status).toBe(400);
    expect(JSON.stringify(notFalse.body)).toContain('isActive');
    const delink = (body: typeof phone) => staff().PUT('/mobileDevices/{cca2}/{id}', { params: inZa(phone.id), body: { ...body, isActive: false } });
    const stale = await delink({ ...phone, xmin: '1' });
    expect(stale.response.status).toBe(409);
    expect(stale.error).toMatchObject({ message: conflictMessage('mobile device'), current: { id: phone.id, isActive: true, xmin: phone.xmin } });
    const delinked = await delink(phone);
    expect(delinked.response.status).toBe(200);
    expect(delinked.data).toMatchObject({ isActive: false, deviceModel: 'Redmi Note 12', trusted: true });
    const again = await delink(delinked.data!);
    expect(again.response.status).toBe(409);
    expect(again.error?.message).toBe(FLEET_TEXTS.deviceInactive);
  });

  it('administrators delete devices; ids of another portal are 404 and nothing is deleted', async () => {
    const partnerPhone = await device('G21');
    const ids = [partnerPhone.id];
    const byStaff = await staff().DELETE('/mobileDevices/{cca2}', { params: { path: ZA, query: { ids } } });
    expect(byStaff.response.status).toBe(403);
    const foreign = await admin().DELETE('/mobileDevices/{cca2}', { params: { path: { cca2: 'na' }, query: { ids } } });
    expect(foreign.response.status).toBe(404);
    expect((await devices()).map((row) => row.id)).toContain(partnerPhone.id);
    const deleted = await admin().DELETE('/mobileDevices/{cca2}', { params: { path: ZA, query: { ids } } });
    expect(deleted.data).toEqual({ deleted: 1 });
    expect((await devices()).map((row) => row.id)).not.toContain(partnerPhone.id);
  });
});
