import { PassThrough } from 'node:stream';
import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { components } from '../../src/api/generated/connect';
import { EXPORT_CONTENT_TYPE, PAGE_SIZE_OPTIONS } from '../../src/lib/constants';
import {
  REPORTS, SCHEDULED_DAYS, SCHEDULED_REPORT_HOUR, SCHEDULED_REPORT_TEXTS, SCHEDULED_REPORT_TYPES,
  type ScheduledDay, type ScheduledReportPeriod, type ScheduledReportType,
} from '../../src/lib/reports';
import { conflictMessage } from '../../src/lib/resource-texts';
import { rowsOf, type Database } from '../db/database';
import { companies, messageAttachments, messages, portals, scheduledReportRuns, scheduledReports } from '../db/schema';
import { badRequest, ConflictError, notFound } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import { loadExcel } from '../lazy-packages';
import { RowExport } from './export';
import { type ListDefinition, pageOf, parseListQuery, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';
import { REPORT_QUERIES } from './reports/queries';
import { reportContext, runReport } from './reports/runner';

/**
 * Scheduled reports (issue 17; 002 sections 2, 6, 9): a report type, period, scheduled day and recipients. The job
 * queue's minute tick (SCHEDULED_REPORTS_JOB, 'stately': one pass at a time across every server process) claims the
 * schedules whose next run has come — the claim and the move of next_run_at are one transaction with SKIP LOCKED,
 * so a tick runs each due report exactly once — and then renders every queued run to its .xlsx and emails it to
 * each recipient through the outbox (messages + message_attachments). "Run now" only queues a run.
 */

export const SCHEDULED_REPORTS_JOB = 'scheduled-reports';
const TICK_CRON = '* * * * *';

type Input = components['schemas']['ScheduledReportInput'];
type Update = components['schemas']['ScheduledReportUpdate'];
type Row = typeof scheduledReports.$inferSelect;
type Run = typeof scheduledReportRuns.$inferSelect;

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** The recipients of the form's text (commas, semicolons or spaces between), each checked; 400 naming `recipients`. */
export function parseRecipients(text: string): string[] {
  const addresses = [...new Set(text.split(/[\s,;]+/).map((part) => part.trim()).filter((part) => part !== ''))];
  if (addresses.length === 0) throw badRequest('recipients', SCHEDULED_REPORT_TEXTS.recipientsRequired);
  const invalid = addresses.find((address) => !EMAIL.test(address));
  if (invalid) throw badRequest('recipients', SCHEDULED_REPORT_TEXTS.invalidRecipient(invalid));
  return addresses;
}

const isoDay = (day: ScheduledDay) => SCHEDULED_DAYS.indexOf(day) + 1;
const dayName = (iso: number): ScheduledDay => SCHEDULED_DAYS[iso - 1] ?? 'Monday';

/**
 * The first send time strictly after `after`, at SCHEDULED_REPORT_HOUR local time: every day (Daily), on the scheduled
 * weekday (Weekly), on the 1st (Monthly).
 */
export function nextRunAfter(period: ScheduledReportPeriod, scheduledDay: number, timeZone: string, after: DateTime): DateTime {
  let candidate = after.setZone(timeZone).set({ hour: SCHEDULED_REPORT_HOUR, minute: 0, second: 0, millisecond: 0 });
  for (let step = 0; step < 62; step += 1) {
    const matches = period === 'Daily' || (period === 'Weekly' && candidate.weekday === scheduledDay) || (period === 'Monthly' && candidate.day === 1);
    if (matches && candidate > after) return candidate.toUTC();
    candidate = candidate.plus({ days: 1 });
  }
  throw new Error(`no next run for ${period}`);
}

/** The range a run sent on local date `runDate` covers: yesterday (Daily), the 7 days before (Weekly), the last month (Monthly). */
export function periodRange(period: ScheduledReportPeriod, runDate: DateTime): { startDate: string; endDate: string } {
  const end = runDate.startOf('day').minus({ days: 1 });
  const start = period === 'Daily' ? end : period === 'Weekly' ? end.minus({ days: 6 }) : end.startOf('month');
  return { startDate: start.toISODate()!, endDate: end.toISODate()! };
}

function periodOf(value: string): ScheduledReportPeriod {
  return value === 'Weekly' || value === 'Monthly' ? value : 'Daily';
}

function typeOf(value: number): ScheduledReportType {
  if (!(value in SCHEDULED_REPORT_TYPES)) throw badRequest('reportType', `Unknown report type ${value}`);
  return value as ScheduledReportType;
}

const lastRunStatus = sql<string | null>`(select r.status from scheduled_report_runs r where r.scheduled_report_id = ${scheduledReports.id} order by r.id desc limit 1)`;
const reportRow = {
  row: scheduledReports, companyName: companies.companyName, lastRunStatus, xmin: sql<string>`${scheduledReports}.xmin::text`,
};

function publicReport(found: { row: Row; companyName: string | null; lastRunStatus: string | null; xmin: string }) {
  const { row } = found;
  const type = typeOf(row.reportType);
  const companyid = typeof row.filters.companyid === 'number' ? row.filters.companyid : null;
  return {
    id: row.id, reportType: type, reportName: SCHEDULED_REPORT_TYPES[type].name, period: periodOf(row.period),
    scheduledDay: dayName(row.scheduledDay), recipients: row.recipients.join(', '), companyid, companyName: companyid ? found.companyName : null,
    isActive: row.isActive, nextRunAt: row.nextRunAt.toISOString(), lastRunStatus: found.lastRunStatus, createdAt: row.createdAt.toISOString(),
    xmin: found.xmin,
  };
}

function selectReports(db: Database, where: SQL | undefined) {
  return db.select(reportRow).from(scheduledReports)
    .leftJoin(companies, sql`${companies.id} = (${scheduledReports.filters}->>'companyid')::int`).where(where);
}

const list: ListDefinition = {
  sortable: { id: scheduledReports.id, reportType: scheduledReports.reportType, nextRunAt: scheduledReports.nextRunAt, isActive: scheduledReports.isActive },
  defaultSort: scheduledReports.nextRunAt,
  id: scheduledReports.id,
  searchable: [],
  filters: { isActive: { kind: 'equals', column: scheduledReports.isActive } },
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1),
};

