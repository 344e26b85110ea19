import { defaultPathSerializer } from 'openapi-fetch';
import type { Readable } from 'openapi-typescript-helpers';
import { api } from '../api';
import type { paths } from '../api/generated/connect';
import { bodyOf, updateOrConflict } from './api-helpers';
import { toApiQuery } from './query';
import type { FormValues, ListParams, Page, ResourceApi, SelectOption } from './types';

/*
 * One data provider for every list resource. The back office's entities share one shape of paths,
 * /{entity}/{cca2} (list, select, export, create, delete by ids) and /{entity}/{cca2}/{id} (get, update, delete):
 * the types below read each entity's rows and records out of the generated `paths`, and one client typed by
 * that shape makes the calls, so a resource names its entity and gets list, get, create, update, remove,
 * export and select typed by the contract.
 */

type Json<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON answer of an operation's success (200, or 201 for a create). */
type Answer<Operation> = Operation extends { responses: { 200: infer Ok } } ? Json<Ok>
  : Operation extends { responses: { 201: infer Created } } ? Json<Created> : never;
type Operation<Path, Method extends string> = Path extends keyof paths
  ? paths[Path] extends { [M in Method]: infer Op } ? Op : never
  : never;

type ListAnswer<E extends string> = Answer<Operation<`/${E}/{cca2}`, 'get'>>;

/** The entities whose GET /{entity}/{cca2} answers a page of rows (`deliveries/archive` included). */
export type Entity = {
  [P in keyof paths]: P extends `/${infer E}/{cca2}` ? (Extract<ListAnswer<E>, { items: unknown[] }> extends never ? never : E) : never;
}[keyof paths];

type RowsOf<Answer> = Answer extends { items: (infer Row)[] } ? Row : never;
type ListRow<E extends Entity> = RowsOf<ListAnswer<E>>;
type ItemRecord<E extends Entity> = Answer<Operation<`/${E}/{cca2}/{id}`, 'get'>>;
type CreatedRecord<E extends Entity> = Answer<Operation<`/${E}/{cca2}`, 'post'>>;
type UpdatedRecord<E extends Entity> = Answer<Operation<`/${E}/{cca2}/{id}`, 'put'>>;

/** Whether the contract has the operation: what a resource declares it can do is checked against it. */
type Has<Path, Method extends string> = [Operation<Path, Method>] extends [never] ? false : true;
/** The list answers the .xlsx file with exportExcel=true. */
type Exports<E extends Entity> = Operation<`/${E}/{cca2}`, 'get'> extends { responses: { 200: { content: { 'application/ms-excel': unknown } } } } ? true : false;
type RemoveKinds<E extends Entity> = (Has<`/${E}/{cca2}`, 'delete'> extends true ? 'byIds' : never)
  | (Has<`/${E}/{cca2}/{id}`, 'delete'> extends true ? 'each' : never);

/** A row of the entity's list as the client answers it (openapi-fetch leaves out write-only fields). */
export type EntityRow<E extends Entity> = Readable<ListRow<E>>;

/**
 * The list's query: the URL's filter pairs are text and go as they are (the server's schema coerces and
 * validates them), so this shape is ours rather than each operation's.
 */
type EntityQuery = Record<string, string | number | boolean | number[] | undefined>;
/** A form's body: the server validates it against the operation's schema (400 names the field). */
type EntityBody = Record<string, unknown>;

type Json200<Body> = { headers: { [name: string]: unknown }; content: { 'application/json': Body } };
type PathOf<Extra> = { entity: string; cca2: string } & Extra;
type Call<Path, Query, Answered> = {
  parameters: { query?: Query; header?: never; path: Path; cookie?: never };
  requestBody?: never;
  responses: { 200: Json200<Answered> };
};
type CallWithBody<Path, Answered> = {
  parameters: { query?: never; header?: never; path: Path; cookie?: never };
  requestBody: { content: { 'application/json': EntityBody } };
  responses: { 200: Json200<Answered> };
};
type Unused = { parameters: { query?: never; header?: never; path?: never; cookie?: never }; options?: never; head?: never; patch?: never; trace?: never };

