// The public pages (issue 19; 000 section 2): each one's description, for the document head (the router sets the
// title from the path) and for the sitemap the server serves per portal host (server/routes/site.ts). `{country}` is the portal's name.

export interface PublicPage {
  path: string;
  description: string;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', description: 'Same-day and next-day courier deliveries across {country} for people and businesses: book online, pay by card or account, track every parcel live.' },
  { path: '/pricing', description: 'What a delivery costs across {country}: the service levels and a live price calculator with VAT shown.' },
  { path: '/businesses', description: 'Courier accounts for shops and companies in {country}: post-pay or prepay accounts, stores, bulk uploads, an API and webhooks.' },
  { path: '/drivers', description: 'Drive with us in {country}: apply as a driver, or as a partner with your own fleet.' },
  { path: '/developers', description: 'Integrate with our API: API clients and keys, signed webhooks, and the full API reference.' },
  { path: '/shopify', description: 'How a Shopify shop sends its orders to us today: our API and webhooks.' },
  { path: '/woocommerce', description: 'How a WooCommerce shop sends its orders to us today: our API and webhooks.' },
  { path: '/track-order', description: 'Track a parcel with its waybill or order reference and the recipient\'s phone number.' },
  { path: '/about', description: 'Who we are: a courier and logistics platform for {country}.' },
  { path: '/faq', description: 'Answers to common questions about booking, paying, tracking and rating deliveries.' },
  { path: '/terms', description: 'The terms of using our courier service.' },
  { path: '/privacy', description: 'What personal data we keep, why, and for how long.' },
  { path: '/contact', description: 'Write to our operators in {country}: questions about a delivery, an account or working with us.' },
];

/**
 * The public pages that are only words and links: the build renders them to HTML ahead of time and the server sends
 * that, filled with the host's portal, with only small islands of script (issue 19, "A fast first load").
 */
export const STATIC_PUBLIC_PATHS = [
  '/', '/businesses', '/drivers', '/shopify', '/woocommerce', '/about', '/faq', '/terms', '/privacy', '/contact',
  // With the price calculator as an island, the API reference rendered by the build, and the ratings' thanks.
  '/pricing', '/developers', '/rating-complete', '/google-rating-complete',
] as const;

/**
 * The public routes with parameters rendered ahead of time the same way: one page per route pattern (the router's
 * own patterns), which the server sends for every path it matches, with the parameters filled in (HTML-escaped).
 */
export const PARAMETERISED_PUBLIC_ROUTES = ['/track-order/:searchTerm?', '/track/:hash', '/rate/:hash'] as const;

/** A route pattern's parameters, in order: `/track-order/:searchTerm?` → ['searchTerm']. */
export const routeParams = (route: string) => [...route.matchAll(/:([A-Za-z]+)\??/g)].map(([, name]) => name!);

/** What the build writes where a route's parameter goes (letters and underscores only, like the portal's). */
export const paramPlaceholder = (name: string) => `__PARAM_${name.toUpperCase()}__`;

/** A route pattern as a regular expression's alternative, without its leading slash: `track-order(?:/[^/?]+)?`. */
const routeAlternative = (route: string) => route.slice(1).split('/').map((segment, index) => {
  if (!segment.startsWith(':')) return `${index === 0 ? '' : '/'}${segment}`;
  return segment.endsWith('?') ? '(?:/[^/?]+)?' : '/[^/?]+';
}).join('');

const staticAlternatives = () => [
  ...STATIC_PUBLIC_PATHS.filter((path) => path !== '/').map((path) => path.slice(1)),
  ...PARAMETERISED_PUBLIC_ROUTES.map(routeAlternative),
].join('|');
/** A path of STATIC_PUBLIC_PATHS or PARAMETERISED_PUBLIC_ROUTES (for the service worker: these come from the server while online). */
export const STATIC_PUBLIC_PATH_PATTERN = new RegExp(`^/(${staticAlternatives()})?$`);
/** A same-origin URL of STATIC_PUBLIC_PATHS, query or not (Workbox matches a RegExp route against the whole URL). */
export const STATIC_PUBLIC_URL_PATTERN = new RegExp(`^https?://[^/]+/(${staticAlternatives()})?(\\?.*)?$`);

/** Where the build writes a page rendered ahead of time, under the web root (a dot directory: never served as a file). */
export const publicPageFile = (path: string) => `.public-pages/${path === '/' ? 'index' : path.slice(1).replace(/[:?]/g, '')}.html`;

/**
 * What the build writes where the host's portal goes; the server puts the portal's values (HTML-escaped) in their
 * place. Letters and underscores only: HTML escaping leaves them as they are.
 */
export const PORTAL_PLACEHOLDERS = {
  name: '__PORTAL_NAME__',
  cca2: '__PORTAL_CCA2__',
  currency: '__PORTAL_CURRENCY__',
  timeZone: '__PORTAL_TIME_ZONE__',
  environment: '__PORTAL_ENVIRONMENT__',
  analyticsUrl: '__PORTAL_ANALYTICS_URL__',
  /** The country code as API paths have it (lower case: /connect/…/za/…). */
  code: '__PORTAL_CODE__',
  /** The currency's decimals (money is in cents), for the price calculator's island. */
  decimals: '__PORTAL_DECIMALS__',
} as const;

/**
 * Where /google-rating-complete's public review link goes: the server puts its configured link (PUBLIC_REVIEW_URL)
 * there, or sends /rating-complete's page when none is configured.
 */
export const REVIEW_URL_PLACEHOLDER = '__PUBLIC_REVIEW_URL__';

/** The footer's links: every public page a visitor may look for. */
export const FOOTER_LINKS = [
  ['/pricing', 'Pricing'], ['/track-order', 'Track a parcel'], ['/businesses', 'For businesses'], ['/drivers', 'For drivers'],
  ['/developers', 'For developers'], ['/shopify', 'Shopify'], ['/woocommerce', 'WooCommerce'], ['/about', 'About us'],
  ['/faq', 'FAQ'], ['/contact', 'Contact us'], ['/terms', 'Terms'], ['/privacy', 'Privacy'],
] as const;

export function publicPageOf(path: string): PublicPage | undefined {
  return PUBLIC_PAGES.find((page) => page.path === path);
}

export const withCountry = (text: string, country: string) => text.replaceAll('{country}', country);
