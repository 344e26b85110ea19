import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import type { AppContext } from '../context';
import { scheduleReconciliation } from '../domain/payments';
import { startRateUploadWorker } from '../domain/rate-uploads';
import { startDeliveryUploadWorker } from '../domain/delivery-uploads';
import { startIndexMaintenanceWorker } from '../domain/index-management';
import { startStoreUploadWorker } from '../domain/store-uploads';
import { startDistanceWorker } from '../domain/distance-discovery';
import { geoOf } from '../geo';
import { kickOutbox, startOutbox } from '../messaging/outbox';
import { startReportSummariesWorker } from '../domain/reports/summaries';
import { startScheduledReportsWorker } from '../domain/scheduled-reports';
import { scheduleDocumentStatuses } from '../domain/applications';
import { scheduleAutoDispatch } from '../domain/operations/auto-dispatch';
import { paymentProviderOf } from '../payments/provider-client';
import { attachRealtime } from '../realtime/hub-server';
import { startWebhookDispatcher } from '../webhooks/dispatcher';

/**
 * The server's background work. The job queue (server/jobs) starts first and stops in its onClose (running jobs
 * finish, up to a timeout, before the database closes); each worker is a plugin that declares its queues,
 * handlers and schedules on it and cleans up its own state in its onClose. No worker keeps a timer of its own:
 * polling, retries and cron ticks are the queue's. fastify-plugin keeps the hooks on the root instance, where
 * app.close() runs them.
 */
export interface WorkerOptions {
  context: AppContext;
  logger: Logger;
}

/** Starts the job queue (its schema is created or migrated on first start) and stops it on close. */
export const jobQueue = fp<WorkerOptions>(async (app, { context }) => {
  await context.jobs.start();
  app.addHook('onClose', async () => { await context.jobs.stop(); });
}, { name: 'job-queue' });

/** Sends queued emails and texts when a sender is configured. */
export const outboxWorker = fp<WorkerOptions>(async (app, { context, logger }) => {
  const outbox = await startOutbox(context, logger);
  app.addHook('onClose', async () => { await outbox.close(); });
}, { name: 'outbox-worker', dependencies: ['job-queue'] });

/** Settles card payments whose confirmation never reached us (the shopper closed the tab after paying). */
export const reconciliationWorker = fp<WorkerOptions>(async (_app, { context }) => {
  await scheduleReconciliation(context.jobs, context.db, paymentProviderOf(context));
}, { name: 'reconciliation-worker', dependencies: ['job-queue'] });

/** Posts delivery and job changes to subscribed webhooks and runs due retries. */
export const webhookWorker = fp<WorkerOptions>(async (app, { context, logger }) => {
  const dispatcher = await startWebhookDispatcher(context, logger);
  app.addHook('onClose', async () => { await dispatcher.stop(); });
}, { name: 'webhook-worker', dependencies: ['job-queue'] });

/** Turns submitted upload batches into rates, and a store's into booked deliveries (issue 16). */
export const rateUploadWorker = fp<WorkerOptions>(async (_app, { context }) => {
  await startRateUploadWorker(context.jobs, context.db, context.live);
  const { router, geocoder } = geoOf(context);
  const settings = { quoteValiditySeconds: context.config.quoteValiditySeconds, router, geocoder };
  await startDeliveryUploadWorker(context.jobs, { db: context.db, settings, provider: paymentProviderOf(context) }, context.live);
}, { name: 'rate-upload-worker', dependencies: ['job-queue'] });

/** Claims due scheduled reports every minute, renders their .xlsx and emails them through the outbox (issue 17). */
export const scheduledReportsWorker = fp<WorkerOptions>(async (_app, { context }) => {
  await startScheduledReportsWorker(context.jobs, context.db, () => kickOutbox(context));
  // The grouped delivery reports' daily summaries: dirty days recomputed every minute (server/domain/reports/summaries.ts).
  await startReportSummariesWorker(context.jobs, context.db);
}, { name: 'scheduled-reports-worker', dependencies: ['job-queue', 'outbox-worker'] });
/** Recomputes application documents' expiring soon / expired once a day (issue 18). */
export const applicationDocumentWorker = fp<WorkerOptions>(async (_app, { context }) => {
  await scheduleDocumentStatuses(context.jobs, context.db);
}, { name: 'application-document-worker', dependencies: ['job-queue'] });
/** Dispatches the territories left on (issue 20) on the queue's schedule. */
export const autoDispatchWorker = fp<WorkerOptions>(async (_app, { context }) => {
  await scheduleAutoDispatch(context.jobs, context.db, context.live);
}, { name: 'auto-dispatch-worker', dependencies: ['job-queue'] });

/** Analyzes and rebuilds indexes on an administrator's request (issue 16, /admin/indexmanagement). */
export const indexMaintenanceWorker = fp<WorkerOptions>(async (_app, { context }) => {
  await startIndexMaintenanceWorker(context.jobs, context.db, context.live);
}, { name: 'index-maintenance-worker', dependencies: ['job-queue'] });
/** Turns submitted store upload batches into stores, and distance discovery batches into distances (issue 16). */
export const storeUploadWorker = fp<WorkerOptions>(async (_app, { context }) => {
  await startStoreUploadWorker(context.jobs, context.db, context.live);
  // Distance discovery (issue 16): address pairs' driving distances through the configured router.
  await startDistanceWorker(context.jobs, context.db, geoOf(context).router, context.live);
}, { name: 'store-upload-worker', dependencies: ['job-queue'] });

/** The SignalR hubs (/hubs/...) on the same server and port; they close their sockets on shutdown. */
const realtime: FastifyPluginAsync<WorkerOptions> = async (app, { context, logger }) => {
  await attachRealtime(app, context, logger);
};
export const realtimeWorker = fp(realtime, { name: 'realtime-worker' });
