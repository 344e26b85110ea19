import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { operations } from '../../src/api/generated/connect';
import { REPORT_ROW_PAGE_DEPTH, REPORTS, type ReportId } from '../../src/lib/reports';
import { LOGISTIC_STATUS, TASK_STATUS, TASK_TYPE } from '../../src/lib/statuses';
import { rowsOf } from '../../server/db/database';
import { companies, deliveries, deliveryQuotes, jobDeliveries, jobs, jobTasks, portals, stores, users } from '../../server/db/schema';
import { REPORT_QUERIES } from '../../server/domain/reports/queries';
import { reportContext, reportStatements, withDirtyDays } from '../../server/domain/reports/runner';
import { refreshReportSummaries } from '../../server/domain/reports/summaries';
import { startTestServer, ZA, type TestServer } from './support';

type ReportQuery = NonNullable<operations['getreport']['parameters']['query']>;

/**
 * The stored report dates and daily summaries against the live rows they stand for, on a fixture of its own: two
 * companies (one with a store), two drivers, deliveries over 2026-04-06..04-12 (Monday to Sunday, Johannesburg,
 * UTC+2) in several statuses, each with a pick-up and a drop-off task (arrivals, completions, distances varied).
 */
const DAYS = ['2026-04-06', '2026-04-07', '2026-04-08', '2026-04-09', '2026-04-10', '2026-04-11', '2026-04-12'];
const at = (local: string) => new Date(`${local}+02:00`);
const week = { startDate: DAYS[0]!, endDate: DAYS.at(-1)! };

let server: TestServer;
let portalId: number;
let companyIds: number[] = [];
let storeId: number;
let driverIds: number[] = [];
let deliveryIds: number[] = [];
let jobIds: number[] = [];

const STATUSES = [
  LOGISTIC_STATUS.DELIVERED, LOGISTIC_STATUS.UNDELIVERED, LOGISTIC_STATUS.CANCELLED_WITH_FEE, LOGISTIC_STATUS.PENDING_DROP_OFF,
  LOGISTIC_STATUS.DROP_OFF_EXCEPTION, LOGISTIC_STATUS.RETURNED_TO_SENDER, LOGISTIC_STATUS.DELIVERED, LOGISTIC_STATUS.PICK_UP_EXCEPTION,
] as const;

async function seedFixture() {
  const db = server.database.db;
  const [za] = await db.select().from(portals).where(eq(sql`lower(${portals.cca2})`, 'za'));
  portalId = za!.id;
  const [admin] = await db.select().from(users).where(eq(users.email, 'administrator@demo.test'));
  const driverRows = await rowsOf<{ id: number }>(db, sql`select id from users where email in ('driver@demo.test', 'driver2@demo.test') order by email`);
  driverIds = driverRows.map((row) => row.id);
  expect(driverIds).toHaveLength(2);
  const made = await db.insert(companies).values([{ portalId, companyName: 'Days Co One' }, { portalId, companyName: 'Days Co Two' }]).returning();
  companyIds = made.map((company) => company.id);
  const [store] = await db.insert(stores).values({ portalId, companyId: companyIds[0]!, storeName: 'Days Store' }).returning();
  storeId = store!.id;
  const address = { description: 'Somewhere', coordinates: { lat: -33.9, lon: 18.4 } };
  const madeJobs = await db.insert(jobs).values(driverIds.map((driverId) => ({ portalId, driverId, jobStatusId: 0 }))).returning();
  jobIds = madeJobs.map((job) => job.id);
  const ids: number[] = [];
  for (let index = 0; index < 24; index += 1) {
    const day = DAYS[index % DAYS.length]!;
    const companyId = companyIds[index % 2]!;
    const status = STATUSES[index % STATUSES.length]!;
    const [delivery] = await db.insert(deliveries).values({
      portalId, placedByUserId: admin!.id, companyId, storeId: index % 4 === 0 ? storeId : null, waybill: `DAYS${index + 1}`,
      logisticStatusId: status, originAddress: address, destinationAddress: address, readyForCollectionDate: day, deliverByDate: day,
      distanceKm: 5, createdAt: at(`${day}T07:00:00`), updatedAt: at(`${day}T20:00:00`),
      deliveredAt: status === LOGISTIC_STATUS.DELIVERED ? at(`${day}T16:${String(index).padStart(2, '0')}:00`) : null,
    }).returning();
    // Every third delivery's drop-off window ends the next day (its two tasks fall on two task days).
    const dropOffEnd = index % 3 === 0 ? at(`${DAYS[(index + 1) % DAYS.length]}T01:00:00`) : at(`${day}T17:00:00`);
    const [quote] = await db.insert(deliveryQuotes).values({
      deliveryId: delivery!.id, slaType: index % 2 ? 'Priority' : 'Standard', pricingTier: 'Default', priceExclCents: 10000, vatRateBasisPoints: 1500, items: [],
      pickupWindowStart: at(`${day}T09:00:00`), pickupWindowEnd: at(`${day}T11:00:00`),
      dropOffWindowStart: at(`${day}T12:00:00`), dropOffWindowEnd: dropOffEnd, expiresAt: at(`${day}T08:30:00`),
    }).returning();
    await db.update(deliveries).set({ selectedQuoteId: quote!.id }).where(eq(deliveries.id, delivery!.id));
    ids.push(delivery!.id);
    if (index % 6 === 5) continue; // no tasks
    const jobId = jobIds[index % 2]!;
    await db.insert(jobDeliveries).values({ deliveryId: delivery!.id, jobId });
    const minute = (offset: number) => String((index * 7 + offset) % 60).padStart(2, '0');
    await db.insert(jobTasks).values([
      {
        jobId, deliveryId: delivery!.id, taskJobOrder: index * 2, taskTypeId: index % 5 === 0 ? TASK_TYPE.STORE_PICK_UP : TASK_TYPE.PICK_UP,
        taskStatusId: TASK_STATUS.COMPLETED, address, arrivedDate: at(`${day}T10:${minute(0)}:00`), completedDate: at(`${day}T10:${minute(13)}:30`),
        arrivedDistanceKm: index % 4 === 1 ? null : (index * 0.37) % 3,
      },
      {
        jobId, deliveryId: delivery!.id, taskJobOrder: index * 2 + 1, taskTypeId: TASK_TYPE.DROP_OFF, address,
        taskStatusId: status === LOGISTIC_STATUS.DELIVERED ? TASK_STATUS.COMPLETED : TASK_STATUS.EXCEPTION,
        arrivedDate: index % 7 === 3 ? null : at(`${day}T14:${minute(5)}:00`),
        completedDate: index % 7 === 3 || index % 5 === 2 ? null : at(`${day}T14:${minute(31)}:20`),
        arrivedDistanceKm: index % 3 === 2 ? null : (index * 1.13) % 4, exceptionReason: status === LOGISTIC_STATUS.DELIVERED ? null : 'Closed',
      },
    ]);
  }
  deliveryIds = ids;
}

