// Auto-dispatch (issue 20), the command: loads a territory's unassigned jobs and the drivers who can take work
// there, runs the pure planner (auto-dispatch-plan.ts) and assigns in one transaction through the manual
// assignment's path (assignLocked: charts, statuses, notification), recording why; then publishes the changes.
// Also the per-territory "leave it on" setting and the queue job that runs the territories left on.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/generated/connect';
import { AUTO_DISPATCH, AUTO_DISPATCH_TEXTS, optimumVehicleTypeOf, VEHICLE_SIZE, type DispatchRule } from '../../../src/lib/auto-dispatch';
import { pointInPolygon, type Position } from '../../../src/lib/polygon';
import { JOB_STATUS, TASK_STATUS, TASK_TYPE } from '../../../src/lib/statuses';
import { isPickUpTask } from '../../../src/machines/operations/task.machine';
import type { Database } from '../../db/database';
import {
  autoDispatchAssignments, autoDispatchSettings, deliveryItems, drivers, jobDeliveries, jobs, jobTasks, portals, territories, territoryAreas, users, vehicles,
} from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { notFound } from '../../http/errors';
import type { Live } from '../../realtime/publish';
import { findPortal, type PortalData } from '../portals';
import { Changes, publishChanges } from './changes';
import { assignLocked } from './jobs';
import { planAutoDispatch, type DispatchDriver, type DispatchJob, type ScoredCandidate } from './auto-dispatch-plan';
import { addressOf, isDriverUser, type Tx } from './rows';
import type { OpsContext } from './scope';
import { ChartRefusal, lockJob } from './workflow';

type S = components['schemas'];
export type AutoDispatchTrigger = S['AutoDispatchAssignment']['trigger'];

export const AUTO_DISPATCH_JOB = 'auto-dispatch';

interface Territory { id: number; areas: Position[][]; exceptions: Position[][] }

async function loadTerritory(db: Tx, portalId: number, id: number): Promise<Territory> {
  const [row] = await db.select({ id: territories.id }).from(territories)
    .where(and(eq(territories.portalId, portalId), eq(territories.id, id), eq(territories.isActive, true)));
  if (!row) throw notFound(`territory ${id}`);
  const shapes = await db.select({ kind: territoryAreas.kind, polygon: territoryAreas.polygon }).from(territoryAreas).where(eq(territoryAreas.territoryId, id));
  return {
    id,
    areas: shapes.filter((shape) => shape.kind === 'area').map((shape) => shape.polygon),
    exceptions: shapes.filter((shape) => shape.kind === 'exception').map((shape) => shape.polygon),
  };
}

/** In an area of the territory and in none of its exceptions (as the territory search answers "covered"). */
function covers(territory: Territory, point: { lat: number; lon: number }): boolean {
  const position: Position = [point.lon, point.lat];
  return territory.areas.some((ring) => pointInPolygon(position, ring)) && !territory.exceptions.some((ring) => pointInPolygon(position, ring));
}

/** The portal's unassigned jobs whose first open stop is in the territory, as the planner sees them. */
async function dispatchJobs(db: Tx, portalId: number, territory: Territory): Promise<DispatchJob[]> {
  const open = await db.select({ id: jobs.id }).from(jobs)
    .where(and(eq(jobs.portalId, portalId), eq(jobs.jobStatusId, JOB_STATUS.UNASSIGNED), isNull(jobs.driverId)));
  if (open.length === 0) return [];
  const ids = open.map((row) => row.id);
  const tasks = await db.select({
    jobId: jobTasks.jobId, taskTypeId: jobTasks.taskTypeId, taskStatusId: jobTasks.taskStatusId, address: jobTasks.address, windowStartUtc: jobTasks.windowStartUtc,
  }).from(jobTasks).where(inArray(jobTasks.jobId, ids)).orderBy(asc(jobTasks.jobId), asc(jobTasks.taskJobOrder));
  const items = await db.select({
    jobId: jobDeliveries.jobId, deliveryId: deliveryItems.deliveryId, weight: deliveryItems.weight, length: deliveryItems.length, width: deliveryItems.width, height: deliveryItems.height,
  }).from(jobDeliveries).innerJoin(deliveryItems, eq(deliveryItems.deliveryId, jobDeliveries.deliveryId)).where(inArray(jobDeliveries.jobId, ids));
  const result: DispatchJob[] = [];
  for (const id of ids) {
    const openTasks = tasks.filter((task) => task.jobId === id && (task.taskStatusId === TASK_STATUS.NOT_STARTED || task.taskStatusId === TASK_STATUS.IN_PROGRESS));
    const stop = openTasks.find((task) => isPickUpTask(task.taskTypeId)) ?? openTasks[0];
    if (!stop) continue;
    const firstStop = addressOf(stop.address).coordinates;
    if (!covers(territory, firstStop)) continue;
    // The job needs the biggest of its deliveries' optimum vehicles (they travel together).
    const byDelivery = new Map<number, typeof items>();
    for (const item of items) if (item.jobId === id) byDelivery.set(item.deliveryId, [...(byDelivery.get(item.deliveryId) ?? []), item]);
    const needed = [...byDelivery.values()].map((parcels) => optimumVehicleTypeOf(parcels)).filter((type): type is number => type !== null);
    const optimumVehicleTypeId = needed.length === 0 ? null : needed.reduce((big, type) => (VEHICLE_SIZE[type]! > VEHICLE_SIZE[big]! ? type : big));
    result.push({ id, firstStop, optimumVehicleTypeId, windowStartMs: stop.windowStartUtc?.getTime() ?? null, isQsr: stop.taskTypeId === TASK_TYPE.QSR_STORE_PICK_UP });
  }
  return result;
}

