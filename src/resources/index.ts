import { RESOURCE_ROUTES } from './route-table';
import type { ResourceDef, ResourceId } from './types';

/**
 * Every resource of the back office, each loaded on first use: a screen awaits the declarations it names
 * (loadResources, or useResources in a view) before it creates its list or form actor, so the first list screen
 * carries one declaration, not all of them. The routes alone (which resource a path opens) are RESOURCE_ROUTES.
 */
const LOADERS: Record<ResourceId, () => Promise<ResourceDef>> = {
  // Fleet (issue 6): vehicles, hubs, mobile devices.
  vehicles: () => import('./vehicles').then((module) => module.vehiclesResource),
  hubs: () => import('./hubs').then((module) => module.hubsResource),
  mobileDevices: () => import('./mobile-devices').then((module) => module.mobileDevicesResource),
  // Integrations (issue 6).
  webhooks: () => import('./webhooks').then((module) => module.webhooksResource),
  apiClients: () => import('./api-clients').then((module) => module.apiClientsResource),
  companies: () => import('./companies').then((module) => module.companiesResource),
  stores: () => import('./stores').then((module) => module.storesResource),
  deliveries: () => import('./deliveries').then((module) => module.deliveriesResource),
  archivedDeliveries: () => import('./archived-deliveries').then((module) => module.archivedDeliveriesResource),
  // Issue 17: the partners' archives.
  archivedPartnerDeliveries: () => import('./partner-archives').then((module) => module.archivedPartnerDeliveriesResource),
  archivedPartnerJobs: () => import('./partner-archives').then((module) => module.archivedPartnerJobsResource),
  // Live operations (issue 5): the /jobs list.
  jobs: () => import('./jobs').then((module) => module.jobsResource),
  // Users, ratings, questionnaires (issue 6).
  users: () => import('./users').then((module) => module.usersResource),
  ratings: () => import('./ratings').then((module) => module.ratingsResource),
  questionnaires: () => import('./questionnaires').then((module) => module.questionnairesResource),
  // Content (issue 6): announcements and the three media screens.
  announcements: () => import('./announcements').then((module) => module.announcementsResource),
  deliveryPictures: () => import('./media').then((module) => module.deliveryPicturesResource),
  deliverySignatures: () => import('./media').then((module) => module.deliverySignaturesResource),
  profilePictures: () => import('./media').then((module) => module.profilePicturesResource),
  // Territories (issue 6): territories, and their areas and exceptions.
  territories: () => import('./territories').then((module) => module.territoriesResource),
  territoryAreas: () => import('./territories').then((module) => module.territoryAreasResource),
  // A customer's own deliveries on /dashboard (issue 4): read-only, no edit screen.
  myDeliveries: () => import('./my-deliveries').then((module) => module.myDeliveriesResource),
  // Finance (issue 15): accounts with their balances, and an account's statement.
  accounts: () => import('./finance').then((module) => module.accountsResource),
  accountTransactions: () => import('./finance').then((module) => module.accountTransactionsResource),
  // A driver's recorded cash deposits (issue 20): read-only, under the user.
  driverDeposits: () => import('./driver-deposits').then((module) => module.driverDepositsResource),
  // Finance back office (issue 15).
  bankAccounts: () => import('./finance-admin').then((module) => module.bankAccountsResource),
  fundsReceived: () => import('./finance-admin').then((module) => module.fundsReceivedResource),
  withdrawals: () => import('./finance-admin').then((module) => module.withdrawalsResource),
  advances: () => import('./finance-admin').then((module) => module.advancesResource),
  // Rates (issue 16): the price list every quote reads.
  rates: () => import('./rates').then((module) => module.ratesResource),
  rateUploads: () => import('./rate-uploads').then((module) => module.rateUploadsResource),
  rateBatches: () => import('./rate-uploads').then((module) => module.rateBatchesResource),
  // A store's delivery upload batches and their rows (issue 16).
  deliveryBatches: () => import('./delivery-uploads').then((module) => module.deliveryBatchesResource),
  deliveryUploads: () => import('./delivery-uploads').then((module) => module.deliveryUploadsResource),
  // Store upload batches and their rows (issue 16).
  storeBatches: () => import('./store-uploads').then((module) => module.storeBatchesResource),
  storeUploads: () => import('./store-uploads').then((module) => module.storeUploadsResource),
  // Distance discovery batches and their address pairs (issue 16).
  distanceBatches: () => import('./distance-discovery').then((module) => module.distanceBatchesResource),
  distanceUploads: () => import('./distance-discovery').then((module) => module.distanceUploadsResource),
  // Reports (issue 17): scheduled reports, emailed by the server's job queue.
  scheduledReports: () => import('./scheduled-reports').then((module) => module.scheduledReportsResource),
  // The public contact form's messages (issue 19).
  contactMessages: () => import('./contact-messages').then((module) => module.contactMessagesResource),
  // Applications to join (issue 18): the review lists; a row opens its review screen.
  businessApplications: () => import('./applications').then((module) => module.businessApplicationsResource),
  partnerApplications: () => import('./applications').then((module) => module.partnerApplicationsResource),
  partnerDriverApplications: () => import('./applications').then((module) => module.partnerDriverApplicationsResource),
  partnerVehicleApplications: () => import('./applications').then((module) => module.partnerVehicleApplicationsResource),
  driverApplications: () => import('./applications').then((module) => module.driverApplicationsResource),
  assistantApplications: () => import('./applications').then((module) => module.assistantApplicationsResource),
  vehicleApplications: () => import('./applications').then((module) => module.vehicleApplicationsResource),
  applicationInvites: () => import('./applications').then((module) => module.applicationInvitesResource),
};

