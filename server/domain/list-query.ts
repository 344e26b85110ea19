import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gt, ilike, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MIN_SEARCH_LENGTH } from '../../src/lib/constants';
import { SEARCH_TEXTS } from '../../src/lib/error-catalogue';
import type { Database } from '../db/database';
import { badRequest } from '../http/errors';
import type { operations } from '../../src/api/generated/connect';

/** The query parameters of a list operation, as the contract declares them (never a hand-written twin). */
export type QueryOf<OperationId extends keyof operations> = NonNullable<operations[OperationId]['parameters']['query']>;

/** The shared list query parameters of the specification (page, pageSize, search, sortby, sortdirection). */
export interface ListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  sortby?: string;
  sortdirection?: 'asc' | 'desc';
}

/**
 * How one filter pair of the catalogue (002 section 3) narrows a list. Only filters listed in a definition
 * are applied; the contract refuses any other query parameter (400 naming it) before a handler runs.
 */
export type FilterRule =
  | { kind: 'equals'; column: AnyColumn }
  | { kind: 'min'; column: AnyColumn }
  | { kind: 'max'; column: AnyColumn };

export interface ListDefinition {
  /**
   * Allow-list of sortable fields, by the name callers use. Every sortable column is NOT NULL: exports page
   * through the list with keyset comparisons on (sort column, id).
   */
  sortable: Record<string, AnyColumn>;
  defaultSort: AnyColumn;
  /** The tie-break and keyset column (the primary key); `sortable.id` when not given. */
  id?: AnyColumn;
  /** Columns a search term matches (case-insensitive, anywhere in the text). */
  searchable: AnyColumn[];
  /**
   * (first name, last name) column pairs a search term also matches as the full name 'First Last', so
   * 'Dumisani Driver' and 'Dumisani Dr' find Dumisani Driver (each column alone never holds both words).
   */
  fullNames?: [AnyColumn, AnyColumn][];
  /** Filter pairs of the catalogue this list accepts, by query parameter name. */
  filters?: Record<string, FilterRule>;
  /** The largest page this list answers; bigger requests are clamped to it (the contract refuses > 5000). */
  maxPageSize?: number;
}

export interface ParsedList {
  page: number;
  pageSize: number;
  offset: number;
  orderBy: SQL[];
  search: SQL | undefined;
  /** The filter pairs present in the query, as conditions. */
  filters: SQL | undefined;
  sortColumn: AnyColumn;
  idColumn: AnyColumn;
  direction: 'asc' | 'desc';
}

/** An ILIKE pattern that matches `term` anywhere, with LIKE's wildcards in the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The full name 'First Last' of two name columns (either may be empty), for searching. */
export function fullNameSql(first: AnyColumn, last: AnyColumn): SQL {
  return sql`concat_ws(' ', ${first}, ${last})`;
}

function filterCondition(rule: FilterRule, value: unknown): SQL | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  switch (rule.kind) {
    case 'equals': return eq(rule.column, value);
    case 'min': return sql`${rule.column} >= ${value}`;
    case 'max': return sql`${rule.column} <= ${value}`;
  }
}

