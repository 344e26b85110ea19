import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SCHEDULED_REPORT_TEXTS } from '../../src/lib/reports';
import { messageAttachments, messages, scheduledReportRuns, scheduledReports } from '../../server/db/schema';
import { nextRunAfter, periodRange, SCHEDULED_REPORTS_JOB, scheduledReportsTick } from '../../server/domain/scheduled-reports';
import type { SeededLogin } from '../support/seeded-users';
import { startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); }, 120_000);
afterAll(async () => server?.close());

const TZ = 'Africa/Johannesburg';
const weekly = { reportType: 4, period: 'Weekly', scheduledDay: 'Monday', recipients: 'ops@example.test; boss@example.test' } as const;
const create = (login: SeededLogin, body: object) => server.raw(login, 'POST', '/scheduledreports/za', body);

describe('the schedule (ours: 06:00 local; Daily yesterday, Weekly the 7 days before its day, Monthly the last month)', () => {
  it('finds the next send time and the range it covers', () => {
    // Thursday 2026-03-12 10:00 in Johannesburg.
    const now = DateTime.fromISO('2026-03-12T10:00:00', { zone: TZ });
    expect(nextRunAfter('Daily', 1, TZ, now).toISO()).toBe('2026-03-13T04:00:00.000Z');
    expect(nextRunAfter('Weekly', 1, TZ, now).toISO()).toBe('2026-03-16T04:00:00.000Z');
    expect(nextRunAfter('Monthly', 1, TZ, now).toISO()).toBe('2026-04-01T04:00:00.000Z');
    expect(nextRunAfter('Daily', 1, TZ, DateTime.fromISO('2026-03-12T05:00:00', { zone: TZ })).toISO()).toBe('2026-03-12T04:00:00.000Z');
    const monday = DateTime.fromISO('2026-03-16T06:00:00', { zone: TZ });
    expect(periodRange('Daily', monday)).toEqual({ startDate: '2026-03-15', endDate: '2026-03-15' });
    expect(periodRange('Weekly', monday)).toEqual({ startDate: '2026-03-09', endDate: '2026-03-15' });
    expect(periodRange('Monthly', DateTime.fromISO('2026-04-01T06:00:00', { zone: TZ }))).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });
  });
});

describe('scheduled reports over the API', () => {
  it('adds, reads, edits and lists a scheduled report (administrator, management)', async () => {
    const created = await create('administrator', weekly);
    expect(created.status).toBe(201);
    const body = created.body as { id: number; reportName: string; recipients: string; scheduledDay: string; nextRunAt: string; xmin: string };
    expect(body).toMatchObject({ reportName: 'Service Levels', recipients: 'ops@example.test, boss@example.test', scheduledDay: 'Monday' });
    const next = DateTime.fromISO(body.nextRunAt).setZone(TZ);
    expect([next.weekday, next.hour, next.minute]).toEqual([1, 6, 0]);
    const { data: listed } = await server.as('management').connect.GET('/scheduledreports/{cca2}', { params: { path: ZA } });
    expect(listed?.items.map((item) => item.id)).toContain(body.id);
    const updated = await server.raw('management', 'PUT', `/scheduledreports/za/${body.id}`, { ...weekly, period: 'Daily', xmin: body.xmin });
    expect(updated.status).toBe(200);
    expect((updated.body as { period: string }).period).toBe('Daily');
    // The edit started from an older version: 409.
    expect((await server.raw('management', 'PUT', `/scheduledreports/za/${body.id}`, { ...weekly, xmin: body.xmin })).status).toBe(409);
  });

  it('refuses no recipients, an invalid address or an unknown report type, naming the field', async () => {
    const none = await create('administrator', { ...weekly, recipients: ' , ' });
    expect(none.status).toBe(400);
    expect(Object.keys((none.body as { errors: object }).errors)).toEqual(['recipients']);
    expect((none.body as { message: string }).message).toContain(SCHEDULED_REPORT_TEXTS.recipientsRequired);
    const invalid = await create('administrator', { ...weekly, recipients: 'ops@example.test, not-an-address' });
    expect(invalid.status).toBe(400);
    expect((invalid.body as { message: string }).message).toContain("'not-an-address'");
    expect((await create('administrator', { ...weekly, reportType: 10 })).status).toBe(400);
    expect((await create('administrator', { ...weekly, period: 'Hourly' })).status).toBe(400);
  });

  it('is for administrators and management only', async () => {
    for (const login of ['staff', 'company.admin', 'customer', 'driver'] as const) {
      expect((await server.raw(login, 'GET', '/scheduledreports/za')).status, login).toBe(403);
      expect((await create(login, weekly)).status, login).toBe(403);
    }
    expect((await server.raw(undefined, 'GET', '/scheduledreports/za')).status).toBe(401);
  });
});

