import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { components, operations } from '../../../src/api/generated/connect';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../src/lib/constants';
import { WEB_NOTIFICATION_TYPE_LABELS } from '../../../src/lib/operations-catalogue';
import { webNotifications } from '../../db/schema';
import { notFound } from '../../http/errors';
import { whereAll } from '../list-query';
import { notificationOf } from './rows';
import type { OpsContext } from './scope';

type S = components['schemas'];

/** The caller's notifications of this portal, newest first; countOnly answers the count without items. */
export async function listNotifications(ctx: OpsContext, query: NonNullable<operations['getwebnotifications']['parameters']['query']>): Promise<S['WebNotificationPage']> {
  const page = query.page ?? DEFAULT_PAGE;
  const pageSize = Math.min(query.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const typeIds = [...(query.webNotificationTypeIds ?? []), ...(query.webNotificationTypeId !== undefined ? [query.webNotificationTypeId] : [])];
  const mine = and(eq(webNotifications.userId, ctx.permissions.id), eq(webNotifications.portalId, ctx.portal.id));
  const byType = typeIds.length > 0 ? inArray(webNotifications.webNotificationTypeId, typeIds) : undefined;
  const where = whereAll(mine, byType, query.read === undefined ? undefined : eq(webNotifications.read, query.read));
  const [[total], unread] = await Promise.all([
    ctx.db.select({ value: count() }).from(webNotifications).where(where),
    ctx.db.select({ typeId: webNotifications.webNotificationTypeId, value: sql<number>`count(*)::int` }).from(webNotifications)
      .where(whereAll(mine, byType, eq(webNotifications.read, false))).groupBy(webNotifications.webNotificationTypeId),
  ]);
  const items = query.countOnly ? [] : await ctx.db.select().from(webNotifications).where(where)
    .orderBy(desc(webNotifications.createdAt), desc(webNotifications.id)).limit(pageSize).offset((page - 1) * pageSize);
  const totalItems = total?.value ?? 0;
  return {
    items: items.map(notificationOf),
    paging: { page, pageSize, totalItems, totalPages: Math.ceil(totalItems / pageSize) },
    aggregationDictionary: Object.fromEntries(unread.map((row) => [String(row.typeId), row.value])),
  };
}

export function notificationTypes(query: NonNullable<operations['getwebnotificationtypes']['parameters']['query']> = {}): S['WebNotificationType'][] {
  const wanted = query.webNotificationTypeIds && query.webNotificationTypeIds.length > 0 ? new Set(query.webNotificationTypeIds) : undefined;
  return Object.entries(WEB_NOTIFICATION_TYPE_LABELS)
    .map(([id, name]) => ({ id: Number(id), name }))
    .filter((type) => !wanted || wanted.has(type.id));
}

/** Marks one of the caller's notifications read (404 for anyone else's) and tells the caller's other tabs. */
export async function markNotificationRead(ctx: OpsContext, id: number): Promise<S['WebNotification']> {
  const [row] = await ctx.db.update(webNotifications).set({ read: true })
    .where(and(eq(webNotifications.id, id), eq(webNotifications.userId, ctx.permissions.id), eq(webNotifications.portalId, ctx.portal.id)))
    .returning();
  if (!row) throw notFound(`notification ${id}`);
  const notification = notificationOf(row);
  ctx.live.publish({ topic: 'WebNotifications', payload: notification, typeId: row.webNotificationTypeId, scope: { userId: row.userId } });
  return notification;
}
