import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { FLEET_TEXTS } from '../../src/lib/fleet';
import { WEB_NOTIFICATION_TYPE } from '../../src/lib/operations-catalogue';
import { conflictMessage } from '../../src/lib/resources/texts';
import { caller, expectedStatus, ROLE_USERS } from './fleet-support';
import { bearer, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
const call = caller(() => server);
const ADMIN = 'administrator@demo.test';

type Device = { id: number; appUserId: number; userFullName: string; deviceBrand: string; deviceModel: string; trusted: boolean; isActive: boolean; created: string; lastNotifiedAt: string | null; xmin: string };

async function devices(query = ''): Promise<Device[]> {
  const { body } = await call('staff@demo.test', 'GET', `/mobileDevices/za?pageSize=100${query}`);
  return body.items as Device[];
}
const device = async (model: string) => (await devices()).find((row) => row.deviceModel === model)!;

describe('mobile devices: access by role from the shared table', () => {
  it.each(ROLE_USERS)('%s', async (email) => {
    expect((await call(email, 'GET', '/mobileDevices/za')).status).toBe(await expectedStatus(server, email, 'getmobiledevices'));
    // Deleting an unknown id: 404 for administrators, refused before that for everyone else.
    expect((await call(email, 'DELETE', '/mobileDevices/za?ids=999999')).status).toBe(await expectedStatus(server, email, 'deletemobiledevices', 404));
  });
});

describe('mobile devices: list, filters, owner search, export', () => {
  it('lists the seeded devices with their owners; filters by trusted, active, owner and created range', async () => {
    const all = await devices();
    expect(all.find((row) => row.deviceModel === 'Galaxy A54')).toMatchObject({ userFullName: 'Dumisani Driver', trusted: true, isActive: true });
    expect((await devices('&trusted=false')).every((row) => !row.trusted)).toBe(true);
    expect((await devices('&isActive=true')).map((row) => row.deviceModel)).not.toContain('Galaxy A14');
    const owner = all.find((row) => row.deviceModel === 'Galaxy A54')!.appUserId;
    expect((await devices(`&appuserid=${owner}`)).map((row) => row.deviceModel).sort()).toEqual(['Galaxy A14', 'Galaxy A54']);
    // Created 2026-02-20 (iPhone) and 2026-03-05 (P30) are inside; 2026-01-12 and 2026-04-18 are not.
    const range = (await devices('&startDate=2026-02-01&endDate=2026-03-31')).map((row) => row.deviceModel);
    expect(range).toEqual(expect.arrayContaining(['iPhone 13', 'P30 Lite']));
    expect(range).not.toContain('Galaxy A54');
    expect(range).not.toContain('Redmi Note 12');
    const search = await devices('&search=khumalo');
    expect(search.map((row) => row.deviceModel)).toEqual(['P30 Lite']);
  });

  // Unknown filters and sorts and short searches: list-validation.test.ts.
  it('refuses a bad date, naming it', async () => {
    const badDate = await call('staff@demo.test', 'GET', '/mobileDevices/za?startDate=yesterday');
    expect(badDate.status).toBe(400);
    expect(JSON.stringify(badDate.body)).toContain('startDate');
  });

  it('the Owner user search offers owners of devices only', async () => {
    const owners = await call('staff@demo.test', 'GET', '/mobileDevices/za/owners?search=driver');
    expect(owners.status).toBe(200);
    expect(owners.body.map((option: { value: string }) => option.value)).toEqual(expect.arrayContaining([expect.stringContaining('Dumisani Driver')]));
    const nobody = await call('staff@demo.test', 'GET', '/mobileDevices/za/owners?search=administrator');
    expect(nobody.body).toEqual([]);
    expect((await call('staff@demo.test', 'GET', '/mobileDevices/za/owners?search=dr')).status).toBe(400);
  });

  it('exports MobileDevices.xlsx with the current filter', async () => {
    const response = await fetch(`${server.url}/connect/mobileDevices/za?exportExcel=true&trusted=true&isActive=true`, { headers: bearer(await server.tokenFor('staff@demo.test')) });
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
    const withoutBeta = await call('staff@demo.test', 'PUT', `/mobileDevices/za/notify/${phone.id}`);
    expect(withoutBeta.status).toBe(403);
    expect(withoutBeta.body.message).toBe(ERROR_TEXTS.forbidden);
    const unread = async () => (await call('driver@demo.test', 'GET', `/WebNotifications/za?read=false&webNotificationTypeIds=${WEB_NOTIFICATION_TYPE.MOBILE_DEVICE}`)).body;
    const before = (await unread()).paging.totalItems as number;
    const notified = await call(ADMIN, 'PUT', `/mobileDevices/za/notify/${phone.id}`);
    expect(notified.status).toBe(200);
    expect(notified.body.lastNotifiedAt).not.toBeNull();
    const after = await unread();
    expect(after.paging.totalItems).toBe(before + 1);
    expect(after.items[0]).toMatchObject({ title: FLEET_TEXTS.notificationTitle, message: FLEET_TEXTS.notificationMessage('Samsung Galaxy A54') });
    const old = await device('Galaxy A14');
    const refused = await call(ADMIN, 'PUT', `/mobileDevices/za/notify/${old.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(FLEET_TEXTS.deviceInactive);
  });

  it('Delink sends the device with isActive false; a stale xmin → 409 with the current version; only isActive false is accepted', async () => {
    const phone = await device('Redmi Note 12');
    const notFalse = await call('staff@demo.test', 'PUT', `/mobileDevices/za/${phone.id}`, { ...phone, isActive: true });
    expect(notFalse.status).toBe(400);
    expect(JSON.stringify(notFalse.body)).toContain('isActive');
    const stale = await call('staff@demo.test', 'PUT', `/mobileDevices/za/${phone.id}`, { ...phone, isActive: false, xmin: '1' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: conflictMessage('mobile device'), current: { id: phone.id, isActive: true, xmin: phone.xmin } });
    const delinked = await call('staff@demo.test', 'PUT', `/mobileDevices/za/${phone.id}`, { ...phone, isActive: false });
    expect(delinked.status).toBe(200);
    expect(delinked.body).toMatchObject({ isActive: false, deviceModel: 'Redmi Note 12', trusted: true });
    const again = await call('staff@demo.test', 'PUT', `/mobileDevices/za/${phone.id}`, { ...delinked.body, isActive: false });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(FLEET_TEXTS.deviceInactive);
  });

  it('administrators delete devices; ids of another portal are 404 and nothing is deleted', async () => {
    const partnerPhone = await device('G21');
    const staff = await call('staff@demo.test', 'DELETE', `/mobileDevices/za?ids=${partnerPhone.id}`);
    expect(staff.status).toBe(403);
    const foreign = await call(ADMIN, 'DELETE', `/mobileDevices/na?ids=${partnerPhone.id}`);
    expect(foreign.status).toBe(404);
    expect((await devices()).map((row) => row.id)).toContain(partnerPhone.id);
    const deleted = await call(ADMIN, 'DELETE', `/mobileDevices/za?ids=${partnerPhone.id}`);
    expect(deleted.body).toEqual({ deleted: 1 });
    expect((await devices()).map((row) => row.id)).not.toContain(partnerPhone.id);
  });
});
