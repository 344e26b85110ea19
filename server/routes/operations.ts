import type { FastifyReply } from 'fastify';
import type { operations } from '../../src/api/generated/connect';
import type { Permissions } from '../../src/lib/roles';
import { ConflictError } from '../domain/directory';
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

/** A chart refusal answers 409 with the record as it is now beside the message (nothing changed). */
async function withConflict<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConflictError) {
      return reply.code(409).send({ message: error.message, ...(error.current !== undefined && { current: error.current }) }) as never;
    }
    throw error;
  }
}

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
      const details = await withConflict(reply, () => createJob(ctx, request.body));
      if (reply.sent) return details;
      reply.code(201);
      return details;
    },
    async assignjobstodriver(request, reply) {
      const ctx = await ops(request);
      return withConflict(reply, () => assignJobsToDriver(ctx, request.body));
    },
    async unassigndriverfromjob(request, reply) {
      const ctx = await ops(request);
      return withConflict(reply, () => unassignDriver(ctx, request.params.id));
    },
    async adddeliveriestojob(request, reply) {
      const ctx = await ops(request);
      return withConflict(reply, () => addDeliveriesToJob(ctx, request.params.id, request.body));
    },
    async removedeliveryfromjob(request, reply) {
      const ctx = await ops(request);
      return withConflict(reply, () => removeDeliveryFromJob(ctx, request.params.id, request.body));
    },
    async startjob(request, reply) {
      const ctx = await ops(request);
      return withConflict(reply, () => startJob(ctx, request.params.id));
    },
    async rejectjob(request, reply) {
      const ctx = await ops(request);
      return withConflict(reply, () => rejectJob(ctx, request.params.id));
    },
    async reverseJobStatus(request, reply) {
      const ctx = await ops(request);
      return withConflict(reply, () => reverseJobStatus(ctx, request.params.id));
    },
    async notifyJobDelay(request, reply) {
      const ctx = await ops(request);
      return withConflict(reply, () => notifyJobDelay(ctx, request.params.id, request.body));
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
    async starttask(request, reply) {
      const ctx = await ops(request);
      return withConflict(reply, () => runTaskAction(ctx, request.params.id, 'start'));
    },
    async arrived(request, reply) {
      const ctx = await ops(request);
      return withConflict(reply, () => runTaskAction(ctx, request.params.id, 'arrived', { arrivedLocation: request.body.arrivedLocation }));
    },
    async completepickup(request, reply) {
      const ctx = await ops(request);
      return withConflict(reply, () => runTaskAction(ctx, request.params.id, 'completepickup'));
    },
    async completedropoff(request, reply) {
      const ctx = await ops(request);
      return withConflict(reply, () => runTaskAction(ctx, request.params.id, 'completedropoff'));
    },
    async exceptionpickup(request, reply) {
      const ctx = await ops(request);
      return withConflict(reply, () => runTaskAction(ctx, request.params.id, 'exceptionpickup', { reason: request.body?.reason }));
    },
    async exceptiondropoff(request, reply) {
      const ctx = await ops(request);
      return withConflict(reply, () => runTaskAction(ctx, request.params.id, 'exceptiondropoff', { reason: request.body?.reason }));
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
