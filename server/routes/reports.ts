import type { operations } from '../../src/api/generated/connect';
import { decideRouteAccess, routeRule } from '../../src/lib/access';
import { EXPORT_CONTENT_TYPE } from '../../src/lib/constants';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { REPORTS } from '../../src/lib/reports';
import type { AppContext } from '../context';
import { REPORT_QUERIES } from '../domain/reports/queries';
import { reportContext, runReport } from '../domain/reports/runner';
import { answer } from '../http/export';
import { HttpError } from '../http/errors';
import {
  createScheduledReport, deleteScheduledReports, getScheduledReport, listRuns, listScheduledReports, runFile, runNow, updateScheduledReport,
} from '../domain/scheduled-reports';
import type { Handlers } from './handler-types';

/** The reports (issue 17): one call runs any declaration of src/lib/reports.ts with its query. */
type ReportOperations = 'getreport' | 'getscheduledreports' | 'createscheduledreport' | 'deletescheduledreports' | 'getscheduledreport'
  | 'updatescheduledreport' | 'getscheduledreportruns' | 'runscheduledreport' | 'getscheduledreportrunfile';

/** Scheduled reports (administrator, management by the access table) run on the job queue: server/domain/scheduled-reports.ts. */
export function reportsHandlers({ db, jobs }: AppContext): Pick<Handlers<operations>, ReportOperations> {
  return {
    async getreport(request, reply) {
      const report = REPORTS[request.params.report];
      const { permissions, portal, rows } = request.scope;
      // Who may read a report is the rule of its screen (ROUTE_ACCESS): the menu, the guard and the call agree.
      if (decideRouteAccess(routeRule(report.path), permissions) !== 'allowed') throw new HttpError(403, ERROR_TEXTS.forbidden);
      // A report whose data is not recorded yet says why rather than answering empty figures.
      if (report.unavailable) throw new HttpError(404, report.unavailable);
      const context = reportContext(report, request.query, portal, rows, permissions.id);
      return answer(reply, await runReport(db, report, REPORT_QUERIES[report.id], context, request.query));
    },
    async getscheduledreports(request) {
      return listScheduledReports(db, request.scope.portal, request.query);
    },
    async getscheduledreport(request) {
      return getScheduledReport(db, request.scope.portal, request.params.id);
    },
    async createscheduledreport(request, reply) {
      const created = await createScheduledReport(db, request.scope.portal, request.scope.permissions.id, request.body);
      reply.code(201);
      return created;
    },
    async updatescheduledreport(request) {
      return updateScheduledReport(db, request.scope.portal, request.params.id, request.body);
    },
    async deletescheduledreports(request) {
      return deleteScheduledReports(db, request.scope.portal, request.query.ids);
    },
    async getscheduledreportruns(request) {
      return listRuns(db, request.scope.portal, request.params.id);
    },
    async runscheduledreport(request, reply) {
      const run = await runNow(db, jobs, request.scope.portal, request.params.id);
      reply.code(202);
      return run;
    },
    async getscheduledreportrunfile(request, reply) {
      const file = await runFile(db, request.scope.portal, request.params.id, request.params.runId);
      return reply.type(EXPORT_CONTENT_TYPE).header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`).send(file.data);
    },
  };
}
