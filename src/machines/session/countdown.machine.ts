import { assign, setup } from 'xstate';
import { pageNavigation } from '../../lib/browser';
import { COUNTDOWN_TICK_MS, ERROR_RELOAD_COUNTDOWN_MS } from '../../lib/shell-constants';
import type { CountdownSchema, CountdownContext } from './countdown.types';

/** Whole seconds left, as the screens show them. */
export function secondsLeft(context: CountdownContext): number {
  return Math.ceil(context.remainingMs / 1000);
}

/**
 * The countdown of the session-error, connection-error and unhandled-error screens (000 sections 2 and 8):
 * counts down 30 s a second at a time, then reloads the page. "Reload now" skips the wait. Tests replace
 * the `reload` action.
 */
export const countdownMachine = setup({
  types: {} as CountdownSchema,
  actions: {
    reload: () => pageNavigation.reload(),
    tick: assign({ remainingMs: ({ context }) => Math.max(0, context.remainingMs - COUNTDOWN_TICK_MS) }),
  },
  guards: {
    isLastTick: ({ context }) => context.remainingMs <= COUNTDOWN_TICK_MS,
  },
  delays: { tick: COUNTDOWN_TICK_MS },
}).createMachine({
  id: 'countdown',
  description: 'Counts down to an automatic page reload (30 s), a second at a time.',
  context: ({ input }) => ({ remainingMs: input.durationMs ?? ERROR_RELOAD_COUNTDOWN_MS }),
  initial: 'counting',
  states: {
    counting: {
      description: 'Shows the seconds left; "Reload now" skips the wait.',
      after: {
        tick: [
          { guard: 'isLastTick', target: 'reloading', actions: 'tick' },
          { target: 'counting', reenter: true, actions: 'tick' },
        ],
      },
      on: { 'countdown.reloadNow': 'reloading' },
    },
    reloading: {
      description: 'The page reloads.',
      type: 'final',
      entry: 'reload',
    },
  },
});
