// The contact form (issue 19): a message from /contact is stored for the operators and acknowledged by email
// through the outbox; bad input names the field; an address may send 3 an hour; the spam trap drops silently;
// staff read and mark answered, others are refused; another portal's messages are not found.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, messages } from '../../server/db/schema';
import { CONTACT_LIMITS, CONTACT_TEXTS } from '../../src/lib/contact';
import { expectedStatus, ROLE_LOGINS } from './fleet-support';
import { startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

let sequence = 0;
const unique = () => `visitor${Date.now()}${sequence++}@example.test`;
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Thandi Nkosi', email: unique(), phone: '+27 82 555 0101', subject: 'Collection from my office',
  message: 'Can a driver collect three boxes from our office on Friday morning?', website: '', ...overrides,
});
const send = (body: unknown) => server.raw(undefined, 'POST', '/public/ZA/contact', body);
const storedFor = (email: string) => server.database.db.select().from(contactMessages).where(sql`lower(${contactMessages.email}) = ${email.toLowerCase()}`);

describe('sending a message from /contact', () => {
  it('stores it and queues the acknowledgement email in the same transaction', async () => {
    const body = form();
    const answer = await send(body);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: CONTACT_TEXTS.received });
    const [stored] = await storedFor(body.email);
    expect(stored).toMatchObject({ name: body.name, subject: body.subject, message: body.message, phone: body.phone, answeredAt: null });
    const mails = await server.database.db.select().from(messages).where(and(eq(messages.recipient, body.email), eq(messages.purpose, 'contactAcknowledgement')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(CONTACT_TEXTS.acknowledgementSubject(body.subject));
    expect(mails[0]!.body).toContain(body.message);
  });

  it('answers a filled spam trap like a real message and keeps nothing', async () => {
    const body = form({ website: 'https://cheap-pills.example' });
    const answer = await send(body);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: CONTACT_TEXTS.received });
    expect(await storedFor(body.email)).toHaveLength(0);
    expect(await server.database.db.select().from(messages).where(eq(messages.recipient, body.email))).toHaveLength(0);
  });

  it('names each missing or bad field', async () => {
    const blank = await send(form({ name: '   ', subject: ' ', message: '\n' }));
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({
      name: [CONTACT_TEXTS.required(CONTACT_TEXTS.name)], subject: [CONTACT_TEXTS.required(CONTACT_TEXTS.subject)], message: [CONTACT_TEXTS.required(CONTACT_TEXTS.message)],
    });
    const badEmail = await send(form({ email: 'not an email' }));
    expect(badEmail.status).toBe(400);
    expect(Object.keys(badEmail.body.errors ?? {})).toContain('email');
    const missing = await send({ name: 'A', subject: 'B', message: 'C' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('email');
    const tooLong = await send(form({ message: 'x'.repeat(CONTACT_LIMITS.message + 1) }));
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('message');
  });

  it('takes 3 messages an hour from one address, whatever its case, then 429 with the reason', async () => {
    const email = unique();
    for (let i = 0; i < CONTACT_LIMITS.perEmailPerHour; i++) expect((await send(form({ email: i === 1 ? email.toUpperCase() : email }))).status).toBe(202);
    const refused = await send(form({ email }));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(CONTACT_TEXTS.tooMany);
    expect(await storedFor(email)).toHaveLength(CONTACT_LIMITS.perEmailPerHour);
  });
});

describe('the operators\' list of contact messages', () => {
  it.each(ROLE_LOGINS)('access for %s follows the shared table', async (login) => {
    const user = server.as(login).connect;
    expect((await user.GET('/contactmessages/{cca2}', { params: { path: ZA } })).response.status).toBe(await expectedStatus(server, login, 'getcontactmessages'));
    const mark = await user.PUT('/contactmessages/{cca2}/answered', { params: { path: ZA }, body: { ids: [999_999] } });
    // Allowed callers get the not-found of the unknown id; others are refused before it.
    expect(mark.response.status).toBe(await expectedStatus(server, login, 'answercontactmessages', 404));
  });

  it('lists newest first, searches, filters answered, and records who marked them answered', async () => {
    const staff = server.as('staff').connect;
    const first = form({ subject: 'Invoice copy please' });
    const second = form({ subject: 'Invoice address change' });
    await send(first);
    await send(second);
    const page = (await staff.GET('/contactmessages/{cca2}', { params: { path: ZA, query: { search: 'Invoice', pageSize: 50 } } })).data!;
    const mine = page.items.filter((item) => item.email === first.email || item.email === second.email);
    expect(mine.map((item) => item.subject)).toEqual([second.subject, first.subject]);
    const ids = mine.map((item) => item.id);
    const marked = await staff.PUT('/contactmessages/{cca2}/answered', { params: { path: ZA }, body: { ids } });
    expect(marked.data).toEqual({ answered: 2 });
    const answered = (await staff.GET('/contactmessages/{cca2}', { params: { path: ZA, query: { answered: true, search: 'Invoice', pageSize: 50 } } })).data!;
    expect(answered.items.filter((item) => ids.includes(item.id)).every((item) => item.answeredAt !== null && item.answeredBy === 'Sam Staff')).toBe(true);
    const waiting = (await staff.GET('/contactmessages/{cca2}', { params: { path: ZA, query: { answered: false, pageSize: 100 } } })).data!;
    expect(waiting.items.some((item) => ids.includes(item.id))).toBe(false);
  });

  it('does not show or change another portal\'s messages (404, nothing changed)', async () => {
    const body = form();
    expect((await server.raw(undefined, 'POST', '/public/NA/contact', body)).status).toBe(202);
    const [namibia] = await storedFor(body.email);
    const staff = server.as('staff').connect;
    const za = (await staff.GET('/contactmessages/{cca2}', { params: { path: ZA, query: { search: body.email } } })).data!;
    expect(za.items).toHaveLength(0);
    const refused = await staff.PUT('/contactmessages/{cca2}/answered', { params: { path: ZA }, body: { ids: [namibia!.id] } });
    expect(refused.response.status).toBe(404);
    const [after] = await storedFor(body.email);
    expect(after!.answeredAt).toBeNull();
  });
});
