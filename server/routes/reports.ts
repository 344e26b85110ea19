import type { operations } from '../../src/api/generated/connect';
import { decideRouteAccess, routeRule } from '../../src/lib/access';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { REPORTS } from '../../src/lib/reports';
import type { AppContext } from '../context';
import { REPORT_QUERIES } from '../domain/reports/queries';
import { reportContext, runReport } from '../domain/reports/runner';
import { answer } from '../http/export';
import { HttpError } from '../http/errors';
import type { Handlers } from './handler-types';

/** The reports (issue 17): one call runs any declaration of src/lib/reports.ts with its query. */
export function reportsHandlers({ db }: AppContext): Pick<Handlers<operations>, 'getreport'> {
  return {
    async getreport(request, reply) {
      const report = REPORTS[request.params.report];
      const { permissions, portal, rows } = request.scope;
      // Who may read a report is the rule of its screen (ROUTE_ACCESS): the menu, the guard and the call agree.
      if (decideRouteAccess(routeRule(report.path), permissions) !== 'allowed') throw new HttpError(403, ERROR_TEXTS.forbidden);
      // A report whose data is not recorded yet says why rather than answering empty figures.
      if (report.unavailable) throw new HttpError(404, report.unavailable);
      const context = reportContext(report, request.query, portal, rows, permissions);
      return answer(reply, await runReport(db, report, REPORT_QUERIES[report.id], context, request.query));
    },
  };
}