export async function listScheduledReports(db: Database, portal: PortalData, query: QueryOf<'getscheduledreports'>) {
  const parsed = parseListQuery(query as QueryOf<'getscheduledreports'> & Record<string, unknown>, list);
  const where = whereAll(eq(scheduledReports.portalId, portal.id), parsed.filters);
  const [items, [total]] = await Promise.all([
    selectReports(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(scheduledReports).where(where),
  ]);
  return pageOf(items.map(publicReport), total?.value ?? 0, parsed);
}

async function findReport(db: Database, portal: PortalData, id: number) {
  const [found] = await selectReports(db, and(eq(scheduledReports.portalId, portal.id), eq(scheduledReports.id, id)));
  return found;
}

export async function getScheduledReport(db: Database, portal: PortalData, id: number) {
  const found = await findReport(db, portal, id);
  if (!found) throw notFound(`scheduled report ${id}`);
  return publicReport(found);
}

async function valuesOf(db: Database, portal: PortalData, input: Input, now: DateTime) {
  const reportType = typeOf(input.reportType);
  const recipients = parseRecipients(input.recipients);
  const period = input.period;
  const scheduledDay = isoDay(input.scheduledDay ?? 'Monday');
  const filters: Record<string, string | number> = {};
  if (input.companyid) {
    filters.companyid = input.companyid;
    const [company] = await db.select({ id: companies.id }).from(companies)
      .where(and(eq(companies.id, input.companyid), eq(companies.portalId, portal.id)));
    if (!company) throw badRequest('companyid', `Company ${input.companyid} is not in this portal`);
  }
  return {
    reportType, period, scheduledDay, recipients,
    filters,
    isActive: input.isActive ?? true, nextRunAt: nextRunAfter(period, scheduledDay, portal.timeZone, now).toJSDate(),
  };
}

export async function createScheduledReport(db: Database, portal: PortalData, userId: number, input: Input, now: DateTime = DateTime.utc()) {
  const values = await valuesOf(db, portal, input, now);
  const [row] = await db.insert(scheduledReports).values({ ...values, portalId: portal.id, createdByUserId: userId }).returning({ id: scheduledReports.id });
  return getScheduledReport(db, portal, row!.id);
}

export async function updateScheduledReport(db: Database, portal: PortalData, id: number, input: Update, now: DateTime = DateTime.utc()) {
  const { xmin, ...rest } = input;
  const values = await valuesOf(db, portal, rest, now);
  const inPortal = and(eq(scheduledReports.portalId, portal.id), eq(scheduledReports.id, id));
  const updated = await db.update(scheduledReports).set(values).where(and(inPortal, sql`${scheduledReports}.xmin::text = ${xmin}`))
    .returning({ id: scheduledReports.id });
  const current = await findReport(db, portal, id);
  if (!current) throw notFound(`scheduled report ${id}`);
  if (updated.length === 0) throw new ConflictError(conflictMessage('scheduled report'), publicReport(current));
  return publicReport(current);
}

export async function deleteScheduledReports(db: Database, portal: PortalData, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const visible = await tx.select({ id: scheduledReports.id }).from(scheduledReports)
      .where(and(eq(scheduledReports.portalId, portal.id), inArray(scheduledReports.id, unique)));
    if (visible.length !== unique.length) throw notFound(`scheduled report ${unique.filter((id) => !visible.some((row) => row.id === id)).join(', ')}`);
    await tx.delete(scheduledReports).where(inArray(scheduledReports.id, unique));
    return { deleted: unique.length };
  });
}

