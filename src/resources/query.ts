import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, VEHICLE_PACKED_PERCENTAGE_RANGE } from '../lib/list-constants';
import type { FilterDef, ListParams } from './types';

/** What a list's URL may hold: its page sizes, sortable fields and filter pairs. */
export interface ListShape {
  pageSizes: readonly number[];
  sortable: readonly string[];
  filters: readonly FilterDef[];
  defaultPageSize?: number;
}

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The URL parameters a filter control owns. */
export function filterParams(filter: FilterDef): string[] {
  if (filter.kind === 'range') return [`min${capitalised(filter.name)}`, `max${capitalised(filter.name)}`];
  return filter.kind === 'lookup' && filter.excludeName ? [filter.name, filter.excludeName] : [filter.name];
}

function validFilterValue(filter: FilterDef, value: string): string | undefined {
  switch (filter.kind) {
    case 'boolean': return value === 'true' || value === 'false' ? value : undefined;
    case 'enum': return filter.options.includes(value) ? value : undefined;
    case 'lookup':
    case 'parent': return /^\d+$/.test(value) ? value : undefined;
    case 'range': return Number.isFinite(Number(value)) && value.trim() !== '' ? value : undefined;
    case 'date': return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
    case 'percentRange': {
      const match = /^(\d{1,3})-(\d{1,3})$/.exec(value);
      if (!match) return undefined;
      const [min, max] = [Number(match[1]), Number(match[2])];
      const { min: lowest, max: highest } = VEHICLE_PACKED_PERCENTAGE_RANGE;
      return min >= lowest && max <= highest && min <= max ? value : undefined;
    }
  }
}

/**
 * The list state of a URL query string. Whatever the URL holds that the list does not know (a hand-edited
 * link) falls back to the defaults, so a shared link never breaks the screen.
 */
export function parseListParams(search: string, shape: ListShape): ListParams {
  const query = new URLSearchParams(search);
  const number = (name: string) => {
    const value = Number(query.get(name));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const pageSize = number('pageSize');
  const sortBy = query.get('sortby') ?? '';
  const filters: Record<string, string> = {};
  for (const filter of shape.filters) {
    for (const name of filterParams(filter)) {
      const value = query.get(name);
      const valid = value === null ? undefined : validFilterValue(filter, value);
      if (valid !== undefined) filters[name] = valid;
    }
  }
  return {
    page: number('page') ?? DEFAULT_PAGE,
    pageSize: pageSize !== undefined && shape.pageSizes.includes(pageSize) ? pageSize : (shape.defaultPageSize ?? DEFAULT_PAGE_SIZE),
    sortBy: shape.sortable.includes(sortBy) ? sortBy : '',
    sortDirection: query.get('sortdirection') === 'desc' ? 'desc' : 'asc',
    search: query.get('search')?.trim() ?? '',
    filters,
  };
}

/** The URL query string of a list state; defaults are left out so links stay short. */
export function toSearchString(params: ListParams, shape: Pick<ListShape, 'defaultPageSize'> = {}): string {
  const query = new URLSearchParams();
  if (params.page !== DEFAULT_PAGE) query.set('page', String(params.page));
  if (params.pageSize !== (shape.defaultPageSize ?? DEFAULT_PAGE_SIZE)) query.set('pageSize', String(params.pageSize));
  if (params.sortBy) query.set('sortby', params.sortBy);
  if (params.sortBy && params.sortDirection === 'desc') query.set('sortdirection', 'desc');
  if (params.search) query.set('search', params.search);
  for (const [name, value] of Object.entries(params.filters).sort(([a], [b]) => a.localeCompare(b))) query.set(name, value);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The list call's query parameters (the spec's names: page, pageSize, search, sortby, sortdirection, filter pairs). */
export function toApiQuery(params: ListParams): Record<string, string | number> {
  return {
    page: params.page,
    pageSize: params.pageSize,
    ...(params.search && { search: params.search }),
    ...(params.sortBy && { sortby: params.sortBy, sortdirection: params.sortDirection }),
    ...params.filters,
  };
}
