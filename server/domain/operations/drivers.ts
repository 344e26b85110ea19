import { and, asc, count, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { components, operations } from '../../../src/api/generated/connect';
import { OPERATIONS_TEXTS } from '../../../src/lib/operations-catalogue';
import { hasAnyRole } from '../../../src/lib/roles';
import { DRIVER_AVAILABILITY, FINISHED_TASK_STATUSES, JOB_STATUS } from '../../../src/lib/statuses';
import { haversineKm } from '../../../src/lib/distance';
import { deliveries, drivers, jobDeliveries, jobs, jobTasks, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { pageOf, parseListQuery, whereAll, type ListDefinition } from '../list-query';
import { Changes, publishChanges } from './changes';
import { addressOf, isDriverUser, loadDriver, loadDrivers, loadJobs, round2, type Driver } from './rows';
import { FIELD_ROLES, isStaff, JOB_COMPANY_ROLES, type OpsContext } from './scope';
import { setAvailability } from './workflow';

type S = components['schemas'];

const driverList: ListDefinition = {
  sortable: {
    id: users.id, firstName: users.firstName, lastName: users.lastName,
    driverAvailabilityId: sql`coalesce(${drivers.driverAvailabilityId}, ${DRIVER_AVAILABILITY.OFFLINE})` as never,
  },
  defaultSort: users.firstName,
  id: users.id,
  searchable: [users.firstName, users.lastName, users.email],
  fullNames: [[users.firstName, users.lastName]],
};

/**
 * The drivers a caller may see: staff all; company administrators and operators the drivers of their
 * company's jobs; partners, drivers and assistants themselves.
 */
function driverScope(ctx: OpsContext): SQL | undefined {
  const { permissions } = ctx;
  if (isStaff(permissions)) return undefined;
  const conditions: SQL[] = [];
  if (hasAnyRole(permissions, JOB_COMPANY_ROLES) && permissions.companyId) {
    conditions.push(exists(sql`(select 1 from jobs dj where dj.driver_id = ${users.id} and dj.company_id = ${permissions.companyId} and dj.portal_id = ${ctx.portal.id})`));
  }
  if (hasAnyRole(permissions, FIELD_ROLES)) conditions.push(eq(users.id, permissions.id));
  return conditions.length > 0 ? or(...conditions) : sql`false`;
}

export async function listDrivers(ctx: OpsContext, query: NonNullable<operations['getdrivers']['parameters']['query']>) {
  const parsed = parseListQuery(query as typeof query & Record<string, unknown>, driverList);
  const availability = sql`coalesce(${drivers.driverAvailabilityId}, ${DRIVER_AVAILABILITY.OFFLINE})`;
  const where = whereAll(
    isDriverUser,
    driverScope(ctx),
    parsed.search,
    query.driverid ? eq(users.id, query.driverid) : undefined,
    query.driverAvailabilityIds && query.driverAvailabilityIds.length > 0 ? inArray(availability, query.driverAvailabilityIds) : undefined,
  );
  const [items, [total]] = await Promise.all([
    loadDrivers(ctx.db, { where, orderBy: parsed.orderBy, limit: parsed.pageSize, offset: parsed.offset }),
    ctx.db.select({ value: count() }).from(users).leftJoin(drivers, eq(drivers.userId, users.id)).where(where),
  ]);
  return pageOf(items, total?.value ?? 0, parsed);
}

export async function getDriver(ctx: OpsContext, id: number): Promise<S['DriverDetails']> {
  const [driver] = await loadDrivers(ctx.db, { where: whereAll(eq(users.id, id), isDriverUser, driverScope(ctx)) });
  if (!driver) throw notFound(`driver ${id}`);
  const open = await loadJobs(ctx.db, {
    where: and(eq(jobs.portalId, ctx.portal.id), eq(jobs.driverId, id), inArray(jobs.jobStatusId, [JOB_STATUS.NOT_STARTED, JOB_STATUS.IN_PROGRESS])),
    orderBy: [asc(jobs.id)],
  });
  // Company roles see only their company's jobs of the driver.
  const jobsShown = isStaff(ctx.permissions) || id === ctx.permissions.id ? open : open.filter((job) => job.companyId === ctx.permissions.companyId);
  return { driver, jobs: jobsShown };
}

export async function updateAvailability(ctx: OpsContext, form: S['DriverAvailabilityForm']): Promise<Driver> {
  if ((form.driverAvailabilityId as number) === DRIVER_AVAILABILITY.BUSY) throw badRequest('driverAvailabilityId', OPERATIONS_TEXTS.busyIsServerSet);
  const changes = new Changes();
  await ctx.db.transaction((tx) => setAvailability(tx, changes, ctx.permissions.id, form.driverAvailabilityId));
  await publishChanges(ctx.db, ctx.live, changes, ctx.portal).catch(() => undefined);
  return (await loadDriver(ctx.db, ctx.permissions.id))!;
}

/**
 * The signed-in driver's position: stored, published as a coordinate event (and a tracking update for the
 * deliveries of their job in progress), and the distance from the driver of each open task of their open jobs
 * refreshed (a task whose distance changed is published: the lists accept distance-only changes).
 */
export async function updateLocation(ctx: OpsContext, form: S['DriverLocationForm']): Promise<Driver> {
  const userId = ctx.permissions.id;
  const now = new Date();
  const changes = new Changes();
  const active = await ctx.db.transaction(async (tx) => {
    await tx.insert(drivers).values({ userId, lat: form.lat, lon: form.lon, locationAt: now })
      .onConflictDoUpdate({ target: drivers.userId, set: { lat: form.lat, lon: form.lon, locationAt: now, updatedAt: now } });
    const openTasks = await tx.select({ id: jobTasks.id, address: jobTasks.address, distance: jobTasks.distanceFromDriver, status: jobTasks.taskStatusId })
      .from(jobTasks).innerJoin(jobs, eq(jobs.id, jobTasks.jobId))
      .where(and(eq(jobs.portalId, ctx.portal.id), eq(jobs.driverId, userId), inArray(jobs.jobStatusId, [JOB_STATUS.NOT_STARTED, JOB_STATUS.IN_PROGRESS])));
    for (const task of openTasks) {
      if (FINISHED_TASK_STATUSES.has(task.status)) continue;
      const distance = round2(haversineKm(form, addressOf(task.address).coordinates));
      if (task.distance === distance) continue;
      await tx.update(jobTasks).set({ distanceFromDriver: distance }).where(eq(jobTasks.id, task.id));
      changes.tasks.add(task.id);
    }
    const [inProgress] = await tx.select({ id: jobs.id, companyId: jobs.companyId }).from(jobs)
      .where(and(eq(jobs.portalId, ctx.portal.id), eq(jobs.driverId, userId), eq(jobs.jobStatusId, JOB_STATUS.IN_PROGRESS)))
      .orderBy(desc(jobs.startedAt)).limit(1);
    const tracked = inProgress
      ? await tx.select({ id: deliveries.id, trackingHash: deliveries.trackingHash }).from(jobDeliveries)
        .innerJoin(deliveries, eq(deliveries.id, jobDeliveries.deliveryId)).where(eq(jobDeliveries.jobId, inProgress.id))
      : [];
    return { job: inProgress, tracked };
  });
  const coordinate: S['DriverCoordinate'] = { driverId: userId, lat: form.lat, lon: form.lon, time: now.toISOString(), jobId: active.job?.id ?? null };
  ctx.live.publish({ topic: 'CoordinateUpdates', payload: coordinate, scope: { companyId: active.job?.companyId, driverId: userId } });
  for (const delivery of active.tracked) {
    if (!delivery.trackingHash) continue;
    ctx.live.publish({
      topic: 'TrackingUpdates', payload: { ...coordinate, deliveryId: delivery.id }, scope: { trackingHashId: delivery.trackingHash, driverId: userId },
    });
  }
  await publishChanges(ctx.db, ctx.live, changes, ctx.portal).catch(() => undefined);
  return (await loadDriver(ctx.db, userId))!;
}
