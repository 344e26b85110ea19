import { companiesResource } from './companies';
import { deliveriesResource } from './deliveries';
import { jobsResource } from './jobs';
import { storesResource } from './stores';
import type { ResourceDef, ResourceId } from './types';

/** Every resource of the back office by id: the router, menus, list and form screens read this. */
export const RESOURCES: Record<ResourceId, ResourceDef> = {
  companies: companiesResource as unknown as ResourceDef,
  stores: storesResource as unknown as ResourceDef,
  deliveries: deliveriesResource as unknown as ResourceDef,
  // Live operations (issue 5): the /jobs list.
  jobs: jobsResource as unknown as ResourceDef,
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
