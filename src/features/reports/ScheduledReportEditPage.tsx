import { useParams } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { formMachine } from '../../machines/lists/form.machine';
import { scheduledReportRunsMachine } from '../../machines/reports/scheduled-report-runs.machine';
import { scheduledReportsResource } from '../../resources/scheduled-reports';
import { AdminPage } from '../../ui/AdminPage';
import { FormView } from '../../ui/admin/FormView';
import { useFormNavigation } from '../../ui/admin/use-form-navigation';
import { ScheduledReportRunsView } from './ScheduledReportRunsView';
import { useResources } from '../../ui/use-resources';

/** /scheduledreports/edit/:id — the schedule's form, its run history (status, period, file) and "Run now". */
export function Component() {
  const { id } = useParams();
  const scheduledReportId = Number(id);
  const title = `Edit ${scheduledReportsResource.singular}`;
  return (
    <AdminPage title={title} parents={[{ label: scheduledReportsResource.title, to: scheduledReportsResource.routes.list }]}
      current={{ label: title, to: scheduledReportsResource.routes.edit.replace(':id', String(scheduledReportId)) }}>
      <ScheduledReportEdit key={scheduledReportId} id={scheduledReportId} />
    </AdminPage>
  );
}

function ScheduledReportEdit({ id }: { id: number }) {
  const portal = usePortal();
  // The declaration first: the form actor reads it when it starts.
  useResources(['scheduledReports']);
  const form = useScreenActor(formMachine, { resource: 'scheduledReports', cca2: portal.cca2, id });
  const runs = useScreenActor(scheduledReportRunsMachine, { cca2: portal.cca2, scheduledReportId: id });
  useFormNavigation(form);
  return (
    <>
      <FormView actor={form} />
      <ScheduledReportRunsView actor={runs} />
    </>
  );
}
