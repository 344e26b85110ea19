import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import type { FULL_RELOAD_PATHS, RoutePath } from '../lib/access';
import { redirectScreen } from './redirect-screen';

// The screen table apart from the router (routes.tsx): the drawer's menus ask screenExists without importing
// the router, which imports the shell that loads the drawer (no import cycle).
type ScreenModule = { Component?: ComponentType; default?: ComponentType };

// A screen module reached by several paths is loaded by one function, so the build writes its import (and the list of
// chunks to preload with it) once, not once per path: the shell carries this table on every first load.
const loginPage = () => import('../features/auth/LoginPage');
const passwordPage = () => import('../features/auth/PasswordPage');
const errorPage = () => import('../features/errors/ErrorPage');
const resourceListPage = () => import('../ui/admin/ResourceListPage');
const resourceFormPage = () => import('../ui/admin/ResourceFormPage');
const reportPage = () => import('../ui/reports/ReportPage');
const accountsPage = () => import('../features/finance/AccountsPage');
const accountTransactionsPage = () => import('../features/finance/AccountTransactionsPage');
const transactionDetailPage = () => import('../features/finance/TransactionDetailPage');
const userRatingFormPage = () => import('../features/users/UserRatingFormPage');
const mediaGridPage = () => import('../features/content/MediaGridPage');
const territoryAreasPage = () => import('../features/territories/TerritoryAreasPage');
const areaPage = () => import('../features/territories/AreaPage');
const dashboardPage = () => import('../features/dashboard/DashboardPage');
const jobPage = () => import('../features/jobs/JobPage');
const vehicleFormPage = () => import('../features/fleet/VehicleFormPage');
const hubFormPage = () => import('../features/fleet/HubFormPage');
const infoPages = () => import('../features/public/InfoPages');
const ratingCompletePage = () => import('../features/public/RatingCompletePage');
const applyPage = () => import('../features/applications/ApplyPage');
const partnerApplicationsPage = () => import('../features/applications/PartnerApplicationsPage');
const reviewPage = () => import('../features/applications/ReviewPage');
const payoutsPage = () => import('../features/finance/PayoutsPage');
const accountFormPage = () => import('../features/finance/AccountFormPage');

/**
 * The screen of every route path of ROUTE_ACCESS (src/lib/access.ts) but the server's own files, each its own
 * lazily loaded chunk that exports `Component` (or a default). The type makes a registered route without a
 * screen a compile error. Add a screen with one line here.
 */