export function parseListQuery(query: ListQuery & Record<string, unknown>, definition: ListDefinition): ParsedList {
  const page = query.page ?? 1;
  const pageSize = Math.min(query.pageSize ?? DEFAULT_PAGE_SIZE, definition.maxPageSize ?? MAX_PAGE_SIZE);
  let sortColumn = definition.defaultSort;
  if (query.sortby) {
    const column = Object.entries(definition.sortable).find(([name]) => name.toLowerCase() === query.sortby!.toLowerCase())?.[1];
    if (!column) {
      throw badRequest('sortby', `sortby '${query.sortby}' is not sortable here; use one of ${Object.keys(definition.sortable).join(', ')}`);
    }
    sortColumn = column;
  }
  const direction = query.sortdirection === 'desc' ? 'desc' : 'asc';
  const order = direction === 'desc' ? desc : asc;
  const term = query.search?.trim() ?? '';
  if (term.length > 0 && term.length < MIN_SEARCH_LENGTH) throw badRequest('search', SEARCH_TEXTS.minimum(MIN_SEARCH_LENGTH));
  // Runs of spaces in the term read as one, as they are between the words of a full name.
  const fullName = containsPattern(term.replace(/\s+/g, ' '));
  const search = term
    ? or(
      ...definition.searchable.map((column) => ilike(column, containsPattern(term))),
      ...(definition.fullNames ?? []).map(([first, last]) => ilike(fullNameSql(first, last), fullName)),
    )
    : undefined;
  const idColumn = definition.id ?? definition.sortable.id ?? definition.defaultSort;
  const filters = whereAll(...Object.entries(definition.filters ?? {}).map(([name, rule]) => filterCondition(rule, query[name])));
  return {
    page,
    pageSize,
    offset: (page - 1) * pageSize,
    // The id tie-break keeps pages stable when many rows share a sort value.
    orderBy: [order(sortColumn), order(idColumn)],
    search,
    filters,
    sortColumn,
    idColumn,
    direction,
  };
}

/**
 * The rows after `last` in the list's order, for exports that page by keyset instead of offset (the cost of
 * a batch does not grow with its position).
 */
export function after(parsed: ParsedList, last: { sortValue: unknown; id: number } | undefined): SQL | undefined {
  if (!last) return undefined;
  const id = parsed.idColumn;
  const value = last.sortValue instanceof Date ? last.sortValue.toISOString() : last.sortValue;
  const beyond = parsed.direction === 'desc' ? lt : gt;
  if (parsed.sortColumn === id) return beyond(id, last.id);
  return or(beyond(parsed.sortColumn, value), and(eq(parsed.sortColumn, value), beyond(id, last.id)));
}

export function whereAll(...conditions: (SQL | undefined)[]): SQL | undefined {
  return and(...conditions.filter((condition): condition is SQL => condition !== undefined));
}

export function pageOf<Item>(items: Item[], totalItems: number, parsed: ParsedList, totalItemsIsEstimate = false) {
  return {
    items,
    paging: {
      page: parsed.page,
      pageSize: parsed.pageSize,
      totalItems,
      totalPages: Math.ceil(totalItems / parsed.pageSize),
      ...(totalItemsIsEstimate && { totalItemsIsEstimate }),
    },
  };
}

/** Lists count exactly up to this many matching rows by default (LIST_EXACT_COUNT_LIMIT); above it the planner's estimate stands in (docs/benchmarks.md). */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * The process's list-total settings, set from the server's configuration at start (server/server.ts): the exact-count
 * limit and how long an estimated total is reused. One server per process in production; a test file that lowers
 * the limit starts its own server (vitest isolates files).
 */
const totals = { exactLimit: EXACT_COUNT_LIMIT, estimateTtlMs: 60_000 };
/** Estimated totals by the statement's SQL and parameters: reused while fresh, so paging through a big list runs only its rows query. */
const estimates = new Map<string, { total: number; until: number }>();
const MAX_CACHED_ESTIMATES = 1000;

export function configureListTotals(settings: { exactLimit: number; estimateTtlMs: number }): void {
  totals.exactLimit = settings.exactLimit;
  totals.estimateTtlMs = settings.estimateTtlMs;
  estimates.clear();
}

/** The exact-count limit in force (LIST_EXACT_COUNT_LIMIT, else EXACT_COUNT_LIMIT). */
export function exactCountLimit(): number {
  return totals.exactLimit;
}

/** `select count(*)` over at most exactCountLimit() + 1 matching rows: bounded work however large the table. */
export function cappedCount(db: Database, table: PgTable, where: SQL | undefined) {
  const matching = db.select({ one: sql`1` }).from(table).where(where).limit(totals.exactLimit + 1).as('matching');
  return db.select({ value: count() }).from(matching);
}

/** The key of a list's estimated total: its statement's text and parameters. */
export function estimateKey(db: Database, table: PgTable, where: SQL | undefined): string {
  const { sql: text, params } = db.select({ one: sql`1` }).from(table).where(where).toSQL();
  return `${text}\u0000${JSON.stringify(params)}`;
}

