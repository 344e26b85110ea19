import type { RoutePath } from './access';
import type { Permissions } from './roles';
import { isMenuEntryVisible, MENU_ENTRIES } from './menus';

/** The app's name, the last part of every page title. */
export const APP_TITLE = 'Courier';

/** Titles the path alone would not give well (the menus name most screens). */
const TITLE_OVERRIDES: Partial<Record<string, string>> = {
  '/login': 'Log in',
  '/register': 'Sign up',
  '/logout': 'Log out',
  '/forbidden': 'Insufficient permission',
  '/503': 'Service unavailable',
  '/error': 'Error',
  '/faq': 'FAQ',
};

/** The label the user's own menu gives a path ("My deliveries" for a customer's /dashboard), else the first one. */
function menuLabel(path: string, permissions: Permissions | null | undefined): string | undefined {
  const entries = MENU_ENTRIES.filter((entry) => entry.path === path);
  return (permissions === undefined ? undefined : entries.find((entry) => isMenuEntryVisible(entry, permissions)))?.label ?? entries[0]?.label;
}

function humanize(segment: string): string {
  const words = segment.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The document title of a route (issue "What a new user trips over", 16): the page's own name, then what it belongs
 * to, then the app, e.g. "Deliveries · Courier", "Edit · Deliveries · Courier", "Accounts · Users · Courier". Names
 * come from the menus where a menu leads to the path, else from the path's words; the public home is "Courier".
 */
export function pageTitle(path: RoutePath | string, permissions?: Permissions | null): string {
  if (path === '/' || path === '') return APP_TITLE;
  const override = TITLE_OVERRIDES[path] ?? menuLabel(path, permissions);
  if (override) return `${override} · ${APP_TITLE}`;
  const staticSegments = path.split('/').filter((segment) => segment && !segment.startsWith(':'));
  const parts = staticSegments.map((segment, index) => {
    const prefix = `/${staticSegments.slice(0, index + 1).join('/')}`;
    return menuLabel(prefix, permissions) ?? TITLE_OVERRIDES[prefix] ?? humanize(segment);
  });
  return [...parts.reverse(), APP_TITLE].join(' · ');
}
