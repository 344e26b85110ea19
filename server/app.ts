import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { Logger } from 'pino';
import { decideOperationAccess, OPERATION_ACCESS, ROUTE_ACCESS, type OperationRule } from '../src/lib/access';
import { AUTH_TEXTS, ERROR_TEXTS } from '../src/lib/error-catalogue';
import { authenticateApiKey, isApiKey } from './auth/api-keys';
import { openapiDocument } from './openapi-documents';
import { authenticateAccessToken, endSessionNow, endSessionOfAccessToken } from './auth/sessions';
import { InvalidTokenError } from './auth/tokens';
import { errorHandler } from './http/error-handler';
import { HttpError } from './http/errors';
import { registerFaultSwitch } from './http/fault-switch';
import { registerLoadLimits } from './http/load-limits';
import requestScope from './http/request-scope';
import { registerMultipart, withMultipartValidation } from './http/multipart';
import { acceptSheetStreams } from './http/sheet-upload';
import { operationsRequiringBody } from './http/required-bodies';
import { refuseResponseOnlyMediaTypes } from './http/response-media-types';
import { refuseUnsafeText } from './http/text-safety';
import { validatorCompiler } from './http/validation';
import { compileOnFirstUse } from './http/compile-on-first-use';
import { redactUrl } from './logger';
import type { AppContext } from './context';
import { providerUrlOf } from './payments/provider-client';
import { jobQueue, outboxWorker, realtimeWorker, reconciliationWorker, webhookWorker, rateUploadWorker, scheduledReportsWorker, applicationDocumentWorker, autoDispatchWorker, storeUploadWorker, indexMaintenanceWorker } from './plugins/workers';
import { connectHandlers } from './routes/connect';
import { identityHandlers } from './routes/identity';
import { registerPublicSite } from './routes/public-site';
import { registerSiteRoutes } from './routes/site';

export const API_MOUNTS = [
  { prefix: '/identity', document: 'identity' as const, handlers: identityHandlers },
  { prefix: '/connect', document: 'connect' as const, handlers: connectHandlers },
] as const;

/** The origin of a configured URL or tile template for the CSP (a `{s}.` subdomain template becomes `*.`); none when unset. */
function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url.replace(/\{s\}\./, 'sub.')).origin.replace('//sub.', '//*.')];
  } catch {
    return [];
  }
}


const API_PATH = /^\/(identity|connect|hubs)(\/|$)/;
/** The app's own routes (`/hubs/edit/:id`, `/identity` ...), some of which share a first segment with the APIs. */
const CLIENT_ROUTES = ROUTE_ACCESS.map(({ path }) => new RegExp(`^${path.replace(/\/:[A-Za-z]+\?/g, '(?:/[^/]+)?').replace(/:[A-Za-z]+/g, '[^/]+').replace(/\*/g, '.*')}/?$`));
const isClientRoute = (path: string) => CLIENT_ROUTES.some((route) => route.test(path));

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  return undefined;
}

