import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accounts, applicationDocuments, drivers, messages, users, webNotifications } from '../../server/db/schema';
import { recomputeDocumentStatuses } from '../../server/domain/applications';
import { DOCUMENT_STATUS, WEB_NOTIFICATION_TYPE_APPLICATION } from './applications-support';
import { expectedStatus, ROLE_LOGINS } from './fleet-support';
import { bearer, startTestServer, type TestServer } from './support';
import type { SeededLogin } from '../support/seeded-users';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';

let server: TestServer;
// Small limits keep the uploads quick; the document route's own limit is larger than every other multipart file's.
const PICTURE_LIMIT = 64 * 1024;
const DOCUMENT_LIMIT = 256 * 1024;
beforeAll(async () => { server = await startTestServer({ profilePictureLimit: PICTURE_LIMIT, documentUploadLimit: DOCUMENT_LIMIT }); });
afterAll(async () => { await server.close(); });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-and-the-rest')]);
const PDF = Buffer.from('%PDF-1.7 a document');
const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-30`;

const call = (login: SeededLogin | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => server.raw(login, method, path, body);

async function upload(login: SeededLogin, id: number, documentTypeId: number, file: Buffer, expiryDate?: string) {
  const form = new FormData();
  form.append('documentTypeId', String(documentTypeId));
  if (expiryDate) form.append('expiryDate', expiryDate);
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/octet-stream' }), 'document.bin');
  const response = await fetch(`${server.url}/connect/applications/za/${id}/documents`, {
    method: 'POST', body: form, headers: bearer(await server.as(login).token()),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const userId = async (login: SeededLogin) => {
  const [user] = await server.database.db.select().from(users).where(eq(users.email, `${login}@demo.test`));
  return user!;
};

const PARTNER_COMPANY = {
  companyName: 'Swift Couriers', companyType: 'Private Company', registrationNumber: '2024/123456/07', contactName: 'Chloe Customer',
  companyEmail: 'ops@swift.demo.test', companyPhoneNumber: '+27215550999',
};

describe('applications: access by role from the shared table', () => {
  it.each(ROLE_LOGINS)('%s', async (login) => {
    expect((await call(login, 'GET', '/applications/za')).status).toBe(await expectedStatus(server, login, 'getapplications'));
    expect((await call(login, 'GET', '/applications/za/track')).status).toBe(await expectedStatus(server, login, 'trackapplications'));
  });
  it('refuses a caller with no token', async () => {
    expect((await call(undefined, 'POST', '/applications/za', { applicationTypeId: 1 })).status).toBe(401);
  });
});

describe('a partner application from start to approval', () => {
  let id: number;

  it('starts at active step -1 and refuses a second open application of the type', async () => {
    const created = await call('customer', 'POST', '/applications/za', { applicationTypeId: 1 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ applicationTypeId: 1, applicationStatusId: 0, progressStatusId: 0, activeStep: -1, steps: ['company', 'declaration', 'documents', 'terms'] });
    id = created.body.id;
    expect((await call('customer', 'POST', '/applications/za', { applicationTypeId: 1 })).status).toBe(409);
  });

  it('names every missing field (400), refuses a step out of order, and advances by one per save', async () => {
    const missing = await call('customer', 'PUT', `/applications/za/${id}`, { step: 'company', companyName: 'Swift Couriers' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['companyEmail', 'companyPhoneNumber', 'companyType', 'contactName', 'registrationNumber']);
    // Each one named by its label as the form shows it, not by its JSON key.
    expect(missing.body.errors).toMatchObject({ companyType: ['Company type is required'], contactName: ['Contact name is required'] });
    expect(missing.body.message).toBe('Company type is required. Registration number is required. Contact name is required. Company email is required. Company phone number is required');
    expect(missing.body.message).not.toMatch(/companyType|registrationNumber/);
    expect((await call('customer', 'PUT', `/applications/za/${id}`, { step: 'documents' })).status).toBe(400);
    const saved = await call('customer', 'PUT', `/applications/za/${id}`, { step: 'company', ...PARTNER_COMPANY });
    expect(saved.status).toBe(200);
    expect(saved.body.activeStep).toBe(0);
    // Saving an earlier step again keeps the active step.
    expect((await call('customer', 'PUT', `/applications/za/${id}`, { step: 'company', ...PARTNER_COMPANY })).body.activeStep).toBe(0);
    const declaration = await call('customer', 'PUT', `/applications/za/${id}`, { step: 'declaration', hasRelation: true, hasPartTimeJob: false, hasVendorRelation: false });
    expect(declaration.status).toBe(400);
    expect(declaration.body.errors).toEqual({ relationInfo: ['Relation details is required'] });
    const declared = await call('customer', 'PUT', `/applications/za/${id}`, {
      step: 'declaration', hasRelation: true, relationInfo: 'My cousin drives for you', hasPartTimeJob: false, hasVendorRelation: false,
    });
    expect(declared.body.activeStep).toBe(1);
  });

  it('uploads documents within the limits: other types 400, too large 413 with the spec text, expiry required where documents lapse', async () => {
    expect((await upload('customer', id, 2, Buffer.from('plain text'))).status).toBe(400);
    const tooLarge = await upload('customer', id, 2, Buffer.concat([PNG, Buffer.alloc(DOCUMENT_LIMIT + 1)]));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe(ERROR_TEXTS.imageTooLarge);
    const noExpiry = await upload('customer', id, 1, PNG);
    expect(noExpiry.status).toBe(400);
    expect(Object.keys(noExpiry.body.errors)).toEqual(['expiryDate']);
    // The documents step needs the required documents first.
    const early = await call('customer', 'PUT', `/applications/za/${id}`, { step: 'documents' });
    expect(early.status).toBe(400);
    expect(Object.keys(early.body.errors).sort()).toEqual(['Company registration', 'Identity document', 'Proof of address']);
    expect(early.body.errors['Proof of address']).toEqual(['Proof of address is required']);
    for (const type of [2, 3, 6]) {
      const stored = await upload('customer', id, type, type === 6 ? PDF : PNG);
      expect(stored.status).toBe(201);
      expect(stored.body).toMatchObject({ documentTypeId: type, documentStatusId: DOCUMENT_STATUS.pendingApproval });
    }
    // Another user never reaches the applicant's documents.
    const detail = await call('customer', 'GET', `/applications/za/${id}`);
    const documentId = detail.body.documents[0].id;
    expect((await call('company.user', 'GET', `/applications/za/${id}/documents/${documentId}`)).status).toBe(404);
    expect((await fetch(`${server.url}/connect/applications/za/${id}/documents/${documentId}`, { headers: bearer(await server.as('staff').token()) })).status).toBe(200);
    expect((await call('customer', 'PUT', `/applications/za/${id}`, { step: 'documents' })).body.activeStep).toBe(2);
  });

  it('application documents have their own upload limit, larger than the other multipart files\' (413 with the spec text above it)', async () => {
    const [scan, twice] = [Buffer.concat([PNG, Buffer.alloc(PICTURE_LIMIT * 2)]), Buffer.concat([PNG, Buffer.alloc(DOCUMENT_LIMIT * 2)])];
    // Above the profile picture's limit but within the document route's: stored.
    const stored = await upload('customer', id, 2, scan);
    expect(stored.status).toBe(201);
    expect(stored.body.byteSize).toBe(scan.length);
    // Declared too large (Content-Length) or found too large while streaming: 413 with the spec's text, nothing replaced.
    for (const body of [twice, Buffer.concat([PNG, Buffer.alloc(DOCUMENT_LIMIT - PNG.length + 1)])]) {
      const refused = await upload('customer', id, 2, body);
      expect(refused.status).toBe(413);
      expect(refused.body.message).toBe(ERROR_TEXTS.imageTooLarge);
    }
    const detail = await call('customer', 'GET', `/applications/za/${id}`);
    expect(detail.body.documents.find((document: { documentTypeId: number }) => document.documentTypeId === 2).byteSize).toBe(scan.length);
    // Every other multipart file keeps the global limit: the same scan as a profile picture is 413.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(scan)], { type: 'image/png' }), 'me.png');
    const picture = await fetch(`${server.url}/connect/users/za/uploadProfilePicture`, { method: 'POST', body: form, headers: bearer(await server.as('customer').token()) });
    expect(picture.status).toBe(413);
    expect((await picture.json()).message).toBe(ERROR_TEXTS.imageTooLarge);
  });

  it('submits once every step is saved: the applicant is emailed, staff are notified', async () => {
    const early = await call('customer', 'POST', `/applications/za/${id}/submit`);
    expect(early.status).toBe(422);
    expect(JSON.stringify(early.body.errors)).toContain('terms');
    expect((await call('customer', 'PUT', `/applications/za/${id}`, { step: 'terms' })).status).toBe(400);
    expect((await call('customer', 'PUT', `/applications/za/${id}`, { step: 'terms', termsAccepted: true })).body).toMatchObject({ activeStep: 3, termsAcceptanceId: 200 });
    const submitted = await call('customer', 'POST', `/applications/za/${id}/submit`);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ progressStatusId: 1000, missing: [] });
    expect((await call('customer', 'POST', `/applications/za/${id}/submit`)).status).toBe(409);
    // Submitted: no more edits.
    expect((await call('customer', 'PUT', `/applications/za/${id}`, { step: 'company', ...PARTNER_COMPANY })).status).toBe(409);
    const db = server.database.db;
    const staff = await userId('staff');
    const notes = await db.select().from(webNotifications).where(and(eq(webNotifications.userId, staff.id), eq(webNotifications.webNotificationTypeId, WEB_NOTIFICATION_TYPE_APPLICATION)));
    expect(notes.some((note) => note.message.includes(`#${id}`))).toBe(true);
    const mail = await db.select().from(messages).where(and(eq(messages.recipient, 'customer@demo.test'), eq(messages.purpose, 'applicationStatus')));
    expect(mail.some((message) => message.subject.includes('submitted'))).toBe(true);
  });

  it('the applicant tracks only their own; staff list, filter and search them; a partner sees none of these', async () => {
    const tracked = await call('customer', 'GET', '/applications/za/track');
    expect(tracked.body.map((row: { id: number }) => row.id)).toContain(id);
    expect((await call('company.user', 'GET', '/applications/za/track')).body).toEqual([]);
    expect((await call('company.user', 'GET', `/applications/za/${id}`)).status).toBe(404);
    const listed = await call('staff', 'GET', '/applications/za?applicationTypeIds=1&applicationStatusId=0&search=chloe');
    expect(listed.body.items.map((row: { id: number }) => row.id)).toEqual([id]);
    expect((await call('staff', 'GET', '/applications/za?applicationTypeIds=5')).body.items).toEqual([]);
    expect((await call('staff', 'GET', '/applications/za?fromDate=2000-01-01&toDate=2000-01-02')).body.items).toEqual([]);
    expect((await call('partner', 'GET', '/applications/za')).body.items).toEqual([]);
    const exported = await fetch(`${server.url}/connect/applications/za?exportExcel=true`, { headers: bearer(await server.as('staff').token()) });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('Applications.xlsx');
  });

  it('approval needs valid documents (422 naming them), creates the partner in one go, and is refused twice (409)', async () => {
    const refused = await call('administrator', 'POST', `/applications/za/${id}/approve`);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['Company registration', 'Identity document', 'Proof of address']);
    expect((await call('customer', 'POST', `/applications/za/${id}/approve`)).status).toBe(403);
    const detail = await call('administrator', 'GET', `/applications/za/${id}`);
    for (const document of detail.body.documents) {
      const approved = await call('administrator', 'PUT', `/applications/za/${id}/documents/${document.id}/approve`);
      expect(approved.status).toBe(200);
    }
    const approved = await call('administrator', 'POST', `/applications/za/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ applicationStatusId: 2001, applicationStatus: 'Approved', progressStatusId: 2000 });
    expect(approved.body.timeline.map((event: { action: string }) => event.action)).toEqual(expect.arrayContaining(['Created', 'Submitted', 'Document approved', 'Approved']));
    const applicant = await userId('customer');
    expect(applicant.roles).toContain('Partner');
    expect(applicant.companyId).not.toBeNull();
    const [payable] = await server.database.db.select().from(accounts).where(and(eq(accounts.companyId, applicant.companyId!), eq(accounts.accountType, 'Payable')));
    expect(payable).toBeDefined();
    expect((await call('administrator', 'POST', `/applications/za/${id}/approve`)).status).toBe(409);
    expect((await call('administrator', 'POST', `/applications/za/${id}/reject`, { reason: 'late' })).status).toBe(409);
  });
});

describe('driver invites and partner driver applications', () => {
  let hash: string;
  let inviteId: number;
  let applicationId: number;

  it('a partner invites by email or phone (400 with neither); staff see every invite, the partner its own', async () => {
    expect((await call('customer', 'POST', '/applicationinvites/za/createdriverapplication', {})).status).toBe(400);
    const created = await call('customer', 'POST', '/applicationinvites/za/createdriverapplication', { email: 'store.user@demo.test', firstName: 'Stan' });
    expect(created.status).toBe(201);
    expect(created.body.link).toBe(`/driver-apply/${created.body.hash}`);
    expect(created.body.partnerCompanyName).toBe('Swift Couriers');
    hash = created.body.hash;
    inviteId = created.body.id;
    expect((await call('customer', 'GET', '/applicationinvites/za')).body.items.map((row: { id: number }) => row.id)).toEqual([inviteId]);
    expect((await call('partner', 'GET', '/applicationinvites/za')).status).toBe(200);
    expect((await call('staff', 'GET', '/applicationinvites/za')).body.items.map((row: { id: number }) => row.id)).toContain(inviteId);
  });

  it('a partner cannot search companies (the form has no lookup for it): its invites are for its own partner company, whatever is sent', async () => {
    expect((await call('customer', 'GET', '/companies/za?select=true')).status).toBe(403);
    expect((await call('staff', 'GET', '/companies/za?select=true')).status).toBe(200);
    const other = (await server.database.db.select().from(users).where(eq(users.email, 'company.admin@demo.test')))[0]!.companyId!;
    const own = (await userId('customer')).companyId;
    expect(other).not.toBe(own);
    const sent = await call('customer', 'POST', '/applicationinvites/za/createdriverapplication', { phoneNumber: '+27825550111', partnerCompanyId: other });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ partnerCompanyId: own, partnerCompanyName: 'Swift Couriers' });
    expect((await call('customer', 'PUT', `/applicationinvites/za/canceldriverapplication/${sent.body.id}`)).status).toBe(200);
  });

  it('the invite opens for its addressee only; a foreign or unknown hash is 404', async () => {
    expect((await call('store.user', 'GET', `/applicationinvites/za/hash/${hash}`)).status).toBe(200);
    expect((await call('company.user', 'GET', `/applicationinvites/za/hash/${hash}`)).status).toBe(404);
    expect((await call('company.user', 'POST', '/applications/za', { applicationTypeId: 2, inviteHashId: hash })).status).toBe(404);
    expect((await call('store.user', 'GET', '/applicationinvites/za/hash/nope')).status).toBe(404);
    expect((await call('store.user', 'POST', '/applications/za', { applicationTypeId: 3 })).status).toBe(400);
  });

  it('the applicant becomes a driver of the partner on approval; the partner sees that application', async () => {
    const created = await call('store.user', 'POST', '/applications/za', { applicationTypeId: 3, inviteHashId: hash });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ applicationTypeId: 2, partnerCompanyName: 'Swift Couriers' });
    applicationId = created.body.id;
    const partnerList = await call('customer', 'GET', '/applications/za');
    expect(partnerList.body.items.map((row: { id: number }) => row.id)).toEqual([applicationId]);
    expect((await call('customer', 'GET', `/applications/za/${applicationId}`)).status).toBe(200);
    expect((await call('partner', 'GET', `/applications/za/${applicationId}`)).status).toBe(404);
    // The invite is used: it cannot be changed or cancelled any more.
    expect((await call('customer', 'PUT', `/applicationinvites/za/canceldriverapplication/${inviteId}`)).status).toBe(409);
    expect((await call('store.user', 'PUT', `/applications/za/${applicationId}`, { step: 'personal', idNumber: '9001015009087', phoneNumber: '+27821234567' })).body.activeStep).toBe(0);
    for (const type of [1, 2, 3]) expect((await upload('store.user', applicationId, type, PNG, type === 1 ? NEXT_YEAR : undefined)).status).toBe(201);
    await call('store.user', 'PUT', `/applications/za/${applicationId}`, { step: 'documents' });
    await call('store.user', 'PUT', `/applications/za/${applicationId}`, { step: 'terms', termsAccepted: true });
    expect((await call('store.user', 'POST', `/applications/za/${applicationId}/submit`)).status).toBe(200);
    const detail = await call('staff', 'GET', `/applications/za/${applicationId}`);
    for (const document of detail.body.documents) await call('staff', 'PUT', `/applications/za/${applicationId}/documents/${document.id}/approve`);
    expect((await call('staff', 'POST', `/applications/za/${applicationId}/approve`)).status).toBe(200);
    const driver = await userId('store.user');
    expect(driver.roles).toContain('Driver');
    const [row] = await server.database.db.select().from(drivers).where(eq(drivers.userId, driver.id));
    expect(row!.partnerCompanyId).toBe((await userId('customer')).companyId);
  });

  it('a cancelled invite answers 404', async () => {
    const created = await call('staff', 'POST', '/applicationinvites/za/createdriverapplication', { phoneNumber: '+27825550000' });
    expect(created.body.partnerCompanyId).toBeNull();
    expect((await call('staff', 'PUT', `/applicationinvites/za/updatedriverapplication/${created.body.id}`, { phoneNumber: '+27825550001' })).body.phoneNumber).toBe('+27825550001');
    expect((await call('staff', 'PUT', `/applicationinvites/za/canceldriverapplication/${created.body.id}`)).body.cancelled).toBe(true);
    expect((await call('company.user', 'GET', `/applicationinvites/za/hash/${created.body.hash}`)).status).toBe(404);
  });
});

describe('clear, reject, cancel and the daily document recompute', () => {
  it('clear resets the active step to -1 and removes the documents', async () => {
    const created = await call('company.user', 'POST', '/applications/za', { applicationTypeId: 6 });
    const id = created.body.id;
    await call('company.user', 'PUT', `/applications/za/${id}`, { step: 'personal', idNumber: '1', phoneNumber: '+27820000000' });
    await upload('company.user', id, 2, PNG);
    const cleared = await call('company.user', 'POST', `/applications/za/${id}/clear`);
    expect(cleared.body).toMatchObject({ activeStep: -1, documents: [], fields: { idNumber: null } });
    const cancelled = await call('company.user', 'POST', `/applications/za/${id}/cancel`, {});
    expect(cancelled.body).toMatchObject({ applicationStatusId: -2001, progressStatusId: -1000 });
  });

  it('reject needs a reason and emails it', async () => {
    const id = (await call('company.operator', 'POST', '/applications/za', { applicationTypeId: 6 })).body.id;
    expect((await call('staff', 'POST', `/applications/za/${id}/reject`, { reason: ' ' })).status).toBe(400);
    expect((await call('staff', 'POST', `/applications/za/${id}/reject`, {})).status).toBe(400);
    expect((await call('staff', 'POST', `/applications/za/${id}/reject`, { reason: 'Incomplete' })).body).toMatchObject({ applicationStatusId: -1001, reason: 'Incomplete' });
    const mail = await server.database.db.select().from(messages).where(eq(messages.recipient, 'company.operator@demo.test'));
    expect(mail.some((message) => message.body.includes('Incomplete'))).toBe(true);
  });

  it('valid documents become expiring soon or expired by their dates; pending ones stay', async () => {
    const db = server.database.db;
    const rows = await db.select().from(applicationDocuments);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = rows;
    await db.update(applicationDocuments).set({ documentStatusId: 100, expiryDate: '2030-01-10' }).where(eq(applicationDocuments.id, a!.id));
    await db.update(applicationDocuments).set({ documentStatusId: 100, expiryDate: '2029-12-01' }).where(eq(applicationDocuments.id, b!.id));
    await db.update(applicationDocuments).set({ documentStatusId: 400, expiryDate: '2020-01-01' }).where(eq(applicationDocuments.id, c!.id));
    expect(await recomputeDocumentStatuses(db, '2030-01-01')).toBeGreaterThanOrEqual(2);
    const after = new Map((await db.select().from(applicationDocuments)).map((row) => [row.id, row.documentStatusId]));
    expect(after.get(a!.id)).toBe(DOCUMENT_STATUS.expiringSoon);
    expect(after.get(b!.id)).toBe(DOCUMENT_STATUS.expired);
    expect(after.get(c!.id)).toBe(DOCUMENT_STATUS.pendingApproval);
  });
});

async function approveAll(login: SeededLogin, id: number) {
  const detail = await call(login, 'GET', `/applications/za/${id}`);
  for (const document of detail.body.documents) expect((await call(login, 'PUT', `/applications/za/${id}/documents/${document.id}/approve`)).status).toBe(200);
}

describe('approval creates the real thing for each type', () => {
  it('a business: a company, the applicant its company administrator, a PostPay account; the session reloads its profile', async () => {
    const heard: unknown[] = [];
    const stop = server.live.subscribe((message) => { if (message.topic === 'MyIdentity') heard.push(message.payload); });
    const id = (await call('twofactor', 'POST', '/applications/za', { applicationTypeId: 5 })).body.id;
    await call('twofactor', 'PUT', `/applications/za/${id}`, { step: 'company', ...PARTNER_COMPANY, companyName: 'Tumi Traders' });
    for (const type of [6, 3]) expect((await upload('twofactor', id, type, PDF)).status).toBe(201);
    await call('twofactor', 'PUT', `/applications/za/${id}`, { step: 'documents' });
    await call('twofactor', 'PUT', `/applications/za/${id}`, { step: 'terms', termsAccepted: true });
    expect((await call('twofactor', 'POST', `/applications/za/${id}/submit`)).status).toBe(200);
    await approveAll('management', id);
    expect((await call('management', 'POST', `/applications/za/${id}/approve`)).status).toBe(200);
    stop();
    const applicant = await userId('twofactor');
    expect(applicant.roles).toContain('CompanyAdministrator');
    const [account] = await server.database.db.select().from(accounts).where(and(eq(accounts.companyId, applicant.companyId!), eq(accounts.accountType, 'PostPay')));
    expect(account!.accountName).toBe('Tumi Traders');
    expect(heard).toContainEqual({ userId: applicant.id, refreshToken: null, reloadProfile: true, revoked: false });
  });

  it('a second company for someone who already has one is refused (409) and nothing is half-created', async () => {
    const before = await server.database.db.select().from(accounts);
    const id = (await call('company.admin', 'POST', '/applications/za', { applicationTypeId: 1 })).body.id;
    await call('company.admin', 'PUT', `/applications/za/${id}`, { step: 'company', ...PARTNER_COMPANY, companyName: 'Second Co' });
    await call('company.admin', 'PUT', `/applications/za/${id}`, { step: 'declaration', hasRelation: false, hasPartTimeJob: false, hasVendorRelation: false });
    for (const type of [2, 3, 6]) await upload('company.admin', id, type, PNG);
    await call('company.admin', 'PUT', `/applications/za/${id}`, { step: 'documents' });
    await call('company.admin', 'PUT', `/applications/za/${id}`, { step: 'terms', termsAccepted: true });
    await call('company.admin', 'POST', `/applications/za/${id}/submit`);
    await approveAll('staff', id);
    expect((await call('staff', 'POST', `/applications/za/${id}/approve`)).status).toBe(409);
    expect((await server.database.db.select().from(accounts)).length).toBe(before.length);
    expect((await userId('company.admin')).roles).not.toContain('Partner');
    expect((await call('staff', 'GET', `/applications/za/${id}`)).body.applicationStatusId).toBe(0);
  });

  it('a vehicle of a partner becomes its vehicle; only a partner applies for one', async () => {
    expect((await call('store.operator', 'POST', '/applications/za', { applicationTypeId: 4 })).status).toBe(403);
    const id = (await call('customer', 'POST', '/applications/za', { applicationTypeId: 4 })).body.id;
    const missing = await call('customer', 'PUT', `/applications/za/${id}`, { step: 'vehicle', registration: 'CA 999-111' });
    expect(Object.keys(missing.body.errors).sort()).toEqual(['make', 'model', 'vehicleTypeId']);
    expect(missing.body.errors.vehicleTypeId).toEqual(['Vehicle type is required']);
    await call('customer', 'PUT', `/applications/za/${id}`, { step: 'vehicle', registration: 'CA 999-111', make: 'Toyota', model: 'Hilux', vehicleTypeId: 41 });
    expect((await upload('customer', id, 5, PNG, NEXT_YEAR)).status).toBe(201);
    expect((await upload('customer', id, 4, PDF, NEXT_YEAR)).status).toBe(201);
    await call('customer', 'PUT', `/applications/za/${id}`, { step: 'documents' });
    await call('customer', 'PUT', `/applications/za/${id}`, { step: 'terms', termsAccepted: true });
    await call('customer', 'POST', `/applications/za/${id}/submit`);
    await approveAll('staff', id);
    expect((await call('staff', 'POST', `/applications/za/${id}/approve`)).status).toBe(200);
    const vehicles = await call('staff', 'GET', '/vehicles/za?search=CA 999-111');
    expect(vehicles.body.items[0]).toMatchObject({ registration: 'CA 999-111', partnerCompanyName: 'Swift Couriers', vehicleTypeId: 41 });
  });

  it('an assistant gets the Assistant role', async () => {
    const id = (await call('store.admin', 'POST', '/applications/za', { applicationTypeId: 6 })).body.id;
    await call('store.admin', 'PUT', `/applications/za/${id}`, { step: 'personal', idNumber: '8001015009087', phoneNumber: '+27821110000' });
    for (const type of [2, 3]) await upload('store.admin', id, type, PNG);
    await call('store.admin', 'PUT', `/applications/za/${id}`, { step: 'documents' });
    await call('store.admin', 'PUT', `/applications/za/${id}`, { step: 'terms', termsAccepted: true });
    await call('store.admin', 'POST', `/applications/za/${id}/submit`);
    await approveAll('administrator', id);
    expect((await call('administrator', 'POST', `/applications/za/${id}/approve`)).status).toBe(200);
    expect((await userId('store.admin')).roles).toContain('Assistant');
  });
});
