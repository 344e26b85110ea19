import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import type { AppContext } from '../context';
import { startReconciliation } from '../domain/payments';
import { startOutbox } from '../messaging/outbox';
import { paymentProviderOf } from '../payments/provider-client';
import { attachRealtime } from '../realtime/hub-server';
import { startWebhookDispatcher } from '../webhooks/dispatcher';

/**
 * The server's background work, one plugin each: a worker starts with the app and stops in its own onClose,
 * so closing the app (tests, a deploy) leaves no timer or socket behind. fastify-plugin keeps the hooks on
 * the root instance, where app.close() runs them.
 */
export interface WorkerOptions {
  context: AppContext;
  logger: Logger;
}

/** Sends queued emails and texts when a sender is configured. */
export const outboxWorker = fp<WorkerOptions>(async (app, { context, logger }) => {
  const outbox = startOutbox(context, logger);
  app.addHook('onClose', async () => { await outbox.stop(); });
}, { name: 'outbox-worker' });

/** Settles card payments whose confirmation never reached us (the shopper closed the tab after paying). */
export const reconciliationWorker = fp<WorkerOptions>(async (app, { context }) => {
  const stop = startReconciliation(context.db, paymentProviderOf(context));
  app.addHook('onClose', async () => { stop(); });
}, { name: 'reconciliation-worker' });

/** Posts delivery and job changes to subscribed webhooks and runs due retries. */
export const webhookWorker = fp<WorkerOptions>(async (app, { context, logger }) => {
  const dispatcher = startWebhookDispatcher(context, logger);
  app.addHook('onClose', async () => { await dispatcher.stop(); });
}, { name: 'webhook-worker' });

/** The SignalR hubs (/hubs/...) on the same server and port; they close their sockets on shutdown. */
const realtime: FastifyPluginAsync<WorkerOptions> = async (app, { context, logger }) => {
  await attachRealtime(app, context, logger);
};
export const realtimeWorker = fp(realtime, { name: 'realtime-worker' });
