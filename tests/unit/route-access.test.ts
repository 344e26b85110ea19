import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/seed';
import { screenExists } from '../../src/app/screens';
import {
  decideOperationAccess, decideRouteAccess, mayCall, OPERATION_ACCESS, permissionFor, returnPathAfterLogin, ROUTE_ACCESS,
  routeRule, type RoutePath, type RouteRule,
} from '../../src/lib/access';
import { roleFlagsOf, type Permissions, type Role, type StoredRole } from '../../src/lib/roles';

/** Permissions as the server puts them in each demo user's token (one login per role). */
function permissionsOf(roles: readonly StoredRole[], overrides: Partial<Permissions> = {}): Permissions {
  return {
    id: 7, companyId: null, storeId: null, email: 'someone@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
    ...roleFlagsOf(7, roles),
    ...overrides,
  };
}

const demo = DEMO_USERS.map((user, index) => ({
  email: user.email,
  role: (user.roles[0] ?? 'NormalUser') as Role,
  permissions: permissionsOf(user.roles, { id: index + 1, email: user.email, emailConfirmed: user.emailConfirmed ?? true }),
}));

const ALL: Role[] = [
  'NormalUser', 'Administrator', 'ManagementOperator', 'StaffOperator', 'CompanyAdministrator', 'CompanyOperator', 'CompanyUser',
  'StoreAdministrator', 'StoreOperator', 'StoreUser', 'Partner', 'Driver', 'SuperHero', 'Assistant', 'PublicApiUser',
];

/**
 * The spec's "Access by route" table (000 section 6), row by row: the routes of each row (000 section 2) and
 * who may open them. Every demo user is a normal user (id > 0), so a row open to "any logged-in normal
 * user" is open to every role.
 */
