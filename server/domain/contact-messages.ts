import { and, count, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { CONTACT_LIMITS, CONTACT_TEXTS, contactErrors } from '../../src/lib/contact';
import type { Database } from '../db/database';
import { contactMessages } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { enqueueMessage } from '../messaging/outbox';
import { type ListDefinition, pageOf, parseListQuery, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';

/**
 * The contact form (issue 19): a visitor's message is stored for the operators and acknowledged by email in the
 * same transaction (the outbox sends it after the commit). Spam: the edge limits anonymous writes per address,
 * an email address may send CONTACT_LIMITS.perEmailPerHour an hour, and a filled `website` trap is answered
 * like a real message and dropped, so a bot learns nothing.
 */

type S = components['schemas'];
export type ContactMessage = S['ContactMessage'];

const HOUR_MS = 60 * 60 * 1000;

export async function sendContactMessage(db: Database, portal: PortalData, input: S['ContactMessageRequest'], now = new Date()): Promise<S['ContactMessageReceived']> {
  const received = { message: CONTACT_TEXTS.received };
  if (input.website?.trim()) return received;
  const values = { name: input.name, email: input.email, phone: input.phone ?? '', subject: input.subject, message: input.message };
  const errors = contactErrors(values);
  const fields = Object.entries(errors);
  if (fields.length > 0) throw new HttpError(400, fields[0]![1], Object.fromEntries(fields.map(([field, message]) => [field, [message]])));
  const email = values.email.trim();
  return db.transaction(async (tx) => {
    // Serialises the senders of one address, so two at once cannot both pass the hourly count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${email.toLowerCase()}`}))`);
    const [recent] = await tx.select({ value: count() }).from(contactMessages)
      .where(and(sql`lower(${contactMessages.email}) = ${email.toLowerCase()}`, gt(contactMessages.createdAt, new Date(now.getTime() - HOUR_MS))));
    if ((recent?.value ?? 0) >= CONTACT_LIMITS.perEmailPerHour) throw new HttpError(429, CONTACT_TEXTS.tooMany);
    const name = values.name.trim();
    const message = values.message.trim();
    await tx.insert(contactMessages).values({
      portalId: portal.id, name, email, phone: values.phone.trim() || null, subject: values.subject.trim(), message,
    });
    await enqueueMessage(tx, {
      userId: null, channel: 'email', recipient: email, purpose: 'contactAcknowledgement',
      subject: CONTACT_TEXTS.acknowledgementSubject(values.subject.trim()), body: CONTACT_TEXTS.acknowledgementBody(name, portal.name, message),
    });
    return received;
  });
}

const contactList: ListDefinition = {
  sortable: { id: contactMessages.id, created: contactMessages.createdAt, name: contactMessages.name, subject: contactMessages.subject },
  defaultSort: contactMessages.createdAt,
  id: contactMessages.id,
  searchable: [contactMessages.name, contactMessages.email, contactMessages.subject, contactMessages.message],
  filters: {},
};

const inPortal = (portal: PortalData) => eq(contactMessages.portalId, portal.id);

const answeredFilter = (answered: boolean | undefined): SQL | undefined =>
  (answered === undefined ? undefined : answered ? sql`${contactMessages.answeredAt} is not null` : isNull(contactMessages.answeredAt));

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The messages of the portal, newest first unless sorted otherwise. */
export async function listContactMessages(db: Database, portal: PortalData, query: QueryOf<'getcontactmessages'>) {
  // Newest first is what an operator reads first; the list's own default direction is ascending.
  const parsed = parseListQuery({ ...query, sortdirection: query.sortby ? query.sortdirection : 'desc' } as QueryOf<'getcontactmessages'> & Record<string, unknown>, contactList);
  const where = whereAll(inPortal(portal), parsed.search, answeredFilter(query.answered));
  const [rows, [total]] = await Promise.all([
    db.select({
      id: contactMessages.id, name: contactMessages.name, email: contactMessages.email, phone: contactMessages.phone,
      subject: contactMessages.subject, message: contactMessages.message, created: contactMessages.createdAt, answeredAt: contactMessages.answeredAt,
      answeredBy: sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${contactMessages.answeredByUserId})`,
      xmin: sql<string>`${contactMessages}.xmin::text`,
    }).from(contactMessages).where(where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(contactMessages).where(where),
  ]);
  const items: ContactMessage[] = rows.map((row) => ({ ...row, created: iso(row.created)!, answeredAt: iso(row.answeredAt) }));
  return pageOf(items, total?.value ?? 0, parsed);
}

/** Marks all of `ids` answered by the caller, or none: an id not of this portal is 404. Already answered ones keep who answered. */
export async function answerContactMessages(db: Database, portal: PortalData, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const visible = await tx.select({ id: contactMessages.id }).from(contactMessages).where(and(inPortal(portal), inArray(contactMessages.id, unique)));
    if (visible.length !== unique.length) {
      const missing = unique.filter((id) => !visible.some((row) => row.id === id));
      throw notFound(`contact message ${missing.join(', ')}`);
    }
    await tx.update(contactMessages).set({ answeredAt: new Date(), answeredByUserId: userId })
      .where(and(inArray(contactMessages.id, unique), isNull(contactMessages.answeredAt)));
    return { answered: unique.length };
  });
}
