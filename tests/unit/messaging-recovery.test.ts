// The conversations fail to load while the server is down; after the reconnect they load, and the failure is gone.
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import { ERROR_TEXTS, statusTitle } from '../../src/lib/http-error-texts';
import { messagingMachine } from '../../src/machines/operations/messaging.machine';
import type { Conversation } from '../../src/machines/operations/messaging.types';

describe('messaging after a reconnect', () => {
  it('a reload that succeeds clears the failure shown before it', async () => {
    let fail = true;
    const actor = createActor(messagingMachine.provide({
      actors: {
        messagesHub: fromCallback(() => () => undefined),
        reconnects: fromCallback(() => () => undefined),
        loadConversations: fromPromise<{ items: Conversation[]; unreadTotal: number }, { cca2: string }>(async () => {
          if (fail) throw new ApiError(0, ERROR_TEXTS.noResponse, statusTitle(0), undefined, undefined);
          return { items: [], unreadTotal: 0 };
        }),
      },
    }), { input: { cca2: 'ZA', userId: 1 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).not.toBeNull();
    fail = false;
    actor.send({ type: 'connection.reconnected' });
    await waitFor(actor, (snapshot) => snapshot.matches('list'));
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });
});
