import type { operations } from '../../src/api/generated/connect';
import type { Permissions } from '../../src/lib/roles';
import {
  getDriver, listDrivers, updateAvailability, updateLocation,
} from '../domain/operations/drivers';
import {
  addDeliveriesToJob, assignJobsToDriver, createJob, exportJobRoutes, getJobDetails, jobCost, jobRoute, jobSummary, listJobs,
  notifyJobDelay, rejectJob, removeDeliveryFromJob, reverseJobStatus, startJob, unassignDriver,
} from '../domain/operations/jobs';
import { listNotifications, markNotificationRead, notificationTypes } from '../domain/operations/notifications';
import type { OpsContext } from '../domain/operations/scope';
import { getTaskState, listTasks, runTaskAction } from '../domain/operations/tasks';
import { requirePortal } from '../domain/portals';
import type { AppContext } from './context';
import { requirePermissions } from './context';
import type { Handlers } from './handler-types';

type OperationsOperations =
  | 'getjobs' | 'getjob' | 'createjob' | 'assignjobstodriver' | 'unassigndriverfromjob' | 'adddeliveriestojob'
  | 'removedeliveryfromjob' | 'startjob' | 'rejectjob' | 'reverseJobStatus' | 'notifyJobDelay' | 'jobcost' | 'jobRoute'
  | 'jobSummary' | 'exportjobroutes'
  | 'gettasks' | 'gettaskstate' | 'starttask' | 'arrived' | 'completepickup' | 'completedropoff' | 'exceptionpickup' | 'exceptiondropoff'
  | 'getdrivers' | 'getdriver' | 'updatedriverlocation' | 'updatedriveravailability'
  | 'getwebnotifications' | 'getwebnotificationtypes' | 'markwebnotificationread';

/** Live operations (issue 5; 002 sections 3, 4 and 7): jobs, tasks, drivers and web notifications. */
export function operationsHandlers({ db, live }: AppContext): Pick<Handlers<operations>, OperationsOperations> {
  const ops = async (request: { params: { cca2: string }; permissions?: Permissions }): Promise<OpsContext> => ({
    db, live, portal: await requirePortal(db, request.params.cca2), permissions: requirePermissions(request.permissions),
  });
  return {
    async getjobs(request) {
      return listJobs(await ops(request), request.query ?? {});
    },
    async getjob(request) {
      return getJobDetails(await ops(request), request.params.id);
    },
    async createjob(request, reply) {
      const ctx = await ops(request);
      const details = await createJob(ctx, request.body);
      reply.code(201);
      return details;
    },
    async assignjobstodriver(request) {
      const ctx = await ops(request);
      return assignJobsToDriver(ctx, request.body);
    },
    async unassigndriverfromjob(request) {
      const ctx = await ops(request);
      return unassignDriver(ctx, request.params.id);
    },
    async adddeliveriestojob(request) {
      const ctx = await ops(request);
      return addDeliveriesToJob(ctx, request.params.id, request.body);
    },
    async removedeliveryfromjob(request) {
      const ctx = await ops(request);
      return removeDeliveryFromJob(ctx, request.params.id, request.body);
    },
    async startjob(request) {
      const ctx = await ops(request);
      return startJob(ctx, request.params.id);
    },
    async rejectjob(request) {
      const ctx = await ops(request);
      return rejectJob(ctx, request.params.id);
    },
    async reverseJobStatus(request) {
      const ctx = await ops(request);
      return reverseJobStatus(ctx, request.params.id);
    },
    async notifyJobDelay(request) {
      const ctx = await ops(request);
      return notifyJobDelay(ctx, request.params.id, request.body);
    },
    async jobcost(request) {
      return jobCost(await ops(request), request.params.id);
    },
    async jobRoute(request) {
      return jobRoute(await ops(request), request.params.id);
    },
    async jobSummary(request) {
      return jobSummary(await ops(request), request.params.id);
    },
    async exportjobroutes(request, reply) {
      return exportJobRoutes(await ops(request), request.query ?? {}, reply) as never;
    },
    async gettasks(request) {
      return listTasks(await ops(request), request.query ?? {});
    },
    async gettaskstate(request) {
      return getTaskState(await ops(request), request.params.id);
    },
    async starttask(request) {
      const ctx = await ops(request);
      return runTaskAction(ctx, request.params.id, 'start');
    },
    async arrived(request) {
      const ctx = await ops(request);
      return runTaskAction(ctx, request.params.id, 'arrived', { arrivedLocation: request.body.arrivedLocation });
    },
    async completepickup(request) {
      const ctx = await ops(request);
      return runTaskAction(ctx, request.params.id, 'completepickup');
    },
    async completedropoff(request) {
      const ctx = await ops(request);
      return runTaskAction(ctx, request.params.id, 'completedropoff');
    },
    async exceptionpickup(request) {
      const ctx = await ops(request);
      return runTaskAction(ctx, request.params.id, 'exceptionpickup', { reason: request.body?.reason });
    },
    async exceptiondropoff(request) {
      const ctx = await ops(request);
      return runTaskAction(ctx, request.params.id, 'exceptiondropoff', { reason: request.body?.reason });
    },
    async getdrivers(request) {
      return listDrivers(await ops(request), request.query ?? {});
    },
    async getdriver(request) {
      return getDriver(await ops(request), request.params.id);
    },
    async updatedriverlocation(request) {
      return updateLocation(await ops(request), request.body);
    },
    async updatedriveravailability(request) {
      return updateAvailability(await ops(request), request.body);
    },
    async getwebnotifications(request) {
      return listNotifications(await ops(request), request.query ?? {});
    },
    async getwebnotificationtypes(request) {
      return notificationTypes(request.query ?? {});
    },
    async markwebnotificationread(request) {
      return markNotificationRead(await ops(request), request.params.id);
    },
  };
}