const report = (id: ReportId, query: ReportQuery) =>
  server.as('administrator').connect.GET('/reports/{cca2}/{report}', { params: { path: { ...ZA, report: id }, query } });

async function answer(id: ReportId, query: ReportQuery) {
  const { data, error, response } = await report(id, { pageSize: 100, ...query });
  expect(error, `${id}: ${response.status}`).toBeUndefined();
  if (data === undefined || typeof data === 'string') throw new Error('expected a report result');
  return data;
}

/**
 * One screen's answer two ways, in one snapshot: as the server runs it (from the summaries, dirty days live, the
 * page of the default order read in that order) and directly from every row (the generic screen: the report's rows
 * materialised, counted, sorted and added up, with no summary).
 */
/** (For Deliveries Due, its stored window end and index against the quotes' windows.) */
const bothWays = async (id: ReportId, query: ReportQuery) => server.database.db.transaction(async (tx) => {
  const [portal] = await rowsOf<{ id: number; cca2: string; name: string; currency: string; currencyDecimals: number; timeZone: string; vatRate: number }>(tx,
    sql`select id, cca2, name, currency, currency_decimals as "currencyDecimals", time_zone as "timeZone", vat_rate_basis_points / 10000.0 as "vatRate"
      from portals where id = ${portalId}`);
  const [admin] = await rowsOf<{ id: number }>(tx, sql`select id from users where email = 'administrator@demo.test'`);
  const full = { pageSize: 100, ...query };
  const context = reportContext(REPORTS[id], full, portal!, { kind: 'portal' }, admin!.id);
  const summarised = await withDirtyDays(tx, REPORT_QUERIES[id], context);
  if (id !== 'deliveriesDue') expect(summarised.taskDirtyDays).toBeDefined();
  const run = async (statement: SQL) => (await rowsOf<Record<string, unknown>>(tx, statement))[0];
  const fromSummaries = await run(reportStatements(REPORTS[id], REPORT_QUERIES[id], summarised, full).screen);
  const direct = await run(reportStatements(REPORTS[id], REPORT_QUERIES[id], context, full).screen);
  return { fromSummaries, direct };
}, { isolationLevel: 'repeatable read' });
beforeAll(async () => {
  server = await startTestServer();
  await seedFixture();
}, 120_000);
afterAll(async () => server?.close());

describe('the stored terminal date (deliveries.terminal_at)', () => {
  /** Deliveries whose stored terminal date is not what the report computed live before it was stored. */
  const drifted = async () => (await rowsOf<{ n: number }>(server.database.db, sql`select count(*)::int as n from deliveries d
    where d.terminal_at is distinct from (case when d.logistic_status_id in (-12001, -11001, -10001, -3001, -2001, -1501, -1001)
      then coalesce(d.delivered_at, (select max(t.completed_date) from job_tasks t where t.delivery_id = d.id), d.updated_at) end)`))[0]!.n;
  /** The Delivery Termination rows by their live terminal date (the report's query before the stored date). */
  const liveTerminations = async (startDate: string, endDate: string) => rowsOf<{ waybill: string; terminalDate: string }>(server.database.db, sql`
    select d.waybill, to_char((coalesce(d.delivered_at, (select max(t.completed_date) from job_tasks t where t.delivery_id = d.id), d.updated_at)
      at time zone 'Africa/Johannesburg')::date, 'YYYY-MM-DD') as "terminalDate"
    from deliveries d where d.portal_id = ${portalId} and d.company_id in (${companyIds[0]!}, ${companyIds[1]!})
      and d.logistic_status_id in (-12001, -11001, -10001, -3001, -2001, -1501, -1001)
      and (coalesce(d.delivered_at, (select max(t.completed_date) from job_tasks t where t.delivery_id = d.id), d.updated_at)
        at time zone 'Africa/Johannesburg')::date between ${startDate}::date and ${endDate}::date
    order by 1`);
  const reported = async (startDate: string, endDate: string) => {
    const [one, two] = await Promise.all(companyIds.map(async (companyid) => answer('deliveryTermination', { startDate, endDate, companyid })));
    return [...one!.items, ...two!.items].map((row) => ({ waybill: row.waybill, terminalDate: row.terminalDate }))
      .sort((a, b) => String(a.waybill).localeCompare(String(b.waybill)));
  };

  it('is the live terminal date after every kind of write, and the report finds the same rows by it', async () => {
    const db = server.database.db;
    expect(await drifted()).toBe(0);
    const before = await liveTerminations(week.startDate, week.endDate);
    expect(before.length).toBeGreaterThan(5);
    expect(await reported(week.startDate, week.endDate)).toEqual(before);

    // A task of a terminated delivery completes later (its terminal date moves to that day), another's task is deleted,
    // an in-progress delivery is cancelled, a terminated one is delivered after all, and a cancelled one is reopened.
    const terminated = deliveryIds[1]!; // Undelivered, day 2026-04-07
    await db.update(jobTasks).set({ completedDate: at('2026-04-09T12:00:00') }).where(eq(jobTasks.deliveryId, terminated));
    await db.delete(jobTasks).where(sql`${jobTasks.deliveryId} = ${deliveryIds[4]!} and ${jobTasks.taskTypeId} = ${TASK_TYPE.DROP_OFF}`);
    await db.update(deliveries).set({ logisticStatusId: LOGISTIC_STATUS.CANCELLED_WITH_FEE, updatedAt: at('2026-04-11T09:00:00') })
      .where(eq(deliveries.id, deliveryIds[3]!));
    await db.update(deliveries).set({ logisticStatusId: LOGISTIC_STATUS.DELIVERED, deliveredAt: at('2026-04-10T10:00:00') })
      .where(eq(deliveries.id, deliveryIds[7]!));
    await db.update(deliveries).set({ logisticStatusId: LOGISTIC_STATUS.PENDING_DROP_OFF }).where(eq(deliveries.id, deliveryIds[2]!));
    await db.insert(jobTasks).values({
      jobId: jobIds[0]!, deliveryId: deliveryIds[9]!, taskJobOrder: 99, taskTypeId: TASK_TYPE.DROP_OFF, taskStatusId: TASK_STATUS.COMPLETED,
      address: { description: 'Again' }, completedDate: at('2026-04-12T18:00:00'),
    });
    expect(await drifted()).toBe(0);
    const after = await liveTerminations(week.startDate, week.endDate);
    expect(after).not.toEqual(before);
    expect(after).toContainEqual({ waybill: 'DAYS2', terminalDate: '2026-04-09' });
    expect(await reported(week.startDate, week.endDate)).toEqual(after);
    expect(await reported('2026-04-09', '2026-04-09')).toEqual(await liveTerminations('2026-04-09', '2026-04-09'));

    // The exception reason and the driver are looked up for the page only, unless the sort is by one of them: the
    // same rows, figures and chart either way, and a page is the same slice of the order.
    const query = { ...week, companyid: companyIds[0]! };
    const lean = await answer('deliveryTermination', query);
    const full = await answer('deliveryTermination', { ...query, sortby: 'reason' });
    const byKey = (items: typeof lean.items) => [...items].sort((a, b) => String(a.key).localeCompare(String(b.key)));
    expect(byKey(lean.items)).toEqual(byKey(full.items));
    expect(lean.figures).toEqual(full.figures);
    expect(lean.chart).toEqual(full.chart);
    expect(lean.items.some((row) => row.reason === 'Closed')).toBe(true);
    expect(lean.items.some((row) => typeof row.driver === 'string')).toBe(true);
    const second = await answer('deliveryTermination', { ...query, pageSize: 3, page: 2 });
    expect(second.items).toEqual(lean.items.slice(3, 6));
  });
});

