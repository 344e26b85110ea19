import { and, asc, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, MIN_SEARCH_LENGTH } from '../../src/lib/constants';
import { SEARCH_TEXTS } from '../../src/lib/error-catalogue';
import { badRequest } from '../http/errors';

/** The shared list query parameters of the specification (page, pageSize, search, sortby, sortdirection). */
export interface ListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  sortby?: string;
  sortdirection?: 'asc' | 'desc';
}

export interface ListDefinition {
  /** Allow-list of sortable fields, by the name callers use. */
  sortable: Record<string, AnyColumn>;
  defaultSort: AnyColumn;
  /** Columns a search term matches (case-insensitive, anywhere in the text). */
  searchable: AnyColumn[];
}

export interface ParsedList {
  page: number;
  pageSize: number;
  offset: number;
  orderBy: SQL[];
  search: SQL | undefined;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function parseListQuery(query: ListQuery, definition: ListDefinition): ParsedList {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  let sortColumn = definition.defaultSort;
  if (query.sortby) {
    const column = Object.entries(definition.sortable).find(([name]) => name.toLowerCase() === query.sortby!.toLowerCase())?.[1];
    if (!column) {
      throw badRequest('sortby', `sortby '${query.sortby}' is not sortable here; use one of ${Object.keys(definition.sortable).join(', ')}`);
    }
    sortColumn = column;
  }
  const direction = query.sortdirection === 'desc' ? desc : asc;
  const term = query.search?.trim() ?? '';
  if (term.length > 0 && term.length < MIN_SEARCH_LENGTH) throw badRequest('search', SEARCH_TEXTS.minimum(MIN_SEARCH_LENGTH));
  const search = term
    ? or(...definition.searchable.map((column) => ilike(column, `%${escapeLike(term)}%`)))
    : undefined;
  return {
    page,
    pageSize,
    offset: (page - 1) * pageSize,
    // The id tie-break keeps pages stable when many rows share a sort value.
    orderBy: [direction(sortColumn), direction(definition.sortable.id ?? definition.defaultSort)],
    search,
  };
}

export function whereAll(...conditions: (SQL | undefined)[]): SQL | undefined {
  return and(...conditions.filter((condition): condition is SQL => condition !== undefined));
}

export function pageOf<Item>(items: Item[], totalItems: number, parsed: ParsedList) {
  return {
    items,
    paging: {
      page: parsed.page,
      pageSize: parsed.pageSize,
      totalItems,
      totalPages: Math.ceil(totalItems / parsed.pageSize),
    },
  };
}
