// A list's total is exact up to EXACT_COUNT_LIMIT matches and the planner's estimate above it (issue 23): an
// exact count of a million rows read them all on every page request. Run on both databases (PGlite here, the
// PostgreSQL pass in CI).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT } from '../../server/domain/list-query';
import { dataOf, pageOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
const BULK = EXACT_COUNT_LIMIT + 2_000;

beforeAll(async () => {
  server = await startTestServer();
  // Many bare deliveries of one customer, far more than the exact-count limit, with the planner's statistics fresh.
  await server.database.db.execute(sql`
    insert into deliveries (portal_id, placed_by_user_id, origin_address, destination_address, ready_for_collection_date, distance_km, order_reference)
    select p.id, u.id, '{"description":"A"}'::jsonb, '{"description":"B"}'::jsonb, '2026-11-01', 5, 'BULK-' || g
    from portals p, users u, generate_series(1, ${BULK}) g
    where p.cca2 = 'ZA' and u.email = 'customer@demo.test'`);
  await server.database.analyze();
}, 120_000);
afterAll(async () => { await server.close(); });

const page = async (query: Record<string, unknown>) =>
  pageOf(await dataOf(server.as('administrator').connect.GET('/deliveries/{cca2}', { params: { path: ZA, query } })));

describe('list totals', () => {
  it('above the limit: the estimate, flagged, never below what was counted, and pages to match', async () => {
    const { paging, items } = await page({ pageSize: 20 });
    expect(items).toHaveLength(20);
    expect(paging.totalItemsIsEstimate).toBe(true);
    expect(paging.totalItems).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // The planner's estimate of the portal's rows is close to the truth once analysed.
    expect(Math.abs(paging.totalItems - (BULK + 300)) / (BULK + 300)).toBeLessThan(0.25);
    expect(paging.totalPages).toBe(Math.ceil(paging.totalItems / 20));
  });

  it('at or below the limit: exact and not flagged', async () => {
    const { paging } = await page({ search: 'BULK-1000', pageSize: 20 });
    // BULK-1000 and BULK-10000..BULK-10009.
    expect(paging).toEqual({ page: 1, pageSize: 20, totalPages: 1, totalItems: 11 });
  });
});