function operationIdOf(request: FastifyRequest): string | undefined {
  return (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
}

export async function buildApp(context: AppContext, logger: Logger): Promise<FastifyInstance> {
  const compiles = compileOnFirstUse();
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: context.config.bodyLimit,
    schemaController: { compilersFactory: { buildSerializer: compiles.serializers() } },
  });
  app.setValidatorCompiler(compiles.validator(withMultipartValidation(validatorCompiler)));
  app.decorate('compilePending', compiles.compilePending);
  app.decorateRequest('permissions', undefined);
  app.decorateRequest('sessionId', undefined);
  app.setErrorHandler(errorHandler);

  // Background work: the job queue, then the workers on it, each a plugin that stops in its own onClose.
  const workers = { context, logger };
  await app.register(jobQueue, workers);
  await app.register(outboxWorker, workers);
  await app.register(reconciliationWorker, workers);
  await app.register(webhookWorker, workers);
  await app.register(rateUploadWorker, workers);
  await app.register(storeUploadWorker, workers);
  await app.register(scheduledReportsWorker, workers);
  await app.register(applicationDocumentWorker, workers);
  await app.register(autoDispatchWorker, workers);
  await app.register(indexMaintenanceWorker, workers);
  // The hosted card widget's script and frame come from the provider.
  const provider = new URL(providerUrlOf(context)).origin;
  // Third parties the configuration names: the map tiles' host (images) and the analytics endpoint (page views).
  const tiles = originOf(context.config.mapTileUrl);
  const analytics = originOf(context.config.analyticsUrl);

  await registerLoadLimits(app, context.config, operationIdOf);
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", provider],
        frameSrc: [provider],
        // Chakra (emotion) writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
        connectSrc: ["'self'", 'ws:', 'wss:', ...analytics],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The app is served over plain HTTP on loopback in development; HSTS belongs to the TLS terminator.
    strictTransportSecurity: false,
  });

  // Every handler reads who calls and where from `request.scope`, built once per request (its portal lookup starts
  // in onRequest, before the access check below, so the two round trips overlap).
  await app.register(requestScope, { db: context.db });

  // The browser suite's fault switch: nothing unless FAULT_OPERATIONS is set (never in production). Before the access
  // check, which an armed 440 (a session brought to its end as the call arrives) must reach after it.
  registerFaultSwitch(app, context.config.faultOperations, {
    operationIdOf,
    expireSession: (refreshToken) => endSessionNow(context.db, refreshToken),
    expireSessionOfRequest: async (request) => {
      const token = bearerToken(request);
      return token !== undefined && !isApiKey(token) && endSessionOfAccessToken(context, token);
    },
  });

  // Deny by default: an operation needs an entry in the shared access table, and the token decides the rest.
  app.addHook('onRequest', async (request) => {
    const operationId = operationIdOf(request);
    if (!operationId) return;
    const rule = (OPERATION_ACCESS as Record<string, OperationRule>)[operationId];
    if (!rule) throw new HttpError(403, ERROR_TEXTS.forbidden);
    if (rule === 'public') return;
    const token = bearerToken(request);
    if (token && isApiKey(token)) {
      // Public API keys (`ck_...`) stand for their user's permissions, as they are now.
      request.permissions = await authenticateApiKey(context, token);
      if (!request.permissions) throw new HttpError(401, AUTH_TEXTS.apiKeyInvalid);
    } else if (token) {
      try {
        const claims = await authenticateAccessToken(context, token);
        request.permissions = claims.permissions;
        request.sessionId = claims.sid;
      } catch (error) {
        if (error instanceof InvalidTokenError) throw new HttpError(error.status, error.message);
        throw error;
      }
    }
    const query = request.query as Record<string, unknown>;
    const variant = query.select === 'true' || query.select === true ? 'select' : 'default';
    const decision = decideOperationAccess(rule, request.permissions, variant);
    if (decision === 'unauthenticated') throw new HttpError(401, ERROR_TEXTS.unauthorized);
    if (decision === 'forbidden') throw new HttpError(403, ERROR_TEXTS.forbidden);
  });

  // Unknown query parameters are refused with their name, so a misspelt filter never silently widens a list.
  const contracts = API_MOUNTS.map((mount) => openapiDocument(mount.document).parsed);
  const requiringBody = operationsRequiringBody(contracts);
  app.addHook('preValidation', async (request) => {
    const operationId = operationIdOf(request);
    if (!operationId) return;
    if (request.body === undefined && !request.headers['content-type'] && requiringBody.has(operationId)) {
      throw new HttpError(400, 'Invalid request: the body is required', { body: ['is required'] });
    }
    refuseUnsafeText(request);
    const schema = (request.routeOptions.schema as { querystring?: { properties?: Record<string, unknown> } }).querystring;
    const allowed = schema?.properties ?? {};
    const unknown = Object.keys(request.query as object).filter((name) => !(name in allowed));
    if (unknown.length > 0) {
      throw new HttpError(400, `Invalid request: unknown query parameter ${unknown.map((name) => `'${name}'`).join(', ')}`,
        Object.fromEntries(unknown.map((name) => [name, [`${name} is not a parameter of this operation`]])));
    }
  });

  // The SignalR hubs (/hubs/...) on the same server and port.
  await app.register(realtimeWorker, workers);

  // Multipart uploads (profile picture): its hooks run after the access check above.
  // Application documents (issue 18) have their own, larger limit.
  await registerMultipart(app, context.config.profilePictureLimit, { uploadapplicationdocument: context.config.documentUploadLimit });

  // Uploaded sheets stream into their handler (rate upload batches).
  acceptSheetStreams(app);
  refuseResponseOnlyMediaTypes(app, contracts);
  for (const mount of API_MOUNTS) {
    await app.register(openapiGlue, {
      specification: openapiDocument(mount.document).parsed,
      serviceHandlers: mount.handlers(context),
      prefix: mount.prefix,
    });
  }

  // robots.txt, sitemap.xml and the OpenAPI documents: the server's, before the web root (issue 19).
  registerSiteRoutes(app, context.db);

  const webIndex = join(context.config.webRoot, 'index.html');
  const serveWeb = existsSync(webIndex);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: context.config.webRoot,
      index: 'index.html',
      // dist/ holds .br and .gz copies made at build time (scripts/precompress.ts): sent as Accept-Encoding allows.
      preCompressed: true,
      // Nothing starting with a dot is the app's (the build's own record of its inputs is .build-inputs).
      dotfiles: 'ignore',
      setHeaders: (reply, path) => {
        // Hashed assets never change; index.html must always be revalidated to pick up a new build.
        reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The public pages rendered ahead of time, filled with the host's portal (issue 19, "A fast first load").
    registerPublicSite(app, {
      db: context.db,
      webRoot: context.config.webRoot,
      analyticsUrl: context.config.analyticsUrl,
      reviewUrl: context.config.publicReviewUrl,
      sendApp: (reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'),
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = redactUrl(request.url.split('?')[0] ?? request.url);
    // A page load (GET for HTML) of a path no API route answered: the app's, unless it is under an API prefix and
    // not one of the app's own routes (a mistyped API URL opened in a browser gets the API's 404).
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html') && (!API_PATH.test(path) || isClientRoute(path));
    if (serveWeb && wantsPage) {
      // Client-side routes: the single-page app decides what an unknown path shows.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
  });

  return app;
}
