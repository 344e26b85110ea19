// Index management (issue 16; /admin/indexmanagement; docs/decisions.md "Index management"): the indexes behind
// search and lists, with analyze and rebuild run on the job queue and reported on the bulkIndexer events.
import { sql } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { INDEX_MANAGEMENT_TEXTS } from '../../src/lib/index-management';
import { rowsOf, type Database } from '../db/database';
import { HttpError } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import type { Live } from '../realtime/publish';

export type DatabaseIndex = components['schemas']['DatabaseIndex'];
export type IndexMaintenanceAction = components['schemas']['IndexMaintenanceAction'];
export const INDEX_MAINTENANCE_QUEUE = 'index-maintenance';

/** The bulkIndexer event of one analyze or rebuild (the upload batches' events carry kind too). */
export interface IndexMaintenanceProgress {
  kind: 'indexMaintenance';
  indexName: string;
  action: IndexMaintenanceAction;
  state: 'active' | 'completed' | 'failed';
  /** 0 when it starts, 100 when it is done. */
  progress: number;
  message?: string;
}

interface IndexRow {
  name: string;
  table: string;
  definition: string;
  is_unique: boolean;
  is_valid: boolean;
  size_bytes: string | number;
  scans: string | number;
  last_analyze: Date | string | null;
  is_btree: boolean;
}

/** The application's schema only: the job queue's own tables (schema pgboss) are the library's business. */
const APP_SCHEMA = 'public';

async function hasPgstattuple(db: Database): Promise<boolean> {
  const rows = await rowsOf<{ found: number }>(db, sql`select 1 as found from pg_extension where extname = 'pgstattuple'`);
  return rows.length > 0;
}

/** 100 - leaf density of a b-tree (pgstattuple's pgstatindex); null where the extension is not installed or the index is empty. */
async function bloatOf(db: Database, row: IndexRow, measured: boolean): Promise<number | null> {
  if (!measured || !row.is_btree || !row.is_valid) return null;
  try {
    const [stats] = await rowsOf<{ density: number | string | null }>(db, sql`select avg_leaf_density as density from pgstatindex(${`${APP_SCHEMA}.${row.name}`}::regclass)`);
    const density = Number(stats?.density);
    return Number.isFinite(density) && density > 0 ? Math.round((100 - density) * 10) / 10 : null;
  } catch {
    // Measuring needs read access to the index; without it there is no estimate, not an error.
    return null;
  }
}

const toIso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The indexes, largest first, with the figures the statistics views give. */
export async function listIndexes(db: Database): Promise<DatabaseIndex[]> {
  const rows = await rowsOf<IndexRow>(db, sql`
    select s.indexrelname as name, s.relname as table, pg_get_indexdef(s.indexrelid) as definition,
      i.indisunique as is_unique, i.indisvalid as is_valid, pg_relation_size(s.indexrelid) as size_bytes,
      coalesce(s.idx_scan, 0) as scans, greatest(t.last_analyze, t.last_autoanalyze) as last_analyze,
      (am.amname = 'btree') as is_btree
    from pg_stat_user_indexes s
    join pg_index i on i.indexrelid = s.indexrelid
    join pg_class c on c.oid = s.indexrelid
    join pg_am am on am.oid = c.relam
    join pg_stat_user_tables t on t.relid = s.relid
    where s.schemaname = ${APP_SCHEMA}
    order by pg_relation_size(s.indexrelid) desc, s.indexrelname`);
  const measured = await hasPgstattuple(db);
  return Promise.all(rows.map(async (row) => ({
    name: row.name, table: row.table, definition: row.definition, isUnique: row.is_unique, isValid: row.is_valid,
    sizeBytes: Number(row.size_bytes), scans: Number(row.scans), lastAnalyze: toIso(row.last_analyze), bloatPercent: await bloatOf(db, row, measured),
  })));
}

async function tableOf(db: Database, indexName: string): Promise<string | undefined> {
  const [row] = await rowsOf<{ table: string }>(db, sql`select relname as table from pg_stat_user_indexes where schemaname = ${APP_SCHEMA} and indexrelname = ${indexName}`);
  return row?.table;
}

export interface IndexMaintenanceJobData { indexName: string; action: IndexMaintenanceAction }

/** Queues an analyze or a rebuild of one of the application's indexes (404 for any other name). */
export async function queueIndexMaintenance(db: Database, jobs: JobQueue, data: IndexMaintenanceJobData) {
  if (!(await tableOf(db, data.indexName))) throw new HttpError(404, INDEX_MANAGEMENT_TEXTS.notFound(data.indexName));
  const jobId = await jobs.send(INDEX_MAINTENANCE_QUEUE, data);
  if (!jobId) throw new Error('the index maintenance job was not queued');
  jobs.nudge(INDEX_MAINTENANCE_QUEUE);
  return { jobId, indexName: data.indexName, action: data.action, message: INDEX_MANAGEMENT_TEXTS.queued(data.action, data.indexName) };
}

function publish(live: Live, event: Omit<IndexMaintenanceProgress, 'kind'>) {
  const payload: IndexMaintenanceProgress = { kind: 'indexMaintenance', ...event };
  live.publish({ topic: 'BulkIndexer', payload, scope: {} });
}

/** PGlite says so in its version; it runs in one process, where a plain REINDEX blocks nobody else. */
async function isEmbedded(db: Database): Promise<boolean> {
  const [row] = await rowsOf<{ version: string }>(db, sql`select version() as version`);
  return /PGlite/i.test(row?.version ?? '');
}

/** The job: ANALYZE of the index's table, or REINDEX (CONCURRENTLY on PostgreSQL: reads and writes go on meanwhile). */
export async function runIndexMaintenance(db: Database, live: Live, data: IndexMaintenanceJobData): Promise<{ indexName: string; action: IndexMaintenanceAction }> {
  const table = await tableOf(db, data.indexName);
  if (!table) {
    publish(live, { ...data, state: 'failed', progress: 100, message: INDEX_MANAGEMENT_TEXTS.notFound(data.indexName) });
    return data;
  }
  publish(live, { ...data, state: 'active', progress: 0 });
  try {
    // The names come from the catalogue (looked up above), quoted as identifiers.
    if (data.action === 'analyze') await db.execute(sql`analyze ${sql.identifier(APP_SCHEMA)}.${sql.identifier(table)}`);
    else if (await isEmbedded(db)) await db.execute(sql`reindex index ${sql.identifier(APP_SCHEMA)}.${sql.identifier(data.indexName)}`);
    else await db.execute(sql`reindex index concurrently ${sql.identifier(APP_SCHEMA)}.${sql.identifier(data.indexName)}`);
  } catch (error) {
    publish(live, { ...data, state: 'failed', progress: 100, message: error instanceof Error ? error.message : String(error) });
    throw error;
  }
  publish(live, { ...data, state: 'completed', progress: 100, message: INDEX_MANAGEMENT_TEXTS.done(data.action, data.indexName) });
  return data;
}

/** Declares the queue and works it in this process (server/plugins/workers.ts). */
export async function startIndexMaintenanceWorker(jobs: JobQueue, db: Database, live: Live): Promise<void> {
  // No retry: a failed rebuild is reported and left for the administrator to run again.
  await jobs.define(INDEX_MAINTENANCE_QUEUE, { retryLimit: 0, expireInSeconds: 60 * 60 });
  await jobs.work<IndexMaintenanceJobData>(INDEX_MAINTENANCE_QUEUE, (job) => runIndexMaintenance(db, live, job.data));
}
