import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { VISITOR_CHAT_TEXTS } from '../../src/lib/visitor-chat';
import { visitorChatSamples } from '../../src/machines/public/visitor-chat.samples';
import type { VisitorChatField } from '../../src/machines/public/visitor-chat.types';
import { VisitorChatView } from '../../src/ui/public/ChatWidget';
import { system } from '../../src/ui/theme';
import { chartCan, describeModel } from '../support/model-paths';

// The chat widget (issue 19): a button opens the panel; the first message starts a conversation; the operators'
// answers appear as they are pushed on the chat hub, or as the conversation is read again while the hub is down;
// a kept token reopens it, a forgotten one starts afresh.
/** The chart the suite started (its guards observed), for `chartCan`. */
let chart = visitorChatSamples.machine;

const LABELS = { name: VISITOR_CHAT_TEXTS.name, email: VISITOR_CHAT_TEXTS.email, message: VISITOR_CHAT_TEXTS.message };

describeModel({
  machine: visitorChatSamples.machine,
  scenarios: visitorChatSamples.scenarios,
  targets: visitorChatSamples.targets,
  guards: true,
  start(machine, input, clock) {
    chart = machine;
    const actor = createActor(machine, { input, clock }).start();
    render(<ChakraProvider value={system}><VisitorChatView actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'open': fireEvent.click(screen.getByRole('button', { name: VISITOR_CHAT_TEXTS.open })); break;
            case 'close': fireEvent.click(screen.getByRole('button', { name: VISITOR_CHAT_TEXTS.close })); break;
            case 'field.change': fireEvent.change(screen.getByLabelText(new RegExp(`^${LABELS[event.field as VisitorChatField]}`)), { target: { value: event.value } }); break;
            case 'website.change': fireEvent.change(document.querySelector('input[name="website"]')!, { target: { value: event.value } }); break;
            case 'submit': fireEvent.click(screen.getByRole('button', { name: VISITOR_CHAT_TEXTS.start })); break;
            case 'draft.change': fireEvent.change(screen.getByRole('textbox', { name: VISITOR_CHAT_TEXTS.message }), { target: { value: event.value } }); break;
            case 'send': fireEvent.click(screen.getByRole('button', { name: VISITOR_CHAT_TEXTS.send })); break;
            // The chat hub's connection (the visitorChatHub actor) reports these; sent as it would.
            case 'hub.connected': case 'hub.down': case 'hub.message': actor.send(event as Parameters<typeof actor.send>[0]); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    closed: () => {
      expect(screen.getByRole('button', { name: VISITOR_CHAT_TEXTS.open })).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
    },
    opened: () => expect(screen.getByRole('dialog', { name: VISITOR_CHAT_TEXTS.title })).toBeTruthy(),
    'opened.chatting': (snapshot) => chatting(snapshot.context.messages),
    'opened.form': (snapshot) => {
      expect(screen.getByRole('form', { name: VISITOR_CHAT_TEXTS.title })).toBeTruthy();
      for (const [field, message] of Object.entries(snapshot.context.errors)) if (message) expect(screen.getByText(message), field).toBeTruthy();
      if (snapshot.context.error) expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error.message);
      expect(screen.queryByRole('textbox', { name: VISITOR_CHAT_TEXTS.website })).toBeNull();
    },
    'opened.starting': () => expect(screen.getByRole('form', { name: VISITOR_CHAT_TEXTS.title }).getAttribute('aria-busy')).toBe('true'),
    'opened.loading': () => expect(screen.getByRole('dialog', { name: VISITOR_CHAT_TEXTS.title })).toBeTruthy(),
    'opened.chatting.feed': (snapshot) => chatting(snapshot.context.messages),
    'opened.chatting.feed.polling': (snapshot) => chatting(snapshot.context.messages),
    'opened.chatting.feed.refreshing': (snapshot) => chatting(snapshot.context.messages),
    'opened.chatting.feed.catchingUp': (snapshot) => chatting(snapshot.context.messages),
    'opened.chatting.feed.live': (snapshot) => chatting(snapshot.context.messages),
    'opened.chatting.composer': (snapshot) => chatting(snapshot.context.messages),
    'opened.chatting.composer.idle': (snapshot) => {
      chatting(snapshot.context.messages);
      expect((screen.getByRole('textbox', { name: VISITOR_CHAT_TEXTS.message }) as HTMLInputElement).value).toBe(snapshot.context.draft ?? '');
      // "Send" is always there; with an empty message it sends nothing (hasDraft).
      expect(screen.getByRole('button', { name: VISITOR_CHAT_TEXTS.send })).toBeTruthy();
      expect(chartCan(chart, snapshot, { type: 'send' })).toBe((snapshot.context.draft ?? '').trim() !== '');
    },
    'opened.chatting.composer.sending': (snapshot) => {
      chatting(snapshot.context.messages);
      expect(screen.getByRole('button', { name: new RegExp(VISITOR_CHAT_TEXTS.sending) })).toBeTruthy();
    },
  },
});

function chatting(messages: { body: string; fromVisitor: boolean }[]) {
  const log = screen.getByRole('log');
  for (const message of messages) expect(log.textContent).toContain(message.body);
  if (messages.some((message) => !message.fromVisitor)) expect(log.textContent).toContain('Sam Operator');
}