const ACCESS_BY_ROUTE: { row: string; paths: RoutePath[]; who: Role[] }[] = [
  {
    row: '/dashboard, /accounts and their transactions, /profile, apply pages, /paymentcallback — any logged-in normal user',
    paths: [
      '/dashboard', '/accounts', '/accounts/:accountId/transactions', '/accounts/:accountId/transactions/:transactionId',
      '/users/:id/accounts', '/users/:id/accounts/:accountId/transactions', '/users/:id/accounts/:accountId/transactions/:transactionId',
      '/companies/:id/accounts', '/companies/:id/accounts/:accountId/transactions',
      '/companies/:id/accounts/:accountId/transactions/:transactionId',
      '/stores/:id/accounts', '/stores/:id/accounts/:accountId/transactions', '/stores/:id/accounts/:accountId/transactions/:transactionId',
      '/profile', '/partner-apply', '/business-apply', '/driver-apply/:inviteHashId', '/paymentcallback',
    ],
    who: ALL,
  },
  {
    row: '/dashboard/:id — administrator, management operator, company administrator, company operator',
    paths: ['/dashboard/:id'],
    who: ['Administrator', 'ManagementOperator', 'CompanyAdministrator', 'CompanyOperator'],
  },
  {
    row: 'territories (areas, exceptions), questionnaires, hubs, distance discovery, index management, API clients — administrator only',
    paths: [
      '/territories', '/territories/edit/:id', '/territories/:id/areas', '/territories/:id/areas/:areaid', '/territories/edit/:id/areas/add',
      '/territories/:id/exceptions', '/territories/:id/exceptions/:areaid', '/territories/edit/:id/exceptions/add',
      '/questionnaires', '/questionnaires/add', '/questionnaires/edit/:id',
      '/hubs', '/hubs/add', '/hubs/edit/:id', '/hubs/:id',
      '/admin/distancediscovery', '/admin/distancediscovery/batches/:uploadBatchId/uploads', '/admin/indexmanagement',
      '/api-clients', '/api-clients/add', '/api-clients/edit/:id',
    ],
    who: ['Administrator'],
  },
  {
    row: 'account add/edit, bank-account add/edit, funds received and allocation, scheduled reports — administrator, management operator',
    paths: [
      '/accounts/add', '/accounts/edit/:id', '/users/:id/accounts/add', '/users/:id/accounts/edit/:accountId',
      '/companies/:id/accounts/add', '/companies/:id/accounts/edit/:accountId', '/stores/:id/accounts/add', '/stores/:id/accounts/edit/:accountId',
      '/bank-accounts/add', '/bank-accounts/edit/:id',
      '/funds-received', '/funds-received/add', '/funds-received/edit/:id', '/funds-received/:id/allocation',
      '/scheduledreports', '/scheduledreports/add', '/scheduledreports/edit/:id',
    ],
    who: ['Administrator', 'ManagementOperator'],
  },
  {
    row: 'users, announcements, vehicles, rates, ratings, companies, media, mobile devices, contact messages (ours), all application reviews — administrator, management operator, staff operator',
    paths: [
      '/users', '/users/add', '/users/edit/:id', '/users/:id/ratings', '/users/:id/ratings/add', '/users/:id/ratings/edit/:ratingId',
      '/users/:id/deposits',
      '/announcements', '/announcements/add', '/announcements/edit/:id',
      '/vehicles', '/vehicles/add', '/vehicles/edit/:id',
      '/rates', '/rates/add', '/rates/edit/:id',
      '/ratings', '/ratings/add', '/ratings/edit/:id',
      '/companies', '/companies/add', '/companies/edit/:id',
      '/media/delivery-pictures', '/media/delivery-signatures', '/media/profile-pictures',
      '/mobile-devices',
      '/contact-messages',
      '/business-applications', '/business-applications/edit/:id', '/partner-applications', '/partner-applications/edit/:id',
      '/partner-applications/:id/driver-applications', '/partner-applications/:id/vehicle-applications',
      '/driver-applications', '/driver-applications/edit/:id', '/assistant-applications', '/assistant-applications/edit/:id',
      '/vehicle-applications', '/vehicle-applications/edit/:id',
    ],
    who: ['Administrator', 'ManagementOperator', 'StaffOperator'],
  },
  {
    row: 'webhooks — administrator, public API user',
    paths: ['/webhooks', '/webhooks/add', '/webhooks/edit/:id'],
    who: ['Administrator', 'PublicApiUser'],
  },
  {
    row: 'bank accounts list — administrator, management operator, partner',
    paths: ['/bank-accounts'],
    who: ['Administrator', 'ManagementOperator', 'Partner'],
  },
  {
    row: 'withdrawals, advances — administrator, management operator, company admin/operator, store admin/operator, partner',
    paths: ['/withdrawals', '/advances'],
    who: ['Administrator', 'ManagementOperator', 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator', 'Partner'],
  },
  {
    row: 'deliveries list — all staff, company and store roles (not driver, partner, assistant, normal user)',
    paths: ['/deliveries'],
    who: ['Administrator', 'ManagementOperator', 'StaffOperator', 'CompanyAdministrator', 'CompanyOperator', 'CompanyUser',
      'StoreAdministrator', 'StoreOperator', 'StoreUser'],
  },
  {
    row: 'deliveries add — same but without partner and driver',
    paths: ['/deliveries/add'],
    who: ['Administrator', 'ManagementOperator', 'StaffOperator', 'CompanyAdministrator', 'CompanyOperator', 'CompanyUser',
      'StoreAdministrator', 'StoreOperator', 'StoreUser'],
  },
  {
    row: 'delivery edit — administrator, management, staff, company admin/operator, store admin/operator',
    paths: ['/deliveries/edit/:id'],
    who: ['Administrator', 'ManagementOperator', 'StaffOperator', 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator'],
  },
  {
    row: "jobs list and a job's deliveries — administrator, management, staff, partner, driver, assistant",
    paths: ['/jobs', '/jobs/:id/deliveries'],
    who: ['Administrator', 'ManagementOperator', 'StaffOperator', 'Partner', 'Driver', 'Assistant'],
  },
  {
    row: 'job edit — administrator, management operator',
    paths: ['/jobs/edit/:id'],
    who: ['Administrator', 'ManagementOperator'],
  },
  {
    row: 'stores list, store edit, store batches — administrator, management, staff, company administrator, store admin/operator',
    paths: [
      '/stores', '/stores/edit/:id', '/stores/batches/add', '/stores/batches/:uploadBatchId/uploads',
      '/stores/batches/:uploadBatchId/uploads/edit/:storeUploadId', '/stores/:id/batches', '/stores/:id/batches/:uploadBatchId/uploads',
      '/stores/:id/batches/:uploadBatchId/uploads/edit/:deliveryUploadId',
    ],
    who: ['Administrator', 'ManagementOperator', 'StaffOperator', 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'],
  },
  {
    row: 'store add — administrator, management, staff',
    paths: ['/stores/add'],
    who: ['Administrator', 'ManagementOperator', 'StaffOperator'],
  },
  {
    row: 'rates batch screens — administrator, management, staff, company administrator, store admin/operator',
    paths: ['/rates/batches/add', '/rates/:id/batches', '/rates/batches/:uploadBatchId/uploads', '/rates/batches/:uploadBatchId/uploads/edit/:rateUploadId'],
    who: ['Administrator', 'ManagementOperator', 'StaffOperator', 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'],
  },
];

/** Routes of 000 section 2 that need a login but sit in no row of the table (decisions in docs). */
const OUTSIDE_THE_TABLE: RoutePath[] = ['/tracking', '/identity'];

/** Routes of ours that the spec implies without naming their path. */
// /flows is open to everyone in development builds (tests run as one); production: see flows-access.test.ts.
const OURS: RoutePath[] = ['/login/external/callback', ...(import.meta.env.DEV ? ['/flows' as const] : [])];

/** Gated routes of ours, with who may open them: the development outbox (codes of the sign-in flows). */
const OURS_GATED: { paths: RoutePath[]; who: Role[] }[] = [
  { paths: ['/outbox'], who: ['Administrator'] },
  // The add screen of a territory (issue 6): the spec lists only the territories' list and edit screens.
  { paths: ['/territories/add'], who: ['Administrator'] },
  // The archive of deliveries (issue 6): the spec names the Archives menu and its roles, not the path.
  {
    paths: ['/archives/deliveries'],
    who: ['Administrator', 'ManagementOperator', 'StaffOperator', 'Partner', 'CompanyAdministrator', 'CompanyOperator', 'CompanyUser', 'StoreOperator'],
  },
  // The partners' archives (issue 17): paths ours; staff and partners only.
  { paths: ['/archives/partner-deliveries', '/archives/partner-jobs'], who: ['Administrator', 'ManagementOperator', 'StaffOperator', 'Partner'] },
  // Reports (issue 17): the spec shows no report paths; visibility of 000 section 6 (docs/reports.md).
  { paths: ['/reports/customer-deliveries'], who: ['NormalUser'] },
  {
    paths: ['/reports/delivery-summary', '/reports/service-levels', '/reports/kpi-performance', '/reports/delivery-termination', '/reports/delivery-arrival'],
    who: ['Administrator', 'ManagementOperator', 'StaffOperator', 'CompanyAdministrator', 'CompanyOperator', 'CompanyUser', 'StoreAdministrator', 'StoreOperator', 'StoreUser'],
  },
  { paths: ['/reports/gross-profit', '/reports/driver-performance', '/reports/hub-deliveries', '/deliveries-due'], who: ['Administrator', 'ManagementOperator', 'StaffOperator'] },
  // Second round (issue 17): driver reports staff; the four administrator-only reports and the retailer exceptions
  // report of 000 section 6 (no company is named a large retailer by default, so company roles are refused).
  {
    paths: ['/reports/driver-visibility', '/reports/driver-schedules', '/reports/auto-assign-efficiency', '/reports/driver-wait-time', '/reports/driver-kpi', '/reports/address-variation', '/reports/location-proximity'],
    who: ['Administrator', 'ManagementOperator', 'StaffOperator'],
  },
  { paths: ['/reports/acceptance-and-compliance', '/reports/driver-assignment', '/reports/driver-screening', '/reports/driver-communication'], who: ['Administrator'] },
  { paths: ['/reports/exceptions'], who: ['Administrator', 'ManagementOperator'] },
  // Finance (issue 15): the administrator's finance metrics and driver pay analysis (000 section 6).
  { paths: ['/finance/metrics', '/finance/driver-pay-analysis', '/finance/amendments'], who: ['Administrator'] },
  // Applications (issue 18): the spec names the assistant and vehicle applications and /applicationinvites, not their paths or roles.
  { paths: ['/assistant-apply'], who: ['NormalUser'] },
  { paths: ['/vehicle-apply'], who: ['Partner'] },
  { paths: ['/applicationinvites', '/applicationinvites/add', '/applicationinvites/edit/:id'], who: ['Administrator', 'ManagementOperator', 'StaffOperator', 'Partner'] },
];

const PUBLIC_ROUTES: RoutePath[] = [
  '/', '/register', '/login', '/forgot-password', '/confirm-password', '/two-factor', '/confirm-email', '/confirm-phone', '/logout',
  '/pricing', '/businesses', '/drivers', '/developers', '/track-order/:searchTerm?', '/track/:hash',
  '/contact', '/about', '/shopify', '/woocommerce', '/faq', '/terms', '/privacy',
  '/rate/:hash', '/rating-complete', '/google-rating-complete', '/forbidden', '/503', '/error', '/robots.txt', '/sitemap.xml',
];

describe('the route table (000 sections 2 and 6)', () => {
  it('has one demo login per role, as the server seeds them', () => {
    expect([...new Set(demo.map((user) => user.role))].sort()).toEqual([...ALL].sort());
    expect(demo.filter((user) => user.role !== 'NormalUser')).toHaveLength(ALL.length - 1);
  });

  it('registers every route of the spec: the table rows, the public routes and the two known named routes', () => {
    const listed = new Set<string>([...PUBLIC_ROUTES, ...OURS, ...ACCESS_BY_ROUTE.flatMap((row) => row.paths), ...OUTSIDE_THE_TABLE, ...OURS_GATED.flatMap((row) => row.paths)]);
    const registered = new Set<string>(ROUTE_ACCESS.map((entry) => entry.path));
    expect([...registered].filter((path) => !listed.has(path)), 'registered but in no row').toEqual([]);
    expect([...listed].filter((path) => !registered.has(path)), 'in a row but not registered').toEqual([]);
  });

  it('opens a screen for every account route of the table, the ones nested under a user, company or store too (issue 15)', () => {
    const accountRoutes = ROUTE_ACCESS.map((entry) => entry.path).filter((path) => /(^|\/)accounts(\/|$)/.test(path) && !path.startsWith('/bank-accounts'));
    expect(accountRoutes).toEqual(expect.arrayContaining(['/users/:id/accounts/add', '/companies/:id/accounts/edit/:accountId', '/stores/:id/accounts/add']));
    const sample = (path: string) => path.replace(/:[A-Za-z]+/g, '7');
    expect(accountRoutes.filter((path) => !screenExists(sample(path))), 'without a screen').toEqual([]);
  });

  it('leaves the public routes open to signed-out visitors', () => {
    for (const path of [...PUBLIC_ROUTES, ...OURS]) {
      expect(routeRule(path), path).toBe('public');
      expect(decideRouteAccess(routeRule(path), null), path).toBe('allowed');
    }
  });

  it('registers the rates batch screens a second time for administrators only; the first registration decides', () => {
    const batchPaths = ACCESS_BY_ROUTE.find((row) => row.row.startsWith('rates batch'))!.paths;
    for (const path of batchPaths) {
      const rules = ROUTE_ACCESS.filter((entry) => entry.path === path).map((entry) => entry.rule);
      expect(rules, path).toHaveLength(2);
      expect(rules[1], path).toEqual({ roles: ['Administrator'] });
      expect(routeRule(path)).toBe(rules[0]);
    }
  });

  it('sends signed-out users of every gated route to the login', () => {
    for (const entry of ROUTE_ACCESS.filter((candidate) => candidate.rule !== 'public')) {
      expect(decideRouteAccess(entry.rule, null), entry.path).toBe('login');
      expect(decideRouteAccess(entry.rule, undefined), entry.path).toBe('login');
    }
  });

  it('takes the signed-in rule for /tracking and /identity', () => {
    for (const path of OUTSIDE_THE_TABLE) {
      for (const user of demo) expect(decideRouteAccess(routeRule(path), user.permissions), `${path} ${user.email}`).toBe('allowed');
    }
  });

  describe.each([...ACCESS_BY_ROUTE, ...OURS_GATED.map((row) => ({ ...row, row: `ours: ${row.paths.join(', ')}` }))])('$row', ({ paths, who }) => {
    it.each(demo.map((user) => [user.email, user] as const))('%s', (_, user) => {
      const expected = who.includes(user.role) || who.includes('NormalUser') ? 'allowed' : 'forbidden';
      for (const path of paths) expect(decideRouteAccess(routeRule(path), user.permissions), path).toBe(expected);
    });
  });
});

describe('a rule narrowed to some companies (the retailer exceptions report, issue 17)', () => {
  const rule: RouteRule = { roles: ['Administrator', 'CompanyAdministrator', 'CompanyOperator'], companyIds: [7] };
  it('lets company roles in only for the named companies; other roles as usual', () => {
    expect(decideRouteAccess(rule, { ...permissionsOf(['CompanyAdministrator']), companyId: 7 })).toBe('allowed');
    expect(decideRouteAccess(rule, { ...permissionsOf(['CompanyOperator']), companyId: 8 })).toBe('forbidden');
    expect(decideRouteAccess(rule, { ...permissionsOf(['CompanyAdministrator']), companyId: null })).toBe('forbidden');
    expect(decideRouteAccess(rule, permissionsOf(['Administrator']))).toBe('allowed');
  });
});

describe('the access check (000 section 6, steps 1 to 5)', () => {
  const admin = permissionsOf(['Administrator']);
  const rule: RouteRule = { roles: ['Administrator'] };

  it('1. needs a login', () => {
    expect(decideRouteAccess(rule, null)).toBe('login');
    expect(decideRouteAccess('public', null)).toBe('allowed');
  });

  it('2. refuses an unconfirmed email (permission undefined → /confirm-email) unless company user, store user or plain normal user', () => {
    const unconfirmed = { emailConfirmed: false };
    expect(permissionFor(rule, permissionsOf(['Administrator'], unconfirmed))).toBeUndefined();
    expect(decideRouteAccess(rule, permissionsOf(['Administrator'], unconfirmed))).toBe('confirmEmail');
    expect(decideRouteAccess({ roles: ['StaffOperator'] }, permissionsOf(['ManagementOperator'], unconfirmed))).toBe('confirmEmail');
    // Refused before the roles are looked at: an unconfirmed staff operator on an administrator route.
    expect(decideRouteAccess(rule, permissionsOf(['StaffOperator'], unconfirmed))).toBe('confirmEmail');
    // The exemptions.
    expect(decideRouteAccess({ roles: ['CompanyUser', 'Administrator'] }, permissionsOf(['CompanyUser', 'Administrator'], unconfirmed))).toBe('allowed');
    expect(decideRouteAccess({ roles: ['StoreUser'] }, permissionsOf(['StoreUser'], unconfirmed))).toBe('allowed');
    expect(decideRouteAccess({ roles: ['NormalUser'] }, permissionsOf([], unconfirmed))).toBe('allowed');
    // A plain normal user is still refused what their roles do not grant.
    expect(decideRouteAccess(rule, permissionsOf([], unconfirmed))).toBe('forbidden');
    // The demo user with an unconfirmed email is a plain normal user.
    const uma = demo.find((user) => user.email === 'unconfirmed@demo.test')!;
    expect(uma.permissions.emailConfirmed).toBe(false);
    expect(decideRouteAccess(routeRule('/dashboard'), uma.permissions)).toBe('allowed');
    expect(decideRouteAccess(routeRule('/users'), uma.permissions)).toBe('forbidden');
  });

  it('3. grants access when any listed role flag is true, and denies it (permission false → /forbidden) otherwise', () => {
    expect(decideRouteAccess({ roles: ['StaffOperator', 'Administrator'] }, admin)).toBe('allowed');
    expect(permissionFor({ roles: ['StaffOperator'] }, admin)).toBe(false);
    expect(decideRouteAccess({ roles: ['StaffOperator'] }, admin)).toBe('forbidden');
  });

  it('4. can ignore the normal-user role', () => {
    const customer = permissionsOf([]);
    expect(decideRouteAccess({ roles: ['NormalUser', 'Administrator'] }, customer)).toBe('allowed');
    expect(decideRouteAccess({ roles: ['NormalUser', 'Administrator'], ignoreNormalUser: true }, customer)).toBe('forbidden');
    expect(decideRouteAccess({ roles: ['NormalUser', 'Administrator'], ignoreNormalUser: true }, admin)).toBe('allowed');
    // Ignored, the normal-user role no longer excuses an unconfirmed email either.
    expect(decideRouteAccess({ roles: ['Partner'], ignoreNormalUser: true }, permissionsOf(['Partner'], { emailConfirmed: false }))).toBe('confirmEmail');
    expect(decideRouteAccess({ roles: ['Partner'] }, permissionsOf(['Partner'], { emailConfirmed: false }))).toBe('allowed');
  });

  it('5. can strip the grants of company roles from partner, driver and superhero users', () => {
    const option = { roles: ['CompanyOperator', 'StoreOperator'], companyGrantsExcludeFieldRoles: true } as const;
    for (const field of ['Partner', 'Driver', 'SuperHero'] as const) {
      expect(decideRouteAccess(option, permissionsOf([field, 'CompanyOperator'])), field).toBe('forbidden');
      expect(decideRouteAccess({ roles: option.roles }, permissionsOf([field, 'CompanyOperator'])), field).toBe('allowed');
      // Other grants stay.
      expect(decideRouteAccess(option, permissionsOf([field, 'CompanyOperator', 'StoreOperator'])), field).toBe('allowed');
    }
    expect(decideRouteAccess(option, permissionsOf(['Assistant', 'CompanyOperator']))).toBe('allowed');
    // The deliveries list uses it: a partner who is also a company user does not see it.
    expect(decideRouteAccess(routeRule('/deliveries'), permissionsOf(['Partner', 'CompanyUser']))).toBe('forbidden');
    expect(decideRouteAccess(routeRule('/deliveries'), permissionsOf(['CompanyUser']))).toBe('allowed');
  });
});

describe('the server applies the unconfirmed-email rule to role-restricted operations', () => {
  const unconfirmedAdmin = permissionsOf(['Administrator'], { emailConfirmed: false });

  it('refuses an unconfirmed administrator an administrator operation, but not signed-in or public ones', () => {
    expect(decideOperationAccess(OPERATION_ACCESS.impersonate, unconfirmedAdmin)).toBe('forbidden');
    expect(decideOperationAccess(OPERATION_ACCESS.impersonate, permissionsOf(['Administrator']))).toBe('allowed');
    expect(decideOperationAccess(OPERATION_ACCESS.getProfile, unconfirmedAdmin)).toBe('allowed');
    expect(decideOperationAccess(OPERATION_ACCESS.emailVerificationConfirm, unconfirmedAdmin)).toBe('allowed');
    expect(decideOperationAccess(OPERATION_ACCESS.login, undefined)).toBe('allowed');
  });

  it('lets company and store users with an unconfirmed email through', () => {
    const storeUser = permissionsOf(['StoreUser'], { emailConfirmed: false });
    expect(decideOperationAccess(OPERATION_ACCESS.getstores, storeUser, 'select')).toBe('allowed');
    const companyUser = permissionsOf(['CompanyUser'], { emailConfirmed: false });
    expect(decideOperationAccess(OPERATION_ACCESS.getcompanies, companyUser, 'select')).toBe('allowed');
    const unconfirmedStaff = permissionsOf(['StaffOperator'], { emailConfirmed: false });
    expect(decideOperationAccess(OPERATION_ACCESS.getcompanies, unconfirmedStaff)).toBe('forbidden');
  });
});

describe('the return path after sign-in', () => {
  it('returns where the guard stopped the user, only to a path of this app', () => {
    expect(returnPathAfterLogin({ from: '/users?page=2#top' })).toBe('/users?page=2#top');
    expect(returnPathAfterLogin(undefined)).toBe('/');
    expect(returnPathAfterLogin({ from: 'https://evil.example/' })).toBe('/');
    expect(returnPathAfterLogin({ from: '//evil.example/' })).toBe('/');
    expect(returnPathAfterLogin({ from: '/\\evil.example/' })).toBe('/');
    expect(returnPathAfterLogin({ from: '/logout' })).toBe('/');
    expect(returnPathAfterLogin({ from: '/login?x=1' }, '/dashboard')).toBe('/dashboard');
    expect(returnPathAfterLogin({ from: 42 })).toBe('/');
  });
});

describe('views offer an action only when the server would allow the operation', () => {
  it('reads the same table: impersonation for administrators, API keys for administrators and public API users', () => {
    expect(mayCall('impersonate', permissionsOf(['Administrator']))).toBe(true);
    expect(mayCall('impersonate', permissionsOf(['ManagementOperator']))).toBe(false);
    expect(mayCall('createApiKey', permissionsOf(['PublicApiUser']))).toBe(true);
    expect(mayCall('createApiKey', permissionsOf([]))).toBe(false);
    expect(mayCall('createApiKey', null)).toBe(false);
  });
});
