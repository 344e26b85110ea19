import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { hasAnyRole, STAFF_ROLES, type Permissions } from '../../src/lib/roles';
import type { Database } from '../db/database';
import { conversationMessages, conversationReads, conversations, drivers, users } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import type { Live } from '../realtime/publish';
import { visitorConversationRows } from './visitor-chat';

// The messaging window (issue 20): one conversation per driver and portal between the dispatchers (staff) and
// that driver. Staff see every driver's conversation; a driver their own; a partner its own and those of the
// drivers under its partner company (drivers.partner_company_id).

type S = components['schemas'];

export interface MessagingContext {
  db: Database;
  live: Live;
  portalId: number;
  permissions: Permissions;
}

const isDispatcher = (permissions: Permissions) => hasAnyRole(permissions, STAFF_ROLES);
/** The partner company whose drivers' conversations the caller shares, if they are a partner. */
const partnerCompanyOf = (permissions: Permissions) => (hasAnyRole(permissions, ['Partner']) ? permissions.companyId ?? null : null);
/** Drivers under the partner company. */
const driversOf = (companyId: number) => sql`(select ${drivers.userId} from ${drivers} where ${drivers.partnerCompanyId} = ${companyId})`;

/** Which conversations' drivers the caller may see: all (staff), their own, and a partner's drivers'. */
function visibleDrivers(permissions: Permissions) {
  if (isDispatcher(permissions)) return undefined;
  const company = partnerCompanyOf(permissions);
  return company === null ? eq(conversations.driverId, permissions.id)
    : or(eq(conversations.driverId, permissions.id), inArray(conversations.driverId, driversOf(company)));
}
const MESSAGES_SHOWN = 200;
const fullName = sql<string>`trim(${users.firstName} || ' ' || coalesce(${users.lastName}, ''))`;

/** The driver of a conversation the caller may open: themself, or (staff) any user with a field role. */
async function driverOf(ctx: MessagingContext, driverId: number): Promise<{ id: number; name: string; partnerCompanyId: number | null }> {
  const [driver] = await ctx.db.select({ id: users.id, name: fullName, partnerCompanyId: drivers.partnerCompanyId }).from(users)
    .leftJoin(drivers, eq(drivers.userId, users.id))
    .where(and(eq(users.id, driverId), sql`${users.roles} && array['Driver', 'Partner']::text[]`));
  const company = partnerCompanyOf(ctx.permissions);
  const mayOpen = isDispatcher(ctx.permissions) || driverId === ctx.permissions.id
    || (company !== null && driver?.partnerCompanyId === company);
  if (!mayOpen) throw notFound(`conversation of driver ${driverId}`);
  if (!driver) throw notFound(`driver ${driverId}`);
  return driver;
}

async function conversationId(ctx: MessagingContext, driverId: number, create: boolean): Promise<number | null> {
  const [found] = await ctx.db.select({ id: conversations.id }).from(conversations)
    .where(and(eq(conversations.portalId, ctx.portalId), eq(conversations.driverId, driverId)));
  if (found || !create) return found?.id ?? null;
  const [made] = await ctx.db.insert(conversations).values({ portalId: ctx.portalId, driverId })
    .onConflictDoUpdate({ target: [conversations.portalId, conversations.driverId], set: { portalId: ctx.portalId } }).returning({ id: conversations.id });
  return made!.id;
}

