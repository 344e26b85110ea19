import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { TERRITORY_TEXTS } from '../lib/territory-texts';
import { asIs, entityCalls, resourceApi, type EntityRow } from './provider';
import type { ResourceDef } from './types';

export type Territory = EntityRow<'territories'>;
export type TerritoryArea = EntityRow<'territoryareas'>;

/** Territories (000 sections 2 and 6, administrators): list, add (ours), edit with its areas and exceptions, delete. */
export const territoriesResource: ResourceDef<Territory> = {
  id: 'territories',
  title: TERRITORY_TEXTS.territories,
  singular: TERRITORY_TEXTS.territory,
  routes: { list: '/territories', add: '/territories/add', edit: '/territories/edit/:id' },
  operations: { list: 'getterritories', get: 'getterritory', create: 'createterritory', update: 'updateterritory', remove: 'deleteterritories' },
  columns: [
    { key: 'name', header: TERRITORY_TEXTS.name, sortKey: 'name' },
    { key: 'areaCount', header: TERRITORY_TEXTS.areas, text: (row) => String(row.areaCount) },
    { key: 'exceptionCount', header: TERRITORY_TEXTS.exceptions, text: (row) => String(row.exceptionCount) },
    { key: 'isActive', header: TERRITORY_TEXTS.active, sortKey: 'isActive', text: (row) => (row.isActive ? 'Yes' : 'No') },
  ],
  filters: [{ kind: 'boolean', name: 'isActive', label: TERRITORY_TEXTS.active }],
  fields: [
    { name: 'name', label: TERRITORY_TEXTS.name, kind: 'text', required: true, maxLength: 200 },
    { name: 'isActive', label: TERRITORY_TEXTS.active, kind: 'boolean' },
  ],
  defaultSort: 'name',
  pageSizes: PAGE_SIZE_OPTIONS,
  // The spec's export of this area is the areas list's ("Territory Areas"); territories have none of their own.
  exportName: TERRITORY_TEXTS.exportName,
  createOpensEdit: true,
  label: (row) => row.name,
  api: resourceApi(entityCalls('territories'), {
    row: asIs, record: asIs, created: asIs, updated: asIs, remove: 'byIds',
    select: { from: 'server', query: (search) => (search ? { search } : {}) },
  }),
};

/**
 * Areas and exceptions of territories ("territory-areas", "territory-exceptions" of 000 section 3): the nested
 * lists /territories/:id/areas and /territories/:id/exceptions fix territoryid and kind; export "Territory Areas".
 * They are edited on the polygon screen (src/features/territories/AreaPage.tsx), not on the generic form.
 */
export const territoryAreasResource: ResourceDef<TerritoryArea> = {
  id: 'territoryAreas',
  title: TERRITORY_TEXTS.areas,
  singular: TERRITORY_TEXTS.area,
  routes: { list: '/territories/:id/areas', edit: '/territories/:id/areas/:areaid' },
  operations: { list: 'getterritoryareas', get: 'getterritoryarea', update: 'updateterritoryarea', remove: 'deleteterritoryareas' },
  columns: [
    { key: 'areaName', header: TERRITORY_TEXTS.areaName, sortKey: 'areaName' },
    { key: 'territoryName', header: TERRITORY_TEXTS.territory, sortKey: 'territoryName' },
    { key: 'vertices', header: TERRITORY_TEXTS.vertices, text: (row) => String(Math.max(row.polygon.length - 1, 0)) },
  ],
  filters: [
    { kind: 'lookup', name: 'territoryid', label: TERRITORY_TEXTS.territory, resource: 'territories' },
    { kind: 'enum', name: 'kind', label: 'Kind', options: ['area', 'exception'], optionLabels: { area: TERRITORY_TEXTS.areas, exception: TERRITORY_TEXTS.exceptions } },
  ],
  fields: [{ name: 'areaName', label: TERRITORY_TEXTS.areaName, kind: 'text', required: true, maxLength: 200 }],
  defaultSort: 'areaName',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: TERRITORY_TEXTS.exportName,
  createOpensEdit: true,
  label: (row) => row.areaName,
  api: resourceApi(entityCalls('territoryareas'), {
    row: asIs, record: asIs, updated: asIs, remove: 'byIds', exportable: true,
    select: { from: 'rows', query: (search) => ({ ...(search && { search }), pageSize: 50 }), option: (row) => ({ key: String(row.id), value: row.areaName }) },
  }),
};
