import { describe, expect, it } from 'vitest';
import { inAudience, isMenuEntryVisible, MENU_ENTRIES, MENU_GROUPS, visibleMenus } from '../../src/lib/menus';
import { roleFlagsOf, STORED_ROLES, type Permissions, type Role, type StoredRole } from '../../src/lib/roles';

function permissionsOf(roles: readonly StoredRole[], overrides: Partial<Permissions> = {}): Permissions {
  return {
    id: 7, companyId: null, storeId: null, email: 'someone@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
    ...roleFlagsOf(7, roles), ...overrides,
  };
}

/** One user per role (as seeded: one role each) plus a plain normal user; null is a signed-out visitor. */
const USERS: { role: Role | 'signedOut'; permissions: Permissions | null }[] = [
  { role: 'signedOut', permissions: null },
  { role: 'NormalUser', permissions: permissionsOf([]) },
  ...STORED_ROLES.map((role) => ({ role, permissions: permissionsOf([role]) })),
];

const EVERYONE = USERS.map((user) => user.role);
const SIGNED_IN = EVERYONE.filter((role) => role !== 'signedOut');
const STAFF: Role[] = ['Administrator', 'ManagementOperator', 'StaffOperator'];
const COMPANY: Role[] = ['CompanyAdministrator', 'CompanyOperator', 'CompanyUser'];
const STORE: Role[] = ['StoreAdministrator', 'StoreOperator', 'StoreUser'];
const and = (group: Role[], entry: Role[]) => entry.filter((role) => group.includes(role));

// The spec's group texts (000 section 6 "Menu visibility").
const APPLICATIONS_MENU = STAFF; // "Applications menu: admin, management, staff."
const FINANCE_MENU = [...STAFF, 'Partner', ...COMPANY] as Role[]; // "Finance menu: admin, management, staff, partner, company roles."
const ARCHIVES_MENU = [...STAFF, 'Partner', ...COMPANY, 'StoreOperator'] as Role[]; // "Archives: admin, management, staff, partner, company, store operator."
const MEDIA_MENU = STAFF; // "Media: admin, management, staff."
const ADMIN_MENU: Role[] = ['Administrator']; // "Admin menu: admin."

