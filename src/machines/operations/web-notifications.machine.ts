import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import { liveDashboard } from '../../api/realtime';
import { DASHBOARD_DEFAULTS, NOTIFICATIONS_PAGE_SIZE } from '../../lib/constants';
import { LIVE_EVENTS } from '../../lib/realtime';
import { errorParams, notifyError, outputParams } from '../shared/shared.actions';
import { reconnects } from './reconnects';
import { loadNotifications, markNotificationRead, type NotificationsPage, type WebNotification } from './operations.api';
import type { WebNotificationsSchema, WebNotificationsEvent } from './web-notifications.types';

/** New notifications from the dashboard hub (subscribeToWebNotifications). */
const hubNotifications = fromCallback<WebNotificationsEvent>(({ sendBack }) => {
  const stops = LIVE_EVENTS.WebNotifications.map((event) => liveDashboard.on(event, (payload) => {
    sendBack({ type: 'notifications.received', notification: payload as WebNotification });
  }));
  const subscribed = liveDashboard.subscribe('WebNotifications').catch(() => async () => undefined);
  return () => {
    stops.forEach((stop) => stop());
    void subscribed.then((unsubscribe) => unsubscribe());
  };
});

/**
 * The web notifications list (002 sections 2, 3 and 7): a page of the caller's notifications with the unread
 * count (countOnly), paging, mark as read; new ones arrive over the hub at the top of page 1 and raise the
 * unread count. (The sound, and its mute, are the live-merge actor's.)
 */
export const webNotificationsMachine = setup({
  types: {} as WebNotificationsSchema,
  actors: {
    hubNotifications,
    reconnects,
    loadPage: fromPromise<NotificationsPage, { cca2: string; page: number }>(({ input, signal }) => loadNotifications(input.cca2, input.page, NOTIFICATIONS_PAGE_SIZE, signal)),
    markRead: fromPromise<WebNotification, { cca2: string; id: number }>(({ input }) => markNotificationRead(input.cca2, input.id)),
  },
  actions: {
    storePage: assign((_, page: NotificationsPage) => {
      return { data: page.items, totalPages: page.totalPages, totalItemCount: page.totalItems, unread: page.unread, receivedIds: [] };
    }),
    setPage: assign(({ event }) => {
      assertEvent(event, 'notifications.page');
      return { page: event.page };
    }),
    setMarking: assign(({ event }) => {
      assertEvent(event, 'notifications.markRead');
      return { marking: event.id };
    }),
    storeRead: assign(({ context }, read: WebNotification) => {
      const wasUnread = context.data.some((item) => item.id === read.id && !item.read);
      return {
        data: context.data.map((item) => (item.id === read.id ? read : item)),
        unread: wasUnread ? Math.max(0, context.unread - 1) : context.unread,
        marking: null,
      };
    }),
    clearMarking: assign({ marking: null }),
    receive: assign(({ context, event }) => {
      assertEvent(event, 'notifications.received');
      const id = event.notification.id;
      if (context.receivedIds.includes(id) || context.data.some((item) => item.id === id)) return {};
      return {
        receivedIds: [...context.receivedIds, id],
        data: context.page === 1 ? [event.notification, ...context.data].slice(0, NOTIFICATIONS_PAGE_SIZE) : context.data,
        unread: context.unread + (event.notification.read ? 0 : 1),
        totalItemCount: context.totalItemCount + 1,
      };
    }),
    notifyError,
  },
  guards: {
    pageInRange: ({ context, event }) => {
      assertEvent(event, 'notifications.page');
      return event.page >= 1 && event.page <= Math.max(context.totalPages, 1) && event.page !== context.page;
    },
    hasId: ({ event }) => {
      assertEvent(event, 'notifications.markRead');
      return typeof event.id === 'number';
    },
    hasNotification: ({ event }) => {
      assertEvent(event, 'notifications.received');
      return typeof event.notification?.id === 'number';
    },
  },
}).createMachine({
  id: 'webNotifications',
  description: 'The web notifications list: paging, unread count, mark as read, new ones over the hub.',
  context: ({ input }) => ({
    cca2: input.cca2, page: DASHBOARD_DEFAULTS.notificationPage, data: [], totalPages: 0, totalItemCount: 0, unread: 0, marking: null, receivedIds: [],
  }),
  invoke: [
    { id: 'hubNotifications', src: 'hubNotifications' },
    { id: 'reconnects', src: 'reconnects' },
  ],
  on: {
    'notifications.received': { guard: 'hasNotification', actions: 'receive' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The page and the unread count load.',
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ cca2: context.cca2, page: context.page }),
        onDone: { target: 'ready', actions: { type: 'storePage', params: outputParams } },
        onError: { target: 'failed' },
      },
    },
    ready: {
      description: 'The page is shown.',
      on: {
        'notifications.page': { guard: 'pageInRange', target: 'loading', actions: 'setPage' },
        'notifications.markRead': { guard: 'hasId', target: 'marking', actions: 'setMarking' },
        'connection.reconnected': 'loading',
      },
    },
    marking: {
      description: 'A notification is being marked as read.',
      tags: ['busy'],
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => ({ cca2: context.cca2, id: context.marking! }),
        onDone: { target: 'ready', actions: { type: 'storeRead', params: outputParams } },
        onError: { target: 'ready', actions: ['clearMarking', { type: 'notifyError', params: errorParams }] },
      },
    },
    failed: {
      description: 'The notifications could not be loaded.',
      on: { 'notifications.retry': 'loading', 'connection.reconnected': 'loading' },
    },
  },
});