describe('the per-driver task reports from the daily task summaries (report_task_days, report_driver_days, report_driver_task_days)', () => {
  const summarisedReports = ['driverWaitTime', 'locationProximity', 'driverSchedules', 'driverPerformance', 'driverKpi'] as const;
  const queries = (id: ReportId): ReportQuery[] => [
    week, { startDate: '2026-04-07', endDate: '2026-04-09' }, { ...week, holidayFilter: 'All' }, { ...week, holidayFilter: 'Sundays' },
    { startDate: '2026-04-01', endDate: '2026-04-30' },
    // Driver Schedules takes no company or store filter, Driver Performance and Driver KPI no store filter.
    ...(REPORTS[id].filters.includes('company') ? [{ ...week, companyid: companyIds[0]! }] : []),
    ...(REPORTS[id].filters.includes('store') ? [{ ...week, companyid: companyIds[0]!, storeid: storeId }] : []),
  ];
  /** Every answer of the five reports (the demo data has no tasks in April 2026). */
  const answers = async () => Promise.all(summarisedReports.flatMap((id) => queries(id).map(async (query) => {
    const result = await answer(id, query);
    return { id, query, result };
  })));
  const markEveryDayDirty = async () => server.database.db.execute(sql`insert into report_task_dirty_days (portal_id, day)
    select ${portalId}, day::date from generate_series('2026-04-01'::date, '2026-04-30'::date, interval '1 day') day`);
  const dirtyInApril = async () => (await rowsOf<{ n: number }>(server.database.db, sql`select count(*)::int as n from report_task_dirty_days
    where day between '2026-04-01' and '2026-04-30'`))[0]!.n;
  /** The answers read from live tasks only (every day dirty), then the summaries brought up to date. */
  const liveAnswers = async () => {
    await markEveryDayDirty();
    const live = await answers();
    await refreshReportSummaries(server.database.db);
    expect(await dirtyInApril()).toBe(0);
    return live;
  };

  it('answer what the live tasks answer: summarised, with a dirty day, and with a day edited after it was summarised', async () => {
    const db = server.database.db;
    const live = await liveAnswers();
    const summaryRows = await rowsOf<{ n: number; stops: number }>(db, sql`select count(*)::int as n, sum(stops)::int as stops from report_task_days
      where portal_id = ${portalId} and company_id in (${companyIds[0]!}, ${companyIds[1]!})`);
    expect(summaryRows[0]!.n).toBeGreaterThan(10);
    const summarised = await answers();
    expect(summarised).toEqual(live);
    // The fixture gives both reports several drivers' rows with waits, distances, far arrivals.
    expect(summarised.find((entry) => entry.id === 'driverWaitTime')!.result.figures.stops).toBeGreaterThan(5);
    expect(summarised.find((entry) => entry.id === 'locationProximity')!.result.figures.arrivals).toBeGreaterThan(5);
    expect(summarised.find((entry) => entry.id === 'driverSchedules')!.result.items.length).toBeGreaterThan(5);
    // Jobs and delivered deliveries span several task days: counted once over the range, as live.
    const performance = summarised.find((entry) => entry.id === 'driverPerformance' && entry.query === queries('driverPerformance')[0]);
    expect(performance?.result.items.map((row) => row.jobs)).toEqual([1, 1]);
    expect(performance?.result.items.some((row) => Number(row.delivered) > 1)).toBe(true);
    expect((await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from report_driver_task_days where portal_id = ${portalId}
      and day between '2026-04-01' and '2026-04-30'`))[0]!.n).toBeGreaterThan(5);
    expect((await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from report_driver_days where portal_id = ${portalId}
      and day between '2026-04-01' and '2026-04-30'`))[0]!.n).toBeGreaterThan(5);

    // A day edited after it was summarised: a completion moves, a distance appears, a task is reassigned to the other
    // driver (its job's driver changes), a quote's drop-off window moves to the next day. Each marks its days dirty
    // in its own transaction; the reports read those days live and the others from the summaries.
    const [task] = await rowsOf<{ id: number }>(db, sql`select id from job_tasks where delivery_id = ${deliveryIds[2]!} and task_type_id = ${TASK_TYPE.DROP_OFF}`);
    await db.update(jobTasks).set({ completedDate: at('2026-04-08T15:59:00'), arrivedDistanceKm: 7.25 }).where(eq(jobTasks.id, task!.id));
    expect(await dirtyInApril()).toBeGreaterThan(0);
    const afterTaskEdit = await answers();
    expect(afterTaskEdit).not.toEqual(summarised);
    expect(afterTaskEdit).toEqual(await liveAnswers());

    await db.update(jobs).set({ driverId: driverIds[0]! }).where(eq(jobs.id, jobIds[1]!));
    const afterReassign = await answers();
    expect(afterReassign).toEqual(await liveAnswers());
    await db.update(jobs).set({ driverId: driverIds[1]! }).where(eq(jobs.id, jobIds[1]!));

    const [delivery] = await rowsOf<{ quoteId: number }>(db, sql`select selected_quote_id as "quoteId" from deliveries where id = ${deliveryIds[8]!}`);
    await db.update(deliveryQuotes).set({ dropOffWindowEnd: at('2026-04-12T10:00:00') }).where(eq(deliveryQuotes.id, delivery!.quoteId));
    await db.update(deliveries).set({ companyId: companyIds[0]! }).where(eq(deliveries.id, deliveryIds[9]!));
    // A delivery is delivered after all (Driver Performance and KPI count it).
    await db.update(deliveries).set({ logisticStatusId: LOGISTIC_STATUS.DELIVERED, deliveredAt: at('2026-04-08T16:00:00') })
      .where(eq(deliveries.id, deliveryIds[15]!));
    const afterMoves = await answers();
    expect(afterMoves).toEqual(await liveAnswers());
    // Summarised again, nothing dirty: still the live answers.
    expect(await answers()).toEqual(afterMoves);

    // A write not yet summarised is seen at once (its day is dirty in the writing transaction).
    const marked = await db.transaction(async (tx) => {
      await tx.update(jobTasks).set({ arrivedDistanceKm: 0.05 }).where(eq(jobTasks.id, task!.id));
      return (await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from report_task_dirty_days where day = '2026-04-08'`))[0]!.n;
    });
    expect(marked).toBeGreaterThan(0);
    expect(await answers()).toEqual(await liveAnswers());
  });
});

describe('Acceptance and Compliance from the daily job summaries (report_job_days)', () => {
  const queries = (): ReportQuery[] => [
    week, { ...week, holidayFilter: 'All' }, { ...week, companyid: companyIds[0]! }, { ...week, driverid: driverIds[0]! },
    { startDate: '2026-04-11', endDate: '2026-04-11' }, { startDate: '2026-04-01', endDate: '2026-04-30' },
  ];
  const answers = async () => Promise.all(queries().map(async (query) => ({ query, result: await answer('acceptanceCompliance', query) })));
  const dirtyInApril = async () => (await rowsOf<{ n: number }>(server.database.db, sql`select count(*)::int as n from report_job_dirty_days
    where day between '2026-04-01' and '2026-04-30'`))[0]!.n;
  const liveAnswers = async () => {
    await server.database.db.execute(sql`insert into report_job_dirty_days (portal_id, day)
      select ${portalId}, day::date from generate_series('2026-04-01'::date, '2026-04-30'::date, interval '1 day') day`);
    const live = await answers();
    await refreshReportSummaries(server.database.db);
    expect(await dirtyInApril()).toBe(0);
    return live;
  };

  beforeAll(async () => {
    const db = server.database.db;
    // The fixture's two jobs created in the week (one late on Saturday evening local time), one started; a third
    // job without a driver, turned down by the second driver; the first driver turned down the second job.
    await db.update(jobs).set({ createdAt: at('2026-04-07T08:00:00'), startedAt: at('2026-04-07T09:00:00'), companyId: companyIds[0]! })
      .where(eq(jobs.id, jobIds[0]!));
    await db.update(jobs).set({ createdAt: at('2026-04-11T23:30:00'), rejectedByDriverId: driverIds[0]! }).where(eq(jobs.id, jobIds[1]!));
    await db.insert(jobs).values({ portalId, jobStatusId: 0, rejectedByDriverId: driverIds[1]!, companyId: companyIds[1]!, createdAt: at('2026-04-09T12:00:00') });
  });

  it('answers what the live jobs answer: summarised, with a dirty day, and with a day edited after it was summarised', async () => {
    const db = server.database.db;
    const live = await liveAnswers();
    expect((await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from report_job_days where portal_id = ${portalId}
      and day between '2026-04-01' and '2026-04-30'`))[0]!.n).toBeGreaterThanOrEqual(3);
    const summarised = await answers();
    expect(summarised).toEqual(live);
    expect(summarised[0]!.result.figures.offers).toBeGreaterThanOrEqual(4);
    expect(summarised[0]!.result.figures.compliancePercent).not.toBeNull();

    // Edited after summarising: an arrival moves past its window, the second job is started, the third is assigned.
    const [task] = await rowsOf<{ id: number }>(db, sql`select id from job_tasks where job_id = ${jobIds[0]!} order by id limit 1`);
    await db.update(jobTasks).set({ arrivedDate: at('2026-04-20T10:00:00') }).where(eq(jobTasks.id, task!.id));
    expect(await dirtyInApril()).toBeGreaterThan(0);
    const afterArrival = await answers();
    expect(afterArrival).not.toEqual(summarised);
    expect(afterArrival).toEqual(await liveAnswers());
    await db.update(jobs).set({ startedAt: at('2026-04-12T08:00:00') }).where(eq(jobs.id, jobIds[1]!));
    await db.update(jobs).set({ driverId: driverIds[0]! }).where(sql`${jobs.portalId} = ${portalId} and ${jobs.driverId} is null
      and ${jobs.rejectedByDriverId} = ${driverIds[1]!} and ${jobs.createdAt} = ${at('2026-04-09T12:00:00')}`);
    const afterJobs = await answers();
    expect(afterJobs).toEqual(await liveAnswers());
    expect(await answers()).toEqual(afterJobs);
  });
});

