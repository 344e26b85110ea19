import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/generated/connect';
import { WEBHOOK_TEST_EVENT } from '../../src/lib/integrations';
import { createApiClient, getApiClient, listApiClients, regenerateApiClientKey, updateApiClient } from '../domain/api-clients';
import {
  createWebhook, deleteWebhook, getAttempt, getWebhook, listAttempts, listWebhooks, rotateWebhookSecret, updateWebhook, webhookScopeOf,
} from '../domain/webhooks';
import { dispatcherOf } from '../webhooks/dispatcher';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';

type IntegrationOperations =
  | 'getwebhooks' | 'createwebhook' | 'getwebhook' | 'updatewebhook' | 'deletewebhook' | 'getwebhookattempts' | 'testwebhook' | 'rotatewebhooksecret'
  | 'getapiclients' | 'createapiclient' | 'getapiclient' | 'updateapiclient' | 'regenerateapiclientkey';

/** Webhooks and API clients (issue 6): server/domain/{webhooks,api-clients}.ts, delivery in server/webhooks/. */
export function integrationsHandlers(context: AppContext): Pick<Handlers<operations>, IntegrationOperations> {
  const { db } = context;
  // Webhooks have their own scope: administrators see the portal's, everyone else their company's.
  const scoped = ({ scope }: FastifyRequest) => ({ portal: scope.portal, permissions: scope.permissions, scope: webhookScopeOf(scope.permissions) });
  return {
    async getwebhooks(request) {
      const { portal, scope } = scoped(request);
      return listWebhooks(db, portal, scope, request.query);
    },
    async createwebhook(request, reply) {
      const { portal, scope, permissions } = scoped(request);
      const created = await createWebhook(db, portal, scope, permissions.id, request.body);
      dispatcherOf(context).invalidate();
      reply.code(201);
      return created;
    },
    async getwebhook(request) {
      const { portal, scope } = scoped(request);
      return getWebhook(db, portal, scope, request.params.id);
    },
    async updatewebhook(request) {
      const { portal, scope } = scoped(request);
      const updated = await updateWebhook(db, portal, scope, request.params.id, request.body);
      dispatcherOf(context).invalidate();
      return updated;
    },
    async deletewebhook(request) {
      const { portal, scope } = scoped(request);
      const result = await deleteWebhook(db, portal, scope, request.params.id);
      dispatcherOf(context).invalidate();
      return result;
    },
    async getwebhookattempts(request) {
      const { portal, scope } = scoped(request);
      return listAttempts(db, portal, scope, request.params.id, request.query);
    },
    async testwebhook(request) {
      const { portal, scope } = scoped(request);
      const webhook = await getWebhook(db, portal, scope, request.params.id);
      const attemptId = await dispatcherOf(context).send(webhook.id, WEBHOOK_TEST_EVENT, {
        webhookId: webhook.id, url: webhook.url, message: 'This is a test event.',
      }, webhook.companyId);
      return getAttempt(db, attemptId);
    },
    async rotatewebhooksecret(request) {
      const { portal, scope } = scoped(request);
      return rotateWebhookSecret(db, portal, scope, request.params.id);
    },
    async getapiclients(request) {
      const { portal } = scoped(request);
      return listApiClients(context, portal, request.query);
    },
    async createapiclient(request, reply) {
      const { portal } = scoped(request);
      const created = await createApiClient(context, portal, request.body);
      reply.code(201);
      return created;
    },
    async getapiclient(request) {
      const { portal } = scoped(request);
      return getApiClient(context, portal, request.params.id);
    },
    async updateapiclient(request) {
      const { portal } = scoped(request);
      return updateApiClient(context, portal, request.params.id, request.body);
    },
    async regenerateapiclientkey(request) {
      const { portal } = scoped(request);
      return regenerateApiClientKey(context, portal, request.params.id);
    },
  };
}