export type ScreenPath = Exclude<RoutePath, (typeof FULL_RELOAD_PATHS)[number]>;
export const SCREENS: Record<ScreenPath, () => Promise<ScreenModule>> = {
  '/': () => import('../features/public/HomePage'),
  '/login': loginPage,
  '/register': loginPage,
  '/two-factor': () => import('../features/auth/TwoFactorPage'),
  '/logout': () => import('../features/auth/LogoutPage'),
  // Where an external provider sends the browser back (the server names it as redirectUri).
  '/login/external/callback': () => import('../features/auth/ExternalCallbackPage'),
  // Ours: every statechart drawn, simulated and path-tested (issue 7).
  '/flows': () => import('../features/flows/FlowsPage'),
  // The public tracking page (000 section 2), linked from the booking summary and My deliveries.
  '/track/:hash': () => import('../features/public/TrackPage'),
  '/forgot-password': passwordPage,
  '/confirm-password': passwordPage,
  '/confirm-email': () => import('../features/auth/ConfirmEmailPage'),
  '/confirm-phone': () => import('../features/auth/ConfirmPhonePage'),
  '/profile': () => import('../features/auth/ProfilePage'),
  // Ours: the development outbox for administrators.
  '/outbox': () => import('../features/auth/OutboxPage'),
  '/forbidden': () => import('../features/errors/ForbiddenPage'),
  '/503': errorPage,
  '/error': errorPage,
  // Back-office lists (issue 6): one list and one form screen for every registered resource (src/resources).
  '/companies': resourceListPage,
  '/companies/add': resourceFormPage,
  '/companies/edit/:id': resourceFormPage,
  '/stores': resourceListPage,
  '/stores/add': resourceFormPage,
  '/stores/edit/:id': resourceFormPage,
  // Issue 20: the deliveries list with job building from the selected rows.
  '/deliveries': () => import('../features/jobs/DeliveriesListPage'),
  '/archives/deliveries': resourceListPage,
  // Issue 17: the partners' archives.
  '/archives/partner-deliveries': resourceListPage,
  '/archives/partner-jobs': resourceListPage,
  // Reports (issue 17): one generic screen renders any declaration of src/lib/reports.ts (chart.js loads only here).
  '/reports/customer-deliveries': reportPage,
  '/reports/delivery-summary': reportPage,
  '/reports/service-levels': reportPage,
  '/reports/kpi-performance': reportPage,
  '/reports/delivery-termination': reportPage,
  '/reports/delivery-arrival': reportPage,
  '/reports/gross-profit': reportPage,
  '/reports/driver-performance': reportPage,
  '/reports/hub-deliveries': reportPage,
  '/deliveries-due': reportPage,
  '/reports/driver-visibility': reportPage,
  '/reports/driver-schedules': reportPage,
  '/reports/auto-assign-efficiency': reportPage,
  '/reports/address-variation': reportPage,
  '/reports/driver-wait-time': reportPage,
  '/reports/location-proximity': reportPage,
  '/reports/acceptance-and-compliance': reportPage,
  '/reports/driver-assignment': reportPage,
  '/reports/driver-kpi': reportPage,
  '/reports/driver-screening': reportPage,
  '/reports/driver-communication': reportPage,
  // Issue 15: the finance metrics and driver pay analysis are report declarations over the ledger.
  '/finance/metrics': reportPage,
  '/finance/driver-pay-analysis': reportPage,
  '/finance/amendments': reportPage,
  '/reports/exceptions': reportPage,
  // Scheduled reports (issue 17): the generic list and form; the edit screen adds the runs and "Run now".
  '/scheduledreports': resourceListPage,
  '/scheduledreports/add': resourceFormPage,
  '/scheduledreports/edit/:id': () => import('../features/reports/ScheduledReportEditPage'),
  '/deliveries/edit/:id': () => import('../features/deliveries/DeliveryEditPage'),
  // Integrations (issue 6): webhooks (edit screen with the attempt log) and API clients (edit screen with the key).
  '/webhooks': resourceListPage,
  '/webhooks/add': resourceFormPage,
  '/webhooks/edit/:id': () => import('../features/integrations/WebhookEditPage'),
  '/api-clients': resourceListPage,
  '/api-clients/add': resourceFormPage,
  '/api-clients/edit/:id': () => import('../features/integrations/ApiClientEditPage'),
  // Users, ratings (also under a user) and questionnaires (issue 6).
  '/users': resourceListPage,
  '/users/add': resourceFormPage,
  '/users/edit/:id': resourceFormPage,
  '/users/:id/ratings': () => import('../features/users/UserRatingsPage'),
  // Issue 20 (f-dispatch-e2e): a driver's recorded cash deposits, each opening its ledger postings.
  '/users/:id/deposits': () => import('../features/finance/DriverDepositsPage'),
  '/accounts': accountsPage,
  '/accounts/:accountId/transactions': accountTransactionsPage,
  '/accounts/:accountId/transactions/:transactionId': transactionDetailPage,
  '/users/:id/accounts': accountsPage,
  '/users/:id/accounts/:accountId/transactions': accountTransactionsPage,
  '/users/:id/accounts/:accountId/transactions/:transactionId': transactionDetailPage,
  '/companies/:id/accounts': accountsPage,
  '/companies/:id/accounts/:accountId/transactions': accountTransactionsPage,
  '/companies/:id/accounts/:accountId/transactions/:transactionId': transactionDetailPage,
  '/stores/:id/accounts': accountsPage,
  '/stores/:id/accounts/:accountId/transactions': accountTransactionsPage,
  '/stores/:id/accounts/:accountId/transactions/:transactionId': transactionDetailPage,
  '/users/:id/ratings/add': userRatingFormPage,
  '/users/:id/ratings/edit/:ratingId': userRatingFormPage,
  '/ratings': resourceListPage,
  '/ratings/add': resourceFormPage,
  '/ratings/edit/:id': resourceFormPage,
  '/questionnaires': resourceListPage,
  '/questionnaires/add': resourceFormPage,
  '/questionnaires/edit/:id': resourceFormPage,
  // Content (issue 6): announcements (generic list and form) and the media thumbnail grids.
  '/announcements': resourceListPage,
  '/announcements/add': resourceFormPage,
  '/announcements/edit/:id': resourceFormPage,
  '/media/delivery-pictures': mediaGridPage,
  '/media/delivery-signatures': mediaGridPage,
  '/media/profile-pictures': mediaGridPage,
  // Territories (issue 6): the list and add screens are the generic ones; the edit screen links to the areas and
  // exceptions, each drawn on the polygon map.
  '/territories': resourceListPage,
  '/territories/add': resourceFormPage,
  '/territories/edit/:id': () => import('../features/territories/TerritoryEditPage'),
  '/territories/:id/areas': territoryAreasPage,
  '/territories/:id/exceptions': territoryAreasPage,
  '/territories/:id/areas/:areaid': areaPage,
  '/territories/:id/exceptions/:areaid': areaPage,
  '/territories/edit/:id/areas/add': areaPage,
  '/territories/edit/:id/exceptions/add': areaPage,
  // Live operations (issue 5): the dashboard.
  '/dashboard': dashboardPage,
  '/dashboard/:id': dashboardPage,
  '/jobs': () => import('../features/jobs/JobsListPage'),
  '/jobs/edit/:id': jobPage,
  '/jobs/:id/deliveries': jobPage,
  // Booking (issue 4): the wizard dialog.
  '/deliveries/add': () => import('../features/booking/AddDeliveryPage'),
  // The card provider's return address (001 section 2).
  '/paymentcallback': () => import('../features/booking/PaymentCallbackPage'),
  // Fleet (issue 6): vehicles, hubs (with the hub's page), mobile devices.
  '/vehicles': resourceListPage,
  '/vehicles/add': vehicleFormPage,
  '/vehicles/edit/:id': vehicleFormPage,
  '/hubs': () => import('../features/fleet/HubsListPage'),
  '/hubs/add': hubFormPage,
  '/hubs/edit/:id': hubFormPage,
  '/hubs/:id': () => import('../features/fleet/HubDetailPage'),
  '/mobile-devices': () => import('../features/fleet/MobileDevicesPage'),
  '/contact-messages': resourceListPage,
  // The public face (issue 19): marketing and information pages, the price calculator, track-order, rating.
  '/pricing': () => import('../features/public/PricingPage'),
  '/developers': () => import('../features/public/DevelopersPage'),
  '/businesses': () => infoPages().then((module) => ({ Component: module.BusinessesPage })),
  '/drivers': () => infoPages().then((module) => ({ Component: module.DriversPage })),
  '/shopify': () => infoPages().then((module) => ({ Component: module.ShopPage })),
  '/woocommerce': () => infoPages().then((module) => ({ Component: module.ShopPage })),
  '/about': () => infoPages().then((module) => ({ Component: module.AboutPage })),
  '/faq': () => infoPages().then((module) => ({ Component: module.FaqPage })),
  '/terms': () => infoPages().then((module) => ({ Component: module.TermsPage })),
  '/privacy': () => infoPages().then((module) => ({ Component: module.PrivacyPage })),
  '/contact': () => import('../features/public/ContactPage'),
  '/track-order/:searchTerm?': () => import('../features/public/TrackOrderPage'),
  '/rate/:hash': () => import('../features/public/RatePage'),
  '/rating-complete': ratingCompletePage,
  '/google-rating-complete': ratingCompletePage,
  // Rates (issue 16): the generic list and form over the rates resource.
  '/rates': resourceListPage,
  '/rates/add': resourceFormPage,
  '/rates/edit/:id': resourceFormPage,
  '/rates/batches/add': () => import('../features/rates/RateBatchAddPage'),
  '/rates/batches/:uploadBatchId/uploads': () => import('../features/rates/RateUploadsPage'),
  '/rates/batches/:uploadBatchId/uploads/edit/:rateUploadId': () => import('../features/rates/RateUploadEditPage'),
  // A store's delivery upload batches (issue 16): the rate batches' chart and lists, for deliveries.
  '/rates/:id/batches': () => import('../features/rates/RateBatchesPage'),
  '/stores/:id/batches': () => import('../features/rates/DeliveryBatchesPage'),
  '/stores/:id/batches/:uploadBatchId/uploads': () => import('../features/rates/DeliveryUploadsPage'),
  '/stores/:id/batches/:uploadBatchId/uploads/edit/:deliveryUploadId': () => import('../features/rates/DeliveryUploadEditPage'),
  // Index management (issue 16): the database's indexes, analyze and rebuild.
  '/admin/indexmanagement': () => import('../features/admin/IndexManagementPage'),
  // Store upload batches (issue 16): the rate batches' chart and lists, for stores.
  '/stores/batches/add': () => import('../features/rates/StoreBatchAddPage'),
  '/stores/batches/:uploadBatchId/uploads': () => import('../features/rates/StoreUploadsPage'),
  '/stores/batches/:uploadBatchId/uploads/edit/:storeUploadId': () => import('../features/rates/StoreUploadEditPage'),
  // Distance discovery (issue 16, administrator): the rate batches' chart, for address pairs.
  '/admin/distancediscovery': () => import('../features/rates/DistanceDiscoveryPage'),
  '/admin/distancediscovery/batches/:uploadBatchId/uploads': () => import('../features/rates/DistanceUploadsPage'),
  // Applications to join (issue 18): apply screens, review lists (generic list of src/resources/applications.ts), review screens.
  '/business-apply': applyPage,
  '/partner-apply': applyPage,
  '/driver-apply/:inviteHashId': applyPage,
  '/assistant-apply': applyPage,
  '/vehicle-apply': applyPage,
  '/business-applications': resourceListPage,
  '/partner-applications': resourceListPage,
  '/partner-applications/:id/driver-applications': partnerApplicationsPage,
  '/partner-applications/:id/vehicle-applications': partnerApplicationsPage,
  '/driver-applications': resourceListPage,
  '/assistant-applications': resourceListPage,
  '/vehicle-applications': resourceListPage,
  '/business-applications/edit/:id': reviewPage,
  '/partner-applications/edit/:id': reviewPage,
  '/driver-applications/edit/:id': reviewPage,
  '/assistant-applications/edit/:id': reviewPage,
  '/vehicle-applications/edit/:id': reviewPage,
  '/applicationinvites': resourceListPage,
  '/applicationinvites/add': resourceFormPage,
  '/applicationinvites/edit/:id': resourceFormPage,
  // Finance back office (issue 15): bank accounts and funds received over the generic screens; withdrawals and
  // advances with their request form and the staff's complete / cancel; the allocation of funds received.
  '/bank-accounts': resourceListPage,
  '/bank-accounts/add': resourceFormPage,
  '/bank-accounts/edit/:id': resourceFormPage,
  '/funds-received': resourceListPage,
  '/funds-received/add': resourceFormPage,
  '/funds-received/edit/:id': resourceFormPage,
  '/withdrawals': payoutsPage,
  '/advances': payoutsPage,
  '/funds-received/:id/allocation': () => import('../features/finance/FundsAllocationPage'),
  // Account add/edit (issue 15, f-fin) over the generic form.
  '/accounts/add': resourceFormPage,
  '/accounts/edit/:id': resourceFormPage,
  // The account form under its owner's screen (issue 15, f-fin-e2e), opened with the owner filled in.
  '/users/:id/accounts/add': accountFormPage,
  '/users/:id/accounts/edit/:accountId': accountFormPage,
  '/companies/:id/accounts/add': accountFormPage,
  '/companies/:id/accounts/edit/:accountId': accountFormPage,
  '/stores/:id/accounts/add': accountFormPage,
  '/stores/:id/accounts/edit/:accountId': accountFormPage,
  // 000 section 2 "also seen", paths without their screens (decisions.md): the user's identity is their
  // profile, and tracking is finding a delivery to follow.
  '/identity': redirectScreen('/profile'),
  '/tracking': redirectScreen('/track-order'),
};

/** Whether a URL path opens a screen that exists (menus show only those). */
export function screenExists(url: string): boolean {
  const pathname = url.split(/[?#]/)[0]!;
  return Object.keys(SCREENS).some((pattern) => matchPath(pattern, pathname) !== null);
}