describe('the stored task window end (job_tasks.report_window_end) and the Exceptions report read by it', () => {
  /** Tasks whose stored window end is not the live one (the selected quote's pick-up or drop-off window end). */
  const drifted = async () => (await rowsOf<{ n: number }>(server.database.db, sql`select count(*)::int as n from job_tasks t
    left join deliveries d on d.id = t.delivery_id left join delivery_quotes q on q.id = d.selected_quote_id
    where t.report_window_end is distinct from (case when t.task_type_id in (1, 3, 5) then q.pickup_window_end else q.drop_off_window_end end)`))[0]!.n;
  /** The Exceptions rows and figures computed directly from the tasks and their quotes (the report before the stored end). */
  const liveExceptions = async (startDate: string, endDate: string, companyId: number) => {
    const rows = await rowsOf<{ key: string; windowEnd: string; deliveryId: number; pickUp: number }>(server.database.db, sql`
      select t.id::text as "key", to_char((case when t.task_type_id in (1, 3, 5) then q.pickup_window_end else q.drop_off_window_end end)
          at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "windowEnd", d.id as "deliveryId",
        case when t.task_type_id in (1, 3, 5) then 1 else 0 end as "pickUp"
      from job_tasks t join deliveries d on d.id = t.delivery_id join delivery_quotes q on q.id = d.selected_quote_id
      where (t.task_status_id = ${TASK_STATUS.EXCEPTION} or t.exception_reason is not null) and d.company_id = ${companyId}
        and d.logistic_status_id not in (${LOGISTIC_STATUS.PENDING}, ${LOGISTIC_STATUS.CANCELLED_QUOTE})
        and ((case when t.task_type_id in (1, 3, 5) then q.pickup_window_end else q.drop_off_window_end end) at time zone 'Africa/Johannesburg')::date
          between ${startDate}::date and ${endDate}::date
      order by 1`);
    return {
      rows: rows.map((row) => ({ key: row.key, windowEnd: row.windowEnd })),
      figures: {
        exceptions: rows.length, deliveries: new Set(rows.map((row) => row.deliveryId)).size,
        pickUp: rows.filter((row) => row.pickUp === 1).length, dropOff: rows.filter((row) => row.pickUp === 0).length,
      },
    };
  };
  const reported = async (startDate: string, endDate: string, companyId: number) => {
    const result = await answer('exceptions', { startDate, endDate, companyid: companyId });
    return {
      rows: result.items.map((row) => ({ key: String(row.key), windowEnd: row.windowEnd })).sort((a, b) => a.key.localeCompare(b.key)),
      figures: result.figures,
    };
  };
  const ranges = [week, { startDate: '2026-04-08', endDate: '2026-04-08' }, { startDate: '2026-04-01', endDate: '2026-04-30' }];
  const compare = async () => {
    for (const range of ranges) {
      for (const companyId of companyIds) {
        const live = await liveExceptions(range.startDate, range.endDate, companyId);
        const answered = await reported(range.startDate, range.endDate, companyId);
        expect(answered.rows.map((row) => row.key)).toEqual(live.rows.map((row) => row.key));
        expect(answered.figures).toEqual(live.figures);
      }
    }
  };

  it('is the live window end after every kind of write, and Exceptions answers what the live tasks answer', async () => {
    const db = server.database.db;
    expect(await drifted()).toBe(0);
    expect((await liveExceptions(week.startDate, week.endDate, companyIds[0]!)).figures.exceptions).toBeGreaterThan(3);
    await compare();

    // A quote's windows move (one to the next week), a delivery selects a new quote (inserted after it names it), a
    // task changes type and another moves to a different delivery, a selected quote is deleted, a task is inserted.
    const quoteOf = async (deliveryId: number) => (await rowsOf<{ quoteId: number }>(db, sql`select selected_quote_id as "quoteId"
      from deliveries where id = ${deliveryId}`))[0]!.quoteId;
    await db.update(deliveryQuotes).set({ dropOffWindowEnd: at('2026-04-14T10:00:00'), pickupWindowEnd: at('2026-04-09T10:30:00') })
      .where(eq(deliveryQuotes.id, await quoteOf(deliveryIds[4]!)));
    await db.update(deliveryQuotes).set({ dropOffWindowEnd: at('2026-04-10T09:00:00') }).where(eq(deliveryQuotes.id, await quoteOf(deliveryIds[12]!)));
    expect(await drifted()).toBe(0);
    const [next] = await rowsOf<{ id: number }>(db, sql`select max(id) + 1000 as id from delivery_quotes`);
    await db.update(deliveries).set({ selectedQuoteId: next!.id }).where(eq(deliveries.id, deliveryIds[10]!));
    expect(await drifted()).toBe(0);
    await db.insert(deliveryQuotes).values({
      id: next!.id, deliveryId: deliveryIds[10]!, slaType: 'Priority', pricingTier: 'Default', priceExclCents: 10000, vatRateBasisPoints: 1500, items: [],
      pickupWindowStart: at('2026-04-07T09:00:00'), pickupWindowEnd: at('2026-04-07T11:00:00'),
      dropOffWindowStart: at('2026-04-07T12:00:00'), dropOffWindowEnd: at('2026-04-07T13:00:00'), expiresAt: at('2026-04-07T08:30:00'),
    });
    expect(await drifted()).toBe(0);
    await db.update(jobTasks).set({ taskTypeId: TASK_TYPE.STORE_PICK_UP }).where(sql`${jobTasks.deliveryId} = ${deliveryIds[13]!} and ${jobTasks.taskTypeId} = ${TASK_TYPE.DROP_OFF}`);
    await db.update(jobTasks).set({ deliveryId: deliveryIds[15]! }).where(sql`${jobTasks.deliveryId} = ${deliveryIds[14]!} and ${jobTasks.taskTypeId} = ${TASK_TYPE.DROP_OFF}`);
    await db.update(jobTasks).set({ taskStatusId: TASK_STATUS.EXCEPTION, exceptionReason: 'Gate locked' })
      .where(sql`${jobTasks.deliveryId} = ${deliveryIds[6]!}`);
    await db.insert(jobTasks).values({
      jobId: jobIds[0]!, deliveryId: deliveryIds[16]!, taskJobOrder: 98, taskTypeId: TASK_TYPE.PICK_UP, taskStatusId: TASK_STATUS.EXCEPTION,
      address: { description: 'Again' }, exceptionReason: 'Wrong address',
    });
    expect(await drifted()).toBe(0);
    await compare();
    await db.update(deliveries).set({ selectedQuoteId: null }).where(eq(deliveries.id, deliveryIds[17]!));
    const orphan = await quoteOf(deliveryIds[18]!);
    await db.update(deliveries).set({ selectedQuoteId: null }).where(eq(deliveries.id, deliveryIds[18]!));
    await db.update(deliveries).set({ selectedQuoteId: orphan }).where(eq(deliveries.id, deliveryIds[18]!));
    await db.delete(deliveryQuotes).where(eq(deliveryQuotes.id, await quoteOf(deliveryIds[19]!)));
    expect(await drifted()).toBe(0);
    await compare();
  });
});

