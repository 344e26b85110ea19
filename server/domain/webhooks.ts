import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { INTEGRATION_TEXTS, WEBHOOK_SECRET_HINT_LENGTH } from '../../src/lib/integrations';
import { conflictMessage } from '../../src/lib/resource-texts';
import { hasAnyRole, type Permissions } from '../../src/lib/roles';
import { WEBHOOK_RESULT_STATUS_LABELS, type WebhookResultStatus } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { companies, webhookAttempts, webhooks } from '../db/schema';
import { ConflictError, HttpError, notFound } from '../http/errors';
import { newWebhookSecret } from '../webhooks/signature';
import { type ListDefinition, pageOf, parseListQuery, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';

/**
 * Webhooks (issue 6; 000/002 section 6: administrator, public API user). Administrators see every webhook of
 * the portal and may subscribe one to every company (companyId null) or to one; a public API user sees and
 * manages its own company's only: another company's id is 404, as for every scoped read.
 */
type WebhookInput = components['schemas']['WebhookInput'];
type WebhookUpdate = components['schemas']['WebhookUpdate'];
export type WebhookScope = { kind: 'portal' } | { kind: 'company'; companyId: number } | { kind: 'none' };

export type WebhookQuery = QueryOf<'getwebhooks'>;

export function webhookScopeOf(permissions: Permissions): WebhookScope {
  if (hasAnyRole(permissions, ['Administrator'])) return { kind: 'portal' };
  if (permissions.companyId) return { kind: 'company', companyId: permissions.companyId };
  return { kind: 'none' };
}

function scopeCondition(scope: WebhookScope): SQL | undefined {
  switch (scope.kind) {
    case 'portal': return undefined;
    case 'company': return eq(webhooks.companyId, scope.companyId);
    case 'none': return sql`false`;
  }
}

/** The newest attempt's status: what the list shows and filters by (webhookStatus). */
const lastStatus = sql<number | null>`(select ${webhookAttempts.statusId} from ${webhookAttempts} where ${webhookAttempts.webhookId} = ${webhooks.id} order by ${webhookAttempts.id} desc limit 1)`;
const lastAttemptAt = sql<string | null>`(select max(${webhookAttempts.createdAt}) from ${webhookAttempts} where ${webhookAttempts.webhookId} = ${webhooks.id})`;

const webhookRow = {
  id: webhooks.id, url: webhooks.url, description: webhooks.description, companyId: webhooks.companyId,
  companyName: companies.companyName, eventTypes: webhooks.eventTypes, isActive: webhooks.isActive, secret: webhooks.secret,
  lastStatusId: lastStatus, lastAttemptAt, createdAt: webhooks.createdAt, xmin: sql<string>`${webhooks}.xmin::text`,
};

const webhookList: ListDefinition = {
  sortable: { id: webhooks.id, url: webhooks.url, isActive: webhooks.isActive, createdAt: webhooks.createdAt },
  defaultSort: webhooks.id,
  id: webhooks.id,
  searchable: [webhooks.url, webhooks.description],
  filters: { isActive: { kind: 'equals', column: webhooks.isActive } },
};

function selectWebhooks(db: Database, where: SQL | undefined) {
  return db.select(webhookRow).from(webhooks).leftJoin(companies, eq(companies.id, webhooks.companyId)).where(where);
}

type WebhookRow = Awaited<ReturnType<typeof selectWebhooks>>[number];

function publicWebhook({ secret, lastStatusId, lastAttemptAt: at, createdAt, ...row }: WebhookRow): components['schemas']['Webhook'] {
  const status = lastStatusId === null ? null : Number(lastStatusId);
  return {
    ...row,
    eventTypes: row.eventTypes as components['schemas']['WebhookEventType'][],
    secretHint: secret.slice(0, WEBHOOK_SECRET_HINT_LENGTH),
    lastStatusId: status,
    lastStatus: status === null ? null : (WEBHOOK_RESULT_STATUS_LABELS[status as WebhookResultStatus] ?? null),
    lastAttemptAt: at ? new Date(at).toISOString() : null,
    createdAt: createdAt.toISOString(),
  };
}

export async function listWebhooks(db: Database, portal: PortalData, scope: WebhookScope, query: WebhookQuery) {
  const parsed = parseListQuery(query as WebhookQuery & Record<string, unknown>, webhookList);
  const status = query.webhookStatus === undefined ? undefined : sql`${lastStatus} = ${query.webhookStatus}`;
  const where = whereAll(eq(webhooks.portalId, portal.id), scopeCondition(scope), parsed.search, parsed.filters, status);
  const [items, [total]] = await Promise.all([
    selectWebhooks(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(webhooks).where(where),
  ]);
  return pageOf(items.map(publicWebhook), total?.value ?? 0, parsed);
}

async function findWebhook(db: Database, portal: PortalData, scope: WebhookScope, id: number) {
  const [row] = await selectWebhooks(db, whereAll(eq(webhooks.portalId, portal.id), scopeCondition(scope), eq(webhooks.id, id)));
  return row;
}

export async function getWebhook(db: Database, portal: PortalData, scope: WebhookScope, id: number) {
  const row = await findWebhook(db, portal, scope, id);
  if (!row) throw notFound(`webhook ${id}`);
  return publicWebhook(row);
}

/** The company a webhook may be given: an API user's own (another id is 404); for administrators one of the portal, or none. */
async function companyFor(db: Database, portal: PortalData, scope: WebhookScope, requested: number | null | undefined): Promise<number | null> {
  if (scope.kind === 'none') throw new HttpError(403, INTEGRATION_TEXTS.companyRequired);
  if (scope.kind === 'company') {
    if (requested != null && requested !== scope.companyId) throw notFound(`company ${requested}`);
    return scope.companyId;
  }
  if (requested == null) return null;
  const [company] = await db.select({ id: companies.id }).from(companies)
    .where(and(eq(companies.id, requested), eq(companies.portalId, portal.id)));
  if (!company) throw notFound(`company ${requested}`);
  return company.id;
}

export async function createWebhook(db: Database, portal: PortalData, scope: WebhookScope, userId: number, input: WebhookInput) {
  const companyId = await companyFor(db, portal, scope, input.companyId);
  const secret = newWebhookSecret();
  const [row] = await db.insert(webhooks).values({
    portalId: portal.id, companyId, url: input.url, description: input.description ?? null,
    eventTypes: [...input.eventTypes], isActive: input.isActive ?? true, secret, createdByUserId: userId,
  }).returning({ id: webhooks.id });
  const [created] = await selectWebhooks(db, eq(webhooks.id, row!.id));
  return { ...publicWebhook(created!), secret };
}

export async function updateWebhook(db: Database, portal: PortalData, scope: WebhookScope, id: number, input: WebhookUpdate) {
  const { xmin, companyId: requested, ...values } = input;
  const existing = await findWebhook(db, portal, scope, id);
  if (!existing) throw notFound(`webhook ${id}`);
  const companyId = requested === undefined ? existing.companyId : await companyFor(db, portal, scope, requested);
  const inScope = whereAll(eq(webhooks.portalId, portal.id), scopeCondition(scope), eq(webhooks.id, id));
  const updated = await db.update(webhooks)
    .set({ ...values, eventTypes: [...values.eventTypes], companyId })
    .where(and(inScope, sql`${webhooks}.xmin::text = ${xmin}`)).returning({ id: webhooks.id });
  const current = await findWebhook(db, portal, scope, id);
  if (!current) throw notFound(`webhook ${id}`);
  if (updated.length === 0) throw new ConflictError(conflictMessage('webhook'), publicWebhook(current));
  return publicWebhook(current);
}

/** A new signing secret (answered once); the old one stops signing at once, retries included. */
export async function rotateWebhookSecret(db: Database, portal: PortalData, scope: WebhookScope, id: number) {
  const secret = newWebhookSecret();
  const updated = await db.update(webhooks).set({ secret })
    .where(whereAll(eq(webhooks.portalId, portal.id), scopeCondition(scope), eq(webhooks.id, id))).returning({ id: webhooks.id });
  if (updated.length === 0) throw notFound(`webhook ${id}`);
  return { ...(await getWebhook(db, portal, scope, id)), secret };
}

export async function deleteWebhook(db: Database, portal: PortalData, scope: WebhookScope, id: number) {
  const deleted = await db.delete(webhooks)
    .where(whereAll(eq(webhooks.portalId, portal.id), scopeCondition(scope), eq(webhooks.id, id))).returning({ id: webhooks.id });
  if (deleted.length === 0) throw notFound(`webhook ${id}`);
  return { deleted: deleted.length };
}

export type AttemptQuery = QueryOf<'getwebhookattempts'>;

const attemptRow = {
  id: webhookAttempts.id, webhookId: webhookAttempts.webhookId, eventId: webhookAttempts.eventId, event: webhookAttempts.event,
  attempt: webhookAttempts.attempt, statusId: webhookAttempts.statusId, httpStatus: webhookAttempts.httpStatus,
  error: webhookAttempts.error, durationMs: webhookAttempts.durationMs, createdAt: webhookAttempts.createdAt,
  nextAttemptAt: webhookAttempts.nextAttemptAt,
};

export function publicAttempt(row: {
  id: number; webhookId: number; eventId: string; event: string; attempt: number; statusId: number; httpStatus: number | null;
  error: string | null; durationMs: number | null; createdAt: Date; nextAttemptAt: Date | null;
}): components['schemas']['WebhookAttempt'] {
  return {
    ...row,
    statusId: row.statusId as components['schemas']['WebhookStatusId'],
    status: WEBHOOK_RESULT_STATUS_LABELS[row.statusId as WebhookResultStatus] ?? String(row.statusId),
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}

export async function listAttempts(db: Database, portal: PortalData, scope: WebhookScope, id: number, query: AttemptQuery) {
  await getWebhook(db, portal, scope, id);
  const parsed = parseListQuery({ page: query.page, pageSize: query.pageSize }, {
    sortable: { id: webhookAttempts.id }, defaultSort: webhookAttempts.id, searchable: [],
  });
  const where = whereAll(eq(webhookAttempts.webhookId, id),
    query.webhookStatus === undefined ? undefined : eq(webhookAttempts.statusId, query.webhookStatus));
  const [items, [total]] = await Promise.all([
    db.select(attemptRow).from(webhookAttempts).where(where).orderBy(desc(webhookAttempts.id)).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(webhookAttempts).where(where),
  ]);
  return pageOf(items.map(publicAttempt), total?.value ?? 0, parsed);
}

export async function getAttempt(db: Database, attemptId: number) {
  const [row] = await db.select(attemptRow).from(webhookAttempts).where(eq(webhookAttempts.id, attemptId));
  if (!row) throw notFound(`webhook attempt ${attemptId}`);
  return publicAttempt(row);
}
