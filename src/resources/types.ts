import type { OperationId, RoutePath } from '../lib/access';

/** One page of a list as the server answers it (000 section 3, "Paging state of any list"). */
export interface Page<Row> {
  items: Row[];
  /** totalItemsIsEstimate: the server's estimate above its exact-count limit (the screen says "about"). */
  paging: { page: number; pageSize: number; totalPages: number; totalItems: number; totalItemsIsEstimate?: boolean };
}

export interface SelectOption {
  key: string;
  value: string;
}

/** The list query of the URL, the only source of truth of a list (page, size, sort, search, filter pairs). */
export interface ListParams {
  page: number;
  pageSize: number;
  sortBy: string;
  sortDirection: 'asc' | 'desc';
  search: string;
  filters: Record<string, string>;
}

export interface ColumnDef<Row> {
  key: string;
  header: string;
  /** The server's sort field when the column sorts (allow-listed on the server). */
  sortKey?: string;
  /**
   * The cell's text; the row's `key` field by default. A method, so that the registry's resources of
   * different rows all read as ResourceDef (the screens pass each its own rows).
   */
  text?(row: Row): string;
}

/** Filter controls of the catalogue (002 section 3). Min/max pairs use `min<Name>` / `max<Name>` parameters. */
export type FilterDef =
  | { kind: 'boolean'; name: string; label: string }
  | { kind: 'enum'; name: string; label: string; options: readonly string[]; optionLabels?: Readonly<Record<string, string>> }
  /** A search select of another resource's options; with `excludeName`, its Exclude option writes that parameter instead. */
  | { kind: 'lookup'; name: string; label: string; resource: ResourceId; excludeName?: string }
  | { kind: 'range'; name: string; label: string; min?: number; max?: number }
  | { kind: 'date'; name: string; label: string }
  /** vehiclePackedPercentageRange: "min-max" within 0-100. */
  | { kind: 'percentRange'; name: string; label: string }
  /** The parent's id of a nested list (its path gives it, e.g. /accounts/:accountId/transactions): no control of its own. */
  | { kind: 'parent'; name: string; label: string };

export interface FieldDef {
  name: string;
  label: string;
  /** 'date': a wall date, yyyy-MM-dd in the values, typed and shown DD-MM-YYYY (src/ui/DateInput). */
  kind: 'text' | 'email' | 'phone' | 'boolean' | 'enum' | 'lookup' | 'date';
  required?: boolean;
  maxLength?: number;
  options?: readonly string[];
  /** Texts shown for enum options (the value is sent); the option itself when absent. */
  optionLabels?: Readonly<Record<string, string>>;
  /**
   * For lookups (a field whose value is another entity's id): the resource whose select options it offers;
   * the form shows it as the shared search select over that resource's select endpoint.
   */
  resource?: ResourceId;
  /** For lookups: the record's field carrying the current value's name (companyName), shown instead of the id. */
  nameField?: string;
  /** Only on the add form (the server refuses it on update). */
  createOnly?: boolean;
  /** Shown in place of a lookup the user may not search (the server fills it in, e.g. a partner's own company). */
  impliedText?: string;
}

export type FormValues = Record<string, string | boolean | number | null>;

export type ResourceId = 'companies' | 'stores' | 'deliveries' | 'archivedDeliveries' | 'archivedPartnerDeliveries' | 'archivedPartnerJobs' | 'jobs' | 'webhooks' | 'apiClients' | 'users' | 'ratings' | 'questionnaires' | 'vehicles' | 'hubs' | 'mobileDevices'
  | 'announcements' | 'deliveryPictures' | 'deliverySignatures' | 'profilePictures'
  | 'territories' | 'territoryAreas'
  // A customer's own deliveries on /dashboard (issue 4).
  | 'myDeliveries'
  // Finance (issue 15): accounts and an account's statement.
  | 'accounts' | 'accountTransactions'
  // A driver's recorded cash deposits (issue 20).
  | 'driverDeposits'
  // Finance back office (issue 15): bank accounts, funds received, withdrawals and advances.
  | 'bankAccounts' | 'fundsReceived' | 'withdrawals' | 'advances'
  // Rates (issue 16): the price list.
  | 'rates' | 'rateUploads' | 'deliveryBatches' | 'deliveryUploads' | 'rateBatches'
  // Store upload batches (issue 16).
  | 'storeBatches' | 'storeUploads' | 'distanceBatches' | 'distanceUploads'
  // Reports (issue 17): scheduled reports.
  | 'scheduledReports'
  // The public contact form's messages (issue 19).
  | 'contactMessages'
  // Applications to join (issue 18): the review lists.
  | 'businessApplications' | 'partnerApplications' | 'partnerDriverApplications' | 'partnerVehicleApplications'
  | 'driverApplications' | 'assistantApplications' | 'vehicleApplications' | 'applicationInvites';

