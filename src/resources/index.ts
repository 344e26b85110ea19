import { archivedDeliveriesResource } from './archived-deliveries';
import { archivedPartnerDeliveriesResource, archivedPartnerJobsResource } from './partner-archives';
import { apiClientsResource } from './api-clients';
import { companiesResource } from './companies';
import { deliveriesResource } from './deliveries';
import { jobsResource } from './jobs';
import { questionnairesResource } from './questionnaires';
import { ratingsResource } from './ratings';
import { driverDepositsResource } from './driver-deposits';
import { storesResource } from './stores';
import { usersResource } from './users';
import { webhooksResource } from './webhooks';
import { hubsResource } from './hubs';
import { mobileDevicesResource } from './mobile-devices';
import { vehiclesResource } from './vehicles';
import { announcementsResource } from './announcements';
import { scheduledReportsResource } from './scheduled-reports';
import { deliveryPicturesResource, deliverySignaturesResource, profilePicturesResource } from './media';
import { territoriesResource, territoryAreasResource } from './territories';
import { myDeliveriesResource } from './my-deliveries';
import { accountsResource, accountTransactionsResource } from './finance';
import { ratesResource } from './rates';
import { advancesResource, bankAccountsResource, fundsReceivedResource, withdrawalsResource } from './finance-admin';
import { rateBatchesResource, rateUploadsResource } from './rate-uploads';
import { deliveryBatchesResource, deliveryUploadsResource } from './delivery-uploads';
import { storeBatchesResource, storeUploadsResource } from './store-uploads';
import { distanceBatchesResource, distanceUploadsResource } from './distance-discovery';
import { contactMessagesResource } from './contact-messages';
import {
  assistantApplicationsResource, businessApplicationsResource, driverApplicationsResource, partnerApplicationsResource,
  partnerDriverApplicationsResource, partnerVehicleApplicationsResource, vehicleApplicationsResource, applicationInvitesResource,
} from './applications';
import type { ResourceDef, ResourceId } from './types';

/** Every resource of the back office by id: the router, menus, list and form screens read this. */
export const RESOURCES: Record<ResourceId, ResourceDef> = {
  // Fleet (issue 6): vehicles, hubs, mobile devices.
  vehicles: vehiclesResource,
  hubs: hubsResource,
  mobileDevices: mobileDevicesResource,
  // Integrations (issue 6).
  webhooks: webhooksResource,
  apiClients: apiClientsResource,
  companies: companiesResource,
  stores: storesResource,
  deliveries: deliveriesResource,
  archivedDeliveries: archivedDeliveriesResource,
  // Issue 17: the partners' archives.
  archivedPartnerDeliveries: archivedPartnerDeliveriesResource,
  archivedPartnerJobs: archivedPartnerJobsResource,
  // Live operations (issue 5): the /jobs list.
  jobs: jobsResource,
  // Users, ratings, questionnaires (issue 6).
  users: usersResource,
  ratings: ratingsResource,
  questionnaires: questionnairesResource,
  // Content (issue 6): announcements and the three media screens.
  announcements: announcementsResource,
  deliveryPictures: deliveryPicturesResource,
  deliverySignatures: deliverySignaturesResource,
  profilePictures: profilePicturesResource,
  // Territories (issue 6): territories, and their areas and exceptions.
  territories: territoriesResource,
  territoryAreas: territoryAreasResource,
  // A customer's own deliveries on /dashboard (issue 4): read-only, no edit screen.
  myDeliveries: myDeliveriesResource,
  // Finance (issue 15): accounts with their balances, and an account's statement.
  accounts: accountsResource,
  accountTransactions: accountTransactionsResource,
  // A driver's recorded cash deposits (issue 20): read-only, under the user.
  driverDeposits: driverDepositsResource,
  // Finance back office (issue 15).
  bankAccounts: bankAccountsResource,
  fundsReceived: fundsReceivedResource,
  withdrawals: withdrawalsResource,
  advances: advancesResource,
  // Rates (issue 16): the price list every quote reads.
  rates: ratesResource,
  rateUploads: rateUploadsResource,
  rateBatches: rateBatchesResource,
  // A store's delivery upload batches and their rows (issue 16).
  deliveryBatches: deliveryBatchesResource,
  deliveryUploads: deliveryUploadsResource,
  // Store upload batches and their rows (issue 16).
  storeBatches: storeBatchesResource,
  storeUploads: storeUploadsResource,
  // Distance discovery batches and their address pairs (issue 16).
  distanceBatches: distanceBatchesResource,
  distanceUploads: distanceUploadsResource,
  // Reports (issue 17): scheduled reports, emailed by the server's job queue.
  scheduledReports: scheduledReportsResource,
  // The public contact form's messages (issue 19).
  contactMessages: contactMessagesResource,
  // Applications to join (issue 18): the review lists; a row opens its review screen.
  businessApplications: businessApplicationsResource,
  partnerApplications: partnerApplicationsResource,
  partnerDriverApplications: partnerDriverApplicationsResource,
  partnerVehicleApplications: partnerVehicleApplicationsResource,
  driverApplications: driverApplicationsResource,
  assistantApplications: assistantApplicationsResource,
  vehicleApplications: vehicleApplicationsResource,
  applicationInvites: applicationInvitesResource,
};

export function resourceOf(id: ResourceId): ResourceDef {
  return RESOURCES[id];
}

/** The resource a route path belongs to (list, add or edit screen). */
export function resourceForPath(path: string): { resource: ResourceDef; screen: 'list' | 'add' | 'edit' } | undefined {
  for (const resource of Object.values(RESOURCES)) {
    if (resource.routes.list === path) return { resource, screen: 'list' };
    if (resource.routes.add === path) return { resource, screen: 'add' };
    if (resource.routes.edit === path) return { resource, screen: 'edit' };
  }
  return undefined;
}

export type { ResourceDef, ResourceId } from './types';
