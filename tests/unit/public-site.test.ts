// The public pages rendered ahead of time (issue 19, "A fast first load"): what the build writes, and the server's
// filling of the portal's placeholders.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { siteAssets, siteData } from '../../scripts/render-public-pages';
import { fillParams, fillPortal, reviewPage } from '../../server/routes/public-site';
import { SiteDocument } from '../../src/features/public/site/document';
import { PARAMETERISED_PUBLIC_ROUTES, paramPlaceholder, PORTAL_PLACEHOLDERS, PUBLIC_PAGES, REVIEW_URL_PLACEHOLDER, routeParams, STATIC_PUBLIC_PATHS, STATIC_PUBLIC_PATH_PATTERN, STATIC_PUBLIC_URL_PATTERN, withCountry } from '../../src/lib/public-pages';

const ASSETS = { script: '/assets/site-1.js', styles: ['/assets/site-2.css'], preloads: ['/assets/shared-3.js'] };
const ZA = { name: 'South Africa', cca2: 'ZA', currency: 'ZAR', timeZone: 'Africa/Johannesburg', environment: 'local', analyticsUrl: '', code: 'za', decimals: '2' };
const DATA = siteData(process.cwd());
const template = (path: string) => renderToStaticMarkup(createElement(SiteDocument, { path, portal: PORTAL_PLACEHOLDERS, assets: ASSETS, builtAt: '27-11-2026 06:30', data: DATA }));
const render = (path: string) => fillPortal(template(path), ZA);