/** Who sees each entry, transcribed from the spec's text (group and entry). */
const EXPECTED: Record<string, (Role | 'signedOut')[]> = {
  // Top navigation and drawer: public pages for all; "/login (Log in / Sign up)" for signed-out visitors;
  // "Dashboard ...: normal users"; the profile for anyone signed in; "Webhooks: admin or public API user".
  home: EVERYONE, pricing: EVERYONE, businesses: EVERYONE, drivers: EVERYONE, developers: EVERYONE, trackOrder: EVERYONE,
  login: ['signedOut'],
  // Ours: /dashboard is "My deliveries" for whoever may not read the deliveries list (DashboardPage), and says so.
  dashboard: [...STAFF, ...COMPANY, ...STORE],
  myDeliveries: SIGNED_IN.filter((role) => ![...STAFF, ...COMPANY, ...STORE].includes(role as Role)),
  profile: SIGNED_IN,
  webhooks: ['Administrator', 'PublicApiUser'],
  // "the new-delivery button: normal users" — 001: store operators, store administrators and normal users who are not store users.
  // Ours: partners, drivers and assistants carry deliveries, they do not book them.
  newDelivery: SIGNED_IN.filter((role) => !['StoreUser', 'Partner', 'Driver', 'Assistant'].includes(role)),
  // Operations: the entry rules (the group's "staff and store roles" contradicts them; the entries decide).
  deliveries: [...STAFF, ...COMPANY, ...STORE, 'Assistant'],
  deliveriesDue: STAFF,
  jobs: [...STAFF, 'Partner', 'Driver', 'Assistant'],
  companies: STAFF,
  users: STAFF,
  vehicles: STAFF,
  stores: [...STAFF, 'CompanyAdministrator', 'StoreAdministrator'],
  territories: ['Administrator'],
  hubs: ['Administrator'],
  ratings: [...STAFF, ...COMPANY, ...STORE],
  questionnaires: ['Administrator'],
  announcements: ['Administrator', 'ManagementOperator'],
  mobileDevices: STAFF,
  contactMessages: STAFF,
  // Applications.
  businessApplications: APPLICATIONS_MENU, partnerApplications: APPLICATIONS_MENU, driverApplications: APPLICATIONS_MENU,
  assistantApplications: APPLICATIONS_MENU, vehicleApplications: APPLICATIONS_MENU,
  // Ours (issue 18): the driver invites for staff and partners; a partner applies for its vehicles.
  applicationInvites: [...STAFF, 'Partner'], vehicleApply: ['Partner'],
  // Finance: "Accounts: all of those. Bank Accounts: admin, management, partner. Finance Metrics, Driver Pay Analysis,
  // Amendments: admin. Funds Received, Withdrawals, Advances, Rates: admin, management."
  accounts: FINANCE_MENU,
  bankAccounts: and(FINANCE_MENU, ['Administrator', 'ManagementOperator', 'Partner']),
  financeMetrics: ['Administrator'], driverPayAnalysis: ['Administrator'], amendments: ['Administrator'],
  fundsReceived: ['Administrator', 'ManagementOperator'], withdrawals: ['Administrator', 'ManagementOperator'],
  advances: ['Administrator', 'ManagementOperator'], rates: ['Administrator', 'ManagementOperator'],
  // Reports: "Customer Deliveries for normal users"; admin-only four; "Scheduled Reports: admin, management";
  // the exceptions report: admin, management (company admin/operator only of the named retailers: none named).
  customerDeliveriesReport: SIGNED_IN,
  acceptanceComplianceReport: ['Administrator'], driverAssignmentReport: ['Administrator'],
  driverScreeningReport: ['Administrator'], driverCommunicationReport: ['Administrator'],
  scheduledReports: ['Administrator', 'ManagementOperator'],
  exceptionsReport: ['Administrator', 'ManagementOperator'],
  // "several for company and store roles; some staff-only": our reading (entries marked `assumed`).
  kpiPerformanceReport: [...STAFF, ...COMPANY, ...STORE], deliverySummaryReport: [...STAFF, ...COMPANY, ...STORE],
  serviceLevelsReport: [...STAFF, ...COMPANY, ...STORE], deliveryTerminationReport: [...STAFF, ...COMPANY, ...STORE],
  deliveryArrivalReport: [...STAFF, ...COMPANY, ...STORE],
  driverVisibilityReport: STAFF, driverSchedulesReport: STAFF, grossProfitReport: STAFF, driverPerformanceReport: STAFF,
  autoAssignEfficiencyReport: STAFF, hubDeliveriesReport: STAFF, addressVariationReport: STAFF, driverWaitTimeReport: STAFF,
  locationProximityReport: STAFF, driverKpiReport: STAFF,
  // Archives, media, admin: the group's audience.
  archivedDeliveries: ARCHIVES_MENU,
  // Ours (issue 17): the partners' archives are for staff and partners only.
  archivedPartnerDeliveries: [...STAFF, 'Partner'], archivedPartnerJobs: [...STAFF, 'Partner'],
  deliveryPictures: MEDIA_MENU, deliverySignatures: MEDIA_MENU, profilePictures: MEDIA_MENU,
  apiClients: ADMIN_MENU, indexManagement: ADMIN_MENU, distanceDiscovery: ADMIN_MENU,
  // Ours: the development outbox.
  outbox: ADMIN_MENU,
  // Ours: the statecharts (issue 7).
  flows: ['Administrator', 'ManagementOperator'],
};

