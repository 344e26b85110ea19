import { UPLOAD_BATCH_STATUS, UPLOAD_BATCH_STATUS_LABELS } from '../lib/statuses';
import { toApiQuery } from './query';
import type { FilterDef, ListParams } from './types';

/** The upload status filter of every batch and upload-row list (rates, deliveries, stores, distance discovery). */
export const UPLOAD_STATUS_FILTER: FilterDef = {
  kind: 'enum', name: 'uploadstatus', label: 'Upload status',
  options: Object.values(UPLOAD_BATCH_STATUS).map(String),
  optionLabels: Object.fromEntries(Object.entries(UPLOAD_BATCH_STATUS_LABELS)),
};

/**
 * A batch list's filters as its call's query: the parent (store or batch), when the list is nested, is the path's
 * (a fixed filter of the list, not a query parameter); sorting and search are not offered.
 */
export function nestedQuery(params: ListParams, parent?: string) {
  const { [parent ?? '']: parentId, ...filters } = params.filters;
  const { sortby: _sortby, sortdirection: _direction, search: _search, ...query } = toApiQuery({ ...params, filters });
  return { parentId: Number(parentId), query };
}
