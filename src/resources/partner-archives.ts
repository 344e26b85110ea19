import { DELIVERY_ADMIN_TEXTS } from '../lib/deliveries-admin';
import { archivedDeliveriesResource } from './archived-deliveries';
import type { DeliveryAdmin } from './deliveries';
import { jobsResource, type JobRow } from './jobs';
import { asIs, entityCalls, resourceApi } from './provider';
import type { ResourceDef } from './types';

/**
 * The archives of partners (issue 17; 000 section 2 "Archives: partner deliveries, partner jobs"): read-only lists
 * of the work of partners' drivers, final and older than the archive cutoff (the server decides). Staff see every
 * partner's, a partner its own drivers'. Each has its archived export (000 section 9; the names are ours).
 */
const partnerDeliveries = resourceApi(entityCalls('deliveries/partner-archive'), { row: asIs, exportable: true });

export const archivedPartnerDeliveriesResource: ResourceDef<DeliveryAdmin> = {
  ...archivedDeliveriesResource,
  id: 'archivedPartnerDeliveries',
  title: DELIVERY_ADMIN_TEXTS.partnerArchiveTitle,
  routes: { list: '/archives/partner-deliveries', edit: '/deliveries/edit/:id' },
  operations: { list: 'getarchivedpartnerdeliveries', get: 'getdelivery', update: 'updatedelivery' },
  exportName: DELIVERY_ADMIN_TEXTS.partnerArchiveExportName,
  api: { ...archivedDeliveriesResource.api, list: partnerDeliveries.list, exportFile: partnerDeliveries.exportFile },
};

const partnerJobs = resourceApi(entityCalls('jobs/partner-archive'), { row: asIs, exportable: true });

export const archivedPartnerJobsResource: ResourceDef<JobRow> = {
  ...jobsResource,
  id: 'archivedPartnerJobs',
  title: DELIVERY_ADMIN_TEXTS.partnerJobsArchiveTitle,
  routes: { list: '/archives/partner-jobs', edit: '/jobs/edit/:id' },
  operations: { list: 'getarchivedpartnerjobs', get: 'assignjobstodriver', update: 'assignjobstodriver' },
  pageSizeStorageKey: undefined,
  exportName: DELIVERY_ADMIN_TEXTS.partnerJobsArchiveExportName,
  api: { ...jobsResource.api, list: partnerJobs.list, exportFile: partnerJobs.exportFile },
};
