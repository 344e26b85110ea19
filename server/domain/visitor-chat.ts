import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { VISITOR_CHAT_TEXTS, visitorChatErrors } from '../../src/lib/visitor-chat';
import type { Database } from '../db/database';
import { users, visitorConversations, visitorMessages } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import { enqueueMessage } from '../messaging/outbox';
import type { Live } from '../realtime/publish';
import type { PortalData } from './portals';

// The chat widget (issue 19): a visitor starts a conversation with a name, an email and a first message and gets
// a token; the token alone (we keep its SHA-256) reads and writes that one conversation. The operators (staff)
// see it in the messaging window beside the drivers' conversations, live over the dashboard hub's Messages topic
// (scope {}: only portal-wide staff see it), and answer it; each answer is also emailed through the outbox,
// since the widget hears answers only while its page is open: live on the chat hub (VisitorChat, subscribed with
// the token; published with the token's hash, so only that conversation's holder hears it), polling when the hub is down.

type S = components['schemas'];

const MESSAGES_SHOWN = 200;
/** What we keep of a token, and what the chat hub's subscriptions and messages are matched on. */
export const visitorTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const hashOf = visitorTokenHash;
const operatorName = sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

function validationError(errors: Record<string, string>): HttpError {
  const fields = Object.entries(errors);
  return new HttpError(400, fields[0]![1], Object.fromEntries(fields.map(([field, message]) => [field, [message]])));
}

type Conversation = typeof visitorConversations.$inferSelect;

async function messagesOf(db: Database, conversation: Conversation): Promise<S['VisitorChatMessage'][]> {
  const rows = await db.select({
    id: visitorMessages.id, conversationId: visitorMessages.conversationId, senderUserId: visitorMessages.senderUserId,
    operator: operatorName, body: visitorMessages.body, createdAt: visitorMessages.createdAt,
  }).from(visitorMessages).leftJoin(users, eq(users.id, visitorMessages.senderUserId))
    .where(eq(visitorMessages.conversationId, conversation.id)).orderBy(desc(visitorMessages.id)).limit(MESSAGES_SHOWN);
  return rows.reverse().map((row) => toMessage(conversation, row));
}

