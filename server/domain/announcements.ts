import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { components } from '../../src/api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../../src/lib/constants';
import { CONTENT_TEXTS } from '../../src/lib/content-texts';
import { conflictMessage } from '../../src/lib/resource-texts';
import type { Database } from '../db/database';
import { announcementDismissals, announcements } from '../db/schema';
import { badRequest, ConflictError, notFound } from '../http/errors';
import { type ListDefinition, pageOf, parseListQuery, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';

/**
 * Announcements (000 section 2 routes, section 6 access). The spec lists the screens but not where users
 * see them; ours: an active announcement is shown from its start date through its end date (portal-local
 * dates, inclusive; no end date = until deactivated) as a banner to every signed-in user of the portal,
 * until that user closes it.
 */

export type AnnouncementQuery = QueryOf<'getannouncements'>;

type AnnouncementCreate = components['schemas']['CntAnnouncementInput'];
type AnnouncementUpdate = components['schemas']['CntAnnouncementUpdate'];

const announcementList: ListDefinition = {
  sortable: {
    id: announcements.id, title: announcements.title, startDate: announcements.startDate, isActive: announcements.isActive,
    createdAt: announcements.createdAt,
  },
  defaultSort: announcements.startDate,
  id: announcements.id,
  searchable: [announcements.title, announcements.message],
  filters: { isActive: { kind: 'equals', column: announcements.isActive } },
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1),
};

const announcementRow = {
  id: announcements.id, title: announcements.title, message: announcements.message, startDate: announcements.startDate,
  endDate: announcements.endDate, isActive: announcements.isActive, createdAt: announcements.createdAt,
  xmin: sql<string>`${announcements}.xmin::text`,
};

type Row = Awaited<ReturnType<typeof selectAnnouncements>>[number];

function selectAnnouncements(db: Database, where: SQL | undefined) {
  return db.select(announcementRow).from(announcements).where(where);
}

function publicAnnouncement(row: Row) {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Shown on `date`: active, started, and not yet ended (dates are YYYY-MM-DD text, so they compare as text). */
function shownOn(date: string): SQL {
  return and(
    eq(announcements.isActive, true),
    sql`${announcements.startDate} <= ${date}`,
    or(isNull(announcements.endDate), sql`${announcements.endDate} >= ${date}`),
  )!;
}

/** Today in the portal's time zone. */
export function portalToday(portal: PortalData, now: DateTime = DateTime.utc()): string {
  return now.setZone(portal.timeZone).toISODate() ?? now.toISODate()!;
}

function validDate(field: string, value: string | null | undefined) {
  if (value === null || value === undefined) return;
  if (!DateTime.fromISO(value).isValid) throw badRequest(field, CONTENT_TEXTS.invalidDate(field));
}

function checkDates(input: { startDate: string; endDate?: string | null }) {
  validDate('startDate', input.startDate);
  validDate('endDate', input.endDate);
  if (input.endDate && input.endDate < input.startDate) throw badRequest('endDate', CONTENT_TEXTS.endBeforeStart);
}

function trimmed<T extends { title: string; message: string }>(input: T): T {
  const title = input.title.trim();
  const message = input.message.trim();
  if (!title) throw badRequest('title', CONTENT_TEXTS.required('Title'));
  if (!message) throw badRequest('message', CONTENT_TEXTS.required('Message'));
  return { ...input, title, message };
}

export async function listAnnouncements(db: Database, portal: PortalData, query: AnnouncementQuery) {
  const parsed = parseListQuery(query as AnnouncementQuery & Record<string, unknown>, announcementList);
  if (query.activeOn) validDate('activeOn', query.activeOn);
  const where = whereAll(eq(announcements.portalId, portal.id), parsed.search, parsed.filters, query.activeOn ? shownOn(query.activeOn) : undefined);
  const [items, [total]] = await Promise.all([
    selectAnnouncements(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(announcements).where(where),
  ]);
  return pageOf(items.map(publicAnnouncement), total?.value ?? 0, parsed);
}

async function findAnnouncement(db: Database, portal: PortalData, id: number) {
  const [row] = await selectAnnouncements(db, and(eq(announcements.portalId, portal.id), eq(announcements.id, id)));
  return row;
}

export async function getAnnouncement(db: Database, portal: PortalData, id: number) {
  const row = await findAnnouncement(db, portal, id);
  if (!row) throw notFound(`announcement ${id}`);
  return publicAnnouncement(row);
}

export async function createAnnouncement(db: Database, portal: PortalData, userId: number, input: AnnouncementCreate) {
  const values = trimmed(input);
  checkDates(values);
  const [row] = await db.insert(announcements).values({ ...values, portalId: portal.id, createdByUserId: userId })
    .returning({ id: announcements.id });
  return getAnnouncement(db, portal, row!.id);
}

/** UPDATE ... WHERE id AND xmin: a row changed since `xmin` answers 409 with its current version. */
export async function updateAnnouncement(db: Database, portal: PortalData, id: number, input: AnnouncementUpdate) {
  const { xmin, ...rest } = input;
  const values = trimmed(rest);
  checkDates(values);
  const inPortal = and(eq(announcements.portalId, portal.id), eq(announcements.id, id));
  const updated = await db.update(announcements).set(values).where(and(inPortal, sql`${announcements}.xmin::text = ${xmin}`))
    .returning({ id: announcements.id });
  const current = await findAnnouncement(db, portal, id);
  if (!current) throw notFound(`announcement ${id}`);
  if (updated.length === 0) throw new ConflictError(conflictMessage('announcement'), publicAnnouncement(current));
  return publicAnnouncement(current);
}

/** Deletes all of `ids` or none (an id of another portal is 404); their dismissals go with them. */
export async function deleteAnnouncements(db: Database, portal: PortalData, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const visible = await tx.select({ id: announcements.id }).from(announcements)
      .where(and(eq(announcements.portalId, portal.id), inArray(announcements.id, unique)));
    if (visible.length !== unique.length) {
      const missing = unique.filter((id) => !visible.some((row) => row.id === id));
      throw notFound(`announcement ${missing.join(', ')}`);
    }
    await tx.delete(announcementDismissals).where(inArray(announcementDismissals.announcementId, unique));
    const deleted = await tx.delete(announcements).where(inArray(announcements.id, unique)).returning({ id: announcements.id });
    return { deleted: deleted.length };
  });
}

/** What the banner shows the caller: shown today, not closed by them, newest first. */
export async function currentAnnouncements(db: Database, portal: PortalData, userId: number, now?: DateTime) {
  const rows = await db.select({
    id: announcements.id, title: announcements.title, message: announcements.message,
    startDate: announcements.startDate, endDate: announcements.endDate,
  }).from(announcements)
    .leftJoin(announcementDismissals, and(eq(announcementDismissals.announcementId, announcements.id), eq(announcementDismissals.userId, userId)))
    .where(and(eq(announcements.portalId, portal.id), shownOn(portalToday(portal, now)), isNull(announcementDismissals.userId)))
    .orderBy(desc(announcements.startDate), desc(announcements.id))
    .limit(20);
  return rows;
}

export async function dismissAnnouncement(db: Database, portal: PortalData, userId: number, id: number) {
  const row = await findAnnouncement(db, portal, id);
  if (!row) throw notFound(`announcement ${id}`);
  await db.insert(announcementDismissals).values({ announcementId: id, userId }).onConflictDoNothing();
}
