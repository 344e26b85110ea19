import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import type { FULL_RELOAD_PATHS, RoutePath } from '../lib/access';
import { redirectScreen } from './redirect-screen';

// The screen table apart from the router (routes.tsx): the drawer's menus ask screenExists without importing
// the router, which imports the shell that loads the drawer (no import cycle).
type ScreenModule = { Component?: ComponentType; default?: ComponentType };

/**
 * The screen of every route path of ROUTE_ACCESS (src/lib/access.ts) but the server's own files, each its own
 * lazily loaded chunk that exports `Component` (or a default). The type makes a registered route without a
 * screen a compile error. Add a screen with one line here.
 */
export type ScreenPath = Exclude<RoutePath, (typeof FULL_RELOAD_PATHS)[number]>;
export const SCREENS: Record<ScreenPath, () => Promise<ScreenModule>> = {
  '/': () => import('../features/public/HomePage'),
  '/login': () => import('../features/auth/LoginPage'),
  '/register': () => import('../features/auth/LoginPage'),
  '/two-factor': () => import('../features/auth/TwoFactorPage'),
  '/logout': () => import('../features/auth/LogoutPage'),
  // Where an external provider sends the browser back (the server names it as redirectUri).
  '/login/external/callback': () => import('../features/auth/ExternalCallbackPage'),
  // Ours: every statechart drawn, simulated and path-tested (issue 7).
  '/flows': () => import('../features/flows/FlowsPage'),
  // The public tracking page (000 section 2), linked from the booking summary and My deliveries.
  '/track/:hash': () => import('../features/public/TrackPage'),
  '/forgot-password': () => import('../features/auth/PasswordPage'),
  '/confirm-password': () => import('../features/auth/PasswordPage'),
  '/confirm-email': () => import('../features/auth/ConfirmEmailPage'),
  '/confirm-phone': () => import('../features/auth/ConfirmPhonePage'),
  '/profile': () => import('../features/auth/ProfilePage'),
  // Ours: the development outbox for administrators.
  '/outbox': () => import('../features/auth/OutboxPage'),
  '/forbidden': () => import('../features/errors/ForbiddenPage'),
  '/503': () => import('../features/errors/ErrorPage'),
  '/error': () => import('../features/errors/ErrorPage'),
  // Back-office lists (issue 6): one list and one form screen for every registered resource (src/resources).
  '/companies': () => import('../ui/admin/ResourceListPage'),
  '/companies/add': () => import('../ui/admin/ResourceFormPage'),
  '/companies/edit/:id': () => import('../ui/admin/ResourceFormPage'),
  '/stores': () => import('../ui/admin/ResourceListPage'),
  '/stores/add': () => import('../ui/admin/ResourceFormPage'),
  '/stores/edit/:id': () => import('../ui/admin/ResourceFormPage'),
  // Issue 20: the deliveries list with job building from the selected rows.
  '/deliveries': () => import('../features/jobs/DeliveriesListPage'),
  '/archives/deliveries': () => import('../ui/admin/ResourceListPage'),
  // Issue 17: the partners' archives.
  '/archives/partner-deliveries': () => import('../ui/admin/ResourceListPage'),
  '/archives/partner-jobs': () => import('../ui/admin/ResourceListPage'),
  // Reports (issue 17): one generic screen renders any declaration of src/lib/reports.ts (chart.js loads only here).
  '/reports/customer-deliveries': () => import('../ui/reports/ReportPage'),
  '/reports/delivery-summary': () => import('../ui/reports/ReportPage'),
  '/reports/service-levels': () => import('../ui/reports/ReportPage'),
  '/reports/kpi-performance': () => import('../ui/reports/ReportPage'),
  '/reports/delivery-termination': () => import('../ui/reports/ReportPage'),
  '/reports/delivery-arrival': () => import('../ui/reports/ReportPage'),
  '/reports/gross-profit': () => import('../ui/reports/ReportPage'),
  '/reports/driver-performance': () => import('../ui/reports/ReportPage'),
  '/reports/hub-deliveries': () => import('../ui/reports/ReportPage'),
  '/deliveries-due': () => import('../ui/reports/ReportPage'),
  '/reports/driver-visibility': () => import('../ui/reports/ReportPage'),
  '/reports/driver-schedules': () => import('../ui/reports/ReportPage'),
  '/reports/auto-assign-efficiency': () => import('../ui/reports/ReportPage'),
  '/reports/address-variation': () => import('../ui/reports/ReportPage'),
  '/reports/driver-wait-time': () => import('../ui/reports/ReportPage'),
  '/reports/location-proximity': () => import('../ui/reports/ReportPage'),
  '/reports/acceptance-and-compliance': () => import('../ui/reports/ReportPage'),
  '/reports/driver-assignment': () => import('../ui/reports/ReportPage'),
  '/reports/driver-kpi': () => import('../ui/reports/ReportPage'),
  '/reports/driver-screening': () => import('../ui/reports/ReportPage'),
  '/reports/driver-communication': () => import('../ui/reports/ReportPage'),
  // Issue 15: the finance metrics and driver pay analysis are report declarations over the ledger.
  '/finance/metrics': () => import('../ui/reports/ReportPage'),
  '/finance/driver-pay-analysis': () => import('../ui/reports/ReportPage'),
  '/finance/amendments': () => import('../ui/reports/ReportPage'),
  '/reports/exceptions': () => import('../ui/reports/ReportPage'),
  // Scheduled reports (issue 17): the generic list and form; the edit screen adds the runs and "Run now".
  '/scheduledreports': () => import('../ui/admin/ResourceListPage'),
  '/scheduledreports/add': () => import('../ui/admin/ResourceFormPage'),
  '/scheduledreports/edit/:id': () => import('../features/reports/ScheduledReportEditPage'),
  '/deliveries/edit/:id': () => import('../features/deliveries/DeliveryEditPage'),
  // Integrations (issue 6): webhooks (edit screen with the attempt log) and API clients (edit screen with the key).
  '/webhooks': () => import('../ui/admin/ResourceListPage'),
  '/webhooks/add': () => import('../ui/admin/ResourceFormPage'),
  '/webhooks/edit/:id': () => import('../features/integrations/WebhookEditPage'),
  '/api-clients': () => import('../ui/admin/ResourceListPage'),
  '/api-clients/add': () => import('../ui/admin/ResourceFormPage'),
  '/api-clients/edit/:id': () => import('../features/integrations/ApiClientEditPage'),
  // Users, ratings (also under a user) and questionnaires (issue 6).
  '/users': () => import('../ui/admin/ResourceListPage'),
  '/users/add': () => import('../ui/admin/ResourceFormPage'),
  '/users/edit/:id': () => import('../ui/admin/ResourceFormPage'),
  '/users/:id/ratings': () => import('../features/users/UserRatingsPage'),
  // Issue 20 (f-dispatch-e2e): a driver's recorded cash deposits, each opening its ledger postings.
  '/users/:id/deposits': () => import('../features/finance/DriverDepositsPage'),
  '/accounts': () => import('../features/finance/AccountsPage'),
  '/accounts/:accountId/transactions': () => import('../features/finance/AccountTransactionsPage'),
  '/accounts/:accountId/transactions/:transactionId': () => import('../features/finance/TransactionDetailPage'),
  '/users/:id/accounts': () => import('../features/finance/AccountsPage'),
  '/users/:id/accounts/:accountId/transactions': () => import('../features/finance/AccountTransactionsPage'),
  '/users/:id/accounts/:accountId/transactions/:transactionId': () => import('../features/finance/TransactionDetailPage'),
  '/companies/:id/accounts': () => import('../features/finance/AccountsPage'),
  '/companies/:id/accounts/:accountId/transactions': () => import('../features/finance/AccountTransactionsPage'),
  '/companies/:id/accounts/:accountId/transactions/:transactionId': () => import('../features/finance/TransactionDetailPage'),
  '/stores/:id/accounts': () => import('../features/finance/AccountsPage'),
  '/stores/:id/accounts/:accountId/transactions': () => import('../features/finance/AccountTransactionsPage'),
  '/stores/:id/accounts/:accountId/transactions/:transactionId': () => import('../features/finance/TransactionDetailPage'),
  '/users/:id/ratings/add': () => import('../features/users/UserRatingFormPage'),
  '/users/:id/ratings/edit/:ratingId': () => import('../features/users/UserRatingFormPage'),
  '/ratings': () => import('../ui/admin/ResourceListPage'),
  '/ratings/add': () => import('../ui/admin/ResourceFormPage'),
  '/ratings/edit/:id': () => import('../ui/admin/ResourceFormPage'),
  '/questionnaires': () => import('../ui/admin/ResourceListPage'),
  '/questionnaires/add': () => import('../ui/admin/ResourceFormPage'),
  '/questionnaires/edit/:id': () => import('../ui/admin/ResourceFormPage'),
  // Content (issue 6): announcements (generic list and form) and the media thumbnail grids.
  '/announcements': () => import('../ui/admin/ResourceListPage'),
  '/announcements/add': () => import('../ui/admin/ResourceFormPage'),
  '/announcements/edit/:id': () => import('../ui/admin/ResourceFormPage'),
  '/media/delivery-pictures': () => import('../features/content/MediaGridPage'),
  '/media/delivery-signatures': () => import('../features/content/MediaGridPage'),
  '/media/profile-pictures': () => import('../features/content/MediaGridPage'),
  // Territories (issue 6): the list and add screens are the generic ones; the edit screen links to the areas and
  // exceptions, each drawn on the polygon map.
  '/territories': () => import('../ui/admin/ResourceListPage'),
  '/territories/add': () => import('../ui/admin/ResourceFormPage'),
  '/territories/edit/:id': () => import('../features/territories/TerritoryEditPage'),
  '/territories/:id/areas': () => import('../features/territories/TerritoryAreasPage'),
  '/territories/:id/exceptions': () => import('../features/territories/TerritoryAreasPage'),
  '/territories/:id/areas/:areaid': () => import('../features/territories/AreaPage'),
  '/territories/:id/exceptions/:areaid': () => import('../features/territories/AreaPage'),
  '/territories/edit/:id/areas/add': () => import('../features/territories/AreaPage'),
  '/territories/edit/:id/exceptions/add': () => import('../features/territories/AreaPage'),
  // Live operations (issue 5): the dashboard.
  '/dashboard': () => import('../features/dashboard/DashboardPage'),
  '/dashboard/:id': () => import('../features/dashboard/DashboardPage'),
  '/jobs': () => import('../features/jobs/JobsListPage'),
  '/jobs/edit/:id': () => import('../features/jobs/JobPage'),
  '/jobs/:id/deliveries': () => import('../features/jobs/JobPage'),
  // Booking (issue 4): the wizard dialog.
  '/deliveries/add': () => import('../features/booking/AddDeliveryPage'),
  // The card provider's return address (001 section 2).
  '/paymentcallback': () => import('../features/booking/PaymentCallbackPage'),
  // Fleet (issue 6): vehicles, hubs (with the hub's page), mobile devices.
  '/vehicles': () => import('../ui/admin/ResourceListPage'),
  '/vehicles/add': () => import('../features/fleet/VehicleFormPage'),
  '/vehicles/edit/:id': () => import('../features/fleet/VehicleFormPage'),
  '/hubs': () => import('../features/fleet/HubsListPage'),
  '/hubs/add': () => import('../features/fleet/HubFormPage'),
  '/hubs/edit/:id': () => import('../features/fleet/HubFormPage'),
  '/hubs/:id': () => import('../features/fleet/HubDetailPage'),
  '/mobile-devices': () => import('../features/fleet/MobileDevicesPage'),
  '/contact-messages': () => import('../ui/admin/ResourceListPage'),
  // The public face (issue 19): marketing and information pages, the price calculator, track-order, rating.
  '/pricing': () => import('../features/public/PricingPage'),
  '/developers': () => import('../features/public/DevelopersPage'),
  '/businesses': () => import('../features/public/InfoPages').then((module) => ({ Component: module.BusinessesPage })),
  '/drivers': () => import('../features/public/InfoPages').then((module) => ({ Component: module.DriversPage })),
  '/shopify': () => import('../features/public/InfoPages').then((module) => ({ Component: module.ShopPage })),
  '/woocommerce': () => import('../features/public/InfoPages').then((module) => ({ Component: module.ShopPage })),
  '/about': () => import('../features/public/InfoPages').then((module) => ({ Component: module.AboutPage })),
  '/faq': () => import('../features/public/InfoPages').then((module) => ({ Component: module.FaqPage })),
  '/terms': () => import('../features/public/InfoPages').then((module) => ({ Component: module.TermsPage })),
  '/privacy': () => import('../features/public/InfoPages').then((module) => ({ Component: module.PrivacyPage })),
  '/contact': () => import('../features/public/ContactPage'),
  '/track-order/:searchTerm?': () => import('../features/public/TrackOrderPage'),
  '/rate/:hash': () => import('../features/public/RatePage'),
  '/rating-complete': () => import('../features/public/RatingCompletePage'),
  '/google-rating-complete': () => import('../features/public/RatingCompletePage'),
  // Rates (issue 16): the generic list and form over the rates resource.
  '/rates': () => import('../ui/admin/ResourceListPage'),
  '/rates/add': () => import('../ui/admin/ResourceFormPage'),
  '/rates/edit/:id': () => import('../ui/admin/ResourceFormPage'),
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
  '/business-apply': () => import('../features/applications/ApplyPage'),
  '/partner-apply': () => import('../features/applications/ApplyPage'),
  '/driver-apply/:inviteHashId': () => import('../features/applications/ApplyPage'),
  '/assistant-apply': () => import('../features/applications/ApplyPage'),
  '/vehicle-apply': () => import('../features/applications/ApplyPage'),
  '/business-applications': () => import('../ui/admin/ResourceListPage'),
  '/partner-applications': () => import('../ui/admin/ResourceListPage'),
  '/partner-applications/:id/driver-applications': () => import('../features/applications/PartnerApplicationsPage'),
  '/partner-applications/:id/vehicle-applications': () => import('../features/applications/PartnerApplicationsPage'),
  '/driver-applications': () => import('../ui/admin/ResourceListPage'),
  '/assistant-applications': () => import('../ui/admin/ResourceListPage'),
  '/vehicle-applications': () => import('../ui/admin/ResourceListPage'),
  '/business-applications/edit/:id': () => import('../features/applications/ReviewPage'),
  '/partner-applications/edit/:id': () => import('../features/applications/ReviewPage'),
  '/driver-applications/edit/:id': () => import('../features/applications/ReviewPage'),
  '/assistant-applications/edit/:id': () => import('../features/applications/ReviewPage'),
  '/vehicle-applications/edit/:id': () => import('../features/applications/ReviewPage'),
  '/applicationinvites': () => import('../ui/admin/ResourceListPage'),
  '/applicationinvites/add': () => import('../ui/admin/ResourceFormPage'),
  '/applicationinvites/edit/:id': () => import('../ui/admin/ResourceFormPage'),
  // Finance back office (issue 15): bank accounts and funds received over the generic screens; withdrawals and
  // advances with their request form and the staff's complete / cancel; the allocation of funds received.
  '/bank-accounts': () => import('../ui/admin/ResourceListPage'),
  '/bank-accounts/add': () => import('../ui/admin/ResourceFormPage'),
  '/bank-accounts/edit/:id': () => import('../ui/admin/ResourceFormPage'),
  '/funds-received': () => import('../ui/admin/ResourceListPage'),
  '/funds-received/add': () => import('../ui/admin/ResourceFormPage'),
  '/funds-received/edit/:id': () => import('../ui/admin/ResourceFormPage'),
  '/withdrawals': () => import('../features/finance/PayoutsPage'),
  '/advances': () => import('../features/finance/PayoutsPage'),
  '/funds-received/:id/allocation': () => import('../features/finance/FundsAllocationPage'),
  // Account add/edit (issue 15, f-fin) over the generic form.
  '/accounts/add': () => import('../ui/admin/ResourceFormPage'),
  '/accounts/edit/:id': () => import('../ui/admin/ResourceFormPage'),
  // The account form under its owner's screen (issue 15, f-fin-e2e), opened with the owner filled in.
  '/users/:id/accounts/add': () => import('../features/finance/AccountFormPage'),
  '/users/:id/accounts/edit/:accountId': () => import('../features/finance/AccountFormPage'),
  '/companies/:id/accounts/add': () => import('../features/finance/AccountFormPage'),
  '/companies/:id/accounts/edit/:accountId': () => import('../features/finance/AccountFormPage'),
  '/stores/:id/accounts/add': () => import('../features/finance/AccountFormPage'),
  '/stores/:id/accounts/edit/:accountId': () => import('../features/finance/AccountFormPage'),
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