/** The shared shape of the entity paths, its answers read from the generated ones for entity E. */
interface EntityPaths<E extends Entity> {
  '/{entity}/{cca2}': Unused & {
    get: Call<PathOf<object>, EntityQuery, Page<ListRow<E>> | SelectOption[]>;
    post: CallWithBody<PathOf<object>, CreatedRecord<E>>;
    put?: never;
    delete: Call<PathOf<object>, { ids: number[] }, { deleted: number }>;
  };
  '/{entity}/{cca2}/{id}': Unused & {
    get: Call<PathOf<{ id: number }>, never, ItemRecord<E>>;
    post?: never;
    put: CallWithBody<PathOf<{ id: number }>, UpdatedRecord<E>>;
    delete: Call<PathOf<{ id: number }>, never, { deleted: number }>;
  };
}

/** The entity is our own constant and may name a sub-path (deliveries/archive): it goes into the URL unencoded. */
const entityPathSerializer = (pathname: string, params: Record<string, unknown>) =>
  defaultPathSerializer(pathname.replace('{entity}', String(params.entity)), params);

/** The answer's data; the client's middleware has already turned every failure into an ApiError. */
function answered<Data>(data: Data | undefined): Data {
  if (data === undefined) throw new Error('The server answered without a body');
  return data;
}

function pageOf<Row>(answer: Page<Row> | SelectOption[]): Page<Row> {
  if (Array.isArray(answer)) throw new Error('The server answered select options for a list');
  return answer;
}

function optionsOf<Row>(answer: Page<Row> | SelectOption[]): SelectOption[] {
  if (!Array.isArray(answer)) throw new Error('The server answered a list for select options');
  return answer;
}

/**
 * The calls of one entity, typed from the contract. The declaration's `api` is built from these by
 * `resourceApi`; screens with calls of their own (hubs' detail page) may use them directly.
 */
export function entityCalls<E extends Entity>(entity: E) {
  const client = api.connectAs<EntityPaths<E>>({ pathSerializer: entityPathSerializer });
  return {
    entity,
    async list(cca2: string, query: EntityQuery, signal?: AbortSignal) {
      const { data } = await client.GET('/{entity}/{cca2}', { params: { path: { entity, cca2 }, query }, signal });
      return pageOf(answered(data));
    },
    async select(cca2: string, query: EntityQuery, signal?: AbortSignal) {
      const { data } = await client.GET('/{entity}/{cca2}', { params: { path: { entity, cca2 }, query: { select: true, ...query } }, signal });
      return optionsOf(answered(data));
    },
    /** The streamed .xlsx of the whole filtered list. */
    async exportFile(cca2: string, query: EntityQuery, signal?: AbortSignal) {
      const { response } = await client.GET('/{entity}/{cca2}', {
        params: { path: { entity, cca2 }, query: { ...query, exportExcel: true } }, parseAs: 'stream', signal,
      });
      return response;
    },
    async get(cca2: string, id: number) {
      const { data } = await client.GET('/{entity}/{cca2}/{id}', { params: { path: { entity, cca2, id } } });
      return answered(data);
    },
    async create(cca2: string, body: EntityBody) {
      const { data } = await client.POST('/{entity}/{cca2}', { params: { path: { entity, cca2 } }, body });
      return answered(data);
    },
    async update(cca2: string, id: number, body: EntityBody) {
      const { data } = await client.PUT('/{entity}/{cca2}/{id}', { params: { path: { entity, cca2, id } }, body });
      return answered(data);
    },
    /** DELETE /{entity}/{cca2}?ids=: the number deleted. */
    async removeMany(cca2: string, ids: number[]) {
      const { data } = await client.DELETE('/{entity}/{cca2}', { params: { path: { entity, cca2 }, query: { ids } } });
      return answered(data).deleted;
    },
    /** DELETE /{entity}/{cca2}/{id}, one call per id, where the contract has no delete by ids. */
    async removeEach(cca2: string, ids: number[]) {
      let deleted = 0;
      for (const id of ids) {
        const { data } = await client.DELETE('/{entity}/{cca2}/{id}', { params: { path: { entity, cca2, id } } });
        deleted += data?.deleted ?? 0;
      }
      return deleted;
    },
  };
}

/** What a call's promise resolves to (not Awaited: that stays unresolved for a generic entity). */
type Resolved<P> = P extends Promise<infer R> ? R : never;
export type EntityCalls<E extends Entity> = ReturnType<typeof entityCalls<E>>;
/** The record GET /{entity}/{cca2}/{id} answers, as the client answers it. */
export type EntityRecord<E extends Entity> = Resolved<ReturnType<EntityCalls<E>['get']>>;
export type EntityCreated<E extends Entity> = Resolved<ReturnType<EntityCalls<E>['create']>>;
export type EntityUpdated<E extends Entity> = Resolved<ReturnType<EntityCalls<E>['update']>>;

