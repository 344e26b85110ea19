import { api } from '../api';
import type { components } from '../api/generated/connect';
import type { RoutePath } from '../lib/access';
import {
  APPLICATION_STATUS_LABELS, APPLICATION_TEXTS, PROGRESS_STATUS_LABELS, type ApplicationTypeId,
} from '../lib/applications';
import { PAGE_SIZE_OPTIONS } from '../lib/constants';
import { formatDate } from '../lib/dates';
import { toApiQuery } from './query';
import type { ListParams, ResourceDef, ResourceId } from './types';

export type ApplicationRow = components['schemas']['ApplicationRow'];
export type ApplicationInviteRow = components['schemas']['ApplicationInvite'] & { xmin: string };

const STATUS_OPTIONS = Object.keys(APPLICATION_STATUS_LABELS);
const PROGRESS_OPTIONS = Object.keys(PROGRESS_STATUS_LABELS);

const reviewedOnTheirScreen = (): never => {
  throw new Error('Applications are reviewed on their own screen, not edited in a form.');
};

/** The list's query: the types of this list, and the partner application of a nested list (its path's :id). */
function applicationQuery(types: readonly ApplicationTypeId[], params: ListParams) {
  const { id: partnerApplicationId, ...filters } = params.filters;
  return {
    ...toApiQuery({ ...params, filters }),
    applicationTypeIds: [...types],
    ...(partnerApplicationId && { partnerApplicationId: Number(partnerApplicationId) }),
  };
}

interface ApplicationListSpec {
  id: ResourceId;
  title: string;
  types: readonly ApplicationTypeId[];
  list: RoutePath;
  edit: RoutePath;
  nested?: boolean;
}

/**
 * The review lists (000 section 2): one declaration per list, filtered by type (and by the partner application for
 * the nested lists); status, progress, date range and search filters; export "Applications". A row opens the review
 * screen (its /edit/:id), where it is approved, rejected or cancelled.
 */
function applicationList(spec: ApplicationListSpec): ResourceDef<ApplicationRow> {
  return {
    id: spec.id,
    title: spec.title,
    singular: 'application',
    routes: { list: spec.list, edit: spec.edit },
    operations: { list: 'getapplications', get: 'getapplication', update: 'approveapplication' },
    columns: [
      { key: 'id', header: 'Id', sortKey: 'id', text: (row) => `#${row.id}` },
      { key: 'applicationType', header: 'Type', sortKey: 'applicationTypeId' },
      { key: 'applicantName', header: 'Applicant' },
      { key: 'applicantEmail', header: 'Email' },
      { key: 'companyName', header: 'Company', text: (row) => row.companyName ?? row.partnerCompanyName ?? '' },
      { key: 'registration', header: 'Registration', text: (row) => row.registration ?? '' },
      { key: 'applicationStatus', header: 'Status', sortKey: 'applicationStatusId' },
      { key: 'progressStatusId', header: 'Progress', text: (row) => PROGRESS_STATUS_LABELS[row.progressStatusId] },
      { key: 'createdAt', header: 'Created', sortKey: 'createdAt', text: (row) => formatDate(row.createdAt) },
    ],
    filters: [
      ...(spec.nested ? [{ kind: 'parent' as const, name: 'id', label: 'Partner application' }] : []),
      { kind: 'enum', name: 'applicationStatusId', label: 'Status', options: STATUS_OPTIONS, optionLabels: APPLICATION_STATUS_LABELS },
      { kind: 'enum', name: 'progressStatusId', label: 'Progress', options: PROGRESS_OPTIONS, optionLabels: PROGRESS_STATUS_LABELS },
      { kind: 'date', name: 'fromDate', label: 'From' },
      { kind: 'date', name: 'toDate', label: 'To' },
    ],
    fields: [],
    defaultSort: 'id',
    pageSizes: PAGE_SIZE_OPTIONS,
    exportName: APPLICATION_TEXTS.exportName,
    createOpensEdit: false,
    ...(spec.id === 'partnerApplications' && {
      related: [
        { label: 'Driver applications', path: (id: number) => `/partner-applications/${id}/driver-applications`, operation: 'getapplications' as const },
        { label: 'Vehicle applications', path: (id: number) => `/partner-applications/${id}/vehicle-applications`, operation: 'getapplications' as const },
      ],
    }),
    label: (row) => `${row.applicationType} application #${row.id}`,
    api: {
      async list(cca2, params, signal) {
        const { data } = await api.connect.GET('/applications/{cca2}', { params: { path: { cca2 }, query: applicationQuery(spec.types, params) }, signal });
        if (!data || typeof data === 'string') throw new Error('The server answered without rows');
        return data;
      },
      async exportFile(cca2, params, signal) {
        const { response } = await api.connect.GET('/applications/{cca2}', {
          params: { path: { cca2 }, query: { ...applicationQuery(spec.types, { ...params, page: 1 }), exportExcel: true } }, parseAs: 'stream', signal,
        });
        return response;
      },
      get: reviewedOnTheirScreen,
      update: reviewedOnTheirScreen,
      selectOptions: async () => [],
    },
  };
}

export const businessApplicationsResource = applicationList({ id: 'businessApplications', title: 'Business applications', types: [5], list: '/business-applications', edit: '/business-applications/edit/:id' });
export const partnerApplicationsResource = applicationList({ id: 'partnerApplications', title: 'Partner applications', types: [1], list: '/partner-applications', edit: '/partner-applications/edit/:id' });
export const partnerDriverApplicationsResource = applicationList({
  id: 'partnerDriverApplications', title: 'Driver applications of the partner', types: [2], nested: true,
  list: '/partner-applications/:id/driver-applications', edit: '/driver-applications/edit/:id',
});
export const partnerVehicleApplicationsResource = applicationList({
  id: 'partnerVehicleApplications', title: 'Vehicle applications of the partner', types: [4], nested: true,
  list: '/partner-applications/:id/vehicle-applications', edit: '/vehicle-applications/edit/:id',
});
export const driverApplicationsResource = applicationList({ id: 'driverApplications', title: 'Driver applications', types: [2, 3], list: '/driver-applications', edit: '/driver-applications/edit/:id' });
export const assistantApplicationsResource = applicationList({ id: 'assistantApplications', title: 'Assistant applications', types: [6], list: '/assistant-applications', edit: '/assistant-applications/edit/:id' });
export const vehicleApplicationsResource = applicationList({ id: 'vehicleApplications', title: 'Vehicle applications', types: [4], list: '/vehicle-applications', edit: '/vehicle-applications/edit/:id' });
