import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import type { NotificationsPage, WebNotification } from './operations.api';
import { webNotificationsMachine } from './web-notifications.machine';

const notification = (id: number, title: string, read: boolean): WebNotification => ({
  id, webNotificationTypeId: 1, webNotificationType: 'Job', title, message: `${title}: see the job`, read, createdAt: '2026-11-21T07:00:00Z', jobId: 1, deliveryId: null,
});

/** Page 1 of 2: one unread, one read; three unread in all. */
export const webNotificationsPageSample: NotificationsPage = {
  items: [notification(2, 'Job 1 started', false), notification(1, 'Job 1 assigned', true)],
  totalPages: 2,
  totalItems: 22,
  unread: 3,
};

export const webNotificationsSamples = defineSamples(webNotificationsMachine, [
  {
    name: 'a user reads their notifications while a new one arrives',
    input: { cca2: 'ZA' },
    events: [
      { type: 'xstate.done.actor.loadPage', output: webNotificationsPageSample },
      { type: 'xstate.error.actor.loadPage', error: toApiError(503, { message: 'Service Unavailable' }, '/connect/WebNotifications/ZA') },
      { type: 'notifications.markRead', id: 2 },
      { type: 'xstate.done.actor.markRead', output: notification(2, 'Job 1 started', true) },
      { type: 'xstate.error.actor.markRead', error: toApiError(404, { message: 'Not Found' }, '/connect/WebNotifications/markread/ZA/2') },
      { type: 'notifications.page', page: 2 },
      { type: 'notifications.received', notification: notification(3, 'Job 1 delayed', false) },
    ],
  },
], 'transitions');
