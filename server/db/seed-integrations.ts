import { and, eq, isNull } from 'drizzle-orm';
import { WEBHOOK_SECRET_MARK } from '../../src/lib/integrations';
import type { Database } from './database';
import { apiClients, companies, portals, users, webhooks } from './schema';

const DEMO_API_USER = 'api@demo.test';
const DEMO_COMPANY = 'Acme Retail';

/**
 * Integrations demo (issue 6): the demo public API user belongs to Acme Retail (an API user's webhooks are its
 * company's) and is listed as an API client (its key comes from "Regenerate key" or PUT v1/token/apikey), and
 * Acme has one INACTIVE webhook to loopback: active, it would post every seeded change to a closed port. Idempotent.
 */
export async function seedIntegrations(db: Database): Promise<void> {
  const [za] = await db.select({ id: portals.id }).from(portals).where(eq(portals.cca2, 'ZA'));
  const [acme] = await db.select({ id: companies.id }).from(companies).where(eq(companies.companyName, DEMO_COMPANY));
  const [apiUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_API_USER));
  if (!za || !acme || !apiUser) return;
  await db.update(users).set({ companyId: acme.id }).where(and(eq(users.id, apiUser.id), isNull(users.companyId)));
  await db.insert(apiClients).values({ portalId: za.id, userId: apiUser.id, clientName: 'Demo API client' })
    .onConflictDoNothing({ target: apiClients.userId });
  await db.insert(webhooks).values({
    portalId: za.id, companyId: acme.id, url: 'http://127.0.0.1:9/courier-webhooks', description: 'Demo receiver (activate it once something listens there)',
    // A fixed demo secret: the seed must be deterministic; real webhooks get a random one.
    secret: `${WEBHOOK_SECRET_MARK}demo-secret-not-for-production`, eventTypes: ['delivery.updated', 'job.updated'], isActive: false,
    createdByUserId: apiUser.id, seedKey: 'demo-acme-webhook',
  }).onConflictDoNothing({ target: webhooks.seedKey });
}
