import type { RoutePath } from '../lib/access';
import type { ResourceId } from './types';

/** A resource's screens: its list, its add screen when it has one, and its edit screen (its list when it has none). */
export interface ResourceRoutes {
  list: RoutePath;
  add?: RoutePath;
  edit: RoutePath;
}

/**
 * The routes of every resource, without its declaration: what a screen needs to know which resource a path opens
 * before that resource's declaration (columns, filters, fields, client calls) is loaded (src/resources/index.ts).
 * Each declaration's `routes` must be this entry: resource-registry.test.ts loads every declaration and compares.
 */
export const RESOURCE_ROUTES: Record<ResourceId, ResourceRoutes> = {
  vehicles: { list: '/vehicles', add: '/vehicles/add', edit: '/vehicles/edit/:id' },
  hubs: { list: '/hubs', add: '/hubs/add', edit: '/hubs/edit/:id' },
  mobileDevices: { list: '/mobile-devices', edit: '/mobile-devices' },
  webhooks: { list: '/webhooks', add: '/webhooks/add', edit: '/webhooks/edit/:id' },
  apiClients: { list: '/api-clients', add: '/api-clients/add', edit: '/api-clients/edit/:id' },
  companies: { list: '/companies', add: '/companies/add', edit: '/companies/edit/:id' },
  stores: { list: '/stores', add: '/stores/add', edit: '/stores/edit/:id' },
  deliveries: { list: '/deliveries', add: '/deliveries/add', edit: '/deliveries/edit/:id' },
  archivedDeliveries: { list: '/archives/deliveries', edit: '/deliveries/edit/:id' },
  archivedPartnerDeliveries: { list: '/archives/partner-deliveries', edit: '/deliveries/edit/:id' },
  archivedPartnerJobs: { list: '/archives/partner-jobs', edit: '/jobs/edit/:id' },
  jobs: { list: '/jobs', edit: '/jobs/edit/:id' },
  users: { list: '/users', add: '/users/add', edit: '/users/edit/:id' },
  ratings: { list: '/ratings', add: '/ratings/add', edit: '/ratings/edit/:id' },
  questionnaires: { list: '/questionnaires', add: '/questionnaires/add', edit: '/questionnaires/edit/:id' },
  announcements: { list: '/announcements', add: '/announcements/add', edit: '/announcements/edit/:id' },
  deliveryPictures: { list: '/media/delivery-pictures', edit: '/media/delivery-pictures' },
  deliverySignatures: { list: '/media/delivery-signatures', edit: '/media/delivery-signatures' },
  profilePictures: { list: '/media/profile-pictures', edit: '/media/profile-pictures' },
  territories: { list: '/territories', add: '/territories/add', edit: '/territories/edit/:id' },
  territoryAreas: { list: '/territories/:id/areas', edit: '/territories/:id/areas/:areaid' },
  myDeliveries: { list: '/dashboard', edit: '/dashboard' },
  accounts: { list: '/accounts', add: '/accounts/add', edit: '/accounts/edit/:id' },
  accountTransactions: { list: '/accounts/:accountId/transactions', edit: '/accounts/:accountId/transactions/:transactionId' },
  driverDeposits: { list: '/users/:id/deposits', edit: '/users/:id/deposits' },
  bankAccounts: { list: '/bank-accounts', add: '/bank-accounts/add', edit: '/bank-accounts/edit/:id' },
  fundsReceived: { list: '/funds-received', add: '/funds-received/add', edit: '/funds-received/edit/:id' },
  withdrawals: { list: '/withdrawals', edit: '/withdrawals' },
  advances: { list: '/advances', edit: '/advances' },
  rates: { list: '/rates', add: '/rates/add', edit: '/rates/edit/:id' },
  rateUploads: { list: '/rates/batches/:uploadBatchId/uploads', edit: '/rates/batches/:uploadBatchId/uploads/edit/:rateUploadId' },
  rateBatches: { list: '/rates/:id/batches', edit: '/rates/batches/:uploadBatchId/uploads' },
  deliveryBatches: { list: '/stores/:id/batches', edit: '/stores/:id/batches/:uploadBatchId/uploads' },
  deliveryUploads: { list: '/stores/:id/batches/:uploadBatchId/uploads', edit: '/stores/:id/batches/:uploadBatchId/uploads/edit/:deliveryUploadId' },
  storeBatches: { list: '/stores/batches/add', edit: '/stores/batches/:uploadBatchId/uploads' },
  storeUploads: { list: '/stores/batches/:uploadBatchId/uploads', edit: '/stores/batches/:uploadBatchId/uploads/edit/:storeUploadId' },
  distanceBatches: { list: '/admin/distancediscovery', edit: '/admin/distancediscovery/batches/:uploadBatchId/uploads' },
  distanceUploads: { list: '/admin/distancediscovery/batches/:uploadBatchId/uploads', edit: '/admin/distancediscovery/batches/:uploadBatchId/uploads' },
  scheduledReports: { list: '/scheduledreports', add: '/scheduledreports/add', edit: '/scheduledreports/edit/:id' },
  contactMessages: { list: '/contact-messages', edit: '/contact-messages' },
  businessApplications: { list: '/business-applications', edit: '/business-applications/edit/:id' },
  partnerApplications: { list: '/partner-applications', edit: '/partner-applications/edit/:id' },
  partnerDriverApplications: { list: '/partner-applications/:id/driver-applications', edit: '/driver-applications/edit/:id' },
  partnerVehicleApplications: { list: '/partner-applications/:id/vehicle-applications', edit: '/vehicle-applications/edit/:id' },
  driverApplications: { list: '/driver-applications', edit: '/driver-applications/edit/:id' },
  assistantApplications: { list: '/assistant-applications', edit: '/assistant-applications/edit/:id' },
  vehicleApplications: { list: '/vehicle-applications', edit: '/vehicle-applications/edit/:id' },
  applicationInvites: { list: '/applicationinvites', add: '/applicationinvites/add', edit: '/applicationinvites/edit/:id' },
};