describe('a public page rendered ahead of time', () => {
  it.each(STATIC_PUBLIC_PATHS)('%s has one h1, its title and description, the site links and only the site script', (path) => {
    const html = render(path);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toMatch(/<title>[^<]*Courier<\/title>/);
    // The ratings' thanks are not in the sitemap and have no description.
    const description = PUBLIC_PAGES.find((page) => page.path === path)?.description;
    if (description) expect(html).toContain(`<meta name="description" content="${withCountry(description, 'South Africa')}"/>`);
    else expect(path).toMatch(/rating-complete$/);
    expect(html).toContain('<nav aria-label="Site"><a href="/pricing">Pricing</a>');
    expect(html).toContain('<main id="content"');
    expect(html).toContain('data-testid="portal-cca2" aria-label="Country South Africa">ZA</span>');
    expect(html).toContain('<a class="site-header-link" href="/login">Log in / Sign up</a>');
    expect([...html.matchAll(/<script[^>]*>/g)].map(([tag]) => tag)).toEqual(['<script type="module" src="/assets/site-1.js">']);
    expect(html).not.toMatch(/__PORTAL_[A-Z_]+__/);
    if (path !== '/google-rating-complete') expect(html).not.toContain(REVIEW_URL_PLACEHOLDER);
  });

  it('/ has the chat button and the ways on; the others have no chat', () => {
    const home = render('/');
    expect(home).toContain('<div id="visitor-chat"><button type="button" class="site-chat-button" aria-haspopup="dialog">Chat with us</button></div>');
    // After the content, before the footer: where a phone shows it, in the page's flow (site.css).
    expect(home.indexOf('</main><div id="visitor-chat">')).toBeGreaterThan(0);
    expect(home.indexOf('id="visitor-chat"')).toBeLessThan(home.indexOf('<footer'));
    for (const [name, href] of [['Book a delivery', '/deliveries/add'], ['Track a parcel', '/track-order'], ['Apply', '/drivers']]) {
      expect(home).toMatch(new RegExp(`href="${href}" class="site-action[^"]*">${name}</a>`));
    }
    expect(render('/about')).not.toContain('visitor-chat');
  });

  it.each(PARAMETERISED_PUBLIC_ROUTES)('%s (a route with parameters) has one h1, its pattern as the page, its placeholders and only the site script', (route) => {
    const html = render(route);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain(`data-page="${route}"`);
    for (const name of routeParams(route)) expect(html).toContain(paramPlaceholder(name));
    expect([...html.matchAll(/<script[^>]*>/g)].map(([tag]) => tag)).toEqual(['<script type="module" src="/assets/site-1.js">']);
    expect(html.includes('id="visitor-chat"')).toBe(route !== '/rate/:hash');
  });

  it('/track-order/:searchTerm? has the description of /track-order; fillParams escapes what it puts in', () => {
    const description = PUBLIC_PAGES.find((page) => page.path === '/track-order')!.description;
    expect(render('/track-order/:searchTerm?')).toContain(`<meta name="description" content="${withCountry(description, 'South Africa').replaceAll("'", '&#x27;')}"/>`);
    expect(fillParams('<p data-x="__PARAM_HASH__">__PARAM_HASH__</p>', '/track/:hash', { hash: '"<b>&' }))
      .toBe('<p data-x="&#34;&#60;b&#62;&#38;">&#34;&#60;b&#62;&#38;</p>');
    expect(fillParams('<i>__PARAM_SEARCHTERM__</i>', '/track-order/:searchTerm?', {})).toBe('<i></i>');
  });

  it('has the drawer of a visitor without a script: the top navigation, the version and the build time', () => {
    const html = render('/faq');
    expect(html).toContain('<summary class="site-menu-button" aria-label="Open menu">');
    const menu = html.slice(html.indexOf('<nav aria-label="Main">'), html.indexOf('</nav>', html.indexOf('<nav aria-label="Main">')));
    expect([...menu.matchAll(/href="([^"]+)"/g)].map(([, href]) => href)).toEqual(expect.arrayContaining(['/', '/pricing', '/businesses', '/drivers', '/developers', '/track-order']));
    expect(html).toContain('Version 3.0.2558 · built 27-11-2026 06:30 UTC');
  });

  it('fills every placeholder, HTML-escaped', () => {
    const html = fillPortal(`<p title="${PORTAL_PLACEHOLDERS.name}">${PORTAL_PLACEHOLDERS.name} ${PORTAL_PLACEHOLDERS.currency}</p>`, { ...ZA, name: 'Côte <d\'Ivoire> & "co"' });
    expect(html).toBe('<p title="Côte &#60;d&#39;Ivoire&#62; &#38; &#34;co&#34;">Côte &#60;d&#39;Ivoire&#62; &#38; &#34;co&#34; ZAR</p>');
  });

  it('loads the site script with its CSS and preloads the chunks it imports (from Vite\'s manifest)', () => {
    expect(siteAssets({
      'src/site.ts': { file: 'assets/site-1.js', css: ['assets/site-2.css'], imports: ['_shared-3.js'] },
      '_shared-3.js': { file: 'assets/shared-3.js', imports: ['_runtime-4.js'] },
      '_runtime-4.js': { file: 'assets/runtime-4.js' },
    })).toEqual({ script: '/assets/site-1.js', styles: ['/assets/site-2.css'], preloads: ['/assets/shared-3.js', '/assets/runtime-4.js'] });
  });

  it('the service worker leaves exactly these pages to the server (path and whole-URL patterns)', () => {
    for (const path of STATIC_PUBLIC_PATHS) {
      expect(STATIC_PUBLIC_PATH_PATTERN.test(path)).toBe(true);
      expect(STATIC_PUBLIC_URL_PATTERN.test(`https://za.example.com${path}`)).toBe(true);
      expect(STATIC_PUBLIC_URL_PATTERN.test(`http://127.0.0.1:8080${path}?utm_source=x`)).toBe(true);
    }
    // The routes with parameters: every path they match, and no other.
    for (const path of ['/track-order', '/track-order/WB1', '/track/abc123', '/rate/abc123']) {
      expect(STATIC_PUBLIC_PATH_PATTERN.test(path)).toBe(true);
      expect(STATIC_PUBLIC_URL_PATTERN.test(`https://za.example.com${path}?x=1`)).toBe(true);
    }
    for (const path of ['/pricings', '/track-order/a/b', '/track', '/track/', '/rate/x/y', '/tracking/x', '/about/x', '/faqs', '/assets/site-1.js', '/index.html']) {
      expect(STATIC_PUBLIC_PATH_PATTERN.test(path)).toBe(false);
      expect(STATIC_PUBLIC_URL_PATTERN.test(`https://za.example.com${path}`)).toBe(false);
    }
  });
});

describe('the pages with islands and build-time data rendered ahead of time', () => {
  it('/pricing has the calculator as the charts first show it, fields disabled until live, with the portal\'s money', () => {
    const html = render('/pricing');
    expect(html).toContain('<h1>Pricing</h1>');
    expect(html).toContain('What a delivery costs across South Africa, in ZAR with VAT shown. The same prices as when you book.');
    expect(html).toContain('<div id="price-calculator" data-currency="ZAR" data-decimals="2">');
    expect(html).toContain('<form class="site-calculator" aria-label="Price calculator">');
    expect(html).toMatch(/<fieldset class="[^"]*" disabled="">/);
    for (const id of ['calculator-from', 'calculator-to']) {
      expect(html).toMatch(new RegExp(`<input id="${id}" type="text" role="combobox"[^>]*aria-expanded="false" aria-controls="${id}-listbox"`));
    }
    expect(html).toContain('<select id="calculator-parcel" aria-busy="true" disabled="">');
    expect(html).toContain('<option value="Hyperlocal">Hyperlocal (Near)</option>');
    for (const level of ['Standard', 'Priority', 'Hyperlocal', 'Emergency Relief']) expect(html).toMatch(new RegExp(`<h3>${level} · `));
  });

  it('/developers has the webhook scheme and the whole API reference of openapi/*.yaml, with the portal\'s path code', () => {
    const html = render('/developers');
    expect(html).toContain('Calls of this portal go to /connect/…/za/…');
    expect(html).toContain('X-Courier-Signature');
    expect(html).toContain('<pre class="site-pre" tabindex="0"');
    const reference = html.slice(html.indexOf('data-testid="api-reference"'));
    expect(reference).toContain('/connect/public/{cca2}/price');
    expect(reference).toContain('/identity/');
    expect(reference).toContain('<a href="/openapi/connect.yaml" class="site-small">(OpenAPI YAML)</a>');
    const operations = DATA.reference.flatMap((group) => group.tags.flatMap((tag) => tag.operations));
    expect(operations.length).toBeGreaterThan(50);
    expect(reference.match(/<li>/g)!.length).toBe(operations.length);
    expect(reference).toMatch(/<summary>public \(\d+\)<\/summary>/);
  });

  it('/rating-complete thanks without the review link; /google-rating-complete has it from the server, or is /rating-complete', () => {
    expect(render('/rating-complete')).toContain('<h1>Thank you for your rating</h1>');
    expect(render('/rating-complete')).not.toContain('Write a public review');
    const templates = new Map(['/rating-complete', '/google-rating-complete'].map((path) => [path, template(path)]));
    const offered = fillPortal(reviewPage(templates, 'https://reviews.example/courier?a=1&b=2')!, ZA);
    expect(offered).toContain('<a class="site-link-strong" href="https://reviews.example/courier?a=1&#38;b=2" target="_blank" rel="noopener noreferrer">Write a public review</a>');
    expect(offered).toContain('<title>Google rating complete · Courier</title>');
    for (const none of [undefined, '', 'javascript:alert(1)', 'http://reviews.example']) {
      expect(reviewPage(templates, none)).toBe(templates.get('/rating-complete'));
    }
  });
});
