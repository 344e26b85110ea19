import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import { liveDashboard } from '../../api/realtime';
import { asApiError } from '../../api/api-error';
import { LIVE_BATCH_INTERVAL_MS, LIVE_DETAIL_REFETCH_DELAY_MS } from '../../lib/constants';
import { LIVE_EVENTS, type DashboardTopic } from '../../lib/realtime';
import { reconnects } from './reconnects';
import { applyBatch, batchHasNotification, batchTouches, EMPTY_LISTS, enqueueUpdate, type LiveCoordinate, type LiveLists, type LiveUpdate, type OpenDetail } from './live-merge';
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

/** Subscribes to the dashboard hub's topics through the app's one connection; each message becomes `live.update`. */
export const hubUpdates = fromCallback<LiveMergeEvent, { topics: readonly DashboardTopic[] }>(({ sendBack, input }) => {
  const stops: (() => void)[] = [];
  const unsubscribes: Promise<() => Promise<void>>[] = [];
  for (const topic of input.topics) {
    const kind = HUB_EVENT_KINDS[topic];
    if (!kind) continue;
    for (const event of LIVE_EVENTS[topic]) {
      stops.push(liveDashboard.on(event, (payload) => sendBack({ type: 'live.update', update: updateOf(kind, payload) })));
    }
    unsubscribes.push(liveDashboard.subscribe(topic).catch(() => async () => undefined));
  }
  return () => {
    stops.forEach((stop) => stop());
    unsubscribes.forEach((pending) => { void pending.then((unsubscribe) => unsubscribe()); });
  };
});

const scopeOf = (context: LiveMergeContext) => ({
  shownJobIds: new Set([...(context.jobId === null ? [] : [context.jobId]), ...context.expandedJobIds]),
  listType: context.listType,
});

/**
 * The dashboard's live lists (002 sections 2 and 4): deliveries, jobs, tasks and drivers are loaded over REST,
 * then kept current from the dashboard hub. Messages are queued and merged in batches on a timer by the rules
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
      assertEvent(event, 'live.update');
      return { queue: enqueueUpdate(context.queue, event.update) };
    }),
    flush: enqueueActions(({ context, enqueue }) => {
      const batch = context.queue;
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
    hasQueue: ({ context }) => context.queue.length > 0,
    /** A hub message is taken only with a payload that has an id (anything else from the network is dropped). */
    isUpdate: ({ event }) => {
      assertEvent(event, 'live.update');
      return typeof event.update?.payload?.id === 'number';
    },
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
    batchInterval: LIVE_BATCH_INTERVAL_MS,
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
          description: 'The lists load over REST (the first time, after a reconnect or a retry); hub messages wait in the queue.',
          tags: ['loading'],
          on: { 'live.update': { guard: 'isUpdate', actions: 'enqueue' } },
          invoke: {
            id: 'loadLists',
            src: 'loadLists',
            input: ({ context }) => ({ cca2: context.cca2, jobId: context.jobId, listType: context.listType, sources: context.sources }),
            onDone: [
              { guard: 'hasQueue', target: 'ready.batching', actions: 'storeLists' },
              { target: 'ready', actions: 'storeLists' },
            ],
            onError: { target: 'failed', actions: 'storeError' },
          },
        },
        ready: {
          description: 'The lists are shown and follow the hub.',
          initial: 'idle',
          on: { 'connection.reconnected': 'loading' },
          states: {
            idle: {
              description: 'Nothing waiting: the next hub message starts a batch.',
              on: {
                'live.update': { guard: 'isUpdate', target: 'batching', actions: 'enqueue' },
              },
            },
            batching: {
              description: 'Hub messages gather until the batch interval ends, then merge into the lists at once.',
              on: { 'live.update': { guard: 'isUpdate', actions: 'enqueue' } },
              after: { batchInterval: { target: 'idle', actions: 'flush' } },
            },
          },
        },
        failed: {
          description: 'The lists could not be loaded; Try again (or a reconnect) loads them again.',
          on: {
            'live.retry': 'loading',
            'connection.reconnected': 'loading',
            'live.update': { guard: 'isUpdate', actions: 'enqueue' },
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
