import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import { liveDashboard } from '../../api/realtime';
import { asApiError } from '../../api/api-error';
import { LIVE_BATCH_INTERVAL_MS, LIVE_DETAIL_REFETCH_DELAY_MS, LIVE_QUIET_FLUSH_MS } from '../../lib/constants';
import { LIVE_EVENTS, type DashboardTopic } from '../../lib/realtime';
import { reconnects } from './reconnects';
import {
  applyBatch, batchHasNotification, batchTouches, EMPTY_LISTS, enqueueUpdates, isLiveUpdate, UpdateQueue, type LiveCoordinate, type LiveLists, type LiveUpdate, type OpenDetail,
} from './live-merge';
import { loadDashboardDetails, loadDashboardLists, playNotificationSound, type DashboardDetails, type LoadListsInput } from './operations.api';
import type { LiveMergeSchema, LiveMergeContext, LiveMergeEvent } from './live-merge.types';

const HUB_EVENT_KINDS: Partial<Record<DashboardTopic, LiveUpdate['kind']>> = {
  Jobs: 'job',
  Deliveries: 'delivery',
  JobTaskUpdates: 'jobTask',
  Users: 'user',
  WebNotifications: 'webNotification',
  CoordinateUpdates: 'coordinate',
};

/** A coordinate names its driver by `driverId`: it is queued and merged under the driver's id like a `user` row. */
function updateOf(kind: LiveUpdate['kind'], payload: unknown): LiveUpdate {
  if (kind === 'coordinate' && payload && typeof payload === 'object') {
    return { kind, payload: { ...(payload as LiveCoordinate), id: (payload as LiveCoordinate).driverId } };
  }
  return { kind, payload } as LiveUpdate;
}

/**
 * Subscribes to the dashboard hub's topics through the app's one connection and hands the chart one `live.batch`
 * per batch: the first message of a batch starts it, the messages gather in an `UpdateQueue` (the newest version of
 * each row; messages without an id are dropped), and the batch goes to the chart as one event when the batch
 * interval ends, or earlier once no message came for `LIVE_QUIET_FLUSH_MS` (the end of a burst shows at once
 * instead of waiting out the interval). At 2,000 messages a second the chart processes two events a second instead
 * of 2,000 (each an XState macrostep, a snapshot and a notification of every subscriber). One timer per check, not
 * one per message: the check looks at when the last message came.
 */
export const hubUpdates = fromCallback<LiveMergeEvent, { topics: readonly DashboardTopic[] }>(({ sendBack, input }) => {
  const stops: (() => void)[] = [];
  const unsubscribes: Promise<() => Promise<void>>[] = [];
  const queue = new UpdateQueue();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let batchStartedAt = 0;
  let lastMessageAt = 0;
  const check = () => {
    const now = Date.now();
    const quietFor = now - lastMessageAt;
    const batchAge = now - batchStartedAt;
    if (quietFor >= LIVE_QUIET_FLUSH_MS || batchAge >= LIVE_BATCH_INTERVAL_MS) {
      timer = undefined;
      if (queue.size > 0) sendBack({ type: 'live.batch', updates: queue.take() });
      return;
    }
    timer = setTimeout(check, Math.min(LIVE_QUIET_FLUSH_MS - quietFor, LIVE_BATCH_INTERVAL_MS - batchAge));
  };
  const take = (update: LiveUpdate) => {
    if (!queue.add(update)) return;
    lastMessageAt = Date.now();
    if (timer === undefined) {
      batchStartedAt = lastMessageAt;
      timer = setTimeout(check, LIVE_QUIET_FLUSH_MS);
    }
  };
  for (const topic of input.topics) {
    const kind = HUB_EVENT_KINDS[topic];
    if (!kind) continue;
    for (const event of LIVE_EVENTS[topic]) {
      stops.push(liveDashboard.on(event, (payload) => take(updateOf(kind, payload))));
    }
    unsubscribes.push(liveDashboard.subscribe(topic).catch(() => async () => undefined));
  }
  return () => {
    clearTimeout(timer);
    stops.forEach((stop) => stop());
    unsubscribes.forEach((pending) => { void pending.then((unsubscribe) => unsubscribe()); });
  };
});

