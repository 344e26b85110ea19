// The public pages that are only words and links (issue 19, "A fast first load"): the build rendered them to HTML
// with placeholders for the portal (scripts/render-public-pages.tsx); here each is filled with the portal of the host
// it is asked on (000 section 1), compressed once and kept a minute per host and path. A host without a portal, or a
// build without the rendered pages, gets the single-page app as before (which says "Unknown host ..." for the former).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_COUNTRY } from '../../src/lib/constants';
import { parseHost } from '../../src/lib/host';
import { PARAMETERISED_PUBLIC_ROUTES, paramPlaceholder, PORTAL_PLACEHOLDERS, publicPageFile, REVIEW_URL_PLACEHOLDER, routeParams, STATIC_PUBLIC_PATHS } from '../../src/lib/public-pages';
import type { Database } from '../db/database';
import { findPortal } from '../domain/portals';
import { SIGNED_IN_COOKIE } from '../auth/sessions';

/** How long a filled page is kept: a portal renamed in the database shows within this. */
export const PUBLIC_PAGE_CACHE_MS = 60_000;

type PortalValues = Record<keyof typeof PORTAL_PLACEHOLDERS, string>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page with the portal's values (HTML-escaped) in place of the build's placeholders. */
export function fillPortal(template: string, portal: PortalValues): string {
  let html = template;
  for (const [key, placeholder] of Object.entries(PORTAL_PLACEHOLDERS) as [keyof PortalValues, string][]) {
    html = html.replaceAll(placeholder, escapeHtml(portal[key]));
  }
  return html;
}

/** A parameterised page with the path's parameters (HTML-escaped; an absent optional one is empty) in place of the build's. */
export function fillParams(html: string, route: string, params: Record<string, string | undefined>): string {
  let filled = html;
  for (const name of routeParams(route)) filled = filled.replaceAll(paramPlaceholder(name), escapeHtml(params[name] ?? ''));
  return filled;
}

interface Filled { html: Buffer; br: Buffer; gzip: Buffer; until: number }

/**
 * /google-rating-complete with the configured public review link (only an https link, as the rating page checks),
 * or, with none configured, /rating-complete's page: the same thanks without the offer.
 */
export function reviewPage(templates: ReadonlyMap<string, string>, reviewUrl: string | undefined): string | undefined {
  const google = templates.get('/google-rating-complete');
  if (google && reviewUrl && /^https:\/\//.test(reviewUrl)) return google.replaceAll(REVIEW_URL_PLACEHOLDER, escapeHtml(reviewUrl));
  return templates.get('/rating-complete');
}

export function registerPublicSite(app: FastifyInstance, options: { db: Database; webRoot: string; analyticsUrl: string | undefined; reviewUrl?: string | undefined; sendApp: (reply: FastifyReply) => FastifyReply }) {
  const templates = new Map<string, string>();
  for (const path of STATIC_PUBLIC_PATHS) {
    const file = join(options.webRoot, publicPageFile(path));
    if (existsSync(file)) templates.set(path, readFileSync(file, 'utf8'));
  }
  const review = reviewPage(templates, options.reviewUrl);
  if (templates.has('/google-rating-complete') && review) templates.set('/google-rating-complete', review);
  const cache = new Map<string, Filled>();

  async function filled(request: FastifyRequest, path: string, template: string): Promise<Filled | undefined> {
    const key = `${request.hostname}|${path}`;
    const kept = cache.get(key);
    if (kept && kept.until > Date.now()) return kept;
    const { code, environment } = parseHost(request.hostname, DEFAULT_COUNTRY);
    const portal = await findPortal(options.db, code);
    if (!portal) return undefined;
    const html = Buffer.from(fillPortal(template, {
      name: portal.name, cca2: portal.cca2, currency: portal.currency, timeZone: portal.timeZone, environment,
      analyticsUrl: options.analyticsUrl ?? '', code: portal.cca2.toLowerCase(), decimals: String(portal.currencyDecimals),
    }));
    const entry: Filled = {
      html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(html, { level: 9 }),
      until: Date.now() + PUBLIC_PAGE_CACHE_MS,
    };
    cache.set(key, entry);
    return entry;
  }

  const send = (request: FastifyRequest, reply: FastifyReply, page: Pick<Filled, 'html' | 'br' | 'gzip'>) => {
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const [body, encoding] = /\bbr\b/.test(accepts) ? [page.br, 'br'] : /\bgzip\b/.test(accepts) ? [page.gzip, 'gzip'] : [page.html, undefined];
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Cookie');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(body);
  };

  for (const [path, template] of templates) {
    app.get(path, async (request, reply) => {
      // A signed-in visitor gets the app, whose header has their menus.
      if (request.cookies[SIGNED_IN_COOKIE]) return options.sendApp(reply.header('Vary', 'Cookie'));
      const page = await filled(request, path, template);
      if (!page) return options.sendApp(reply);
      return send(request, reply, page);
    });
  }

  // The routes with parameters: one page per route, kept filled with the portal per host and route (not per path:
  // the paths are unbounded), then the path's parameters, compressed for each request (a few kB, under a millisecond).
  for (const route of PARAMETERISED_PUBLIC_ROUTES) {
    const file = join(options.webRoot, publicPageFile(route));
    if (!existsSync(file)) continue;
    const template = readFileSync(file, 'utf8');
    app.get(route, async (request, reply) => {
      if (request.cookies[SIGNED_IN_COOKIE]) return options.sendApp(reply.header('Vary', 'Cookie'));
      const page = await filled(request, route, template);
      if (!page) return options.sendApp(reply);
      const html = Buffer.from(fillParams(page.html.toString('utf8'), route, request.params as Record<string, string | undefined>));
      const accepts = String(request.headers['accept-encoding'] ?? '');
      const empty = Buffer.alloc(0);
      return send(request, reply, {
        html,
        br: /\bbr\b/.test(accepts) ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : empty,
        gzip: /\bgzip\b/.test(accepts) ? gzipSync(html, { level: 6 }) : empty,
      });
    });
  }
}
