import { decideRouteAccess, ROUTE_ACCESS, routeRule, type RoutePath } from './access';
import { EXCEPTIONS_REPORT_COMPANY_IDS } from './shell-constants';
import { COMPANY_ROLES, hasAnyRole, STAFF_ROLES, STORE_ROLES, type Permissions, type Role } from './roles';

/**
 * The menus of 000 section 2 with their visibility by role (000 section 6 "Menu visibility", 001 section 6,
 * 002 section 6), as data. A menu shows an entry when its group and the entry itself are visible to the
 * user and its screen exists (`visibleMenus(permissions, screenExists)`); entries whose path the spec does
 * not give (report screens, archives, "deliveries due" ...) have no path and stay hidden until one is known.
 */

/** One way to qualify: any of `roles`, none of `except`, and (when given) a company among `companyIds`. */
export interface MenuClause {
  roles: readonly Role[];
  except?: readonly Role[];
  companyIds?: readonly number[];
}

/** 'everyone' includes signed-out visitors; a clause list needs a login and one clause that matches. */
export type MenuAudience = 'everyone' | 'signedOut' | readonly MenuClause[];

export type MenuGroupId = 'top' | 'actions' | 'operations' | 'applications' | 'finance' | 'reports' | 'archives' | 'media' | 'admin';

export interface MenuGroup {
  id: MenuGroupId;
  label: string;
  /** Who sees the group at all; entries narrow it further. 'everyone' when the spec gives no group rule. */
  audience: MenuAudience;
}

export interface MenuEntry {
  id: string;
  group: MenuGroupId;
  label: string;
  /** Where the entry leads; undefined when the spec does not show the path. */
  path?: string;
  audience: MenuAudience;
  /**
   * The spec says only "several for company and store roles; some staff-only" for these reports: which is
   * which is our reading of their names.
   */
  assumed?: true;
}

const anyOf = (...roles: Role[]): readonly MenuClause[] => [{ roles }];
const NORMAL_USERS = anyOf('NormalUser');
const ADMIN = anyOf('Administrator');
const ADMIN_MANAGEMENT = anyOf('Administrator', 'ManagementOperator');
const STAFF = anyOf(...STAFF_ROLES);
const STAFF_COMPANY_STORE = anyOf(...STAFF_ROLES, ...COMPANY_ROLES, ...STORE_ROLES);

export const MENU_GROUPS: readonly MenuGroup[] = [
  { id: 'top', label: 'Navigation', audience: 'everyone' },
  { id: 'actions', label: 'Actions', audience: 'everyone' },
  // The spec's group rule ("staff and store roles") contradicts its own entry rules (Deliveries for company roles
  // and assistants, Jobs for partners and drivers ...): the more specific entry rules decide.
  { id: 'operations', label: 'Operations', audience: 'everyone' },
  { id: 'applications', label: 'Applications', audience: STAFF },
  { id: 'finance', label: 'Finance', audience: anyOf(...STAFF_ROLES, 'Partner', ...COMPANY_ROLES) },
  { id: 'reports', label: 'Reports', audience: 'everyone' },
  { id: 'archives', label: 'Archives', audience: anyOf(...STAFF_ROLES, 'Partner', ...COMPANY_ROLES, 'StoreOperator') },
  { id: 'media', label: 'Media', audience: STAFF },
  { id: 'admin', label: 'Admin', audience: ADMIN },
];