function publicRun(run: Run) {
  return {
    id: run.id, status: run.status as 'Queued' | 'Running' | 'Sent' | 'Failed', startDate: run.startDate, endDate: run.endDate,
    fileName: run.fileName, error: run.error, createdAt: run.createdAt.toISOString(), finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

export async function listRuns(db: Database, portal: PortalData, id: number) {
  await getScheduledReport(db, portal, id);
  const runs = await db.select().from(scheduledReportRuns).where(eq(scheduledReportRuns.scheduledReportId, id)).orderBy(desc(scheduledReportRuns.id));
  return runs.map(publicRun);
}

/** The file a run produced (the emailed .xlsx); 404 for another portal's schedule or a run without one. */
export async function runFile(db: Database, portal: PortalData, id: number, runId: number): Promise<{ fileName: string; data: Buffer }> {
  await getScheduledReport(db, portal, id);
  const [run] = await db.select({ fileName: scheduledReportRuns.fileName, file: scheduledReportRuns.file }).from(scheduledReportRuns)
    .where(and(eq(scheduledReportRuns.scheduledReportId, id), eq(scheduledReportRuns.id, runId)));
  if (!run) throw notFound(`run ${runId} of scheduled report ${id}`);
  if (!run.file || !run.fileName) throw notFound(SCHEDULED_REPORT_TEXTS.noRunFile);
  return { fileName: run.fileName, data: Buffer.from(run.file) };
}

/** Run now: queues a run of the last period (the schedule itself is unchanged) and wakes the worker. */
export async function runNow(db: Database, jobs: JobQueue, portal: PortalData, id: number, now: DateTime = DateTime.utc()) {
  const report = await getScheduledReport(db, portal, id);
  const range = periodRange(report.period, now.setZone(portal.timeZone));
  const [run] = await db.insert(scheduledReportRuns).values({ scheduledReportId: id, ...range }).returning();
  await jobs.send(SCHEDULED_REPORTS_JOB);
  jobs.nudge(SCHEDULED_REPORTS_JOB);
  return publicRun(run!);
}

/** Claims the due schedules: one run each, and their next run moved on, in one transaction (SKIP LOCKED). */
export async function claimDueReports(db: Database, now: DateTime = DateTime.utc()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.select({ report: scheduledReports, timeZone: portals.timeZone }).from(scheduledReports)
      .innerJoin(portals, eq(portals.id, scheduledReports.portalId))
      .where(and(eq(scheduledReports.isActive, true), lte(scheduledReports.nextRunAt, now.toJSDate())))
      .orderBy(asc(scheduledReports.id)).for('update', { of: scheduledReports, skipLocked: true });
    for (const { report, timeZone } of due) {
      const period = periodOf(report.period);
      const runDate = DateTime.fromJSDate(report.nextRunAt).setZone(timeZone);
      await tx.insert(scheduledReportRuns).values({ scheduledReportId: report.id, ...periodRange(period, runDate) });
      await tx.update(scheduledReports)
        .set({ nextRunAt: nextRunAfter(period, report.scheduledDay, timeZone, DateTime.max(now, runDate)).toJSDate() })
        .where(eq(scheduledReports.id, report.id));
    }
    return due.length;
  });
}

