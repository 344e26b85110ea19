import { eq } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { deliveries, jobs, jobTasks, users } from '../../server/db/schema';
import type { TestServer } from './support';

export type S = components['schemas'];

/** The seeded job of a seed key (server/db/seed-operations.ts). */
/** A seeded user's id by email. */
export async function userIdOf(server: TestServer, email: string): Promise<number> {
  const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

export async function seededJobId(server: TestServer, seedKey: string): Promise<number> {
  const [row] = await server.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.seedKey, seedKey));
  if (!row) throw new Error(`no seeded job ${seedKey}`);
  return row.id;
}

export async function deliveryIdOf(server: TestServer, waybill: string): Promise<number> {
  const [row] = await server.database.db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.waybill, waybill));
  if (!row) throw new Error(`no delivery ${waybill}`);
  return row.id;
}

/** Everything a call could change about a job, to prove a refused call changed nothing (versions included). */
export async function jobSnapshot(server: TestServer, jobId: number) {
  const { db } = server.database;
  const { sql } = await import('drizzle-orm');
  const [job] = await db.select({ row: jobs, xmin: sql<string>`${jobs}.xmin::text` }).from(jobs).where(eq(jobs.id, jobId));
  const tasks = await db.select({ row: jobTasks, xmin: sql<string>`${jobTasks}.xmin::text` }).from(jobTasks)
    .where(eq(jobTasks.jobId, jobId)).orderBy(jobTasks.id);
  const deliveryRows = await db.select({ id: deliveries.id, status: deliveries.logisticStatusId, xmin: sql<string>`${deliveries}.xmin::text` })
    .from(deliveries).where(eq(deliveries.id, sql`any(select delivery_id from job_tasks where job_id = ${jobId})`)).orderBy(deliveries.id);
  return JSON.stringify({ job, tasks, deliveryRows });
}
