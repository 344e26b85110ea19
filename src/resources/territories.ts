import { api } from '../api';
import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/constants';
import { TERRITORY_TEXTS } from '../lib/territory-texts';
import { bodyOf, updateOrConflict } from './api-helpers';
import { toApiQuery } from './query';
import type { Page, ResourceDef, SelectOption } from './types';

export type Territory = components['schemas']['Territory'];
export type TerritoryArea = components['schemas']['TerritoryArea'];

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
  api: {
    async list(cca2, params, signal) {
      const { data } = await api.connect.GET('/territories/{cca2}', { params: { path: { cca2 }, query: toApiQuery(params) as never }, signal });
      return data as Page<Territory>;
    },
    async get(cca2, id) {
      const { data } = await api.connect.GET('/territories/{cca2}/{id}', { params: { path: { cca2, id } } });
      return data!;
    },
    async create(cca2, values) {
      const { data } = await api.connect.POST('/territories/{cca2}', { params: { path: { cca2 } }, body: bodyOf(values) as never });
      return data!;
    },
    update(cca2, id, values, xmin) {
      return updateOrConflict(
        async () => (await api.connect.PUT('/territories/{cca2}/{id}', { params: { path: { cca2, id } }, body: { ...bodyOf(values), xmin } as never })).data!,
        () => territoriesResource.api.get(cca2, id),
      );
    },
    async remove(cca2, ids) {
      const { data } = await api.connect.DELETE('/territories/{cca2}', { params: { path: { cca2 }, query: { ids } } });
      return data!.deleted;
    },
    async selectOptions(cca2, search, signal) {
      const { data } = await api.connect.GET('/territories/{cca2}', { params: { path: { cca2 }, query: { select: true, ...(search && { search }) } }, signal });
      return data as SelectOption[];
    },
  },
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
  api: {
    async list(cca2, params, signal) {
      const { data } = await api.connect.GET('/territoryareas/{cca2}', { params: { path: { cca2 }, query: toApiQuery(params) as never }, signal });
      return data as Page<TerritoryArea>;
    },
    async get(cca2, id) {
      const { data } = await api.connect.GET('/territoryareas/{cca2}/{id}', { params: { path: { cca2, id } } });
      return data!;
    },
    update(cca2, id, values, xmin) {
      return updateOrConflict(
        async () => (await api.connect.PUT('/territoryareas/{cca2}/{id}', { params: { path: { cca2, id } }, body: { ...bodyOf(values), xmin } as never })).data!,
        () => territoryAreasResource.api.get(cca2, id),
      );
    },
    async remove(cca2, ids) {
      const { data } = await api.connect.DELETE('/territoryareas/{cca2}', { params: { path: { cca2 }, query: { ids } } });
      return data!.deleted;
    },
    async exportFile(cca2, params, signal) {
      const { response } = await api.connect.GET('/territoryareas/{cca2}', {
        params: { path: { cca2 }, query: { ...toApiQuery({ ...params, page: 1 }), exportExcel: true } as never }, parseAs: 'stream', signal,
      });
      return response;
    },
    async selectOptions(cca2, search, signal) {
      const { data } = await api.connect.GET('/territoryareas/{cca2}', { params: { path: { cca2 }, query: { ...(search && { search }), pageSize: 50 } }, signal });
      return ((data as Page<TerritoryArea> | undefined)?.items ?? []).map((row) => ({ key: String(row.id), value: row.areaName }));
    },
  },
};
