import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEX_MAINTENANCE_QUEUE, type IndexMaintenanceProgress } from '../../server/domain/index-management';
import type { LiveMessage } from '../../server/realtime/publish';
import { INDEX_MANAGEMENT_TEXTS } from '../../src/lib/index-management';
import { expectedStatus, ROLE_LOGINS } from './fleet-support';
import { dataOf, startTestServer, type TestServer } from './support';

let server: TestServer;
const events: IndexMaintenanceProgress[] = [];
beforeAll(async () => {
  server = await startTestServer();
  server.live.subscribe((message: LiveMessage) => {
    const payload = message.payload as Partial<IndexMaintenanceProgress> | undefined;
    if (message.topic === 'BulkIndexer' && payload?.kind === 'indexMaintenance') events.push(payload as IndexMaintenanceProgress);
  });
});
afterAll(async () => { await server.close(); });

const admin = () => server.as('administrator').connect;

async function untilFinished(jobId: string) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const job = await server.jobs.job(INDEX_MAINTENANCE_QUEUE, jobId);
    if (job && ['completed', 'failed'].includes(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`index job ${jobId} never finished`);
}

describe('index management (/admin/indexmanagement)', () => {
  it('lists the application\'s indexes with their table, size, scans, last analyze and bloat estimate', async () => {
    const indexes = await dataOf(admin().GET('/indexmanagement/indexes'));
    expect(indexes.length).toBeGreaterThan(10);
    const ratesKey = indexes.find((index) => index.table === 'rates' && index.isUnique);
    expect(ratesKey).toMatchObject({ isValid: true, definition: expect.stringContaining('CREATE UNIQUE INDEX') });
    expect(ratesKey!.sizeBytes).toBeGreaterThan(0);
    expect(Number.isInteger(ratesKey!.scans)).toBe(true);
    // Largest first; none of the job queue's own tables.
    expect(indexes.map((index) => index.sizeBytes)).toEqual([...indexes.map((index) => index.sizeBytes)].sort((a, b) => b - a));
    expect(indexes.filter((index) => ['job', 'queue', 'schedule', 'subscription', 'archive'].includes(index.table))).toEqual([]);
    // The embedded database has no pgstattuple: no estimate rather than a made-up one.
    if (server.database.kind === 'pglite') expect(indexes.every((index) => index.bloatPercent === null)).toBe(true);
  });

  it('analyzes an index\'s table and rebuilds an index through the job queue, with progress on the bulkIndexer events', async () => {
    const before = await dataOf(admin().GET('/indexmanagement/indexes'));
    const target = before.find((index) => index.table === 'rates')!;
    const started = Date.now();
    const analyze = await admin().POST('/indexmanagement/indexes/{indexName}/{action}', { params: { path: { indexName: target.name, action: 'analyze' } } });
    expect(analyze.response.status).toBe(202);
    expect(analyze.data).toMatchObject({ indexName: target.name, action: 'analyze', message: INDEX_MANAGEMENT_TEXTS.queued('analyze', target.name) });
    expect((await untilFinished(analyze.data!.jobId)).state).toBe('completed');
    const analyzed = (await dataOf(admin().GET('/indexmanagement/indexes'))).find((index) => index.name === target.name)!;
    expect(new Date(analyzed.lastAnalyze!).getTime()).toBeGreaterThanOrEqual(started - 1_000);

    const rebuild = await admin().POST('/indexmanagement/indexes/{indexName}/{action}', { params: { path: { indexName: target.name, action: 'rebuild' } } });
    expect(rebuild.response.status).toBe(202);
    expect((await untilFinished(rebuild.data!.jobId)).state).toBe('completed');
    const rebuilt = (await dataOf(admin().GET('/indexmanagement/indexes'))).find((index) => index.name === target.name)!;
    expect(rebuilt).toMatchObject({ isValid: true, definition: target.definition });

    const mine = events.filter((event) => event.indexName === target.name);
    expect(mine.filter((event) => event.action === 'analyze').map((event) => [event.state, event.progress]).at(-1)).toEqual(['completed', 100]);
    expect(mine.filter((event) => event.action === 'rebuild').map((event) => event.progress)).toContain(0);
    expect(mine.filter((event) => event.action === 'rebuild').at(-1)).toMatchObject({ state: 'completed', progress: 100, message: INDEX_MANAGEMENT_TEXTS.done('rebuild', target.name) });
  });

  it('refuses a bad name or action (400) and an unknown index (404), queueing nothing', async () => {
    const badName = await server.raw('administrator', 'POST', '/indexmanagement/indexes/Robert%27%3B%20drop%20table/analyze');
    expect(badName.status).toBe(400);
    expect(JSON.stringify(badName.body)).toContain('indexName');
    const badAction = await server.raw('administrator', 'POST', '/indexmanagement/indexes/rates_pkey/vacuum');
    expect(badAction.status).toBe(400);
    expect(JSON.stringify(badAction.body)).toContain('action');
    const unknown = await server.raw('administrator', 'POST', '/indexmanagement/indexes/no_such_index/rebuild');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(INDEX_MANAGEMENT_TEXTS.notFound('no_such_index'));
  });

  it('is for administrators only', async () => {
    for (const login of ROLE_LOGINS) {
      const list = await server.raw(login, 'GET', '/indexmanagement/indexes');
      expect(list.status, login).toBe(await expectedStatus(server, login, 'getindexes'));
      const queued = await server.raw(login, 'POST', '/indexmanagement/indexes/no_such_index/analyze');
      expect(queued.status, login).toBe(await expectedStatus(server, login, 'maintainindex', 404));
    }
    expect((await server.raw(undefined, 'GET', '/indexmanagement/indexes')).status).toBe(401);
  });
});