/** What the list/form screens need to call; each declaration implements it with the typed client. */
export interface ResourceApi<Row> {
  list(cca2: string, params: ListParams, signal?: AbortSignal): Promise<Page<Row>>;
  get(cca2: string, id: number): Promise<Row>;
  create?(cca2: string, values: FormValues): Promise<Row>;
  /** Throws RecordConflict with the current version when someone else saved first (409). */
  update(cca2: string, id: number, values: FormValues, xmin: string): Promise<Row>;
  remove?(cca2: string, ids: number[]): Promise<number>;
  /** The streamed .xlsx response of the current list (exportExcel=true); absent where the server has no export yet. */
  exportFile?(cca2: string, params: ListParams, signal?: AbortSignal): Promise<Response>;
  selectOptions(cca2: string, search: string, signal?: AbortSignal): Promise<SelectOption[]>;
}

/**
 * An action on the rows selected in a list (delete selected, change their delivery date ...): the list asks its
 * confirmation (No / Yes, with the value when it needs one), runs it with the selected ids, shows `doneText` and
 * reloads (after `reloadDelayMs` when the spec waits, e.g. deliveries' delete: 2 s).
 */
export interface BulkActionDef {
  id: string;
  /** The bar's button and the dialog's title. */
  label: string;
  /** Who may: the access table's rule for this operation. */
  operation: OperationId;
  /** The question of the confirm dialog for n selected rows. */
  question: (n: number) => string;
  /** A value the action needs, asked in the dialog (e.g. the new delivery date); Yes waits until it is given. */
  input?: { kind: 'date'; label: string };
  /** Runs on the server; resolves with the number of rows changed. */
  run: (cca2: string, ids: number[], value: string) => Promise<number>;
  doneText: (n: number) => string;
  reloadDelayMs?: number;
}

/** What every resource's rows have: an id and the version an update carries. */
export type ResourceRow = { id: number; xmin: string };

export interface ResourceDef<Row extends ResourceRow = ResourceRow> {
  id: ResourceId;
  /** Plural title of the list screen and menu ("Companies"). */
  title: string;
  /** Singular, lower case, in texts ("company"). */
  singular: string;
  routes: { list: RoutePath; add?: RoutePath; edit: RoutePath };
  /** The operations behind list, add, edit and delete: the access table (src/lib/access.ts) says who may. */
  operations: { list: OperationId; get: OperationId; create?: OperationId; update: OperationId; remove?: OperationId };
  columns: ColumnDef<Row>[];
  filters: FilterDef[];
  fields: FieldDef[];
  defaultSort: string;
  pageSizes: readonly number[];
  /** Browser storage key that remembers the page size (jobs, drivers, deliveries). */
  pageSizeStorageKey?: string;
  /** The spec's export file name (000 section 9). */
  exportName: string;
  /** Where the file's name follows the filters (the users list filtered to drivers exports "Drivers"). */
  exportNameOf?(params: ListParams): string;
  /** Further files of the same filtered list, each its own button (the deliveries' parcels as Items). */
  moreExports?: { label: string; fileName: string; request(cca2: string, params: ListParams, signal?: AbortSignal): Promise<Response> }[];
  /** After a create, open the edit screen of the new row (002 section 7: stores). */
  createOpensEdit: boolean;
  /** Screens nested under a record (/users/:id/ratings), linked from its edit screen for those allowed to open them. */
  related?: { label: string; path: (id: number) => string; operation: OperationId; shownFor?(row: Row): boolean }[];
  /** The success text of a delete of n rows. */
  deletedText?: (n: number) => string;
  /** A bulk upload screen the list's Upload button opens, for those who may call its operation (rates: /rates/batches/add). */
  upload?: { to: RoutePath; operation: OperationId };
  /** Actions on the selected rows of the list (the list shows a checkbox per row only when there are some). */
  bulkActions?: readonly BulkActionDef[];
  /** The row's name in confirmations and breadcrumbs (a method, like ColumnDef.text). */
  label(row: Row): string;
  api: ResourceApi<Row>;
}

/** A save refused because the record changed since it was opened: the current version comes with it. */
export class RecordConflict<Row = unknown> extends Error {
  constructor(message: string, readonly current: Row) {
    super(message);
    this.name = 'RecordConflict';
  }
}