/** Every resource id, in the registry's order. */
export const RESOURCE_IDS = Object.keys(RESOURCE_ROUTES) as ResourceId[];

const loaded = new Map<ResourceId, ResourceDef>();
const loading = new Map<ResourceId, Promise<ResourceDef>>();

/** The resources a declaration's lookups name (its lookup filters and fields): their selects and names need them. */
export function lookupsOf(resource: ResourceDef): ResourceId[] {
  const ids = [
    ...resource.filters.flatMap((filter) => (filter.kind === 'lookup' ? [filter.resource] : [])),
    ...resource.fields.flatMap((field) => (field.resource ? [field.resource] : [])),
  ];
  return [...new Set(ids)];
}

/** One resource's declaration, fetched once; a failed fetch is forgotten, so the next call tries again. */
export function loadResource(id: ResourceId): Promise<ResourceDef> {
  const done = loaded.get(id);
  if (done) return Promise.resolve(done);
  let pending = loading.get(id);
  if (!pending) {
    const load = LOADERS[id];
    if (!load) return Promise.reject(new Error(`No resource ${id}`));
    pending = load().then(
      (resource) => {
        loaded.set(id, resource);
        loading.delete(id);
        return resource;
      },
      (error: unknown) => {
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

/** Whether these resources and the resources their lookups name are loaded (loadResources would fetch nothing). */
export function resourcesReady(ids: readonly ResourceId[]): boolean {
  return ids.every((id) => {
    const resource = loaded.get(id);
    return resource !== undefined && lookupsOf(resource).every((lookup) => loaded.has(lookup));
  });
}

/**
 * Loads the declarations of these resources and of the resources their lookups name (one level: a lookup's own
 * lookups open only with its own screen). A list or form screen awaits this before it creates its actor.
 */
export async function loadResources(ids: readonly ResourceId[]): Promise<void> {
  const resources = await Promise.all(ids.map(loadResource));
  await Promise.all(resources.flatMap(lookupsOf).map(loadResource));
}

/**
 * A loaded resource's declaration. The machines and views read it synchronously, after their screen loaded it;
 * one not loaded is a defect of the screen, named here.
 */
export function resourceOf(id: ResourceId): ResourceDef {
  const resource = loaded.get(id);
  if (!resource) {
    throw new Error(`The declaration of resource '${id}' is not loaded: its screen must await loadResources(['${id}']) (useResources in a view) first.`);
  }
  return resource;
}

/** The resource a route path belongs to (list, add or edit screen), from the routes alone. */
export function resourceForPath(path: string): { id: ResourceId; screen: 'list' | 'add' | 'edit' } | undefined {
  for (const id of RESOURCE_IDS) {
    const routes = RESOURCE_ROUTES[id];
    if (routes.list === path) return { id, screen: 'list' };
    if (routes.add === path) return { id, screen: 'add' };
    if (routes.edit === path) return { id, screen: 'edit' };
  }
  return undefined;
}

export { RESOURCE_ROUTES, type ResourceRoutes } from './route-table';
export type { ResourceDef, ResourceId } from './types';