/** Takes the oldest queued run (SKIP LOCKED: another process takes another one). */
async function takeQueuedRun(db: Database): Promise<Run | undefined> {
  const [first] = await rowsOf<{ id: number }>(db, sql`update scheduled_report_runs set status = 'Running'
    where id = (select id from scheduled_report_runs where status = 'Queued' order by id for update skip locked limit 1)
    returning id`);
  if (!first) return undefined;
  const [run] = await db.select().from(scheduledReportRuns).where(eq(scheduledReportRuns.id, first.id));
  return run;
}

/** The whole report table as one .xlsx in memory (a scheduled report is a period's summary, not a million rows). */
export async function workbookOf<Row>(file: RowExport<Row>): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => { output.on('end', resolve); output.on('error', reject); });
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(file.fileName.slice(0, 31));
  sheet.columns = file.columns.map((column, index) => ({ header: column.header, key: `c${index}`, width: column.width ?? 20 }));
  for await (const row of file.rows) sheet.addRow(file.columns.map((column) => column.value(row) ?? null)).commit();
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

/** Renders a run's report and emails it to every recipient through the outbox; the run ends Sent or Failed. */
async function deliverRun(db: Database, run: Run): Promise<void> {
  const [found] = await db.select({ report: scheduledReports, portal: portals }).from(scheduledReports)
    .innerJoin(portals, eq(portals.id, scheduledReports.portalId)).where(eq(scheduledReports.id, run.scheduledReportId));
  if (!found) return;
  const { report: schedule } = found;
  const portal: PortalData = { ...found.portal, vatRate: found.portal.vatRateBasisPoints / 10_000 };
  try {
    const type = SCHEDULED_REPORT_TYPES[typeOf(schedule.reportType)];
    const report = REPORTS[type.report];
    const companyid = typeof schedule.filters.companyid === 'number' && report.filters.includes('company') ? schedule.filters.companyid : undefined;
    const query = { startDate: run.startDate, endDate: run.endDate, companyid, exportExcel: true };
    const context = reportContext(report, query, portal, { kind: 'portal' }, schedule.createdByUserId ?? 0);
    const result = await runReport(db, report, REPORT_QUERIES[report.id], context, query);
    if (!(result instanceof RowExport)) throw new Error('the report did not export');
    const data = await workbookOf(result);
    const fileName = `${report.exportName}.xlsx`;
    await db.transaction(async (tx) => {
      for (const recipient of schedule.recipients) {
        const [message] = await tx.insert(messages).values({
          userId: null, channel: 'email', recipient, purpose: 'scheduledReport',
          subject: SCHEDULED_REPORT_TEXTS.emailSubject(type.name, run.startDate, run.endDate),
          body: SCHEDULED_REPORT_TEXTS.emailBody(type.name, run.startDate, run.endDate),
        }).returning({ id: messages.id });
        await tx.insert(messageAttachments).values({ messageId: message!.id, fileName, contentType: EXPORT_CONTENT_TYPE, data });
      }
      await tx.update(scheduledReportRuns).set({ status: 'Sent', fileName, file: data, finishedAt: new Date() }).where(eq(scheduledReportRuns.id, run.id));
    });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    await db.update(scheduledReportRuns).set({ status: 'Failed', error: text.slice(0, 500), finishedAt: new Date() }).where(eq(scheduledReportRuns.id, run.id));
  }
}

/** One tick: claim what is due, then deliver every queued run; answers how many were claimed and delivered. */
export async function scheduledReportsTick(db: Database, now: DateTime = DateTime.utc()): Promise<{ claimed: number; delivered: number }> {
  const claimed = await claimDueReports(db, now);
  let delivered = 0;
  for (let run = await takeQueuedRun(db); run; run = await takeQueuedRun(db)) {
    await deliverRun(db, run);
    delivered += 1;
  }
  return { claimed, delivered };
}

/** Declares the minute tick on the job queue; `afterTick` sends what was queued in the outbox. */
export async function startScheduledReportsWorker(jobs: JobQueue, db: Database, afterTick: () => void): Promise<void> {
  await jobs.define(SCHEDULED_REPORTS_JOB, { policy: 'stately', retryLimit: 0 });
  await jobs.work(SCHEDULED_REPORTS_JOB, async () => {
    const result = await scheduledReportsTick(db);
    if (result.delivered > 0) afterTick();
    return result;
  });
  await jobs.schedule(SCHEDULED_REPORTS_JOB, TICK_CRON);
}
