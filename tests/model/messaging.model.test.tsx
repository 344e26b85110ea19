import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { MessagingWindow } from '../../src/features/dashboard/MessagingWindow';
import { MESSAGING_TEXTS } from '../../src/lib/dashboard-texts';
import { VISITOR_CHAT_TEXTS } from '../../src/lib/visitor-chat';
import type { MessagingEvent } from '../../src/machines/operations/messaging.types';
import { messagingSamples } from '../../src/machines/operations/messaging.samples';
import { system } from '../../src/ui/theme';
import { describeModel } from '../support/model-paths';

// The messaging window (issue 20). Hub messages and the dashboard's mute come from outside the window: sent to
// the actor as the hub and the dashboard would; the sound is counted.
let rings = 0;
let running: { getSnapshot(): { can(event: MessagingEvent): boolean } } | undefined;
const region = () => within(screen.getByRole('region', { name: MESSAGING_TEXTS.title }));

describeModel({
  machine: messagingSamples.machine,
  scenarios: messagingSamples.scenarios,
  targets: messagingSamples.targets,
  guards: true,
  start(machine, input, clock) {
    rings = 0;
    const actor = createActor(machine.provide({
      actors: { messagesHub: fromCallback(() => undefined), reconnects: fromCallback(() => undefined) },
      actions: { ring: () => { rings += 1; } },
    }), { input, clock }).start();
    running = actor;
    render(<ChakraProvider value={system}><MessagingWindow actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          const typed = event as MessagingEvent;
          switch (typed.type) {
            case 'messaging.open': fireEvent.click(region().getByRole('button', { name: /^Thabo Mokoena/ })); break;
            case 'messaging.openVisitor': fireEvent.click(region().getByRole('button', { name: new RegExp(`^${VISITOR_CHAT_TEXTS.visitor}: Lerato Dlamini`) })); break;
            case 'messaging.close': fireEvent.click(region().getByRole('button', { name: MESSAGING_TEXTS.close })); break;
            case 'messaging.retry': fireEvent.click(region().getByRole('button', { name: MESSAGING_TEXTS.retry })); break;
            case 'messaging.draft': fireEvent.change(region().getByRole('textbox', { name: MESSAGING_TEXTS.draft }), { target: { value: typed.text } }); break;
            case 'messaging.send': {
              const button = region().getByRole('button', { name: MESSAGING_TEXTS.send });
              if (button.hasAttribute('disabled')) actor.send(typed);
              else fireEvent.click(button);
              break;
            }
            default: actor.send(typed);
          }
        });
      },
    };
  },
  states: {
    loading: () => {
      expect(screen.getByRole('region', { name: MESSAGING_TEXTS.title })).toBeTruthy();
    },
    failed: () => {
      expect(region().getByText(MESSAGING_TEXTS.failed)).toBeTruthy();
    },
    list: (snapshot) => {
      // A conversation that could not be opened says why; otherwise no alert.
      if (snapshot.context.error) expect(region().getByRole('alert').textContent).toBe(snapshot.context.error.message);
      else expect(region().queryByRole('alert')).toBeNull();
      const rows = within(region().getByRole('list', { name: MESSAGING_TEXTS.conversations })).queryAllByRole('button');
      expect(rows.map((row) => row.textContent)).toEqual(snapshot.context.conversations.map((row) => (row.kind === 'visitor'
        ? `${VISITOR_CHAT_TEXTS.visitor}: ${MESSAGING_TEXTS.open(row.driverName, row.unreadCount)} · ${row.visitorEmail}`
        : MESSAGING_TEXTS.open(row.driverName, row.unreadCount))));
      expect(Boolean(region().queryByText(MESSAGING_TEXTS.unread(snapshot.context.unreadTotal)))).toBe(snapshot.context.unreadTotal > 0);
      // Muted dashboards never ring.
      if (snapshot.context.muted) expect(rings).toBe(0);
    },
    conversation: (snapshot) => {
      expect(region().getByRole('button', { name: MESSAGING_TEXTS.close })).toBeTruthy();
      // One conversation at a time: a driver's or a visitor's.
      expect(snapshot.context.driverId === null || snapshot.context.visitorConversationId === null).toBe(true);
    },
    'conversation.loading': () => {
      expect(region().getByRole('textbox', { name: MESSAGING_TEXTS.draft })).toBeTruthy();
    },
    'conversation.open': (snapshot) => {
      expect(region().getAllByRole('listitem').map((item) => item.textContent)).toEqual(snapshot.context.messages.map((message) => `${message.senderName}: ${message.body}`));
      expect((region().getByRole('textbox', { name: MESSAGING_TEXTS.draft }) as HTMLInputElement).value).toBe(snapshot.context.draft);
      if (snapshot.context.error) expect(region().getByRole('alert').textContent).toBe(snapshot.context.error.message);
      // Send is enabled with a draft only, and only then does the chart send (hasDraft).
      const draft = snapshot.context.draft.trim() !== '';
      expect(running!.getSnapshot().can({ type: 'messaging.send' })).toBe(draft);
      expect(region().getByRole('button', { name: MESSAGING_TEXTS.send }).hasAttribute('disabled')).toBe(!draft);
    },
    'conversation.sending': () => {
      expect(region().getByRole('button', { name: MESSAGING_TEXTS.sending }).hasAttribute('disabled')).toBe(true);
    },
  },
});