describe('a scheduled report runs on the job queue, exactly once, and emails its .xlsx through the outbox', () => {
  it('claims a due schedule once, moves its next run on, and sends one message per recipient with the file', async () => {
    const db = server.database.db;
    const created = await create('administrator', { ...weekly, reportType: 5, recipients: 'finance@example.test, cfo@example.test' });
    const id = (created.body as { id: number }).id;
    // The clock we control: its next run was Monday 2026-03-16 06:00; the tick runs at 06:00:30.
    await db.update(scheduledReports).set({ nextRunAt: new Date('2026-03-16T04:00:00Z') }).where(eq(scheduledReports.id, id));
    const now = DateTime.fromISO('2026-03-16T04:00:30Z');
    // Two processes ticking at once still claim it once.
    const [first, second] = await Promise.all([scheduledReportsTick(db, now), scheduledReportsTick(db, now)]);
    expect(first.claimed + second.claimed).toBe(1);
    expect((await scheduledReportsTick(db, now)).claimed).toBe(0);
    const [schedule] = await db.select().from(scheduledReports).where(eq(scheduledReports.id, id));
    expect(schedule!.nextRunAt.toISOString()).toBe('2026-03-23T04:00:00.000Z');
    const runs = await db.select().from(scheduledReportRuns).where(eq(scheduledReportRuns.scheduledReportId, id));
    expect(runs.map((run) => [run.status, run.startDate, run.endDate, run.fileName])).toEqual([['Sent', '2026-03-09', '2026-03-15', 'Gross Profits.xlsx']]);
    const sent = await db.select().from(messages).where(inArray(messages.recipient, ['finance@example.test', 'cfo@example.test']));
    expect(sent.map((message) => message.subject)).toEqual([
      SCHEDULED_REPORT_TEXTS.emailSubject('Gross Profit', '2026-03-09', '2026-03-15'), SCHEDULED_REPORT_TEXTS.emailSubject('Gross Profit', '2026-03-09', '2026-03-15'),
    ]);
    const [attachment] = await db.select().from(messageAttachments).where(eq(messageAttachments.messageId, sent[0]!.id));
    expect(attachment!.fileName).toBe('Gross Profits.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(attachment!.data).buffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['Date', 'Revenue', 'Cost of sales', 'Gross profit', 'Margin %']);
    // The runs are listed with their status and file.
    const { data: listed } = await server.as('administrator').connect.GET('/scheduledreports/{cca2}/{id}/runs', { params: { path: { ...ZA, id } } });
    expect(listed?.map((run) => [run.status, run.fileName])).toEqual([['Sent', 'Gross Profits.xlsx']]);
    // The run's file downloads as it was emailed.
    const fileOf = async (login: SeededLogin, path: string) => fetch(`${server.url}/connect${path}`, { headers: { Authorization: `Bearer ${await server.as(login).token()}` } });
    const download = await fileOf('management', `/scheduledreports/za/${id}/runs/${runs[0]!.id}/file`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="Gross Profits.xlsx"');
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(attachment!.data))).toBe(true);
    // Scope and role: another portal's path, a staff user, another schedule's run, a bad run id.
    expect((await fileOf('administrator', `/scheduledreports/na/${id}/runs/${runs[0]!.id}/file`)).status).toBe(404);
    expect((await fileOf('staff', `/scheduledreports/za/${id}/runs/${runs[0]!.id}/file`)).status).toBe(403);
    const other = (await create('administrator', weekly)).body as { id: number };
    expect((await fileOf('administrator', `/scheduledreports/za/${other.id}/runs/${runs[0]!.id}/file`)).status).toBe(404);
    const bad = await server.raw('administrator', 'GET', `/scheduledreports/za/${id}/runs/0/file`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('runId');
  });

  it('Run now queues a run that the job queue delivers', async () => {
    const created = await create('management', { ...weekly, period: 'Daily', recipients: 'runnow@example.test' });
    const id = (created.body as { id: number }).id;
    const queued = await server.raw('management', 'POST', `/scheduledreports/za/${id}/runs`);
    expect(queued.status).toBe(202);
    expect((queued.body as { status: string }).status).toBe('Queued');
    // The nudged worker or a drain here runs it (whichever fetches the job first).
    await server.jobs.drain([SCHEDULED_REPORTS_JOB]);
    await vi.waitFor(async () => {
      const runs = await server.database.db.select().from(scheduledReportRuns).where(eq(scheduledReportRuns.scheduledReportId, id));
      expect(runs.map((run) => run.status)).toEqual(['Sent']);
    }, { timeout: 10_000, interval: 100 });
    const sent = await server.database.db.select().from(messages).where(eq(messages.recipient, 'runnow@example.test'));
    expect(sent).toHaveLength(1);
    // A failed run has no file: 404 with the reason (Failed, not Queued: the worker would take a queued one).
    const [failedRun] = await server.database.db.insert(scheduledReportRuns)
      .values({ scheduledReportId: id, startDate: '2026-03-01', endDate: '2026-03-01', status: 'Failed', error: 'boom' }).returning();
    const noFile = await server.raw('management', 'GET', `/scheduledreports/za/${id}/runs/${failedRun!.id}/file`);
    expect([noFile.status, (noFile.body as { message: string }).message]).toEqual([404, expect.stringContaining(SCHEDULED_REPORT_TEXTS.noRunFile)]);
    expect((await server.raw('staff', 'POST', `/scheduledreports/za/${id}/runs`)).status).toBe(403);
    expect((await server.raw('administrator', 'POST', '/scheduledreports/za/999999/runs')).status).toBe(404);
  });
});
