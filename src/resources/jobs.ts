import { formatDistance } from '../lib/distance';
import { DATE_FORMATS, PAGE_SIZE_OPTIONS, STORAGE_KEYS } from '../lib/constants';
import { JOB_STATUS_LABELS, statusLabel } from '../lib/statuses';
import { asIs, entityCalls, resourceApi, type EntityRow } from './provider';
import type { ResourceDef } from './types';
import { formatDate } from '../lib/date-format';

export type JobRow = EntityRow<'jobs'>;

const codes = (labels: Record<number, string>) => Object.keys(labels).sort((a, b) => Number(a) - Number(b));

/** Ours: jobs are changed through their workflow calls (the job screens), never through a generic form. */
const NOT_A_FORM = 'Jobs change through their workflow calls';

/**
 * Jobs (002 sections 2 and 7): the list of /jobs (the caller's scope: staff all, company roles their company,
 * drivers, partners and assistants their own), filters by job status and delivery status; each row opens its
 * deliveries and, for administrators and management operators, the job edit screen (the access table's
 * assignjobstodriver rule is the job edit rule). No export: the spec names a JobRoutes export, not a jobs list one.
 */
export const jobsResource: ResourceDef<JobRow> = {
  id: 'jobs',
  title: 'Jobs',
  singular: 'job',
  routes: { list: '/jobs', edit: '/jobs/edit/:id' },
  operations: { list: 'getjobs', get: 'assignjobstodriver', update: 'assignjobstodriver' },
  columns: [
    { key: 'id', header: 'Job', sortKey: 'id' },
    { key: 'jobStatus', header: 'Status', sortKey: 'jobStatusId', text: (row) => statusLabel(JOB_STATUS_LABELS, row.jobStatusId) },
    { key: 'driverName', header: 'Driver', text: (row) => row.driverName ?? '' },
    { key: 'companyName', header: 'Company', text: (row) => row.companyName ?? '' },
    { key: 'deliveryCount', header: 'Deliveries' },
    { key: 'tasks', header: 'Tasks', text: (row) => `${row.tasksFinished}/${row.taskCount}` },
    { key: 'distanceKm', header: 'Distance', text: (row) => formatDistance(row.distanceKm) },
    { key: 'createdAt', header: 'Created', sortKey: 'createdAt', text: (row) => formatDate(row.createdAt, DATE_FORMATS.dateTime) },
  ],
  filters: [
    { kind: 'enum', name: 'jobStatuses', label: 'Job status', options: codes(JOB_STATUS_LABELS), optionLabels: Object.fromEntries(Object.entries(JOB_STATUS_LABELS)) },
    { kind: 'enum', name: 'deliveryStatus', label: 'Deliveries', options: ['All', 'Incomplete', 'Completed'] },
  ],
  fields: [],
  defaultSort: 'id',
  pageSizes: PAGE_SIZE_OPTIONS,
  pageSizeStorageKey: STORAGE_KEYS.jobsPageSize,
  exportName: 'Jobs',
  createOpensEdit: false,
  label: (row) => `job ${row.id}`,
  api: resourceApi(entityCalls('jobs'), {
    row: asIs,
    record: (answer) => answer.job,
    readOnly: NOT_A_FORM,
    select: { from: 'rows', query: (search) => ({ search, page: 1, pageSize: 20 }), option: (job) => ({ key: String(job.id), value: `Job ${job.id}` }) },
  }),
};
