import { assign, fromCallback, sendTo, setup } from 'xstate';
import { IDLE_PROMPT_BEFORE_MS, IDLE_SYNC_MS, IDLE_TIMEOUT_MS } from '../../lib/shell-constants';
import { systemActor } from '../shared/shared.actions';
import { authWatchOf } from './auth-watch';
import type { IdleSchema, IdleTabMessage } from './idle.types';

export const IDLE_CHANNEL_NAME = 'courier-idle';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

/** Follows the auth actor (systemId 'auth'): watching only makes sense while someone is signed in. */
export const authWatch = authWatchOf({ type: 'idle.session.start' } as const, { type: 'idle.session.end' } as const);

/** Pointer, key and scroll activity in this tab, at most one event per IDLE_SYNC_MS. */
export const activityWatch = fromCallback(({ sendBack }) => {
  if (typeof window === 'undefined') return undefined;
  let last = 0;
  const onActivity = () => {
    const now = Date.now();
    if (now - last < IDLE_SYNC_MS) return;
    last = now;
    sendBack({ type: 'idle.activity' });
  };
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
  return () => {
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
  };
});

/**
 * The other tabs, over a BroadcastChannel: posts this tab's activity (already throttled) and decisions, and
 * turns theirs into `idle.sync.*` events. Without BroadcastChannel each tab keeps its own time.
 */
export const idleSync = fromCallback<{ type: 'post'; message: IdleTabMessage }>(({ sendBack, receive }) => {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(IDLE_CHANNEL_NAME) : null;
  (channel as { unref?: () => void } | null)?.unref?.();
  const onMessage = (event: MessageEvent) => {
    const type = (event.data as IdleTabMessage | undefined)?.type;
    if (type === 'activity' || type === 'continue' || type === 'logout') sendBack({ type: `idle.sync.${type}` });
  };
  channel?.addEventListener('message', onMessage as EventListener);
  receive((event) => {
    try {
      channel?.postMessage(event.message);
    } catch {
      // Closed channel: the other tabs keep their own time.
    }
  });
  return () => {
    channel?.removeEventListener('message', onMessage as EventListener);
    channel?.close();
  };
});

/** The prompt's countdown from a deadline, so a throttled background timer does not make it drift. */
export const countdown = fromCallback(({ sendBack }) => {
  const deadline = Date.now() + IDLE_PROMPT_BEFORE_MS;
  const timer = setInterval(() => sendBack({ type: 'idle.tick', remainingMs: Math.max(0, deadline - Date.now()) }), 1000);
  return () => clearInterval(timer);
});

/**
 * The idle session (000 section 2): while signed in, 1 h without activity logs out; 3 minutes before, a
 * prompt offers "Continue" and "Logout". Activity and decisions are shared with the other tabs, so a user
 * busy in one tab is not logged out by another, and "Continue" in one tab closes the prompt in all.
 */
export const idleMachine = setup({
  types: {} as IdleSchema,
  actors: { authWatch, activityWatch, idleSync, countdown },
  actions: {
    post: sendTo('idleSync', (_, params: { message: IdleTabMessage }) => ({ type: 'post' as const, message: params.message })),
    logoutSession: ({ system }) => {
      systemActor(system, 'auth')?.send({ type: 'auth.logout' });
    },
    resetCountdown: assign({ remainingMs: IDLE_PROMPT_BEFORE_MS }),
    setRemaining: assign((_, params: { remainingMs: number }) => ({ remainingMs: params.remainingMs })),
  },
  delays: {
    untilPrompt: IDLE_TIMEOUT_MS - IDLE_PROMPT_BEFORE_MS,
    promptDuration: IDLE_PROMPT_BEFORE_MS,
  },
}).createMachine({
  id: 'idle',
  description: 'Logs out after an hour without activity, with a prompt 3 minutes before; shared across tabs.',
  context: { remainingMs: IDLE_PROMPT_BEFORE_MS },
  invoke: [
    { id: 'authWatch', src: 'authWatch' },
    { id: 'idleSync', src: 'idleSync' },
  ],
  initial: 'inactive',
  states: {
    inactive: {
      description: 'Nobody is signed in: nothing to watch.',
      on: { 'idle.session.start': 'watching' },
    },
    watching: {
      description: 'Signed in: activity here or in another tab restarts the hour.',
      invoke: { id: 'activityWatch', src: 'activityWatch' },
      on: {
        'idle.session.end': 'inactive',
        'idle.sync.logout': { target: 'inactive', actions: 'logoutSession' },
      },
      initial: 'active',
      states: {
        active: {
          description: 'The user is around; the prompt comes 57 minutes after the last activity.',
          after: { untilPrompt: 'prompting' },
          on: {
            'idle.activity': {
              target: 'active',
              reenter: true,
              actions: { type: 'post', params: { message: { type: 'activity' } } },
            },
            'idle.sync.activity': { target: 'active', reenter: true },
            'idle.sync.continue': { target: 'active', reenter: true },
          },
        },
        prompting: {
          description: '"Are you still there?" with the time left; "Continue" keeps the session, "Logout" or the timeout ends it.',
          entry: 'resetCountdown',
          invoke: { id: 'countdown', src: 'countdown' },
          after: {
            promptDuration: {
              target: '#idle.inactive',
              actions: ['logoutSession', { type: 'post', params: { message: { type: 'logout' } } }],
            },
          },
          on: {
            'idle.tick': { actions: { type: 'setRemaining', params: ({ event }) => ({ remainingMs: event.remainingMs }) } },
            'idle.continue': { target: 'active', actions: { type: 'post', params: { message: { type: 'continue' } } } },
            'idle.logout': {
              target: '#idle.inactive',
              actions: ['logoutSession', { type: 'post', params: { message: { type: 'logout' } } }],
            },
            'idle.sync.continue': 'active',
            'idle.sync.activity': 'active',
          },
        },
      },
    },
  },
});
