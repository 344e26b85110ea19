// The constants of the back-office lists (search, paging, exports), apart from constants.ts so that the first list
// screen does not carry every catalogue of the app (issue 19, "A fast first load"). constants.ts re-exports them.

// ---- Search and selects (000 §5, 001 §5, 002 §5) ----
export const SEARCH_DEBOUNCE_MS = 500;
export const MIN_SEARCH_LENGTH = 3;

// ---- Paging (000 §3, §9; 002 §7, §9) ----
export const PAGE_SIZE_OPTIONS = [20, 50, 100, 200, 500] as const;
export const MAX_PAGE_SIZE = 5000;
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_PAGE = 1;
export const STORE_LIST_PAGE_SIZE = 2000;
export const JOB_LIST_PAGE = 1;
export const JOB_LIST_PAGE_SIZE = 200;
/** Job list for a job id asks for delivery status "All" (002 §7). */
export const JOB_LIST_DELIVERY_STATUS = 'All';
export const LIST_PAGING_DEFAULTS = {
  page: DEFAULT_PAGE,
  pageSize: DEFAULT_PAGE_SIZE,
  sortBy: '',
  sortDirection: 'asc',
  search: '',
} as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const VEHICLE_PACKED_PERCENTAGE_RANGE = { min: 0, max: 100 } as const;

// ---- Back-office lists and exports (issue 6; 000 §9, 002 §9) ----
/** The lists that may page up to MAX_PAGE_SIZE (the spec: "up to 5000 in one list"); ours: stores (select of 2000). */
export const EXTENDED_PAGE_SIZE_OPTIONS = [...PAGE_SIZE_OPTIONS, 2000, MAX_PAGE_SIZE] as const;
/** Pages longer than this render virtualised (@tanstack/react-virtual). */
export const VIRTUALISE_ROWS_OVER = 200;
/** Export files: the spec's content type (000 §9) and our keyset batch size. */
export const EXPORT_CONTENT_TYPE = 'application/ms-excel';
export const EXPORT_BATCH_SIZE = 1000;
/** Breadcrumbs show up to three parent levels (parent type, id, sub-type) and the current page (000 §2). */
export const BREADCRUMB_MAX_PARENTS = 3;

// ---- Moved from constants.ts for the deliveries list's first load (issue 19): dates, service levels, export names ----
// The spec's moment-style date formats (000 §9) translated to luxon tokens.
export const DATE_FORMATS = {
  isoLocal: "yyyy-MM-dd'T'HH:mm:ss", // YYYY-MM-DDTHH:mm:ss
  date: 'yyyy-MM-dd', // YYYY-MM-DD
  time: 'HH:mm', // HH:mm
  dateTime: 'dd-MM-yyyy HH:mm', // DD-MM-YYYY HH:mm
  displayDate: 'dd-MM-yyyy', // DD-MM-YYYY
  time12: 'h:mm a', // h:mm A
  /** Ours: a day as options and windows show it, 'Tue 4 Mar'. */
  dayLabel: 'ccc d LLL',
} as const;

export const SLA_TYPES = ['Priority', 'Standard', 'Hyperlocal', 'Emergency Relief'] as const;

export const EXPORT_FILE_NAMES = {
  customerDeliveries: 'Customer Deliveries',
  grossProfits: 'Gross Profits',
  serviceLevels: 'Service Levels',
  kpiPerformance: 'KPI Performance',
  deliverySummary: 'Delivery Summary',
  deliveryTermination: 'Delivery Termination',
  deliveryArrival: 'Delivery Arrival',
  distanceDiscovery: 'Distance Discovery',
  driverAutoAssignEfficiency: 'Driver Auto Assign Efficiency',
  driverAnalysis: 'Driver Analysis',
  hubDeliveries: 'Hub Deliveries',
  driverScreening: 'Driver Screening',
  transactions: 'Transactions',
  rates: 'Rates',
  accounts: 'Accounts',
  deliveries: 'Deliveries',
  jobs: 'Jobs',
  companies: 'Companies',
  stores: 'Stores',
  users: 'Users',
  vehicles: 'Vehicles',
  drivers: 'Drivers',
  assistants: 'Assistants',
  ratings: 'Ratings',
  items: 'Items',
  bankAccounts: 'BankAccounts',
  mobileDevices: 'MobileDevices',
  questionnaires: 'Questionnaires',
  territoryAreas: 'Territory Areas',
  driverVisibility: 'Driver_Visibility_Report',
  jobRoutes: 'JobRoutes',
} as const;