describe('Delivery Arrival and Address Variation from the daily arrival summaries (report_arrival_days)', () => {
  const arrivalReports = ['deliveryArrival', 'addressVariation'] as const;
  const queries = (id: ReportId): ReportQuery[] => [
    week, { startDate: '2026-04-07', endDate: '2026-04-09' }, { ...week, holidayFilter: 'All' }, { startDate: '2026-04-01', endDate: '2026-04-30' },
    { ...week, companyid: companyIds[0]! }, { ...week, companyid: companyIds[0]!, storeid: storeId },
    // A company's or store's pages: read delivery first or by the ordered walk, by how few rows they keep (pageKeys).
    { ...week, companyid: companyIds[0]!, pageSize: 3, page: 2 }, { ...week, storeid: storeId, sortdirection: 'asc', pageSize: 2, page: 2 },
    { ...week, companyid: companyIds[0]!, sortdirection: 'asc', pageSize: 100, page: 50 },
    { ...week, pageSize: 4, page: 2 }, { ...week, pageSize: 4, page: 5 }, { ...week, pageSize: 4, page: 99 },
    { ...week, sortby: REPORTS[id].defaultSort.key, sortdirection: 'asc' }, { ...week, sortdirection: 'asc', pageSize: 3, page: 2 },
    { ...week, sortdirection: 'asc' }, { ...week, pageSize: 100, page: 50 },
    ...(id === 'deliveryArrival' ? [{ ...week, slaTypes: 'Priority' }, { ...week, slaTypes: 'Standard,Priority', pageSize: 3 }] : []),
  ];
  const compare = async () => {
    for (const id of arrivalReports) {
      for (const query of queries(id)) {
        const { fromSummaries, direct } = await bothWays(id, query);
        expect(fromSummaries, `${id} ${JSON.stringify(query)}`).toEqual(direct);
        // The server answers the same (its page, figures and total).
        const served = await answer(id, query);
        expect(served.items).toEqual(direct!.items);
        expect(served.figures).toEqual(direct!.figures);
        expect(served.paging.totalItems).toEqual(direct!.total);
      }
    }
  };
  const dirtyInApril = async () => (await rowsOf<{ n: number }>(server.database.db, sql`select count(*)::int as n from report_task_dirty_days
    where day between '2026-04-01' and '2026-04-30'`))[0]!.n;

  it('answer what every row answers: summarised, with dirty days, and after each kind of write', async () => {
    const db = server.database.db;
    // Early and late arrivals (a late one by 47 min 20 s, rounded to 47), two arrivals in the same second (shown the
    // same, ordered by key), two distances the same to 2 decimals, far ones.
    const tasksOf = async (deliveryId: number) => rowsOf<{ id: number; taskTypeId: number }>(db, sql`select id, task_type_id as "taskTypeId"
      from job_tasks where delivery_id = ${deliveryId} order by id`);
    const [early] = await tasksOf(deliveryIds[0]!);
    await db.update(jobTasks).set({ arrivedDate: at('2026-04-06T08:30:00'), arrivedDistanceKm: 2.004 }).where(eq(jobTasks.id, early!.id));
    const [lateOne] = await tasksOf(deliveryIds[8]!);
    await db.update(jobTasks).set({ arrivedDate: at('2026-04-07T11:47:20'), arrivedDistanceKm: 2.001 }).where(eq(jobTasks.id, lateOne!.id));
    const [, lateTwo] = await tasksOf(deliveryIds[9]!);
    await db.update(jobTasks).set({ arrivedDate: at('2026-04-08T18:10:40.900'), arrivedDistanceKm: 0.75 }).where(eq(jobTasks.id, lateTwo!.id));
    const [sameSecond] = await tasksOf(deliveryIds[22]!);
    await db.update(jobTasks).set({ arrivedDate: at('2026-04-08T18:10:40.100') }).where(eq(jobTasks.id, sameSecond!.id));
    await refreshReportSummaries(db);
    expect(await dirtyInApril()).toBe(0);
    const [summary] = await rowsOf<{ n: number; early: number; late: number; far: number }>(db, sql`select count(*)::int as n,
      sum(early)::int as early, sum(late)::int as late, sum(far)::int as far from report_arrival_days where portal_id = ${portalId}
      and day between '2026-04-01' and '2026-04-30'`);
    expect(summary!.n).toBeGreaterThan(10);
    expect(summary!.early).toBeGreaterThan(0);
    expect(summary!.late).toBeGreaterThan(1);
    expect(summary!.far).toBeGreaterThan(1);
    await compare();

    // Writes after the summary, each marking its days dirty (read live until recomputed): an arrival moves, a quote's
    // pick-up window start moves (an arrival becomes early) and another's SLA type changes, a job loses its driver
    // (its arrivals stay in Delivery Arrival, leave Address Variation), a delivery changes company, a distance appears.
    const quoteOf = async (deliveryId: number) => (await rowsOf<{ quoteId: number }>(db, sql`select selected_quote_id as "quoteId"
      from deliveries where id = ${deliveryId}`))[0]!.quoteId;
    await db.update(jobTasks).set({ arrivedDate: at('2026-04-09T11:05:00') }).where(eq(jobTasks.id, (await tasksOf(deliveryIds[10]!))[0]!.id));
    await db.update(deliveryQuotes).set({ pickupWindowStart: at('2026-04-07T10:59:00') }).where(eq(deliveryQuotes.id, await quoteOf(deliveryIds[22]!)));
    expect(await dirtyInApril()).toBeGreaterThan(0);
    await compare();
    await db.update(deliveryQuotes).set({ slaType: 'Priority' }).where(eq(deliveryQuotes.id, await quoteOf(deliveryIds[20]!)));
    await db.update(jobs).set({ driverId: null }).where(eq(jobs.id, jobIds[1]!));
    await db.update(deliveries).set({ companyId: companyIds[0]! }).where(eq(deliveries.id, deliveryIds[21]!));
    await db.update(jobTasks).set({ arrivedDistanceKm: 9.5 }).where(eq(jobTasks.id, (await tasksOf(deliveryIds[20]!))[0]!.id));
    await compare();
    await refreshReportSummaries(db);
    expect(await dirtyInApril()).toBe(0);
    await compare();
    await db.update(jobs).set({ driverId: driverIds[1]! }).where(eq(jobs.id, jobIds[1]!));
    await refreshReportSummaries(db);
    await compare();
  });
});

