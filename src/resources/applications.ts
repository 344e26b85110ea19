import { api } from '../api';
import type { components } from '../api/generated/connect';
import type { RoutePath } from '../lib/access';
import {
  APPLICATION_STATUS_LABELS, APPLICATION_TEXTS, PROGRESS_STATUS_LABELS, type ApplicationTypeId,
} from '../lib/applications';
import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { formatDate } from '../lib/date-format';
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

type InviteAnswer = components['schemas']['ApplicationInvite'];
/** The invite's version is its expiry (an update renews it); the server keeps the last write. */
const inviteRow = (invite: InviteAnswer): ApplicationInviteRow => ({ ...invite, xmin: invite.expiresAt });

function inviteBody(values: Record<string, string | boolean | number | null>) {
  const text = (name: string) => (typeof values[name] === 'string' && String(values[name]).trim() !== '' ? String(values[name]).trim() : null);
  const partner = values.partnerCompanyId;
  return {
    firstName: text('firstName'), email: text('email'), phoneNumber: text('phoneNumber'),
    ...(partner !== null && partner !== undefined && partner !== '' && { partnerCompanyId: Number(partner) }),
  };
}

/**
 * Driver invites (/applicationinvites; 002 section 7: createdriverapplication, updatedriverapplication,
 * canceldriverapplication): a partner invites drivers for its company, staff for a partner company or none. The
 * link opens /driver-apply/{hash}. Selected invites are cancelled from the list.
 */
export const applicationInvitesResource: ResourceDef<ApplicationInviteRow> = {
  id: 'applicationInvites',
  title: 'Driver invites',
  singular: 'invite',
  routes: { list: '/applicationinvites', add: '/applicationinvites/add', edit: '/applicationinvites/edit/:id' },
  operations: { list: 'getapplicationinvites', get: 'getapplicationinvites', create: 'createdriverapplication', update: 'updatedriverapplication' },
  columns: [
    { key: 'firstName', header: 'Name', text: (row) => row.firstName ?? '' },
    { key: 'email', header: 'Email', text: (row) => row.email ?? '' },
    { key: 'phoneNumber', header: 'Phone number', text: (row) => row.phoneNumber ?? '' },
    { key: 'partnerCompanyName', header: 'Partner company', text: (row) => row.partnerCompanyName ?? '' },
    { key: 'link', header: 'Link' },
    { key: 'expiresAt', header: 'Expires', text: (row) => formatDate(row.expiresAt) },
    { key: 'cancelled', header: 'State', text: (row) => (row.cancelled ? 'Cancelled' : row.applicationId ? `Applied (#${row.applicationId})` : 'Open') },
  ],
  filters: [],
  fields: [
    { name: 'firstName', label: 'First name', kind: 'text', maxLength: 100 },
    { name: 'email', label: 'Email', kind: 'email', maxLength: 200 },
    { name: 'phoneNumber', label: 'Phone number', kind: 'phone' },
    // Staff pick the partner company (or none); a partner cannot search companies: its invites are for its own.
    {
      name: 'partnerCompanyId', label: 'Partner company', kind: 'lookup', resource: 'companies', nameField: 'partnerCompanyName', createOnly: true,
      impliedText: 'The driver will join your partner company.',
    },
  ],
  defaultSort: 'id',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: 'Invites',
  createOpensEdit: false,
  bulkActions: [{
    id: 'cancelInvites',
    label: 'Cancel invites',
    operation: 'canceldriverapplication',
    question: (n) => `Cancel ${n} invite${n === 1 ? '' : 's'}? Their links will stop working.`,
    run: async (cca2, ids) => {
      for (const id of ids) await api.connect.PUT('/applicationinvites/{cca2}/canceldriverapplication/{id}', { params: { path: { cca2, id } } });
      return ids.length;
    },
    doneText: (n) => `${n} invite${n === 1 ? '' : 's'} cancelled.`,
  }],
  label: (row) => row.email ?? row.phoneNumber ?? `#${row.id}`,
  api: {
    async list(cca2, params, signal) {
      const { data } = await api.connect.GET('/applicationinvites/{cca2}', {
        params: { path: { cca2 }, query: { page: params.page, pageSize: params.pageSize, ...(params.search && { search: params.search }) } }, signal,
      });
      if (!data) throw new Error('The server answered without rows');
      return { items: data.items.map(inviteRow), paging: data.paging };
    },
    async get(cca2, id) {
      // The list is the partner's own (or all for staff): the invite is found there.
      const { data } = await api.connect.GET('/applicationinvites/{cca2}', { params: { path: { cca2 }, query: { pageSize: 500 } } });
      const invite = data?.items.find((candidate) => candidate.id === id);
      if (!invite) throw new Error(`Not found: invite ${id}`);
      return inviteRow(invite);
    },
    async create(cca2, values) {
      const { data } = await api.connect.POST('/applicationinvites/{cca2}/createdriverapplication', { params: { path: { cca2 } }, body: inviteBody(values) });
      return inviteRow(data!);
    },
    async update(cca2, id, values) {
      const { partnerCompanyId: _partner, ...body } = inviteBody(values);
      const { data } = await api.connect.PUT('/applicationinvites/{cca2}/updatedriverapplication/{id}', { params: { path: { cca2, id } }, body });
      return inviteRow(data!);
    },
    selectOptions: async () => [],
  },
};