/** The row or record as the client answers it, for resources that hold it as it is. */
export const asIs = <T>(value: T): T => value;

/**
 * What a resource says about its calls beyond its entity; everything else has the contract's default. Each
 * answer it maps (row, record, created, updated) is also a capability: no `record`, no edit screen's get.
 */
export interface ResourceCalls<E extends Entity, Row> {
  /** The list's row as the screens hold it (`asIs`, or with extra text fields for the form, say). */
  row: (row: EntityRow<E>) => Row;
  /** The edit screen's record from GET /{entity}/{cca2}/{id}; without it get is refused. */
  record?: (record: EntityRecord<E>) => Row;
  /** The record from POST /{entity}/{cca2} (a key answered once is handed on here); without it, no create. */
  created?: (record: EntityCreated<E>) => Row;
  /** The record from PUT /{entity}/{cca2}/{id}; without it update is refused. */
  updated?: (record: EntityUpdated<E>) => Row;
  /** The list's (and the export's) query from the URL's list state; toApiQuery by default. */
  query?: (params: ListParams) => EntityQuery;
  /** The create body from the form's values (blank text as null by default). */
  createBody?: (values: FormValues) => EntityBody;
  /** The update body from the form's values, without xmin (the create body by default). */
  updateBody?: (values: FormValues) => EntityBody;
  /** A create of its own (through another API, say). */
  createWith?: (cca2: string, values: FormValues) => Promise<Row>;
  /** How the selected rows are deleted: DELETE ?ids= or one DELETE per id (as the contract has it); none when absent. */
  remove?: RemoveKinds<E>;
  /** Has the server's .xlsx export (exportExcel=true); only where the contract answers the file. */
  exportable?: Exports<E>;
  /**
   * Its select options: the server's (select=true) with the query of a search, options made from a page of
   * rows, or none. The server's with `{ search }` by default.
   */
  select?: ServerSelect | { from: 'rows'; query: (search: string) => EntityQuery; option: (row: Row) => SelectOption } | 'none';
  /** Why get or update is refused where the resource has no form. */
  readOnly?: string;
}

type ServerSelect = { from: 'server'; query: (search: string) => EntityQuery };
const searchOnly: ServerSelect = { from: 'server', query: (search) => ({ search }) };
const firstPage = (params: ListParams): ListParams => ({ ...params, page: 1 });

/** The list/form screens' api of a resource over its entity's calls. */
export function resourceApi<E extends Entity, Row>(calls: EntityCalls<E>, options: ResourceCalls<E, Row>): ResourceApi<Row> {
  const { row, record, created, updated } = options;
  const queryOf = options.query ?? toApiQuery;
  const createBody = options.createBody ?? bodyOf;
  const updateBody = options.updateBody ?? createBody;
  const refuse = (): Promise<never> => Promise.reject(new Error(options.readOnly));
  const get = record ? async (cca2: string, id: number) => record(await calls.get(cca2, id)) : refuse;
  const create = options.createWith
    ?? (created && (async (cca2: string, values: FormValues) => created(await calls.create(cca2, createBody(values)))));
  const select = options.select ?? searchOnly;
  return {
    async list(cca2, params, signal) {
      const page = await calls.list(cca2, queryOf(params), signal);
      return { ...page, items: page.items.map(row) };
    },
    get,
    ...(create && { create }),
    update: updated
      ? (cca2, id, values, xmin) => updateOrConflict(
        async () => updated(await calls.update(cca2, id, { ...updateBody(values), xmin })),
        () => get(cca2, id),
      )
      : refuse,
    ...(options.remove && { remove: options.remove === 'byIds' ? calls.removeMany : calls.removeEach }),
    ...(options.exportable && {
      exportFile: (cca2: string, params: ListParams, signal?: AbortSignal) => calls.exportFile(cca2, queryOf(firstPage(params)), signal),
    }),
    async selectOptions(cca2, search, signal) {
      if (select === 'none') return [];
      if (select.from === 'rows') {
        const { option } = select;
        const page = await calls.list(cca2, select.query(search), signal);
        return page.items.map((item) => option(row(item)));
      }
      return calls.select(cca2, select.query(search), signal);
    },
  };
}
