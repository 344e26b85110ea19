// The chat widget on a public page rendered ahead of time (issue 19, "A fast first load"): loaded only when the
// visitor presses "Chat with us", so the page's first load carries none of React, Chakra or XState. The widget is
// the app's own (VisitorChatView over the visitor-chat chart), with its own actor: there is no root actor here.
import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { VISITOR_CHAT_STORAGE_KEY } from '../lib/visitor-chat';
import { visitorChatMachine } from '../machines/public/visitor-chat.machine';
import { VisitorChatView } from '../ui/public/ChatWidget';
import { system } from '../ui/theme';

function keptToken(): string | null {
  try { return sessionStorage.getItem(VISITOR_CHAT_STORAGE_KEY); } catch { return null; }
}

/** Replaces the page's plain chat button (inside `container`) with the widget, opened. */
export function mountChat(container: HTMLElement, cca2: string) {
  const actor = createActor(visitorChatMachine, { input: { cca2, token: keptToken() } }).start();
  actor.send({ type: 'open' });
  createRoot(container).render(
    <StrictMode>
      <ChakraProvider value={system}>
        <VisitorChatView actor={actor} />
      </ChakraProvider>
    </StrictMode>,
  );
}
