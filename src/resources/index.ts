import { archivedDeliveriesResource } from './archived-deliveries';
import { apiClientsResource } from './api-clients';
import { companiesResource } from './companies';
import { deliveriesResource } from './deliveries';
import { jobsResource } from './jobs';
import { questionnairesResource } from './questionnaires';
import { ratingsResource } from './ratings';
import { storesResource } from './stores';
import { usersResource } from './users';
import { webhooksResource } from './webhooks';
import { hubsResource } from './hubs';
import { mobileDevicesResource } from './mobile-devices';
import { vehiclesResource } from './vehicles';
import { announcementsResource } from './announcements';
import { deliveryPicturesResource, deliverySignaturesResource, profilePicturesResource } from './media';
import { territoriesResource, territoryAreasResource } from './territories';
import { myDeliveriesResource } from './my-deliveries';
import type { ResourceDef, ResourceId } from './types';

/** Every resource of the back office by id: the router, menus, list and form screens read this. */
export const RESOURCES: Record<ResourceId, ResourceDef> = {
  // Fleet (issue 6): vehicles, hubs, mobile devices.
  vehicles: vehiclesResource as unknown as ResourceDef,
  hubs: hubsResource as unknown as ResourceDef,
  mobileDevices: mobileDevicesResource as unknown as ResourceDef,
  // Integrations (issue 6).
  webhooks: webhooksResource as unknown as ResourceDef,
  apiClients: apiClientsResource as unknown as ResourceDef,
  companies: companiesResource as unknown as ResourceDef,
  stores: storesResource as unknown as ResourceDef,
  deliveries: deliveriesResource as unknown as ResourceDef,
  archivedDeliveries: archivedDeliveriesResource as unknown as ResourceDef,
  // Live operations (issue 5): the /jobs list.
  jobs: jobsResource as unknown as ResourceDef,
  // Users, ratings, questionnaires (issue 6).
  users: usersResource as unknown as ResourceDef,
  ratings: ratingsResource as unknown as ResourceDef,
  questionnaires: questionnairesResource as unknown as ResourceDef,
  // Content (issue 6): announcements and the three media screens.
  announcements: announcementsResource as unknown as ResourceDef,
  deliveryPictures: deliveryPicturesResource as unknown as ResourceDef,
  deliverySignatures: deliverySignaturesResource as unknown as ResourceDef,
  profilePictures: profilePicturesResource as unknown as ResourceDef,
  // Territories (issue 6): territories, and their areas and exceptions.
  territories: territoriesResource as unknown as ResourceDef,
  territoryAreas: territoryAreasResource as unknown as ResourceDef,
  // A customer's own deliveries on /dashboard (issue 4): read-only, no edit screen.
  myDeliveries: myDeliveriesResource as unknown as ResourceDef,
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