describe('menu visibility by role (000 section 6), every entry whether its screen exists or not', () => {
  it('has an expectation for every entry and an entry for every expectation', () => {
    expect(MENU_ENTRIES.map((entry) => entry.id).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('marks as assumed exactly the reports the spec leaves unassigned', () => {
    expect(MENU_ENTRIES.filter((entry) => entry.assumed).map((entry) => entry.id).sort()).toEqual([
      'addressVariationReport', 'autoAssignEfficiencyReport', 'deliveryArrivalReport', 'deliverySummaryReport',
      'deliveryTerminationReport', 'driverKpiReport', 'driverPerformanceReport', 'driverSchedulesReport', 'driverVisibilityReport',
      'driverWaitTimeReport', 'grossProfitReport', 'hubDeliveriesReport', 'kpiPerformanceReport', 'locationProximityReport',
      'serviceLevelsReport',
    ]);
  });

  describe.each(MENU_ENTRIES.map((entry) => [entry.id, entry] as const))('%s', (id, entry) => {
    it.each(USERS.map((user) => [user.role, user] as const))('%s', (role, user) => {
      expect(isMenuEntryVisible(entry, user.permissions)).toBe(EXPECTED[id]!.includes(role));
    });
  });

  it('shows the exceptions report to company administrators and operators of the named retailers only', () => {
    const entry = MENU_ENTRIES.find((candidate) => candidate.id === 'exceptionsReport')!;
    const audience = entry.audience as readonly { roles: readonly Role[]; companyIds?: readonly number[] }[];
    const retailer = [{ ...audience[1]!, companyIds: [42] }];
    expect(inAudience(retailer, permissionsOf(['CompanyOperator'], { companyId: 42 }))).toBe(true);
    expect(inAudience(retailer, permissionsOf(['CompanyOperator'], { companyId: 41 }))).toBe(false);
    expect(inAudience(retailer, permissionsOf(['CompanyUser'], { companyId: 42 }))).toBe(false);
  });

  it('shows the new-delivery button to a store user who is also a store operator', () => {
    const entry = MENU_ENTRIES.find((candidate) => candidate.id === 'newDelivery')!;
    expect(isMenuEntryVisible(entry, permissionsOf(['StoreUser', 'StoreOperator']))).toBe(true);
  });

  it('lists the spec\'s groups in order', () => {
    expect(MENU_GROUPS.map((group) => group.label)).toEqual([
      'Navigation', 'Actions', 'Operations', 'Applications', 'Finance', 'Reports', 'Archives', 'Media', 'Admin',
    ]);
  });
});

describe('menus show only entries whose screen exists', () => {
  const admin = permissionsOf(['Administrator']);

  it('drops entries without a screen and groups left empty', () => {
    const menus = visibleMenus(admin, (path) => path === '/' || path === '/profile' || path === '/jobs');
    expect(menus.map((menu) => [menu.group.id, menu.entries.map((entry) => entry.path)])).toEqual([
      ['top', ['/', '/profile']],
      ['operations', ['/jobs']],
    ]);
  });

  it('never shows an entry without a path, whatever screens exist', () => {
    const menus = visibleMenus(admin, () => true);
    const ids = menus.flatMap((menu) => menu.entries.map((entry) => entry.id));
    expect(ids).toContain('archivedPartnerJobs'); // issue 17: it has a path now
    expect(ids).toContain('financeMetrics'); // issue 15: it has a path now
    expect(ids).toContain('deliveriesDue');
    expect(ids).not.toContain('newDelivery');
    expect(ids).toContain('scheduledReports');
    expect(ids).toContain('distanceDiscovery');
  });

  it("never leads to a screen whose route refuses the user (Ratings: the menu names company and store roles, the route only staff)", () => {
    for (const roles of [['CompanyAdministrator'], ['StoreOperator'], ['StoreUser']] as StoredRole[][]) {
      const labels = visibleMenus(permissionsOf(roles), () => true).flatMap((menu) => menu.entries.map((entry) => entry.label));
      expect([roles[0], labels.includes('Deliveries'), labels.includes('Ratings')]).toEqual([roles[0], true, false]);
    }
    const staff = visibleMenus(permissionsOf(['StaffOperator']), () => true).flatMap((menu) => menu.entries.map((entry) => entry.label));
    expect(staff).toContain('Ratings');
  });

  it('still applies the roles to entries whose screens exist', () => {
    const driver = visibleMenus(permissionsOf(['Driver']), () => true);
    expect(driver.map((menu) => menu.group.id)).toEqual(['top', 'operations', 'reports']);
    expect(driver[1]!.entries.map((entry) => entry.label)).toEqual(['Jobs']);
    // Customer Deliveries is every normal user's (a driver's own bookings); the delivery reports are not theirs.
    expect(driver[2]!.entries.map((entry) => entry.label)).toEqual(['Customer Deliveries']);
    expect(driver[0]!.entries.map((entry) => entry.label)).toEqual([
      'Home', 'Pricing', 'For businesses', 'For drivers', 'For developers', 'Track order', 'My deliveries', 'Profile',
    ]);
    const visitor = visibleMenus(null, () => true);
    expect(visitor.flatMap((menu) => menu.entries.map((entry) => entry.label))).toContain('Log in / Sign up');
    expect(visitor.flatMap((menu) => menu.entries.map((entry) => entry.label))).not.toContain('Profile');
  });
});
