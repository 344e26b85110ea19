import { describe, expect, it } from 'vitest';
import { loadResource, loadResources, lookupsOf, RESOURCE_IDS, RESOURCE_ROUTES, resourceForPath, resourceOf, resourcesReady } from './index';

describe('the resource registry, loaded per resource', () => {
  it('names a declaration not loaded yet, and how to load it', () => {
    expect(() => resourceOf('hubs')).toThrow("The declaration of resource 'hubs' is not loaded: its screen must await loadResources(['hubs'])");
    expect(resourcesReady(['hubs'])).toBe(false);
  });

  it('loads a resource with the resources its lookups name, once', async () => {
    await loadResources(['deliveries']);
    const deliveries = resourceOf('deliveries');
    expect(lookupsOf(deliveries)).toEqual(expect.arrayContaining(['companies', 'stores']));
    expect(resourceOf('companies').id).toBe('companies');
    expect(resourcesReady(['deliveries'])).toBe(true);
    expect(await loadResource('deliveries')).toBe(deliveries);
  });

  // The route table is what a screen reads before the declaration is there: it must say what the declarations say.
  it.each(RESOURCE_IDS)('%s: the route table is the declaration\'s routes', async (id) => {
    const resource = await loadResource(id);
    expect(resource.id).toBe(id);
    expect(resource.routes).toEqual(RESOURCE_ROUTES[id]);
  });

  it('has a route entry for every declaration and one declaration per list route', () => {
    expect(new Set(RESOURCE_IDS).size).toBe(RESOURCE_IDS.length);
    const lists = RESOURCE_IDS.map((id) => RESOURCE_ROUTES[id].list);
    expect(new Set(lists).size).toBe(lists.length);
  });

  it('finds the resource of a route path without loading it', () => {
    expect(resourceForPath('/companies')).toEqual({ id: 'companies', screen: 'list' });
    expect(resourceForPath('/companies/add')).toEqual({ id: 'companies', screen: 'add' });
    expect(resourceForPath('/hubs/edit/:id')).toEqual({ id: 'hubs', screen: 'edit' });
    expect(resourceForPath('/nowhere')).toBeUndefined();
  });
});
