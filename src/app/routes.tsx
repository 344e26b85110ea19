import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { matchPath, useLocation, type RouteObject } from 'react-router-dom';
import { FULL_RELOAD_PATHS, ROUTE_ACCESS, type RouteEntry, type RoutePath, type RouteRule } from '../lib/access';
import { pageNavigation } from '../lib/browser';
import { NotAvailableYet } from '../features/errors/NotAvailableYet';
import { RequireAccess } from './RequireAccess';
import { Shell } from './Shell';
import { Splash } from './StartupScreens';
import { RouteErrorScreen } from './UnhandledErrorScreen';

type ScreenModule = { Component?: ComponentType; default?: ComponentType };

/**
 * The screens that exist, by route path of ROUTE_ACCESS (src/lib/access.ts), each its own lazily loaded
 * chunk that exports `Component` (or a default). A registered path missing here renders "Not available
 * yet" and stays out of the menus. Add a screen with one line here.
 */
export const SCREENS: Partial<Record<RoutePath, () => Promise<ScreenModule>>> = {
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
  '/track/:hash': () => import('../features/tracking/TrackPage'),
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
  '/companies': () => import('../features/admin/ResourceListPage'),
  '/companies/add': () => import('../features/admin/ResourceFormPage'),
  '/companies/edit/:id': () => import('../features/admin/ResourceFormPage'),
  '/stores': () => import('../features/admin/ResourceListPage'),
  '/stores/add': () => import('../features/admin/ResourceFormPage'),
  '/stores/edit/:id': () => import('../features/admin/ResourceFormPage'),
  '/deliveries': () => import('../features/admin/ResourceListPage'),
  '/archives/deliveries': () => import('../features/admin/ResourceListPage'),
  '/deliveries/edit/:id': () => import('../features/deliveries/DeliveryEditPage'),
  // Integrations (issue 6): webhooks (edit screen with the attempt log) and API clients (edit screen with the key).
  '/webhooks': () => import('../features/admin/ResourceListPage'),
  '/webhooks/add': () => import('../features/admin/ResourceFormPage'),
  '/webhooks/edit/:id': () => import('../features/integrations/WebhookEditPage'),
  '/api-clients': () => import('../features/admin/ResourceListPage'),
  '/api-clients/add': () => import('../features/admin/ResourceFormPage'),
  '/api-clients/edit/:id': () => import('../features/integrations/ApiClientEditPage'),
  // Users, ratings (also under a user) and questionnaires (issue 6).
  '/users': () => import('../features/admin/ResourceListPage'),
  '/users/add': () => import('../features/admin/ResourceFormPage'),
  '/users/edit/:id': () => import('../features/users/UserEditPage'),
  '/users/:id/ratings': () => import('../features/users/UserRatingsPage'),
  '/users/:id/ratings/add': () => import('../features/users/UserRatingFormPage'),
  '/users/:id/ratings/edit/:ratingId': () => import('../features/users/UserRatingFormPage'),
  '/ratings': () => import('../features/admin/ResourceListPage'),
  '/ratings/add': () => import('../features/admin/ResourceFormPage'),
  '/ratings/edit/:id': () => import('../features/admin/ResourceFormPage'),
  '/questionnaires': () => import('../features/admin/ResourceListPage'),
  '/questionnaires/add': () => import('../features/admin/ResourceFormPage'),
  '/questionnaires/edit/:id': () => import('../features/admin/ResourceFormPage'),
  // Content (issue 6): announcements (generic list and form) and the media thumbnail grids.
  '/announcements': () => import('../features/admin/ResourceListPage'),
  '/announcements/add': () => import('../features/admin/ResourceFormPage'),
  '/announcements/edit/:id': () => import('../features/admin/ResourceFormPage'),
  '/media/delivery-pictures': () => import('../features/content/MediaGridPage'),
  '/media/delivery-signatures': () => import('../features/content/MediaGridPage'),
  '/media/profile-pictures': () => import('../features/content/MediaGridPage'),
  // Territories (issue 6): the list and add screens are the generic ones; the edit screen links to the areas and
  // exceptions, each drawn on the polygon map.
  '/territories': () => import('../features/admin/ResourceListPage'),
  '/territories/add': () => import('../features/admin/ResourceFormPage'),
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
  '/vehicles': () => import('../features/admin/ResourceListPage'),
  '/vehicles/add': () => import('../features/fleet/VehicleFormPage'),
  '/vehicles/edit/:id': () => import('../features/fleet/VehicleFormPage'),
  '/hubs': () => import('../features/fleet/HubsListPage'),
  '/hubs/add': () => import('../features/fleet/HubFormPage'),
  '/hubs/edit/:id': () => import('../features/fleet/HubFormPage'),
  '/hubs/:id': () => import('../features/fleet/HubDetailPage'),
  '/mobile-devices': () => import('../features/fleet/MobileDevicesPage'),
};

/** Whether a URL path opens a screen that exists (menus show only those). */
export function screenExists(url: string): boolean {
  const pathname = url.split(/[?#]/)[0]!;
  return Object.keys(SCREENS).some((pattern) => matchPath(pattern, pathname) !== null);
}

const lazyScreens = new Map<string, ComponentType>();
function screenFor(path: string): ComponentType {
  const load = SCREENS[path as RoutePath];
  if (!load) return NotAvailableYet;
  let screen = lazyScreens.get(path);
  if (!screen) {
    screen = lazy(async () => {
      const module = await load();
      const component = module.Component ?? module.default;
      if (!component) throw new Error(`The screen of ${path} exports no Component`);
      return { default: component };
    });
    lazyScreens.set(path, screen);
  }
  return screen;
}

/** /robots.txt and /sitemap.xml are the server's: reached from inside the app, the page reloads to get them. */
function FullPageReload() {
  const location = useLocation();
  // The first location of the app has the key 'default': the server already answered this URL with the app
  // (it has no such file), so reloading would only loop.
  const arrivedInApp = location.key !== 'default';
  useEffect(() => {
    if (arrivedInApp) pageNavigation.reload();
  }, [arrivedInApp, location.key]);
  return arrivedInApp ? <Splash /> : <TheErrorScreen />;
}

const ErrorScreen = screenFor('/error');

/** The one error screen (/503, /error, any unmatched path), loaded like the other screens. */
function TheErrorScreen() {
  return (
    <Suspense fallback={<Splash />}>
      <ErrorScreen />
    </Suspense>
  );
}

function RouteScreen({ rule, Screen }: { rule: RouteRule; Screen: ComponentType }) {
  return (
    <RequireAccess rule={rule}>
      <Suspense fallback={<Splash />}>
        <Screen />
      </Suspense>
    </RequireAccess>
  );
}

function routeFor(entry: RouteEntry): RouteObject {
  if ((FULL_RELOAD_PATHS as readonly string[]).includes(entry.path)) return { path: entry.path, element: <FullPageReload /> };
  return { path: entry.path, element: <RouteScreen rule={entry.rule} Screen={screenFor(entry.path)} /> };
}

/**
 * The route table: every route of 000 section 2 in the order of ROUTE_ACCESS, guarded by its rule; any
 * unmatched path is the error screen; an error thrown while rendering is the unhandled-error screen.
 */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteErrorScreen />,
    children: [
      ...ROUTE_ACCESS.map(routeFor),
      { path: '*', element: <TheErrorScreen /> },
    ],
  },
];