/** Drivers whose last position is in the territory, with their vehicle (the biggest active one) and open jobs. */
async function dispatchDrivers(db: Tx, portalId: number, territory: Territory): Promise<DispatchDriver[]> {
  const rows = await db.select({
    id: users.id, availabilityId: drivers.driverAvailabilityId, lat: drivers.lat, lon: drivers.lon,
    load: sql<number>`(select count(*)::int from jobs oj where oj.driver_id = ${users.id} and oj.job_status_id in (${JOB_STATUS.NOT_STARTED}, ${JOB_STATUS.IN_PROGRESS}))`,
  }).from(users).innerJoin(drivers, eq(drivers.userId, users.id)).where(isDriverUser);
  const located = rows.filter((row) => row.lat !== null && row.lon !== null && covers(territory, { lat: row.lat, lon: row.lon }));
  if (located.length === 0) return [];
  const fleet = await db.select({ driverId: vehicles.driverId, vehicleTypeId: vehicles.vehicleTypeId }).from(vehicles)
    .where(and(eq(vehicles.portalId, portalId), eq(vehicles.isActive, true), inArray(vehicles.driverId, located.map((row) => row.id))));
  return located.map((row) => {
    const own = fleet.filter((vehicle) => vehicle.driverId === row.id).map((vehicle) => vehicle.vehicleTypeId);
    const vehicleTypeId = own.length === 0 ? null : own.reduce((big, type) => ((VEHICLE_SIZE[type] ?? 0) > (VEHICLE_SIZE[big] ?? 0) ? type : big));
    return { id: row.id, availabilityId: row.availabilityId, position: { lat: row.lat!, lon: row.lon! }, vehicleTypeId, load: row.load };
  });
}

export interface RunInput {
  db: Database;
  live: Live;
  portal: PortalData;
  territoryId: number;
  trigger: AutoDispatchTrigger;
  runByUserId: number | null;
  now?: Date;
}

/**
 * Plans and assigns in one transaction (the territory's jobs locked one by one: a job someone assigned meanwhile
 * is left alone); a job the charts refuse is left unassigned with the refusal as its reason.
 */
export async function runAutoDispatch(input: RunInput): Promise<S['AutoDispatchRun']> {
  const { db, portal, territoryId } = input;
  const changes = new Changes();
  const runId = randomUUID();
  const outcome = await db.transaction(async (tx) => {
    const territory = await loadTerritory(tx, portal.id, territoryId);
    const jobList = await dispatchJobs(tx, portal.id, territory);
    const driverList = jobList.length === 0 ? [] : await dispatchDrivers(tx, portal.id, territory);
    const plan = planAutoDispatch(jobList, driverList, { nowMs: (input.now ?? new Date()).getTime() });
    const unassigned = [...plan.unassigned];
    const recordedIds: number[] = [];
    const names = await driverNames(tx, plan.assignments.flatMap((assignment) => assignment.candidates.map((candidate) => candidate.driverId)));
    for (const assignment of plan.assignments) {
      try {
        await tx.transaction(async (step) => {
          const job = await lockJob(step, portal.id, assignment.jobId, undefined);
          if (!job || job.jobStatusId !== JOB_STATUS.UNASSIGNED || job.driverId !== null) throw new ChartRefusal(AUTO_DISPATCH_TEXTS.assignedMeanwhile);
          await assignLocked({ portal }, step, changes, job, assignment.driverId);
          const [row] = await step.insert(autoDispatchAssignments).values({
            portalId: portal.id, territoryId, runId, jobId: assignment.jobId, driverId: assignment.driverId, rule: assignment.rule,
            distanceKm: assignment.distanceKm, score: assignment.score, considered: assignment.considered,
            candidates: assignment.candidates.map((candidate) => ({ ...candidate, driverName: names.get(candidate.driverId) ?? '' })),
            trigger: input.trigger, runByUserId: input.runByUserId,
          }).returning({ id: autoDispatchAssignments.id });
          recordedIds.push(row!.id);
        });
      } catch (error) {
        if (!(error instanceof ChartRefusal)) throw error;
        unassigned.push({ jobId: assignment.jobId, reason: error.message });
      }
    }
    return { recordedIds, unassigned };
  });
  await publishChanges(db, input.live, changes, portal).catch(() => undefined);
  const assigned = outcome.recordedIds.length === 0 ? [] : await loadRecords(db, inArray(autoDispatchAssignments.id, outcome.recordedIds));
  return { territoryId, runId: assigned.length > 0 ? runId : null, assigned, unassigned: outcome.unassigned.sort((a, b) => a.jobId - b.jobId) };
}