/**
 * The total still fresh from an earlier request with the same filters, when that total was an estimate (above the
 * exact-count limit); undefined otherwise. Exact totals are never cached: they are cheap (capped) and must be exact.
 */
export function cachedEstimate(
  db: Database, table: PgTable, where: SQL | undefined, now = Date.now(), key = estimateKey(db, table, where),
): { total: number; estimated: true } | undefined {
  const entry = estimates.get(key);
  if (!entry) return undefined;
  if (entry.until <= now) {
    estimates.delete(key);
    return undefined;
  }
  return { total: entry.total, estimated: true };
}

/**
 * A list's total: exact while it is at most the exact-count limit (the capped count), else the planner's row
 * estimate for the same filters, flagged as an estimate and kept for LIST_ESTIMATE_TTL_SECONDS. An exact count of a
 * million matching rows reads them all on every page request; nobody pages to row 500,001 by number, and the
 * screen says "about".
 */
export async function listTotal(db: Database, table: PgTable, where: SQL | undefined, capped?: number): Promise<{ total: number; estimated: boolean }> {
  const exact = capped ?? (await cappedCount(db, table, where))[0]?.value ?? 0;
  if (exact <= totals.exactLimit) return { total: exact, estimated: false };
  const result: unknown = await db.execute(sql`explain (format json) ${db.select({ one: sql`1` }).from(table).where(where)}`);
  const rows: unknown[] = typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows) ? result.rows : [];
  const cell = typeof rows[0] === 'object' && rows[0] !== null ? Object.values(rows[0])[0] : undefined;
  // pg parses the json column; PGlite may answer its text.
  const plan: unknown = typeof cell === 'string' ? JSON.parse(cell) : cell;
  const planRows = Array.isArray(plan) ? Number(plan[0]?.Plan?.['Plan Rows']) : Number.NaN;
  // The estimate never undercuts what was just counted.
  const total = Math.max(Number.isFinite(planRows) ? Math.round(planRows) : 0, exact);
  if (totals.estimateTtlMs > 0) {
    if (estimates.size >= MAX_CACHED_ESTIMATES) estimates.delete(estimates.keys().next().value!);
    estimates.set(estimateKey(db, table, where), { total, until: Date.now() + totals.estimateTtlMs });
  }
  return { total, estimated: true };
}

/** The name of a list statement prepared on the server: one per distinct SQL text (the values vary, the text does not). */
export function statementName(text: string): string {
  return `list_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
}

/**
 * A list statement as a named prepared statement: on PostgreSQL each pooled connection parses and plans it
 * once and then only binds its values, where the deliveries page's planning cost more than its execution
 * (docs/benchmarks.md). The name is the hash of its text, so the same text shares one statement and different texts
 * never clash. PGlite runs it as an ordinary query (drizzle ignores the name). The answer can be executed again.
 */
export function prepareNamed<Prepared>(query: { toSQL(): { sql: string }; prepare(name: string): Prepared }): Prepared {
  return query.prepare(statementName(query.toSQL().sql));
}

/**
 * A small least-recently-used cache of built statements per database: building a list page's statement
 * with drizzle costs about 0.3 ms of CPU twice over (its text for the name, then the prepared query), more than the
 * page's execution; the same request (a list re-fetched on a live update, many users on the default page) reuses it.
 */
export class StatementCache<Entry> {
  private readonly byDatabase = new WeakMap<object, Map<string, Entry>>();
  constructor(private readonly size: number) {}

  get(db: object, key: string, build: () => Entry): Entry {
    let entries = this.byDatabase.get(db);
    if (!entries) {
      entries = new Map();
      this.byDatabase.set(db, entries);
    }
    const found = entries.get(key);
    if (found !== undefined) {
      // Most recently used last: the first key is the one to evict.
      entries.delete(key);
      entries.set(key, found);
      return found;
    }
    const built = build();
    if (entries.size >= this.size) entries.delete(entries.keys().next().value!);
    entries.set(key, built);
    return built;
  }
}
