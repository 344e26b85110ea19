import { asc, count, inArray, sql, type SQL } from 'drizzle-orm';
import type { operations } from '../../src/api/generated/connect';
import { DELIVERY_ADMIN_TEXTS } from '../../src/lib/deliveries-admin';
import { hasAnyRole } from '../../src/lib/roles';
import { JOB_STATUS } from '../../src/lib/statuses';
import { deliveries, jobs } from '../db/schema';
import { rowExport } from './export';
import { pageOf, parseListQuery, whereAll } from './list-query';
import { archiveCutoffDate, listDeliveries } from './deliveries-admin';
import { JOB_EXPORT, jobList, jobListWhere } from './operations/jobs';
import { loadJobs, type Job } from './operations/rows';
import { isStaff, partnerDriversJobs, type OpsContext } from './operations/scope';

/**
 * The archives of partners (issue 17; 000 section 2 "Archives: partner deliveries, partner jobs"): the work done
 * by partners' drivers (drivers.partner_company_id), final and older than the deliveries archive's cutoff.
 * Staff see every partner's, a partner its own drivers'; the access table refuses everyone else.
 */

type PartnerDeliveriesQuery = NonNullable<operations['getarchivedpartnerdeliveries']['parameters']['query']>;
type PartnerJobsQuery = NonNullable<operations['getarchivedpartnerjobs']['parameters']['query']>;

/** Jobs of partners' drivers the caller may see in an archive, narrowed by the partnercompanyid filter pair. */
function partnerJobsWithin(ctx: OpsContext, partnercompanyid: number | undefined): SQL {
  const caller = isStaff(ctx.permissions) ? partnerDriversJobs(null)
    : hasAnyRole(ctx.permissions, ['Partner']) && ctx.permissions.companyId ? partnerDriversJobs(ctx.permissions.companyId)
      : sql`false`;
  return whereAll(caller, partnercompanyid !== undefined ? partnerDriversJobs(partnercompanyid) : undefined)!;
}

export function listArchivedPartnerDeliveries(ctx: OpsContext, query: PartnerDeliveriesQuery) {
  const { partnercompanyid, ...rest } = query;
  const jobsOfPartners = ctx.db.select({ id: jobs.id }).from(jobs).where(partnerJobsWithin(ctx, partnercompanyid));
  const within = sql`exists (select 1 from job_deliveries pjd where pjd.delivery_id = ${deliveries.id} and pjd.job_id in (${jobsOfPartners}))`;
  // The partner condition decides the rows: the deliveries' own company/store scope does not apply to a partner.
  return listDeliveries(ctx.db, ctx.portal, { kind: 'portal' }, rest, { within, fileName: DELIVERY_ADMIN_TEXTS.partnerArchiveExportName });
}

/** A job is archived once completed or cancelled, on a day (completed, else created) before the cutoff. */
function archivedJob(timeZone: string): SQL {
  return whereAll(
    inArray(jobs.jobStatusId, [JOB_STATUS.COMPLETED, JOB_STATUS.CANCELLED]),
    sql`(coalesce(${jobs.completedAt}, ${jobs.createdAt}) at time zone ${timeZone})::date < ${archiveCutoffDate(timeZone)}::date`,
  )!;
}

export async function listArchivedPartnerJobs(ctx: OpsContext, query: PartnerJobsQuery) {
  const { partnercompanyid, exportExcel, ...rest } = query;
  const where = whereAll(jobListWhere(ctx, rest), partnerJobsWithin(ctx, partnercompanyid), archivedJob(ctx.portal.timeZone));
  if (exportExcel) {
    const [total] = await ctx.db.select({ value: count() }).from(jobs).where(where);
    return rowExport<Job>({
      fileName: DELIVERY_ADMIN_TEXTS.partnerJobsArchiveExportName,
      columns: JOB_EXPORT,
      total: total?.value ?? 0,
      batch: (last, limit) => loadJobs(ctx.db, { where: whereAll(where, last ? sql`${jobs.id} > ${last.id}` : undefined), orderBy: [asc(jobs.id)], limit }),
    });
  }
  const parsed = parseListQuery(rest, jobList);
  const [items, [total]] = await Promise.all([
    loadJobs(ctx.db, { where, orderBy: parsed.orderBy, limit: parsed.pageSize, offset: parsed.offset }),
    ctx.db.select({ value: count() }).from(jobs).where(where),
  ]);
  return pageOf(items, total?.value ?? 0, parsed);
}