describe('the stored due window end (deliveries.due_window_end) and Deliveries Due read by it', () => {
  /** Deliveries whose stored due window end is not the one the list computes from the selected quote. */
  const drifted = async () => (await rowsOf<{ n: number }>(server.database.db, sql`select count(*)::int as n from deliveries d
    left join delivery_quotes q on q.id = d.selected_quote_id
    where d.due_window_end is distinct from (case when d.logistic_status_id in (1000, 2501, 10001) then q.pickup_window_end
      when d.logistic_status_id in (15001, 20001) then q.drop_off_window_end end)`))[0]!.n;
  const queries: ReportQuery[] = [
    {}, { companyid: companyIds[0]! }, { companyid: companyIds[0]!, storeid: storeId }, { slaTypes: 'Priority' }, { pageSize: 2, page: 2 },
    { pageSize: 3, page: 40 }, { sortby: 'windowEnd', sortdirection: 'desc', pageSize: 2, page: 2 }, { sortdirection: 'desc' },
  ];
  const compare = async () => {
    for (const query of queries) {
      const { fromSummaries, direct } = await bothWays('deliveriesDue', query);
      expect(fromSummaries, JSON.stringify(query)).toEqual(direct);
      const served = await answer('deliveriesDue', query);
      expect(served.items.map((row) => row.key)).toEqual((direct!.items as { key: string }[]).map((row) => row.key));
      expect(served.paging.totalItems).toEqual(direct!.total);
    }
  };

  it('is the live window end after every kind of write, and the list answers what the quotes answer', async () => {
    const db = server.database.db;
    expect(await drifted()).toBe(0);
    // Deliveries of the fixture in every phase: before the pick-up, after it, delivered.
    await db.update(deliveries).set({ logisticStatusId: LOGISTIC_STATUS.STAGING }).where(eq(deliveries.id, deliveryIds[0]!));
    await db.update(deliveries).set({ logisticStatusId: LOGISTIC_STATUS.READY }).where(eq(deliveries.id, deliveryIds[1]!));
    await db.update(deliveries).set({ logisticStatusId: LOGISTIC_STATUS.COLLECTED }).where(eq(deliveries.id, deliveryIds[5]!));
    await db.update(deliveries).set({ logisticStatusId: LOGISTIC_STATUS.PENDING_PICK_UP }).where(eq(deliveries.id, deliveryIds[13]!));
    expect(await drifted()).toBe(0);
    const [counted] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from deliveries where due_window_end is not null
      and id in (${sql.join(deliveryIds.map((id) => sql`${id}`), sql`, `)})`);
    expect(counted!.n).toBeGreaterThan(4);
    await compare();

    // A quote's windows move, a delivery is picked up and another delivered, one selects a new quote (inserted after it
    // names it), one's selected quote is deleted, a new delivery is booked in progress.
    const quoteOf = async (deliveryId: number) => (await rowsOf<{ quoteId: number | null }>(db, sql`select selected_quote_id as "quoteId"
      from deliveries where id = ${deliveryId}`))[0]!.quoteId;
    await db.update(deliveryQuotes).set({ pickupWindowEnd: at('2026-04-06T11:30:00') }).where(eq(deliveryQuotes.id, (await quoteOf(deliveryIds[0]!))!));
    await db.update(deliveries).set({ logisticStatusId: LOGISTIC_STATUS.PENDING_DROP_OFF }).where(eq(deliveries.id, deliveryIds[1]!));
    await db.update(deliveries).set({ logisticStatusId: LOGISTIC_STATUS.DELIVERED }).where(eq(deliveries.id, deliveryIds[5]!));
    const [next] = await rowsOf<{ id: number }>(db, sql`select max(id) + 1000 as id from delivery_quotes`);
    await db.update(deliveries).set({ selectedQuoteId: next!.id }).where(eq(deliveries.id, deliveryIds[13]!));
    expect(await drifted()).toBe(0);
    await db.insert(deliveryQuotes).values({
      id: next!.id, deliveryId: deliveryIds[13]!, slaType: 'Priority', pricingTier: 'Default', priceExclCents: 10000, vatRateBasisPoints: 1500, items: [],
      pickupWindowStart: at('2026-04-08T09:00:00'), pickupWindowEnd: at('2026-04-08T11:00:00'),
      dropOffWindowStart: at('2026-04-08T12:00:00'), dropOffWindowEnd: at('2026-04-08T13:00:00'), expiresAt: at('2026-04-08T08:30:00'),
    });
    expect(await drifted()).toBe(0);
    const stagingQuote = await quoteOf(deliveryIds[0]!);
    await db.update(deliveries).set({ selectedQuoteId: null }).where(eq(deliveries.id, deliveryIds[0]!));
    await db.delete(deliveryQuotes).where(eq(deliveryQuotes.id, stagingQuote!));
    const address = { description: 'Due', coordinates: { lat: -33.9, lon: 18.4 } };
    const [admin] = await rowsOf<{ id: number }>(db, sql`select id from users where email = 'administrator@demo.test'`);
    const [booked] = await db.insert(deliveries).values({
      portalId, placedByUserId: admin!.id, companyId: companyIds[1]!, waybill: 'DUE1', logisticStatusId: LOGISTIC_STATUS.READY,
      originAddress: address, destinationAddress: address, readyForCollectionDate: '2026-04-09', deliverByDate: '2026-04-09', distanceKm: 3,
    }).returning();
    const [bookedQuote] = await db.insert(deliveryQuotes).values({
      deliveryId: booked!.id, slaType: 'Standard', pricingTier: 'Default', priceExclCents: 9000, vatRateBasisPoints: 1500, items: [],
      pickupWindowStart: at('2026-04-09T09:00:00'), pickupWindowEnd: at('2026-04-09T10:00:00'),
      dropOffWindowStart: at('2026-04-09T12:00:00'), dropOffWindowEnd: at('2026-04-09T13:00:00'), expiresAt: at('2026-04-09T08:30:00'),
    }).returning();
    await db.update(deliveries).set({ selectedQuoteId: bookedQuote!.id }).where(eq(deliveries.id, booked!.id));
    expect(await drifted()).toBe(0);
    await compare();
  });
});

describe('the orders Delivery Arrival, Address Variation and Deliveries Due offer, and how deep they page', () => {
  const orders = [['deliveryArrival', 'arrivedAt'], ['addressVariation', 'distanceKm'], ['deliveriesDue', 'windowEnd']] as const;
  const rangeOf = (id: ReportId): ReportQuery => (id === 'deliveriesDue' ? {} : week);
  const keys = (rows: { key?: unknown }[]) => rows.map((row) => row.key);
  const refused = async (path: string) => {
    const answered = await server.raw('administrator', 'GET', path);
    return { status: answered.status, errors: Object.keys((answered.body as { errors?: object }).errors ?? {}), message: (answered.body as { message?: string }).message ?? '' };
  };

  it('sort by their indexed column either way: the other direction is the default order reversed, and pages through it', async () => {
    for (const [id, column] of orders) {
      const descending = (await answer(id, { ...rangeOf(id), sortby: column, sortdirection: 'desc' })).items;
      const ascending = (await answer(id, { ...rangeOf(id), sortby: column, sortdirection: 'asc' })).items;
      expect(descending.length, id).toBeGreaterThan(1);
      expect(keys(ascending), id).toEqual(keys([...descending].reverse()));
      const values = ascending.map((row) => row[column] as string | number);
      values.slice(1).forEach((value, index) => expect(values[index]! <= value, `${id} ${String(values[index])} before ${String(value)}`).toBe(true));
      // The direction that is not the default, in pages of 3, is the same order.
      const other = REPORTS[id].defaultSort.direction === 'desc' ? 'asc' : 'desc';
      const whole = other === 'asc' ? ascending : descending;
      const paged: { key?: unknown }[] = [];
      for (let page = 1; page <= Math.ceil(whole.length / 3); page += 1) {
        paged.push(...(await answer(id, { ...rangeOf(id), sortdirection: other, pageSize: 3, page })).items);
      }
      expect(keys(paged), id).toEqual(keys(whole));
    }
  });

  it('refuse another column and a page past their depth, naming it; the last page of each page size answers', async () => {
    const week = 'startDate=2026-04-06&endDate=2026-04-12';
    const sort = await refused(`/reports/za/deliveryArrival?${week}&sortby=driver`);
    expect(sort).toMatchObject({ status: 400, errors: ['sortby'] });
    expect(sort.message).toContain('arrivedAt');
    expect(await refused(`/reports/za/addressVariation?${week}&sortby=waybill&sortdirection=desc`)).toMatchObject({ status: 400, errors: ['sortby'] });
    expect(await refused('/reports/za/deliveriesDue?sortby=company')).toMatchObject({ status: 400, errors: ['sortby'] });
    for (const id of ['deliveryArrival', 'addressVariation', 'deliveriesDue'] as const) {
      const range = id === 'deliveriesDue' ? '' : `${week}&`;
      expect(REPORTS[id].maxPageRows).toBe(REPORT_ROW_PAGE_DEPTH);
      const deep = await refused(`/reports/za/${id}?${range}page=${REPORT_ROW_PAGE_DEPTH / 20 + 1}`);
      expect(deep, id).toMatchObject({ status: 400, errors: ['page'] });
      expect(deep.message).toContain(`${REPORT_ROW_PAGE_DEPTH / 20}`);
      expect(await refused(`/reports/za/${id}?${range}pageSize=100&page=${REPORT_ROW_PAGE_DEPTH / 100 + 1}&sortdirection=asc`)).toMatchObject({ status: 400, errors: ['page'] });
      expect((await refused(`/reports/za/${id}?${range}page=${REPORT_ROW_PAGE_DEPTH / 20}`)).status, id).toBe(200);
      expect((await refused(`/reports/za/${id}?${range}pageSize=100&page=${REPORT_ROW_PAGE_DEPTH / 100}&sortdirection=asc`)).status, id).toBe(200);
    }
    // A report without a depth pages on (a year of days, say).
    expect((await refused(`/reports/za/deliverySummary?${week}&page=${REPORT_ROW_PAGE_DEPTH}`)).status).toBe(200);
  });
});

describe('two refreshers at once (the job in one process, a refresh by hand in another)', () => {
  it('both finish, one pass at a time, and leave nothing dirty', async () => {
    const db = server.database.db;
    await db.execute(sql`insert into report_task_dirty_days (portal_id, day)
      select ${portalId}, day::date from generate_series('2026-04-01'::date, '2026-04-30'::date, interval '1 day') day`);
    await db.execute(sql`insert into report_dirty_days (portal_id, day)
      select ${portalId}, day::date from generate_series('2026-04-01'::date, '2026-04-30'::date, interval '1 day') day`);
    const [first, second] = await Promise.all([refreshReportSummaries(db), refreshReportSummaries(db)]);
    expect(first + second).toBeGreaterThanOrEqual(60);
    const [left] = await rowsOf<{ n: number }>(db, sql`select (select count(*) from report_task_dirty_days)::int
      + (select count(*) from report_dirty_days)::int as n`);
    expect(left!.n).toBe(0);
  });
});