function toMessage(conversation: Conversation, row: { id: number; conversationId: number; senderUserId: number | null; operator: string | null; body: string; createdAt: Date }): S['VisitorChatMessage'] {
  const fromVisitor = row.senderUserId === null;
  return {
    id: row.id, conversationId: row.conversationId, fromVisitor,
    senderName: fromVisitor ? conversation.name : row.operator ?? '', body: row.body, createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The live message for the operators, shaped like a driver conversation's (driverId 0, kind visitor); and for the
 * visitor (their own too: another tab of theirs shows it), in the widget's shape, to that conversation only.
 */
function publishMessage(live: Live, conversation: Conversation, message: S['VisitorChatMessage'], senderUserId: number) {
  live.publish({ topic: 'Messages', payload: { ...message, driverId: 0, senderUserId, kind: 'visitor' }, scope: {} });
  live.publish({ topic: 'VisitorChat', payload: message, scope: { visitorTokenHash: conversation.tokenHash } });
}

export async function startVisitorChat(db: Database, live: Live, portal: PortalData, input: S['VisitorChatStart']): Promise<S['VisitorChat']> {
  const token = randomBytes(24).toString('base64url');
  const values = { name: input.name, email: input.email, message: input.message };
  // The trap: answered like a real start (a token that opens nothing), nothing kept.
  if (input.website?.trim()) return { token, name: values.name.trim(), items: [] };
  const errors = visitorChatErrors(values);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const name = values.name.trim();
  const body = values.message.trim();
  const { conversation, row } = await db.transaction(async (tx) => {
    const [made] = await tx.insert(visitorConversations).values({ portalId: portal.id, name, email: values.email.trim(), tokenHash: hashOf(token) }).returning();
    const [first] = await tx.insert(visitorMessages).values({ conversationId: made!.id, body }).returning();
    const [updated] = await tx.update(visitorConversations).set({ lastMessageAt: first!.createdAt }).where(eq(visitorConversations.id, made!.id)).returning();
    return { conversation: updated!, row: first! };
  });
  const message = toMessage(conversation, { ...row, operator: null });
  publishMessage(live, conversation, message, 0);
  return { token, name, items: [message] };
}

async function byToken(db: Database, portal: PortalData, token: string): Promise<Conversation> {
  const [conversation] = await db.select().from(visitorConversations)
    .where(and(eq(visitorConversations.portalId, portal.id), eq(visitorConversations.tokenHash, hashOf(token))));
  if (!conversation) throw notFound('conversation');
  return conversation;
}

export async function readVisitorChat(db: Database, portal: PortalData, token: string): Promise<S['VisitorChat']> {
  const conversation = await byToken(db, portal, token);
  return { token, name: conversation.name, items: await messagesOf(db, conversation) };
}

async function append(db: Pick<Database, 'insert' | 'update'>, conversation: Conversation, senderUserId: number | null, text: string) {
  const body = text.trim();
  if (body === '') throw badRequest('body', VISITOR_CHAT_TEXTS.required(VISITOR_CHAT_TEXTS.message));
  const [row] = await db.insert(visitorMessages).values({ conversationId: conversation.id, senderUserId, body }).returning();
  await db.update(visitorConversations).set({ lastMessageAt: row!.createdAt }).where(eq(visitorConversations.id, conversation.id));
  return row!;
}

export async function sendVisitorChatMessage(db: Database, live: Live, portal: PortalData, token: string, form: S['ConversationMessageForm']): Promise<S['VisitorChatMessage']> {
  const conversation = await byToken(db, portal, token);
  const row = await append(db, conversation, null, form.body);
  const message = toMessage(conversation, { ...row, operator: null });
  publishMessage(live, conversation, message, 0);
  return message;
}

async function byId(db: Database, portal: PortalData, id: number): Promise<Conversation> {
  const [conversation] = await db.select().from(visitorConversations)
    .where(and(eq(visitorConversations.portalId, portal.id), eq(visitorConversations.id, id)));
  if (!conversation) throw notFound(`conversation ${id}`);
  return conversation;
}

export async function getVisitorConversation(db: Database, portal: PortalData, id: number): Promise<S['VisitorConversation']> {
  const conversation = await byId(db, portal, id);
  return { id, visitorName: conversation.name, visitorEmail: conversation.email, items: await messagesOf(db, conversation) };
}

/** An operator's answer: stored and emailed in one transaction (the outbox sends after the commit), then published. */
export async function replyVisitorConversation(db: Database, live: Live, portal: PortalData, operatorId: number, id: number, form: S['ConversationMessageForm']): Promise<S['VisitorChatMessage']> {
  const conversation = await byId(db, portal, id);
  const row = await db.transaction(async (tx) => {
    const stored = await append(tx, conversation, operatorId, form.body);
    await enqueueMessage(tx, {
      userId: null, channel: 'email', recipient: conversation.email, purpose: 'visitorChatReply',
      subject: VISITOR_CHAT_TEXTS.replySubject(portal.name), body: VISITOR_CHAT_TEXTS.replyBody(conversation.name, portal.name, stored.body),
    });
    return stored;
  });
  const [operator] = await db.select({ name: operatorName }).from(users).where(eq(users.id, operatorId));
  const message = toMessage(conversation, { ...row, operator: operator?.name ?? '' });
  publishMessage(live, conversation, message, operatorId);
  return message;
}

/** The visitor conversations as rows of the messaging window's list; unread = the visitor's messages after the last answer. */
export async function visitorConversationRows(db: Database, portalId: number): Promise<S['Conversation'][]> {
  // Qualified by hand: in a one-table select drizzle writes its columns unqualified, which the subqueries would misread.
  const conversationId = sql.raw('"visitor_conversations"."id"');
  const last = sql<string | null>`(select m.body from ${visitorMessages} m where m.conversation_id = ${conversationId} order by m.id desc limit 1)`;
  const unread = sql<number>`(select count(*)::int from ${visitorMessages} m where m.conversation_id = ${conversationId} and m.sender_user_id is null
    and m.id > coalesce((select max(a.id) from ${visitorMessages} a where a.conversation_id = ${conversationId} and a.sender_user_id is not null), 0))`;
  const rows = await db.select({
    id: visitorConversations.id, name: visitorConversations.name, email: visitorConversations.email,
    lastMessage: last, lastMessageAt: visitorConversations.lastMessageAt, unreadCount: unread,
  }).from(visitorConversations).where(eq(visitorConversations.portalId, portalId));
  return rows.map((row) => ({
    id: row.id, driverId: 0, driverName: row.name, kind: 'visitor' as const, visitorEmail: row.email,
    lastMessage: row.lastMessage, lastMessageAt: row.lastMessageAt?.toISOString() ?? null, unreadCount: row.unreadCount,
  }));
}