/** The messages of a `live.batch` (the queue drops those without an id). */
const updatesOf = (event: LiveMergeEvent): readonly LiveUpdate[] => (event.type === 'live.batch' && Array.isArray(event.updates) ? event.updates : []);

const scopeOf = (context: LiveMergeContext) => ({
  shownJobIds: new Set([...(context.jobId === null ? [] : [context.jobId]), ...context.expandedJobIds]),
  listType: context.listType,
});

/**
 * The dashboard's live lists (002 sections 2 and 4): deliveries, jobs, tasks and drivers are loaded over REST,
 * then kept current from the dashboard hub. The hub actor gathers messages for one batch interval; each batch merges by the rules
 * of src/machines/operations/live-merge.ts (id and xmin; the task rules; drivers only). After a reconnect the
 * lists reload over REST (messages are at most once). The open detail panel is refetched after a delay when a
 * batch touches its row, and at once after a reconnect; a new web notification plays the sound unless muted.
 */
export const liveMergeMachine = setup({
  types: {} as LiveMergeSchema,
  actors: {
    hubUpdates,
    reconnects,
    loadLists: fromPromise<LiveLists, LoadListsInput>(
      ({ input, signal }) => loadDashboardLists(input, signal),
    ),
    loadDetails: fromPromise<DashboardDetails, { cca2: string; detail: OpenDetail }>(
      ({ input, signal }) => loadDashboardDetails(input.cca2, input.detail, signal),
    ),
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      assertEvent(event, 'live.batch');
      return { queue: enqueueUpdates(context.queue, updatesOf(event)) };
    }),
    /**
     * Merges a batch from the hub at once (the hub actor gathered it for one batch interval), behind what arrived
     * while the lists loaded or had failed (the queue, which merges as one batch as soon as the lists are there).
     */
    merge: enqueueActions(({ context, event, enqueue }) => {
      const batch = enqueueUpdates(context.queue, updatesOf(event));
      if (batch.length === 0) return;
      if (batchHasNotification(batch) && !context.muted) enqueue('playSound');
      if (context.detail && batchTouches(batch, context.detail)) enqueue.raise({ type: 'live.detail.touched' });
      enqueue.assign({ lists: applyBatch(context.lists, batch, scopeOf(context)), queue: [], lastBatchSize: batch.length });
    }),
    playSound: () => { playNotificationSound(); },
    storeLists: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadLists');
      return { lists: event.output, loaded: true, error: undefined };
    }),
    storeError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.loadLists');
      return { error: asApiError(event.error) };
    }),
    toggleJob: assign({
      expandedJobIds: ({ context, event }) => {
        assertEvent(event, 'live.job.toggle');
        return context.expandedJobIds.includes(event.jobId)
          ? context.expandedJobIds.filter((id) => id !== event.jobId)
          : [...context.expandedJobIds, event.jobId];
      },
    }),
    openDetail: assign(({ event }) => {
      assertEvent(event, 'live.details.open');
      return { detail: { kind: event.kind, id: event.id }, detailData: null };
    }),
    closeDetail: assign({ detail: null, detailData: null }),
    storeDetail: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadDetails');
      return { detailData: event.output };
    }),
    toggleMute: assign({ muted: ({ context }) => !context.muted }),
  },
  guards: {
    /** A batch is taken only when it holds a message with an id (anything else from the network is dropped). */
    isBatch: ({ event }) => updatesOf(event).some(isLiveUpdate),
    hasJobId: ({ event }) => {
      assertEvent(event, 'live.job.toggle');
      return typeof event.jobId === 'number';
    },
    hasDetail: ({ event }) => {
      assertEvent(event, 'live.details.open');
      return typeof event.id === 'number' && typeof event.kind === 'string';
    },
  },
  delays: {
    detailRefetch: LIVE_DETAIL_REFETCH_DELAY_MS,
  },
}).createMachine({
  id: 'liveMerge',
  description: 'The dashboard\'s lists loaded over REST and kept live from the hub: batched merges by id and xmin, reload after a reconnect, detail refetch.',
  context: ({ input }) => ({
    cca2: input.cca2,
    jobId: input.jobId,
    listType: input.listType,
    topics: input.topics,
    sources: input.sources,
    lists: EMPTY_LISTS,
    loaded: false,
    queue: [],
    lastBatchSize: 0,
    expandedJobIds: [],
    detail: null,
    detailData: null,
    muted: input.muted ?? false,
    error: undefined,
  }),
  invoke: [
    { id: 'hubUpdates', src: 'hubUpdates', input: ({ context }) => ({ topics: context.topics }) },
    { id: 'reconnects', src: 'reconnects' },
  ],
  on: {
    'live.job.toggle': { guard: 'hasJobId', actions: 'toggleJob' },
    'live.mute.toggle': { actions: 'toggleMute' },
  },
  type: 'parallel',
  states: {
    lists: {
      description: 'Deliveries, jobs, tasks and drivers: loaded over REST, then merged from the hub in batches.',
      initial: 'loading',
      states: {
        loading: {
          description: 'The lists load over REST (the first time, after a reconnect or a retry); hub batches wait in the queue.',
          tags: ['loading'],
          on: { 'live.batch': { guard: 'isBatch', actions: 'enqueue' } },
          invoke: {
            id: 'loadLists',
            src: 'loadLists',
            input: ({ context }) => ({ cca2: context.cca2, jobId: context.jobId, listType: context.listType, sources: context.sources }),
            onDone: { target: 'ready', actions: ['storeLists', 'merge'] },
            onError: { target: 'failed', actions: 'storeError' },
          },
        },
        ready: {
          description: 'The lists are shown and follow the hub: each batch (gathered by the hub actor for one batch interval) merges at once.',
          on: {
            'connection.reconnected': 'loading',
            'live.batch': { guard: 'isBatch', actions: 'merge' },
          },
        },
        failed: {
          description: 'The lists could not be loaded; Try again (or a reconnect) loads them again.',
          on: {
            'live.retry': 'loading',
            'connection.reconnected': 'loading',
            'live.batch': { guard: 'isBatch', actions: 'enqueue' },
          },
        },
      },
    },
    details: {
      description: 'The detail panel of one delivery, job or driver, refetched after a delay when a live update touches it.',
      initial: 'closed',
      on: {
        'live.details.open': { guard: 'hasDetail', target: '.loading', reenter: true, actions: 'openDetail' },
        'live.details.close': { target: '.closed', actions: 'closeDetail' },
      },
      states: {
        closed: { description: 'No detail panel open.' },
        loading: {
          description: 'The details of the chosen row are being fetched.',
          tags: ['detailLoading'],
          invoke: {
            id: 'loadDetails',
            src: 'loadDetails',
            input: ({ context }) => ({ cca2: context.cca2, detail: context.detail! }),
            onDone: { target: 'shown', actions: 'storeDetail' },
            onError: { target: 'failed' },
          },
        },
        shown: {
          description: 'The details are shown; after a reconnect (messages may have been lost) they load again.',
          on: { 'live.detail.touched': 'stale', 'connection.reconnected': 'loading' },
        },
        stale: {
          description: 'A live update touched the row: its details are refetched after a delay (at once after a reconnect).',
          after: { detailRefetch: 'loading' },
          on: { 'connection.reconnected': 'loading' },
        },
        failed: {
          description: 'The details could not be loaded; Retry or a reconnect loads them again.',
          on: { 'live.details.retry': 'loading', 'connection.reconnected': 'loading' },
        },
      },
    },
  },
});
