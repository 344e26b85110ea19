import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { system } from '../../src/ui/theme';
import { NotificationsPanel } from '../../src/features/dashboard/NotificationsPanel';
import { NOTIFICATION_TEXTS } from '../../src/lib/dashboard-texts';
import { webNotificationsMachine } from '../../src/machines/operations/web-notifications.machine';
import type { WebNotificationsEvent } from '../../src/machines/operations/web-notifications.types';
import { webNotificationsSamples } from '../../src/machines/operations/web-notifications.samples';
import { chartCan, describeModel } from '../support/model-paths';

type Snapshot = SnapshotFrom<typeof webNotificationsMachine>;

/** The chart the suite started (its guards observed), for `chartCan`. */
let chart = webNotificationsMachine;

/** The hub pushes a notification with its id (openapi), which the chart takes; it drops a push without one (hasNotification). */
function takesPushesWithId(snapshot: Snapshot) {
  expect(chartCan(chart, snapshot, { type: 'notifications.received', notification: { id: 99, title: 'Job 9 delayed', read: false } })).toBe(true);
  expect(chartCan(chart, snapshot, { type: 'notifications.received', notification: { title: 'Job 9 delayed', read: false } })).toBe(false);
}

const panel = () => within(screen.getByRole('region', { name: NOTIFICATION_TEXTS.title }));

describeModel({
  machine: webNotificationsMachine,
  scenarios: webNotificationsSamples.scenarios,
  targets: webNotificationsSamples.targets,
  guards: true,
  start(machine, input, clock) {
    chart = machine;
    const actor = createActor(machine, { input, clock }).start();
    render(<ChakraProvider value={system}><NotificationsPanel actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          const typed = event as WebNotificationsEvent;
          if (typed.type === 'notifications.markRead') {
            const button = panel().queryAllByRole('button', { name: new RegExp(`^${NOTIFICATION_TEXTS.markRead}`) })[0];
            if (button) fireEvent.click(button);
            else actor.send(typed);
          } else if (typed.type === 'notifications.page') {
            const next = panel().getByRole('button', { name: typed.page > actor.getSnapshot().context.page ? NOTIFICATION_TEXTS.next : NOTIFICATION_TEXTS.previous });
            if (!next.hasAttribute('disabled')) fireEvent.click(next);
            else actor.send(typed);
          } else if (typed.type === 'notifications.retry') {
            fireEvent.click(panel().getByRole('button', { name: NOTIFICATION_TEXTS.retry }));
          } else {
            // New notifications and reconnects come over the hub.
            actor.send(typed);
          }
        });
      },
    };
  },
  states: {
    loading: (snapshot: Snapshot) => {
      if (snapshot.context.data.length === 0) expect(panel().getByRole('status').textContent).toBe(NOTIFICATION_TEXTS.loading);
      else expect(panel().getByRole('list').getAttribute('aria-busy')).toBe('true');
      takesPushesWithId(snapshot);
    },
    ready: (snapshot: Snapshot) => {
      const { data, unread, page, totalPages } = snapshot.context;
      expect(screen.getByTestId('unread-count').textContent).toBe(NOTIFICATION_TEXTS.unread(unread));
      expect(panel().getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(data.map((item) => item.title));
      expect(panel().queryAllByRole('button', { name: new RegExp(`^${NOTIFICATION_TEXTS.markRead}`) })).toHaveLength(data.filter((item) => !item.read).length);
      expect(panel().getByText(NOTIFICATION_TEXTS.page(page, totalPages))).toBeTruthy();
      expect(panel().getByRole('button', { name: NOTIFICATION_TEXTS.previous }).hasAttribute('disabled')).toBe(page <= 1);
      // Mark read is on each unread notification and sends its id, which the chart takes; it refuses a press
      // naming none (hasId).
      for (const item of data.filter((candidate) => !candidate.read)) expect(chartCan(chart, snapshot, { type: 'notifications.markRead', id: item.id })).toBe(true);
      expect(chartCan(chart, snapshot, { type: 'notifications.markRead' })).toBe(false);
      takesPushesWithId(snapshot);
    },
    marking: () => {
      for (const button of panel().getAllByRole('button', { name: new RegExp(`^${NOTIFICATION_TEXTS.markRead}`) })) expect(button.hasAttribute('disabled')).toBe(true);
    },
    failed: () => {
      expect(panel().getByRole('alert').textContent).toBe(NOTIFICATION_TEXTS.failed);
    },
  },
});