export const MENU_ENTRIES: readonly MenuEntry[] = [
  // ---- Top navigation and drawer ----
  { id: 'home', group: 'top', label: 'Home', path: '/', audience: 'everyone' },
  { id: 'pricing', group: 'top', label: 'Pricing', path: '/pricing', audience: 'everyone' },
  { id: 'businesses', group: 'top', label: 'For businesses', path: '/businesses', audience: 'everyone' },
  { id: 'drivers', group: 'top', label: 'For drivers', path: '/drivers', audience: 'everyone' },
  { id: 'developers', group: 'top', label: 'For developers', path: '/developers', audience: 'everyone' },
  { id: 'trackOrder', group: 'top', label: 'Track order', path: '/track-order', audience: 'everyone' },
  { id: 'login', group: 'top', label: 'Log in / Sign up', path: '/login', audience: 'signedOut' },
  // /dashboard is the dashboard for those who may read the deliveries list, and "My deliveries" for everyone else
  // (DashboardPage): the entry says which (ours: the spec names only "Dashboard").
  { id: 'dashboard', group: 'top', label: 'Dashboard', path: '/dashboard', audience: STAFF_COMPANY_STORE },
  { id: 'myDeliveries', group: 'top', label: 'My deliveries', path: '/dashboard', audience: [{ roles: ['NormalUser'], except: [...STAFF_ROLES, ...COMPANY_ROLES, ...STORE_ROLES] }] },
  { id: 'profile', group: 'top', label: 'Profile', path: '/profile', audience: NORMAL_USERS },
  { id: 'webhooks', group: 'top', label: 'Webhooks', path: '/webhooks', audience: anyOf('Administrator', 'PublicApiUser') },
  // ---- The new-delivery button (001 section 2: store operators, store administrators, and normal users
  // who are not store users); it opens the booking wizard, which has no path of its own ----
  {
    id: 'newDelivery', group: 'actions', label: 'New delivery',
    // Ours: partners, drivers and assistants carry deliveries, they do not book them (the issue "What a new user
    // trips over"); they still may as customers, from /dashboard's booking wizard if they hold another role too.
    audience: [
      { roles: ['StoreOperator', 'StoreAdministrator'] },
      { roles: ['NormalUser'], except: ['StoreUser', 'Partner', 'Driver', 'Assistant'] },
    ],
  },
  // ---- Operations ----
  {
    id: 'deliveries', group: 'operations', label: 'Deliveries', path: '/deliveries',
    audience: anyOf(...STAFF_ROLES, ...COMPANY_ROLES, ...STORE_ROLES, 'Assistant'),
  },
  { id: 'deliveriesDue', group: 'operations', label: 'Deliveries Due', path: '/deliveries-due', audience: STAFF },
  { id: 'jobs', group: 'operations', label: 'Jobs', path: '/jobs', audience: anyOf(...STAFF_ROLES, 'Partner', 'Driver', 'Assistant') },
  { id: 'companies', group: 'operations', label: 'Companies', path: '/companies', audience: STAFF },
  {
    id: 'stores', group: 'operations', label: 'Stores', path: '/stores',
    audience: anyOf(...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator'),
  },
  { id: 'users', group: 'operations', label: 'Users', path: '/users', audience: STAFF },
  { id: 'vehicles', group: 'operations', label: 'Vehicles', path: '/vehicles', audience: STAFF },
  { id: 'territories', group: 'operations', label: 'Territories', path: '/territories', audience: ADMIN },
  { id: 'hubs', group: 'operations', label: 'Hubs', path: '/hubs', audience: ADMIN },
  { id: 'ratings', group: 'operations', label: 'Ratings', path: '/ratings', audience: STAFF_COMPANY_STORE },
  { id: 'questionnaires', group: 'operations', label: 'Questionnaires', path: '/questionnaires', audience: ADMIN },
  { id: 'announcements', group: 'operations', label: 'Announcements', path: '/announcements', audience: ADMIN_MANAGEMENT },
  { id: 'mobileDevices', group: 'operations', label: 'Mobile Devices', path: '/mobile-devices', audience: STAFF },
  { id: 'contactMessages', group: 'operations', label: 'Contact Messages', path: '/contact-messages', audience: STAFF },
  // ---- Applications ----
  { id: 'businessApplications', group: 'applications', label: 'Businesses', path: '/business-applications', audience: STAFF },
  { id: 'partnerApplications', group: 'applications', label: 'Partners', path: '/partner-applications', audience: STAFF },
  { id: 'driverApplications', group: 'applications', label: 'Drivers', path: '/driver-applications', audience: STAFF },
  { id: 'assistantApplications', group: 'applications', label: 'Assistants', path: '/assistant-applications', audience: STAFF },
  { id: 'vehicleApplications', group: 'applications', label: 'Vehicles', path: '/vehicle-applications', audience: STAFF },
  // Issue 18 (ours: the spec names /applicationinvites and the partner's driver and vehicle applications, not their menu).
  { id: 'applicationInvites', group: 'operations', label: 'Driver Invites', path: '/applicationinvites', audience: anyOf(...STAFF_ROLES, 'Partner') },
  { id: 'vehicleApply', group: 'operations', label: 'Apply for a Vehicle', path: '/vehicle-apply', audience: anyOf('Partner') },
  // ---- Finance ----
  {
    id: 'accounts', group: 'finance', label: 'Accounts', path: '/accounts',
    audience: anyOf(...STAFF_ROLES, 'Partner', ...COMPANY_ROLES),
  },
  { id: 'bankAccounts', group: 'finance', label: 'Bank Accounts', path: '/bank-accounts', audience: anyOf('Administrator', 'ManagementOperator', 'Partner') },
  { id: 'financeMetrics', group: 'finance', label: 'Finance Metrics', path: '/finance/metrics', audience: ADMIN },
  { id: 'fundsReceived', group: 'finance', label: 'Funds Received', path: '/funds-received', audience: ADMIN_MANAGEMENT },
  { id: 'withdrawals', group: 'finance', label: 'Withdrawals', path: '/withdrawals', audience: ADMIN_MANAGEMENT },
  { id: 'advances', group: 'finance', label: 'Advances', path: '/advances', audience: ADMIN_MANAGEMENT },
  { id: 'rates', group: 'finance', label: 'Rates', path: '/rates', audience: ADMIN_MANAGEMENT },
  { id: 'driverPayAnalysis', group: 'finance', label: 'Driver Pay Analysis', path: '/finance/driver-pay-analysis', audience: ADMIN },
  { id: 'amendments', group: 'finance', label: 'Amendments', path: '/finance/amendments', audience: ADMIN },
  // ---- Reports (paths not shown except /scheduledreports) ----
  { id: 'customerDeliveriesReport', group: 'reports', label: 'Customer Deliveries', path: '/reports/customer-deliveries', audience: NORMAL_USERS },
  { id: 'kpiPerformanceReport', group: 'reports', label: 'KPI Performance', path: '/reports/kpi-performance', audience: STAFF_COMPANY_STORE, assumed: true },
  { id: 'deliverySummaryReport', group: 'reports', label: 'Delivery Summary', path: '/reports/delivery-summary', audience: STAFF_COMPANY_STORE, assumed: true },
  { id: 'driverVisibilityReport', group: 'reports', label: 'Driver Visibility', path: '/reports/driver-visibility', audience: STAFF, assumed: true },
  { id: 'driverSchedulesReport', group: 'reports', label: 'Driver Schedules', path: '/reports/driver-schedules', audience: STAFF, assumed: true },
  { id: 'serviceLevelsReport', group: 'reports', label: 'Service Levels', path: '/reports/service-levels', audience: STAFF_COMPANY_STORE, assumed: true },
  { id: 'grossProfitReport', group: 'reports', label: 'Gross Profit Statistics', path: '/reports/gross-profit', audience: STAFF, assumed: true },
  { id: 'deliveryTerminationReport', group: 'reports', label: 'Delivery Termination', path: '/reports/delivery-termination', audience: STAFF_COMPANY_STORE, assumed: true },
  { id: 'driverPerformanceReport', group: 'reports', label: 'Driver Performance', path: '/reports/driver-performance', audience: STAFF, assumed: true },
  { id: 'deliveryArrivalReport', group: 'reports', label: 'Delivery Arrival', path: '/reports/delivery-arrival', audience: STAFF_COMPANY_STORE, assumed: true },
  { id: 'autoAssignEfficiencyReport', group: 'reports', label: 'Auto Assign Efficiency', path: '/reports/auto-assign-efficiency', audience: STAFF, assumed: true },
  { id: 'hubDeliveriesReport', group: 'reports', label: 'Hub Deliveries', path: '/reports/hub-deliveries', audience: STAFF, assumed: true },
  { id: 'addressVariationReport', group: 'reports', label: 'Address Variation', path: '/reports/address-variation', audience: STAFF, assumed: true },
  { id: 'driverWaitTimeReport', group: 'reports', label: 'Driver Wait Time', path: '/reports/driver-wait-time', audience: STAFF, assumed: true },
  {
    id: 'exceptionsReport', group: 'reports', label: 'Exceptions', path: '/reports/exceptions',
    audience: [
      { roles: ['Administrator', 'ManagementOperator'] },
      { roles: ['CompanyAdministrator', 'CompanyOperator'], companyIds: EXCEPTIONS_REPORT_COMPANY_IDS },
    ],
  },
  { id: 'locationProximityReport', group: 'reports', label: 'Location Proximity', path: '/reports/location-proximity', audience: STAFF, assumed: true },
  { id: 'acceptanceComplianceReport', group: 'reports', label: 'Acceptance and Compliance', path: '/reports/acceptance-and-compliance', audience: ADMIN },
  { id: 'driverAssignmentReport', group: 'reports', label: 'Driver Assignment', path: '/reports/driver-assignment', audience: ADMIN },
  { id: 'driverKpiReport', group: 'reports', label: 'Driver KPI', path: '/reports/driver-kpi', audience: STAFF, assumed: true },
  { id: 'driverScreeningReport', group: 'reports', label: 'Driver Screening', path: '/reports/driver-screening', audience: ADMIN },
  { id: 'driverCommunicationReport', group: 'reports', label: 'Driver Communication', path: '/reports/driver-communication', audience: ADMIN },
  { id: 'scheduledReports', group: 'reports', label: 'Scheduled Reports', path: '/scheduledreports', audience: ADMIN_MANAGEMENT },
  // ---- Archives (paths not shown) ----
  { id: 'archivedDeliveries', group: 'archives', label: 'Deliveries', path: '/archives/deliveries', audience: 'everyone' },
  // Issue 17: the partners' archives (ours: paths; staff and partners only).
  { id: 'archivedPartnerDeliveries', group: 'archives', label: 'Partner Deliveries', path: '/archives/partner-deliveries', audience: anyOf(...STAFF_ROLES, 'Partner') },
  { id: 'archivedPartnerJobs', group: 'archives', label: 'Partner Jobs', path: '/archives/partner-jobs', audience: anyOf(...STAFF_ROLES, 'Partner') },
  // ---- Media ----
  { id: 'deliveryPictures', group: 'media', label: 'Delivery Pictures', path: '/media/delivery-pictures', audience: 'everyone' },
  { id: 'deliverySignatures', group: 'media', label: 'Delivery Signatures', path: '/media/delivery-signatures', audience: 'everyone' },
  { id: 'profilePictures', group: 'media', label: 'Profile Pictures', path: '/media/profile-pictures', audience: 'everyone' },
  // ---- Admin ----
  { id: 'apiClients', group: 'admin', label: 'API Clients', path: '/api-clients', audience: 'everyone' },
  { id: 'indexManagement', group: 'admin', label: 'Index Management', path: '/admin/indexmanagement', audience: 'everyone' },
  { id: 'distanceDiscovery', group: 'admin', label: 'Distance Discovery', path: '/admin/distancediscovery', audience: 'everyone' },
  // Ours: the development outbox (a production server answers 404 and the screen says so).
  { id: 'outbox', group: 'admin', label: 'Outbox', path: '/outbox', audience: 'everyone' },
  // Ours: the statecharts (issue 7); the route is open to everyone in development, the menu shows it to these.
  { id: 'flows', group: 'top', label: 'Flows', path: '/flows', audience: ADMIN_MANAGEMENT },
];

function clauseMatches(clause: MenuClause, permissions: Permissions): boolean {
  if (!hasAnyRole(permissions, clause.roles)) return false;
  if (clause.except && hasAnyRole(permissions, clause.except)) return false;
  if (clause.companyIds && (permissions.companyId === null || !clause.companyIds.includes(permissions.companyId))) return false;
  return true;
}

/** Whether an audience includes the user (null: signed out). */
export function inAudience(audience: MenuAudience, permissions: Permissions | null): boolean {
  if (audience === 'everyone') return true;
  if (audience === 'signedOut') return permissions === null;
  return permissions !== null && audience.some((clause) => clauseMatches(clause, permissions));
}

const GROUPS_BY_ID = new Map(MENU_GROUPS.map((group) => [group.id, group]));

/** The spec's visibility of one entry: its group's audience and its own. */
export function isMenuEntryVisible(entry: MenuEntry, permissions: Permissions | null): boolean {
  return inAudience(GROUPS_BY_ID.get(entry.group)!.audience, permissions) && inAudience(entry.audience, permissions);
}

/**
 * Where the spec's menu rule is wider than its route rule (Ratings: "company, store roles" in the menu, staff in
 * the route table), the route decides: a menu never leads to an Insufficient Permission page.
 */
function routeOpensFor(path: string, permissions: Permissions | null): boolean {
  const registered = ROUTE_ACCESS.find((route) => route.path === path);
  return !registered || decideRouteAccess(registered.rule, permissions) !== 'forbidden';
}

export interface VisibleMenuGroup {
  group: MenuGroup;
  entries: (MenuEntry & { path: string })[];
}

/**
 * The menus a user sees: visible entries whose screen exists (a route with a path and a screen), grouped
 * in the spec's order; groups left empty are dropped.
 */
export function visibleMenus(permissions: Permissions | null, screenExists: (path: string) => boolean): VisibleMenuGroup[] {
  return MENU_GROUPS.map((group) => ({
    group,
    entries: MENU_ENTRIES.filter((entry): entry is MenuEntry & { path: string } =>
      entry.group === group.id && entry.path !== undefined && screenExists(entry.path) && isMenuEntryVisible(entry, permissions)
      && routeOpensFor(entry.path, permissions)),
  })).filter((menu) => menu.entries.length > 0);
}

/**
 * Where a user lands after signing in (and on /login once signed in): staff on the dashboard; everyone else on the
 * first Operations entry the access table opens to them (drivers and partners Jobs, company and store roles
 * Deliveries); failing that their /dashboard ("My deliveries" for customers); visitors, and users whose email the
 * access table wants confirmed first, the public home.
 */
export function homeOf(permissions: Permissions | null): string {
  if (!permissions) return '/';
  const opens = (path: string) => {
    const registered = ROUTE_ACCESS.find((route) => route.path === path);
    return registered !== undefined && decideRouteAccess(registered.rule, permissions) === 'allowed';
  };
  const dashboard: RoutePath = '/dashboard';
  if (hasAnyRole(permissions, STAFF_ROLES) && opens(dashboard)) return dashboard;
  const operation = MENU_ENTRIES.find((entry) => entry.group === 'operations' && entry.path !== undefined
    && isMenuEntryVisible(entry, permissions) && opens(entry.path));
  if (operation?.path) return operation.path;
  return decideRouteAccess(routeRule(dashboard), permissions) === 'allowed' ? dashboard : '/';
}
