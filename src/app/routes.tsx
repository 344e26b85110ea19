import { useEffect, type ComponentType } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { FULL_RELOAD_PATHS, ROUTE_ACCESS, type RoutePath, type RouteRule } from '../lib/access';
import { sendPageView } from '../lib/analytics';
import { pageNavigation } from '../lib/browser';
import { pageTitle } from '../lib/page-titles';
import { usePermissions, usePortal } from '../machines/root/root-actor';
import { RequireAccess } from './RequireAccess';
import { Shell } from './Shell';
import { Splash } from './StartupScreens';
import { SCREENS, type ScreenPath } from './screens';
import { RouteErrorBoundary } from './UnhandledErrorScreen';
import { lazyPart } from '../ui/lazy-part';

const lazyScreens = new Map<string, ComponentType>();
/** A route's screen, loaded on first visit; a failed fetch of its code says so inside the shell, with a retry. */
function screenFor(path: ScreenPath): ComponentType {
  const load = SCREENS[path];
  let screen = lazyScreens.get(path);
  if (!screen) {
    screen = lazyPart<object, Awaited<ReturnType<typeof load>>>(load, (module) => {
      const component = module.Component ?? module.default;
      if (!component) throw new Error(`The screen of ${path} exports no Component`);
      return component;
    }, () => <Splash />);
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
  useDocumentTitle('/error');
  return <ErrorScreen />;
}

/** Every route names its page in the browser's tab and history (pageTitle: "Deliveries · Courier"). */
function useDocumentTitle(path: string) {
  const permissions = usePermissions();
  useEffect(() => {
    document.title = pageTitle(path, permissions);
  }, [path, permissions]);
}

/** The route pattern of the previous page view in this tab. */
let previousPage: string | undefined;

/** A page view per location change when the server names an analytics endpoint (off by default). */
function usePageView(path: string) {
  const { pathname } = useLocation();
  const { analyticsUrl, cca2 } = usePortal();
  useEffect(() => {
    if (!analyticsUrl) return;
    sendPageView(analyticsUrl, { page: path, portal: cca2, ...(previousPage && { previous: previousPage }) });
    previousPage = path;
  }, [analyticsUrl, cca2, path, pathname]);
}

function RouteScreen({ path, rule, Screen }: { path: string; rule: RouteRule; Screen: ComponentType }) {
  useDocumentTitle(path);
  usePageView(path);
  return (
    <RequireAccess rule={rule}>
      <Screen />
    </RequireAccess>
  );
}

const isFullReload = (path: RoutePath): path is (typeof FULL_RELOAD_PATHS)[number] => (FULL_RELOAD_PATHS as readonly string[]).includes(path);

function routeFor(entry: (typeof ROUTE_ACCESS)[number]): RouteObject {
  if (isFullReload(entry.path)) return { path: entry.path, element: <FullPageReload /> };
  return { path: entry.path, element: <RouteScreen path={entry.path} rule={entry.rule} Screen={screenFor(entry.path)} /> };
}

/**
 * The route table: every route of 000 section 2 in the order of ROUTE_ACCESS, guarded by its rule; any
 * unmatched path is the error screen; an error thrown while rendering is the unhandled-error screen (AppRoutes).
 */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      ...ROUTE_ACCESS.map(routeFor),
      { path: '*', element: <TheErrorScreen /> },
    ],
  },
];

/**
 * The routes for the router's location (BrowserRouter in main.tsx, a MemoryRouter in tests). Declarative routing,
 * not React Router's data router: the app has no loaders, actions or fetchers, and the data router's code was ~16 kB
 * gzip of every page (issue 19). Its one data-router feature, the `errorElement`, is RouteErrorBoundary here.
 */
export function AppRoutes({ table = routes }: { table?: RouteObject[] }) {
  const element = useRoutes(table);
  const { key } = useLocation();
  return <RouteErrorBoundary locationKey={key}>{element}</RouteErrorBoundary>;
}