export async function listConversations(ctx: MessagingContext): Promise<S['Conversations']> {
  const read = sql<number>`coalesce((select ${conversationReads.lastReadMessageId} from ${conversationReads}
    where ${conversationReads.conversationId} = ${conversations.id} and ${conversationReads.userId} = ${ctx.permissions.id}), 0)`;
  const unread = sql<number>`(select count(*)::int from ${conversationMessages} m where m.conversation_id = ${conversations.id}
    and m.id > ${read} and m.sender_user_id <> ${ctx.permissions.id})`;
  const last = sql<string | null>`(select m.body from ${conversationMessages} m where m.conversation_id = ${conversations.id} order by m.id desc limit 1)`;
  const rows = await ctx.db.select({
    id: conversations.id, driverId: conversations.driverId, driverName: fullName, lastMessage: last, lastMessageAt: conversations.lastMessageAt, unreadCount: unread,
  }).from(conversations).innerJoin(users, eq(users.id, conversations.driverId))
    .where(and(eq(conversations.portalId, ctx.portalId), visibleDrivers(ctx.permissions)))
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.id));
  const drivers: S['Conversation'][] = rows.map((row) => ({ ...row, kind: 'driver', lastMessageAt: row.lastMessageAt?.toISOString() ?? null }));
  // Issue 19: the chat widget's visitors, for the operators (staff) only, newest first among the drivers'.
  const visitors = isDispatcher(ctx.permissions) ? await visitorConversationRows(ctx.db, ctx.portalId) : [];
  const items = [...drivers, ...visitors].sort((a, b) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? ''));
  return { items, unreadTotal: items.reduce((sum, row) => sum + row.unreadCount, 0) };
}

const messageColumns = {
  id: conversationMessages.id, conversationId: conversationMessages.conversationId, senderUserId: conversationMessages.senderUserId,
  senderName: fullName, body: conversationMessages.body, createdAt: conversationMessages.createdAt,
};

export async function listMessages(ctx: MessagingContext, driverId: number): Promise<S['ConversationMessages']> {
  const driver = await driverOf(ctx, driverId);
  const id = await conversationId(ctx, driverId, false);
  const rows = id === null ? [] : await ctx.db.select(messageColumns).from(conversationMessages)
    .innerJoin(users, eq(users.id, conversationMessages.senderUserId))
    .where(eq(conversationMessages.conversationId, id)).orderBy(desc(conversationMessages.id)).limit(MESSAGES_SHOWN);
  return { driverId, driverName: driver.name, items: rows.reverse().map((row) => ({ ...row, driverId, createdAt: row.createdAt.toISOString() })) };
}

/** Stores the message, then publishes it on the dashboard hub's Messages topic (the driver and staff receive it). */
export async function sendMessage(ctx: MessagingContext, driverId: number, form: S['ConversationMessageForm']): Promise<S['ConversationMessage']> {
  const driver = await driverOf(ctx, driverId);
  const body = form.body.trim();
  if (body === '') throw badRequest('body', 'Enter a message.');
  const id = (await conversationId(ctx, driverId, true))!;
  const [row] = await ctx.db.insert(conversationMessages).values({ conversationId: id, senderUserId: ctx.permissions.id, body }).returning();
  await ctx.db.update(conversations).set({ lastMessageAt: row!.createdAt }).where(eq(conversations.id, id));
  // The sender has read their own message.
  await markRead(ctx, driverId, { lastReadMessageId: row!.id });
  const [sender] = await ctx.db.select({ name: fullName }).from(users).where(eq(users.id, ctx.permissions.id));
  const message = { id: row!.id, conversationId: id, driverId, senderUserId: ctx.permissions.id, senderName: sender?.name ?? '', body, createdAt: row!.createdAt.toISOString() };
  ctx.live.publish({ topic: 'Messages', payload: message, scope: { driverId, partnerCompanyId: driver.partnerCompanyId } });
  return message;
}

export async function markRead(ctx: MessagingContext, driverId: number, form: S['ConversationReadForm']): Promise<void> {
  await driverOf(ctx, driverId);
  const id = await conversationId(ctx, driverId, false);
  if (id === null) return;
  await ctx.db.insert(conversationReads).values({ conversationId: id, userId: ctx.permissions.id, lastReadMessageId: form.lastReadMessageId })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastReadMessageId: sql`greatest(${conversationReads.lastReadMessageId}, excluded.last_read_message_id)` },
    });
}

