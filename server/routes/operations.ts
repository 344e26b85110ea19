import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/generated/connect';
import {
  getDriver, listDrivers, updateAvailability, updateLocation,
} from '../domain/operations/drivers';
import {
  addDeliveriesToJob, addTaskToJob, assignJobsToDriver, createJob, jobDriverCandidates, jobDriverDistance, jobReadyDeliveries, exportJobRoutes, exportJobs, getJobDetails, jobCost, jobRoute, jobSummary, listJobs,
  notifyJobDelay, rejectJob, removeDeliveryFromJob, reverseJobStatus, startJob, unassignDriver,
} from '../domain/operations/jobs';
import {
  autoDispatchSettingsOf, jobAutoDispatch, runAutoDispatchOnce, updateAutoDispatchSetting,
} from '../domain/operations/auto-dispatch';
import { listNotifications, markNotificationRead, notificationTypes } from '../domain/operations/notifications';
import type { OpsContext } from '../domain/operations/scope';
import { getTaskState, listTasks, runTaskAction } from '../domain/operations/tasks';
import { listArchivedPartnerDeliveries, listArchivedPartnerJobs } from '../domain/partner-archives';
import type { AppContext } from '../context';
import { answer } from '../http/export';
import type { Handlers } from './handler-types';

type OperationsOperations =
  | 'getjobs' | 'getjob' | 'createjob' | 'assignjobstodriver' | 'getjobdriverdistance' | 'getjobdrivercandidates' | 'unassigndriverfromjob' | 'adddeliveriestojob'
  | 'removedeliveryfromjob' | 'startjob' | 'rejectjob' | 'reverseJobStatus' | 'notifyJobDelay' | 'jobcost' | 'jobRoute'
  | 'jobSummary' | 'exportjobroutes' | 'exportjobs' | 'getjobreadydeliveries'
  | 'gettasks' | 'gettaskstate' | 'starttask' | 'arrived' | 'completepickup' | 'completedropoff' | 'exceptionpickup' | 'exceptiondropoff'
  | 'addtasktojob'
  | 'runautodispatch' | 'getautodispatchsettings' | 'updateautodispatchsetting' | 'getjobautodispatch'
  | 'getdrivers' | 'getdriver' | 'updatedriverlocation' | 'updatedriveravailability'
  | 'getwebnotifications' | 'getwebnotificationtypes' | 'markwebnotificationread'
  | 'getarchivedpartnerjobs' | 'getarchivedpartnerdeliveries';

/** Live operations (issue 5; 002 sections 3, 4 and 7): jobs, tasks, drivers and web notifications. */
export function operationsHandlers({ db, live }: AppContext): Pick<Handlers<operations>, OperationsOperations> {
  const ops = ({ scope }: FastifyRequest): OpsContext => ({ db, live, portal: scope.portal, permissions: scope.permissions });
  return {
    async getjobs(request) {
      return listJobs(ops(request), request.query ?? {});
    },
    // Issue 17: the archives of partners' deliveries and jobs (staff every partner's, a partner its own).
    async getarchivedpartnerjobs(request, reply) {
      return answer(reply, await listArchivedPartnerJobs(ops(request), request.query ?? {}));
    },
    async getarchivedpartnerdeliveries(request, reply) {
      return answer(reply, await listArchivedPartnerDeliveries(ops(request), request.query ?? {}));
    },
    async getjob(request) {
      return getJobDetails(ops(request), request.params.id);
    },
    async createjob(request, reply) {
      const ctx = ops(request);
      const details = await createJob(ctx, request.body);
      reply.code(201);
      return details;
    },
    async assignjobstodriver(request) {
      return assignJobsToDriver(ops(request), request.body);
    },
    async getjobdriverdistance(request) {
      return jobDriverDistance(ops(request), request.params.id, request.query.driverId);
    },
    async getjobdrivercandidates(request) {
      return jobDriverCandidates(ops(request), request.params.id);
    },
    // Issue 20: auto-dispatch, run once, left on per territory, and why a job was assigned.
    async runautodispatch(request) {
      return runAutoDispatchOnce(ops(request), request.body.territoryId);
    },
    async getautodispatchsettings(request) {
      return autoDispatchSettingsOf(ops(request));
    },
    async updateautodispatchsetting(request) {
      return updateAutoDispatchSetting(ops(request), request.params.territoryId, request.body.isOn);
    },
    async getjobautodispatch(request) {
      return jobAutoDispatch(ops(request), request.params.id);
    },
    async unassigndriverfromjob(request) {
      return unassignDriver(ops(request), request.params.id);
    },
    async adddeliveriestojob(request) {
      return addDeliveriesToJob(ops(request), request.params.id, request.body);
    },
    async addtasktojob(request) {
      return addTaskToJob(ops(request), request.params.id, request.body);
    },
    async removedeliveryfromjob(request) {
      return removeDeliveryFromJob(ops(request), request.params.id, request.body);
    },
    async startjob(request) {
      return startJob(ops(request), request.params.id);
    },
    async rejectjob(request) {
      return rejectJob(ops(request), request.params.id);
    },
    async reverseJobStatus(request) {
      return reverseJobStatus(ops(request), request.params.id);
    },
    async notifyJobDelay(request) {
      return notifyJobDelay(ops(request), request.params.id, request.body);
    },
    async jobcost(request) {
      return jobCost(ops(request), request.params.id);
    },
    async jobRoute(request) {
      return jobRoute(ops(request), request.params.id);
    },
    async jobSummary(request) {
      return jobSummary(ops(request), request.params.id);
    },
    async exportjobroutes(request, reply) {
      return answer(reply, await exportJobRoutes(ops(request), request.query ?? {}));
    },
    async exportjobs(request, reply) {
      return answer(reply, await exportJobs(ops(request), request.query ?? {}));
    },
    async getjobreadydeliveries(request) {
      return jobReadyDeliveries(ops(request), request.query ?? {});
    },
    async gettasks(request) {
      return listTasks(ops(request), request.query ?? {});
    },
    async gettaskstate(request) {
      return getTaskState(ops(request), request.params.id);
    },
    async starttask(request) {
      return runTaskAction(ops(request), request.params.id, 'start');
    },
    async arrived(request) {
      return runTaskAction(ops(request), request.params.id, 'arrived', { arrivedLocation: request.body.arrivedLocation });
    },
    async completepickup(request) {
      return runTaskAction(ops(request), request.params.id, 'completepickup');
    },
    async completedropoff(request) {
      return runTaskAction(ops(request), request.params.id, 'completedropoff', { proof: request.body ?? undefined });
    },
    async exceptionpickup(request) {
      return runTaskAction(ops(request), request.params.id, 'exceptionpickup', { reason: request.body?.reason });
    },
    async exceptiondropoff(request) {
      return runTaskAction(ops(request), request.params.id, 'exceptiondropoff', { reason: request.body?.reason });
    },
    async getdrivers(request) {
      return listDrivers(ops(request), request.query ?? {});
    },
    async getdriver(request) {
      return getDriver(ops(request), request.params.id);
    },
    async updatedriverlocation(request) {
      return updateLocation(ops(request), request.body);
    },
    async updatedriveravailability(request) {
      return updateAvailability(ops(request), request.body);
    },
    async getwebnotifications(request) {
      return listNotifications(ops(request), request.query ?? {});
    },
    async getwebnotificationtypes(request) {
      return notificationTypes(request.query ?? {});
    },
    async markwebnotificationread(request) {
      return markNotificationRead(ops(request), request.params.id);
    },
  };
}
