// The chat widget (issue 19): a visitor starts a conversation (name, email, first message) and gets a token that
// alone reads and writes it; the operators see it in the messaging window beside the drivers', live over the
// dashboard hub, and answer it; the answer is emailed through the outbox. Drivers and company users never see it.
import type { HubConnection } from '@microsoft/signalr';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, visitorConversations } from '../../server/db/schema';
import type { LiveMessage } from '../../server/realtime/publish';
import { hubClient, sleep } from './realtime-support';
import { startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
const open: HubConnection[] = [];
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await server.close();
});

let sequence = 0;
const unique = () => `chatter${Date.now()}${sequence++}@example.test`;
const start = (overrides: Record<string, unknown> = {}) => server.raw(undefined, 'POST', '/public/ZA/chat',
  { name: 'Thandi Nkosi', email: unique(), message: 'Do you deliver to Soweto on Saturdays?', website: '', ...overrides });
const conversations = (login: 'management' | 'administrator') => server.as(login).connect.GET('/messaging/conversations/{cca2}', { params: { path: ZA } });

describe('a visitor chats with the operators', () => {
  it('starts, writes, reads with the token; the operators hear it live, answer it, and the answer is emailed', async () => {
    const heard: LiveMessage[] = [];
    const stop = server.live.subscribe((message) => { if (message.topic === 'Messages') heard.push(message); });
    const email = unique();
    const started = await start({ email });
    expect(started.status).toBe(201);
    const { token } = started.body as { token: string };
    expect(token.length).toBeGreaterThanOrEqual(30);
    expect(started.body.items).toEqual([expect.objectContaining({ fromVisitor: true, senderName: 'Thandi Nkosi', body: 'Do you deliver to Soweto on Saturdays?' })]);
    const [stored] = await server.database.db.select().from(visitorConversations).where(eq(visitorConversations.email, email));
    // Only the token's hash is kept.
    expect(stored!.tokenHash).not.toContain(token);

    const more = await server.raw(undefined, 'POST', `/public/ZA/chat/${token}`, { body: '  A 5 kg box.  ' });
    expect(more.status).toBe(201);
    expect(more.body).toMatchObject({ fromVisitor: true, body: 'A 5 kg box.' });
    expect(heard.map((message) => message.payload)).toEqual([
      expect.objectContaining({ kind: 'visitor', body: 'Do you deliver to Soweto on Saturdays?' }), expect.objectContaining({ kind: 'visitor', body: 'A 5 kg box.' }),
    ]);
    expect(heard[0]!.scope).toEqual({});

    const { data: list } = await conversations('management');
    const row = list!.items.find((item) => item.kind === 'visitor' && item.visitorEmail === email)!;
    expect(row).toMatchObject({ driverName: 'Thandi Nkosi', unreadCount: 2, lastMessage: 'A 5 kg box.' });
    const thread = await server.as('management').connect.GET('/messaging/visitors/{cca2}/{conversationId}', { params: { path: { ...ZA, conversationId: row.id } } });
    expect(thread.data).toMatchObject({ visitorName: 'Thandi Nkosi', visitorEmail: email });
    expect(thread.data!.items.map((item) => item.body)).toEqual(['Do you deliver to Soweto on Saturdays?', 'A 5 kg box.']);

    const reply = await server.as('management').connect.POST('/messaging/visitors/{cca2}/{conversationId}', { params: { path: { ...ZA, conversationId: row.id } }, body: { body: 'Yes, Saturdays until 13:00.' } });
    expect(reply.response.status).toBe(201);
    expect(reply.data).toMatchObject({ fromVisitor: false, body: 'Yes, Saturdays until 13:00.' });
    expect(heard).toHaveLength(3);
    stop();
    const mails = await server.database.db.select().from(messages).where(and(eq(messages.recipient, email), eq(messages.purpose, 'visitorChatReply')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Hello Thandi Nkosi');
    expect(mails[0]!.body).toContain('Yes, Saturdays until 13:00.');
    expect((await conversations('management')).data!.items.find((item) => item.id === row.id && item.kind === 'visitor')!.unreadCount).toBe(0);

    const seen = await server.raw(undefined, 'GET', `/public/ZA/chat/${token}`);
    expect(seen.status).toBe(200);
    expect(seen.body.items.map((item: { body: string; fromVisitor: boolean }) => [item.fromVisitor, item.body])).toEqual([
      [true, 'Do you deliver to Soweto on Saturdays?'], [true, 'A 5 kg box.'], [false, 'Yes, Saturdays until 13:00.'],
    ]);
  });

  it('a wrong token is not found; bad input names the field; a filled spam trap keeps nothing', async () => {
    expect((await server.raw(undefined, 'GET', `/public/ZA/chat/${'x'.repeat(32)}`)).status).toBe(404);
    expect((await server.raw(undefined, 'POST', `/public/ZA/chat/${'x'.repeat(32)}`, { body: 'Hello' })).status).toBe(404);
    const noName = await start({ name: '   ' });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toHaveProperty('name');
    const badEmail = await start({ email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect(JSON.stringify(badEmail.body)).toContain('email');
    const email = unique();
    const trapped = await start({ email, website: 'https://spam.example' });
    expect(trapped.status).toBe(201);
    expect((await server.raw(undefined, 'GET', `/public/ZA/chat/${trapped.body.token}`)).status).toBe(404);
    expect(await server.database.db.select().from(visitorConversations).where(eq(visitorConversations.email, email))).toHaveLength(0);
    const { token } = (await start()).body as { token: string };
    const empty = await server.raw(undefined, 'POST', `/public/ZA/chat/${token}`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty('body');
  });

  it('by role and scope: only staff see and answer visitors; drivers and company users do not; anonymous 401', async () => {
    const email = unique();
    await start({ email });
    const { data: list } = await conversations('administrator');
    const row = list!.items.find((item) => item.kind === 'visitor' && item.visitorEmail === email)!;
    for (const login of ['driver', 'partner'] as const) {
      const { data } = await server.as(login).connect.GET('/messaging/conversations/{cca2}', { params: { path: ZA } });
      expect(data!.items.some((item) => item.kind === 'visitor'), login).toBe(false);
    }
    for (const login of ['driver', 'partner', 'company.admin', 'customer'] as const) {
      expect((await server.raw(login, 'GET', `/messaging/visitors/za/${row.id}`)).status, login).toBe(403);
      expect((await server.raw(login, 'POST', `/messaging/visitors/za/${row.id}`, { body: 'Hi' })).status, login).toBe(403);
    }
    expect((await server.raw(undefined, 'GET', `/messaging/visitors/za/${row.id}`)).status).toBe(401);
    expect((await server.raw('management', 'GET', '/messaging/visitors/za/999999')).status).toBe(404);
  });
});

describe('the chat hub: a visitor hears their own conversation live, and no other', () => {
  /** A visitor's widget on the chat hub (no sign-in), subscribed with a token; records the messages it hears. */
  async function listen(token: string) {
    const connection = hubClient(server, 'chat', () => undefined);
    const heard: { conversationId: number; body: string; fromVisitor: boolean }[] = [];
    connection.on('visitorChatMessage', (message: (typeof heard)[number]) => heard.push(message));
    await connection.start();
    open.push(connection);
    await connection.invoke('subscribeToVisitorChat', token);
    return { connection, heard };
  }
  const operatorsRow = async (email: string) => (await conversations('management')).data!.items.find((item) => item.kind === 'visitor' && item.visitorEmail === email)!;
  const reply = (conversationId: number, body: string) => server.as('management').connect.POST('/messaging/visitors/{cca2}/{conversationId}', { params: { path: { ...ZA, conversationId } }, body: { body } });

  it('an operator\'s answer reaches its conversation\'s visitor only; a guessed token and another visitor hear nothing', async () => {
    const [emailA, emailB] = [unique(), unique()];
    const tokenA = (await start({ email: emailA })).body.token as string;
    const tokenB = (await start({ email: emailB, message: 'Where is my parcel?' })).body.token as string;
    const [a, b, guesser] = await Promise.all([listen(tokenA), listen(tokenB), listen('x'.repeat(32))]);
    const [rowA, rowB] = await Promise.all([operatorsRow(emailA), operatorsRow(emailB)]);

    expect((await reply(rowA.id, 'Yes, Saturdays until 13:00.')).response.status).toBe(201);
    expect((await server.raw(undefined, 'POST', `/public/ZA/chat/${tokenB}`, { body: 'Waybill WB123.' })).status).toBe(201);
    expect((await reply(rowB.id, 'It is on its way.')).response.status).toBe(201);
    const deadline = Date.now() + 5000;
    while ((a.heard.length < 1 || b.heard.length < 2) && Date.now() < deadline) await sleep(20);
    // Anything misrouted would have arrived by now too (one process, in order).
    await sleep(100);
    expect(a.heard).toEqual([expect.objectContaining({ conversationId: rowA.id, fromVisitor: false, body: 'Yes, Saturdays until 13:00.' })]);
    expect(b.heard).toEqual([
      expect.objectContaining({ conversationId: rowB.id, fromVisitor: true, body: 'Waybill WB123.' }),
      expect.objectContaining({ conversationId: rowB.id, fromVisitor: false, body: 'It is on its way.' }),
    ]);
    expect(guesser.heard).toEqual([]);

    // Unsubscribed: nothing more.
    await a.connection.invoke('unsubscribeFromVisitorChat', tokenA);
    await reply(rowA.id, 'Anything else?');
    await sleep(200);
    expect(a.heard).toHaveLength(1);
  });

  it('needs a token (bad arguments); the topic is only on the chat hub; the dashboard hub still needs a sign-in', async () => {
    const connection = hubClient(server, 'chat', () => undefined);
    await connection.start();
    open.push(connection);
    await expect(connection.invoke('subscribeToVisitorChat')).rejects.toThrow("Invalid arguments for hub method 'subscribeToVisitorChat'");
    await expect(connection.invoke('subscribeToVisitorChat', 42)).rejects.toThrow("Invalid arguments for hub method 'subscribeToVisitorChat'");
    await expect(connection.invoke('subscribeToMessages')).rejects.toThrow("Unknown hub method 'subscribeToMessages'");
    const staff = hubClient(server, 'dashboard', () => server.tokenFor('management@demo.test'));
    await staff.start();
    open.push(staff);
    await expect(staff.invoke('subscribeToVisitorChat', 'x'.repeat(32))).rejects.toThrow("Unknown hub method 'subscribeToVisitorChat'");
    await expect(hubClient(server, 'dashboard', () => undefined).start()).rejects.toThrow();
  });
});
