// What the server answers outside the two APIs for the public face (issue 19; 000 section 2): /robots.txt and
// /sitemap.xml per portal host (the app forces a full page load to them), and the OpenAPI documents the
// developers page renders (/openapi/connect.yaml, /openapi/connect.json, and identity's).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_COUNTRY } from '../../src/lib/constants';
import { parseHost } from '../../src/lib/host';
import { PUBLIC_PAGES } from '../../src/lib/public-pages';
import type { Database } from '../db/database';
import { findPortal } from '../domain/portals';
import { OPENAPI_DOCUMENTS, openapiDocument } from '../openapi-documents';

/** Personal or private paths crawlers should leave alone: the APIs, the hubs, tracking and rating capability links. */
const DISALLOWED = ['/connect/', '/identity/', '/hubs/', '/track/', '/rate/', '/dashboard', '/profile'];

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

export function registerSiteRoutes(app: FastifyInstance, db: Database) {
  app.get('/robots.txt', async (request, reply) => {
    const lines = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${originOf(request)}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (request, reply) => {
    // The portal of the host, as the app finds it (000 section 1): a host without a portal has no pages to list.
    const { code } = parseHost(request.hostname, DEFAULT_COUNTRY);
    const portal = await findPortal(db, code);
    if (!portal) return reply.status(404).type('text/plain; charset=utf-8').send(`Unknown host ${request.hostname}`);
    const origin = originOf(request);
    const urls = PUBLIC_PAGES.map((page) => `  <url><loc>${escapeXml(`${origin}${page.path}`)}</loc></url>`);
    const body = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body);
  });

  // The contract as written, and as JSON for the developers page (which then needs no YAML parser).
  // The JSON is written on the first request for it, not at start (half a megabyte; issue 23, "Server start-up").
  const served = new Map(OPENAPI_DOCUMENTS.map((name) => {
    const { text, parsed } = openapiDocument(name);
    let json: string | undefined;
    return [name, { yaml: text, json: () => (json ??= JSON.stringify(parsed)) }];
  }));
  app.get<{ Params: { file: string } }>('/openapi/:file', async (request, reply) => {
    const match = /^(connect|identity)\.(yaml|json)$/.exec(request.params.file);
    const document = match ? served.get(match[1] as (typeof OPENAPI_DOCUMENTS)[number]) : undefined;
    if (!match || !document) return reply.status(404).send({ message: `Not found: GET /openapi/${request.params.file}` });
    reply.header('Cache-Control', 'public, max-age=300');
    if (match[2] === 'yaml') return reply.type('application/yaml; charset=utf-8').send(document.yaml);
    return reply.type('application/json; charset=utf-8').send(document.json());
  });
}
