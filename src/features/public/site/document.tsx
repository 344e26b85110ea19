// The whole HTML document of a public page rendered ahead of time (issue 19, "A fast first load"): the header with
// the portal's badge and the sign-in link, the page, the footer, and the one small script of the public pages
// (src/site.ts: the service worker, page views, the chat button). No inline script or style: the CSP forbids them.
import type { ReactNode } from 'react';
import { APP_VERSION } from '../../../lib/shell-constants';
import { visibleMenus } from '../../../lib/menus';
import { FOOTER_LINKS, publicPageOf, REVIEW_URL_PLACEHOLDER, withCountry } from '../../../lib/public-pages';
import { USER_MENU_TEXTS } from '../../../lib/shell-texts';
import { pageTitle } from '../../../lib/page-titles';
import { VISITOR_CHAT_TEXTS } from '../../../lib/visitor-chat';
import { ContactContent } from './contact-page';
import { RateContent, TrackContent, TrackOrderContent } from './param-pages';
import { STATIC_PUBLIC_PAGES, type SitePortal } from './content';
import { DevelopersContent, StaticApiReference, type ApiReferenceGroups } from './developers';
import { PricingContent } from './pricing-page';
import { RatingCompleteContent } from './rating-complete';

/** The portal as a page shows it; the build renders placeholders that the server fills per host. */
export interface DocumentPortal extends SitePortal {
  cca2: string;
  environment: string;
  /** The page-view endpoint (000 section 7), empty when analytics are off. */
  analyticsUrl: string;
  /** The country code as API paths have it (lower case). */
  code: string;
  /** The currency's decimals, as text (a placeholder until the server fills it). */
  decimals: string;
}

/** What the build read for the pages: the API reference of openapi/*.yaml (/developers). */
export interface SiteData {
  reference: ApiReferenceGroups;
}

/** The built files the page loads: the script of the public pages, its style sheets, the chunks it imports. */
export interface SiteAssets {
  script: string;
  styles: string[];
  preloads: string[];
}

const PAGES: Record<string, (props: { portal: DocumentPortal; data: SiteData }) => ReactNode> = {
  ...STATIC_PUBLIC_PAGES,
  '/contact': ContactContent,
  '/pricing': ({ portal }) => <PricingContent portal={portal} decimals={portal.decimals} />,
  '/developers': ({ portal, data }) => <DevelopersContent code={portal.code} reference={<StaticApiReference groups={data.reference} />} />,
  '/rating-complete': () => <RatingCompleteContent reviewUrl={null} />,
  // The server fills in the configured review link, or sends /rating-complete's page when there is none.
  '/google-rating-complete': () => <RatingCompleteContent reviewUrl={REVIEW_URL_PLACEHOLDER} />,
  // The routes with parameters: one page per route pattern (src/lib/public-pages.ts, PARAMETERISED_PUBLIC_ROUTES).
  '/track-order/:searchTerm?': TrackOrderContent, '/track/:hash': TrackContent, '/rate/:hash': RateContent,
};

/** The pages with the chat widget (000 section 1) among those rendered ahead of time. */
const WITH_CHAT = new Set(['/', '/track-order/:searchTerm?', '/track/:hash']);

/**
 * The app's drawer for a visitor (000 section 2: the top navigation, the version and the build time), as a
 * disclosure that needs no script. The build time is the rendering's, in UTC: the page is built before any portal.
 */
function SiteMenu({ builtAt }: { builtAt: string }) {
  const entries = visibleMenus(null, () => true).flatMap((group) => group.entries);
  return (
    <details className="site-menu">
      <summary className="site-menu-button" aria-label="Open menu">☰</summary>
      <div className="site-menu-panel">
        <nav aria-label="Main">
          <ul>{entries.map((entry) => <li key={entry.id}><a href={entry.path}>{entry.label}</a></li>)}</ul>
        </nav>
        <p className="site-muted" data-testid="app-version">Version {APP_VERSION} · built {builtAt} UTC</p>
      </div>
    </details>
  );
}

export function SiteDocument({ path, portal, assets, builtAt, data = { reference: [] } }: { path: string; portal: DocumentPortal; assets: SiteAssets; builtAt: string; data?: SiteData }) {
  const Content = PAGES[path];
  if (!Content) throw new Error(`${path} is not a page rendered ahead of time`);
  // A route with parameters has the description of its path without them (/track-order).
  const description = publicPageOf(path.replace(/\/:[A-Za-z]+\?$/, ''))?.description;
  return (
    <html lang="en" data-portal={portal.cca2} data-analytics={portal.analyticsUrl} data-page={path}>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="theme-color" content="#444444" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <title>{pageTitle(path)}</title>
        {description && <meta name="description" content={withCountry(description, portal.name)} />}
        {assets.styles.map((href) => <link key={href} rel="stylesheet" href={href} />)}
        <script type="module" src={assets.script} />
        {assets.preloads.map((href) => <link key={href} rel="modulepreload" href={href} />)}
      </head>
      <body className="site">
        <a className="site-skip" href="#content">Skip to content</a>
        <header className="site-header">
          <div className="site-header-start">
            <SiteMenu builtAt={builtAt} />
            <a className="site-logo" href="/" aria-label={`Courier home, ${portal.name}`}>Courier<span>.</span></a>
            <span className="site-badge" data-testid="portal-cca2" aria-label={`Country ${portal.name}`}>{portal.cca2}</span>
            <span className="site-badge site-badge-environment" data-testid="environment-badge" data-environment={portal.environment}>{portal.environment}</span>
          </div>
          <a className="site-header-link" href="/login">{USER_MENU_TEXTS.login}</a>
        </header>
        <div className="site-page">
          <main id="content" tabIndex={-1} className="site-main">
            <Content portal={portal} data={data} />
          </main>
          {/* Before the footer: on a phone the button is in the flow there (site.css); wider, it floats. */}
          {WITH_CHAT.has(path) && (
            <div id="visitor-chat">
              <button type="button" className="site-chat-button" aria-haspopup="dialog">{VISITOR_CHAT_TEXTS.open}</button>
            </div>
          )}
          <footer className="site-footer">
            <nav aria-label="Site">
              {FOOTER_LINKS.map(([to, label]) => <a key={to} href={to}>{label}</a>)}
            </nav>
            <p className="site-muted">{portal.name} · prices in {portal.currency} · times in {portal.timeZone}</p>
          </footer>
        </div>
      </body>
    </html>
  );
}