async function driverNames(db: Tx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, `${row.first} ${row.last}`.trim()]));
}

type StoredCandidate = ScoredCandidate & { driverName: string };

async function loadRecords(db: Tx, where: ReturnType<typeof eq>): Promise<S['AutoDispatchAssignment'][]> {
  const rows = await db.select({ record: autoDispatchAssignments, first: users.firstName, last: users.lastName }).from(autoDispatchAssignments)
    .innerJoin(users, eq(users.id, autoDispatchAssignments.driverId)).where(where)
    .orderBy(desc(autoDispatchAssignments.createdAt), desc(autoDispatchAssignments.id));
  return rows.map(({ record, first, last }) => ({
    id: record.id, runId: record.runId, jobId: record.jobId, driverId: record.driverId, driverName: `${first} ${last}`.trim(), territoryId: record.territoryId,
    rule: record.rule as DispatchRule, distanceKm: record.distanceKm, score: record.score, considered: record.considered,
    candidates: record.candidates as StoredCandidate[], trigger: record.trigger as AutoDispatchTrigger, createdAt: record.createdAt.toISOString(),
  }));
}

/** runautodispatch: an operator runs it once for a territory. */
export function runAutoDispatchOnce(ctx: OpsContext, territoryId: number): Promise<S['AutoDispatchRun']> {
  return runAutoDispatch({ db: ctx.db, live: ctx.live, portal: ctx.portal, territoryId, trigger: 'run', runByUserId: ctx.permissions.id });
}

/** getjobautodispatch: why auto-dispatch assigned the job (404 for a job not in the portal). */
export async function jobAutoDispatch(ctx: OpsContext, jobId: number): Promise<S['AutoDispatchAssignment'][]> {
  const [job] = await ctx.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.portalId, ctx.portal.id), eq(jobs.id, jobId)));
  if (!job) throw notFound(`job ${jobId}`);
  return loadRecords(ctx.db, eq(autoDispatchAssignments.jobId, jobId));
}

/** getautodispatchsettings: the portal's active territories, each on or off. */
export async function autoDispatchSettingsOf(ctx: OpsContext): Promise<S['AutoDispatchSetting'][]> {
  const rows = await ctx.db.select({ territoryId: territories.id, territoryName: territories.name, isOn: autoDispatchSettings.isOn }).from(territories)
    .leftJoin(autoDispatchSettings, eq(autoDispatchSettings.territoryId, territories.id))
    .where(and(eq(territories.portalId, ctx.portal.id), eq(territories.isActive, true))).orderBy(asc(territories.name));
  return rows.map((row) => ({ ...row, isOn: row.isOn ?? false }));
}

/** updateautodispatchsetting: leaves a territory on (the queue's schedule picks it up) or turns it off. */
export async function updateAutoDispatchSetting(ctx: OpsContext, territoryId: number, isOn: boolean): Promise<S['AutoDispatchSetting']> {
  const [territory] = await ctx.db.select({ id: territories.id, name: territories.name }).from(territories)
    .where(and(eq(territories.portalId, ctx.portal.id), eq(territories.id, territoryId), eq(territories.isActive, true)));
  if (!territory) throw notFound(`territory ${territoryId}`);
  const values = { isOn, updatedByUserId: ctx.permissions.id, updatedAt: new Date() };
  await ctx.db.insert(autoDispatchSettings).values({ territoryId, ...values })
    .onConflictDoUpdate({ target: autoDispatchSettings.territoryId, set: values });
  return { territoryId, territoryName: territory.name, isOn };
}

/** The queue's tick: every active territory left on, in turn (a failure in one does not stop the others). */
export async function runScheduledAutoDispatch(db: Database, live: Live): Promise<{ territories: number; assigned: number }> {
  const due = await db.select({ territoryId: territories.id, cca2: portals.cca2 }).from(autoDispatchSettings)
    .innerJoin(territories, eq(territories.id, autoDispatchSettings.territoryId)).innerJoin(portals, eq(portals.id, territories.portalId))
    .where(and(eq(autoDispatchSettings.isOn, true), eq(territories.isActive, true))).orderBy(asc(territories.id));
  let assigned = 0;
  for (const row of due) {
    const portal = await findPortal(db, row.cca2);
    if (!portal) continue;
    const run = await runAutoDispatch({ db, live, portal, territoryId: row.territoryId, trigger: 'schedule', runByUserId: null });
    assigned += run.assigned.length;
  }
  return { territories: due.length, assigned };
}

/** Declares the queue job and its schedule (the queue's cron: no timer of ours). */
export async function scheduleAutoDispatch(queue: JobQueue, db: Database, live: Live): Promise<void> {
  await queue.define(AUTO_DISPATCH_JOB, { policy: 'singleton', retryLimit: 1 });
  await queue.work(AUTO_DISPATCH_JOB, async () => runScheduledAutoDispatch(db, live));
  await queue.schedule(AUTO_DISPATCH_JOB, AUTO_DISPATCH.cron);
}
