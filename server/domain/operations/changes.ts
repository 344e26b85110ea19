import { inArray, sql } from 'drizzle-orm';
import { WEB_NOTIFICATION_TYPE_LABELS, type WebNotificationTypeId } from '../../../src/lib/operations-catalogue';
import type { Database } from '../../db/database';
import { deliveries, drivers, jobs, jobTasks, users, webNotifications } from '../../db/schema';
import type { Live } from '../../realtime/publish';
import { listDeliveries } from '../deliveries-admin';
import type { PortalData } from '../portals';
import { loadDrivers, loadJobDeliveries, loadJobs, loadTasks, notificationOf, type JobDelivery, type Tx } from './rows';

/**
 * What one committed operations call changed, published on the dashboard hub afterwards (never before the
 * commit: a subscriber that refetches must find the new rows). Each record goes out in its REST shape with its
 * xmin; the scope is the record's company/store and the job's driver, so scoped subscribers get only their own.
 */
export class Changes {
  readonly tasks = new Set<number>();
  readonly deliveries = new Set<number>();
  readonly jobs = new Set<number>();
  readonly drivers = new Set<number>();
  /** Jobs whose driver changed: the former driver gets the job once more so their list drops it. */
  readonly formerDrivers = new Map<number, number>();
  /** Jobs whose company changed (a delivery of another company joined, or the last one of it left): the former company gets the job once more. */
  readonly formerCompanies = new Map<number, number>();
  readonly notifications: number[] = [];
}

export interface NewNotification {
  portalId: number;
  userIds: number[];
  typeId: WebNotificationTypeId;
  title: string;
  message: string;
  jobId?: number | null;
  deliveryId?: number | null;
}

/** Stores one notification per user (deduplicated) and remembers them for publishing. */
export async function notify(tx: Tx, changes: Changes, notification: NewNotification): Promise<void> {
  const userIds = [...new Set(notification.userIds)];
  if (userIds.length === 0) return;
  const rows = await tx.insert(webNotifications).values(userIds.map((userId) => ({
    portalId: notification.portalId,
    userId,
    webNotificationTypeId: notification.typeId,
    title: notification.title || WEB_NOTIFICATION_TYPE_LABELS[notification.typeId],
    message: notification.message,
    jobId: notification.jobId ?? null,
    deliveryId: notification.deliveryId ?? null,
  }))).returning({ id: webNotifications.id });
  changes.notifications.push(...rows.map((row) => row.id));
}

/** Administrators and management operators: who hears about rejections and exceptions. */
export async function dispatcherIds(tx: Tx): Promise<number[]> {
  const rows = await tx.select({ id: users.id }).from(users)
    .where(sql`${users.roles} && array['Administrator', 'ManagementOperator']::text[]`);
  return rows.map((row) => row.id);
}

/**
 * A delivery event carries both shapes a view may list it in: the back office's list row (getdeliveries) and the
 * job's (JobDelivery), so a merge by id and xmin keeps every field either list shows.
 */
async function deliveryPayload(db: Database, portal: PortalData, delivery: JobDelivery): Promise<unknown> {
  try {
    const page = await listDeliveries(db, portal, { kind: 'portal' }, { deliveryId: delivery.id, pageSize: 1 }) as { items?: object[] };
    return { ...delivery, ...page.items?.[0] };
  } catch {
    return delivery;
  }
}

