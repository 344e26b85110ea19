import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { INTEGRATION_TEXTS } from '../../src/lib/integrations';
import { conflictMessage } from '../../src/lib/resource-texts';
import { createApiKey } from '../auth/api-keys';
import { hashPassword } from '../auth/passwords';
import { apiClients, apiKeys, companies, users } from '../db/schema';
import { ConflictError, HttpError, notFound } from '../http/errors';
import type { AppContext } from '../context';
import { type ListDefinition, pageOf, parseListQuery, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';

/**
 * API clients (issue 6; administrators only). A client is a public API user (a users row with the role
 * PublicApiUser, optionally in a company) plus its key in api_keys, the same machinery as PUT v1/token/apikey:
 * the key (`ck_...`) is the bearer token and stands for that user's permissions. The key is answered once, on
 * create and on regenerate; deactivating revokes it. The user gets an unusable random password: it signs in
 * with its key only.
 */
type ApiClientInput = components['schemas']['ApiClientInput'];
type ApiClientUpdate = components['schemas']['ApiClientUpdate'];

export type ApiClientQuery = QueryOf<'getapiclients'>;

const currentKeyId = sql`(select max(${apiKeys.id}) from ${apiKeys} where ${apiKeys.userId} = ${apiClients.userId} and ${apiKeys.revokedAt} is null)`;

const clientRow = {
  id: apiClients.id, clientName: apiClients.clientName, userId: apiClients.userId, email: users.email,
  companyId: users.companyId, companyName: companies.companyName, authType: apiClients.authType, isActive: apiClients.isActive,
  keyPrefix: apiKeys.prefix, keyCreatedAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt, createdAt: apiClients.createdAt,
  xmin: sql<string>`${apiClients}.xmin::text`,
};

const clientList: ListDefinition = {
  sortable: { id: apiClients.id, clientName: apiClients.clientName, isActive: apiClients.isActive, createdAt: apiClients.createdAt },
  defaultSort: apiClients.clientName,
  id: apiClients.id,
  searchable: [apiClients.clientName, users.email],
  filters: { isActive: { kind: 'equals', column: apiClients.isActive }, authType: { kind: 'equals', column: apiClients.authType } },
};

function selectClients(context: AppContext, where: SQL | undefined) {
  return context.db.select(clientRow).from(apiClients)
    .innerJoin(users, eq(users.id, apiClients.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(apiKeys, eq(apiKeys.id, currentKeyId))
    .where(where);
}

type ClientRow = Awaited<ReturnType<typeof selectClients>>[number];

function publicClient(row: ClientRow): components['schemas']['ApiClient'] {
  return {
    ...row,
    authType: row.authType as components['schemas']['ApiClientAuthTypeName'],
    keyCreatedAt: row.keyCreatedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listApiClients(context: AppContext, portal: PortalData, query: ApiClientQuery) {
  const parsed = parseListQuery(query as ApiClientQuery & Record<string, unknown>, clientList);
  const where = whereAll(eq(apiClients.portalId, portal.id), parsed.search, parsed.filters);
  const [items, [total]] = await Promise.all([
    selectClients(context, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    context.db.select({ value: count() }).from(apiClients).innerJoin(users, eq(users.id, apiClients.userId)).where(where),
  ]);
  return pageOf(items.map(publicClient), total?.value ?? 0, parsed);
}

async function findClient(context: AppContext, portal: PortalData, id: number) {
  const [row] = await selectClients(context, and(eq(apiClients.portalId, portal.id), eq(apiClients.id, id)));
  return row;
}

export async function getApiClient(context: AppContext, portal: PortalData, id: number) {
  const row = await findClient(context, portal, id);
  if (!row) throw notFound(`API client ${id}`);
  return publicClient(row);
}

async function requireCompany(context: AppContext, portal: PortalData, companyId: number | null | undefined): Promise<number | null> {
  if (companyId == null) return null;
  const [company] = await context.db.select({ id: companies.id }).from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.portalId, portal.id)));
  if (!company) throw notFound(`company ${companyId}`);
  return company.id;
}

export async function createApiClient(context: AppContext, portal: PortalData, input: ApiClientInput) {
  const email = input.email.trim().toLowerCase();
  const companyId = await requireCompany(context, portal, input.companyId);
  const [taken] = await context.db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email));
  if (taken) throw new HttpError(409, INTEGRATION_TEXTS.emailInUse(email));
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const isActive = input.isActive ?? true;
  const id = await context.db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values({
      email, passwordHash, firstName: input.clientName, lastName: 'API client', emailConfirmed: true, companyId,
      roles: ['PublicApiUser'],
    }).returning({ id: users.id });
    const [client] = await tx.insert(apiClients).values({
      portalId: portal.id, userId: user!.id, clientName: input.clientName, authType: input.authType ?? 'ApiKey', isActive,
    }).returning({ id: apiClients.id });
    return client!.id;
  });
  const client = await getApiClient(context, portal, id);
  if (!isActive) return { ...client, apiKey: '' };
  const key = await createApiKey(context, client.userId);
  return { ...(await getApiClient(context, portal, id)), apiKey: key.apiKey };
}

export async function updateApiClient(context: AppContext, portal: PortalData, id: number, input: ApiClientUpdate) {
  const { xmin, companyId: requested, ...values } = input;
  const existing = await findClient(context, portal, id);
  if (!existing) throw notFound(`API client ${id}`);
  const companyId = requested === undefined ? existing.companyId : await requireCompany(context, portal, requested);
  const changed = await context.db.transaction(async (tx) => {
    const updated = await tx.update(apiClients).set(values)
      .where(and(eq(apiClients.portalId, portal.id), eq(apiClients.id, id), sql`${apiClients}.xmin::text = ${xmin}`))
      .returning({ id: apiClients.id });
    if (updated.length === 0) return false;
    await tx.update(users).set({ companyId, firstName: values.clientName }).where(eq(users.id, existing.userId));
    // An inactive client has no working key.
    if (values.isActive === false) {
      await tx.update(apiKeys).set({ revokedAt: new Date() }).where(and(eq(apiKeys.userId, existing.userId), isNull(apiKeys.revokedAt)));
    }
    return true;
  });
  const current = await findClient(context, portal, id);
  if (!current) throw notFound(`API client ${id}`);
  if (!changed) throw new ConflictError(conflictMessage('API client'), publicClient(current));
  return publicClient(current);
}

export async function regenerateApiClientKey(context: AppContext, portal: PortalData, id: number) {
  const existing = await findClient(context, portal, id);
  if (!existing) throw notFound(`API client ${id}`);
  if (!existing.isActive) throw new HttpError(409, INTEGRATION_TEXTS.inactiveClient);
  const key = await createApiKey(context, existing.userId);
  return { ...(await getApiClient(context, portal, id)), apiKey: key.apiKey };
}