/** Publishes every changed record (after the transaction committed). Never throws. */
export async function publishChanges(db: Database, live: Live, changes: Changes, portal: PortalData): Promise<void> {
  const taskList = changes.tasks.size > 0 ? await loadTasks(db, inArray(jobTasks.id, [...changes.tasks])) : [];
  const deliveryList = await loadJobDeliveries(db, [...changes.deliveries]);
  const jobIds = new Set<number>([...changes.jobs, ...taskList.map((task) => task.jobId)]);
  for (const delivery of deliveryList) if (delivery.jobId) jobIds.add(delivery.jobId);
  const jobList = jobIds.size > 0 ? await loadJobs(db, { where: inArray(jobs.id, [...jobIds]) }) : [];
  const jobById = new Map(jobList.map((job) => [job.id, job]));
  // The partner of each job's driver (and of a former driver) hears of its drivers' jobs (issue 20).
  const driverIds = [...new Set([...jobList.map((job) => job.driverId), ...changes.formerDrivers.values()].filter((id): id is number => id != null))];
  const partnerRows = driverIds.length > 0
    ? await db.select({ id: drivers.userId, partner: drivers.partnerCompanyId }).from(drivers).where(inArray(drivers.userId, driverIds))
    : [];
  const partnerOf = (driverId: number | null | undefined) => partnerRows.find((row) => row.id === driverId)?.partner ?? null;

  for (const task of taskList) {
    const job = jobById.get(task.jobId);
    live.publish({ topic: 'JobTaskUpdates', payload: task, scope: { companyId: job?.companyId, driverId: job?.driverId, partnerCompanyId: partnerOf(job?.driverId) } });
    const former = changes.formerDrivers.get(task.jobId);
    if (former !== undefined && former !== job?.driverId) live.publish({ topic: 'JobTaskUpdates', payload: task, scope: { driverId: former, partnerCompanyId: partnerOf(former) } });
    const formerCompany = changes.formerCompanies.get(task.jobId);
    if (formerCompany !== undefined && formerCompany !== job?.companyId) live.publish({ topic: 'JobTaskUpdates', payload: task, scope: { companyId: formerCompany } });
  }
  // The public tracking page follows its delivery on the tracking hub (issue 19): the new status only, nothing personal.
  const hashes = deliveryList.length > 0
    ? new Map((await db.select({ id: deliveries.id, trackingHash: deliveries.trackingHash }).from(deliveries)
      .where(inArray(deliveries.id, deliveryList.map((delivery) => delivery.id)))).map((row) => [row.id, row.trackingHash]))
    : new Map<number, string | null>();
  for (const delivery of deliveryList) {
    const job = delivery.jobId ? jobById.get(delivery.jobId) : undefined;
    live.publish({
      topic: 'Deliveries', payload: await deliveryPayload(db, portal, delivery), scope: { companyId: delivery.companyId, storeId: delivery.storeId, driverId: job?.driverId, partnerCompanyId: partnerOf(job?.driverId) },
    });
    const trackingHashId = hashes.get(delivery.id);
    if (trackingHashId) {
      live.publish({
        topic: 'TrackingUpdates', payload: { deliveryId: delivery.id, logisticStatusId: delivery.logisticStatusId }, scope: { trackingHashId, driverId: job?.driverId ?? null },
      });
    }
  }
  for (const id of changes.jobs) {
    const job = jobById.get(id);
    if (!job) continue;
    live.publish({ topic: 'Jobs', payload: job, scope: { companyId: job.companyId, driverId: job.driverId, partnerCompanyId: partnerOf(job.driverId) } });
    const former = changes.formerDrivers.get(id);
    if (former !== undefined && former !== job.driverId) live.publish({ topic: 'Jobs', payload: job, scope: { driverId: former, partnerCompanyId: partnerOf(former) } });
    const formerCompany = changes.formerCompanies.get(id);
    if (formerCompany !== undefined && formerCompany !== job.companyId) live.publish({ topic: 'Jobs', payload: job, scope: { companyId: formerCompany } });
  }
  if (changes.drivers.size > 0) {
    for (const driver of await loadDrivers(db, { where: inArray(users.id, [...changes.drivers]) })) {
      live.publish({ topic: 'Users', payload: driver, scope: { driverId: driver.id } });
    }
  }
  if (changes.notifications.length > 0) {
    const rows = await db.select().from(webNotifications).where(inArray(webNotifications.id, changes.notifications));
    for (const row of rows) {
      live.publish({ topic: 'WebNotifications', payload: notificationOf(row), typeId: row.webNotificationTypeId, scope: { userId: row.userId } });
    }
  }
}
