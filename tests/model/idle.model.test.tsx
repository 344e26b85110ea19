import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, expect } from 'vitest';
import { fromCallback, fromPromise, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { formatCountdown } from '../../src/features/auth/IdlePrompt';
import { IDLE_PROMPT_BEFORE_MS } from '../../src/lib/constants';
import { SIGN_IN_TEXTS, USER_MENU_TEXTS } from '../../src/lib/error-catalogue';
import { authMachine } from '../../src/machines/auth/auth.machine';
import type { AuthResponse } from '../../src/machines/auth/auth.actors';
import type { Profile } from '../../src/machines/auth/auth.types';
import { portalMachine } from '../../src/machines/portal/portal.machine';
import type { Portal } from '../../src/machines/portal/portal.types';
import { activityWatch, IDLE_CHANNEL_NAME, idleMachine, idleSync } from '../../src/machines/session/idle.machine';
import type { IdleTabMessage } from '../../src/machines/session/idle.types';
import { idleSamples } from '../../src/machines/session/idle.samples';
import { fakeToken } from '../support/fake-token';
import { describeModel } from '../support/model-paths';
import { preloadScreens } from '../support/preload-screens';
import { renderApp } from '../support/render-app';

const za: Portal = { cca2: 'ZA', name: 'South Africa', currency: 'ZAR', currencyDecimals: 2, timeZone: 'Africa/Johannesburg', vatRate: 0.15 };
const portal = portalMachine.provide({ actors: { lookupPortal: fromPromise(async () => za) } });
const profile: Profile = {
  id: 7, email: 'customer@demo.test', firstName: 'Cara', lastName: 'Customer', emailConfirmed: true, phoneNumberConfirmed: false,
  contactCountryCode: 'ZA', twoFactorEnabled: false, hasProfilePicture: false,
};

/** The app as the idle model drives it: a signed-in session, the idle actor, and another tab on the channel. */
const app = {
  idle: undefined as AnyActorRef | undefined,
  logoutCalls: 0,
  otherTab: undefined as BroadcastChannel | undefined,
  /** What this tab told the other tabs. */
  told: [] as IdleTabMessage['type'][],
  lastActivityAt: 0,
};

function otherTab(): BroadcastChannel {
  if (!app.otherTab) {
    app.otherTab = new BroadcastChannel(IDLE_CHANNEL_NAME);
    app.otherTab.addEventListener('message', (event) => app.told.push((event as MessageEvent<IdleTabMessage>).data.type));
  }
  return app.otherTab;
}

afterAll(() => app.otherTab?.close());

const signedIn = authMachine.provide({
  actors: {
    restoreSession: fromPromise(async () => ({ jwtToken: fakeToken({ id: 7, email: profile.email }), profile })),
    logout: fromPromise(async () => { app.logoutCalls += 1; }),
    // Signing in again after a logout (a walk's next session): the same customer.
    login: fromPromise<AuthResponse, { email: string; password: string }>(async () => ({ jwtToken: fakeToken({ id: 7, email: profile.email }) })),
    loadProfile: fromPromise(async () => profile),
  },
});

type IdleSnapshot = SnapshotFrom<typeof idleMachine>;

async function reached(snapshot: IdleSnapshot) {
  await waitFor(() => expect(app.idle?.getSnapshot().value).toEqual(snapshot.value));
}

function prompt() {
  return screen.queryByRole('alertdialog');
}

describeModel({
  machine: idleMachine,
  // Few states, many ways between them: every simple path, so each decision is replayed from each state.
  paths: 'simple',
  scenarios: idleSamples.scenarios,
  targets: idleSamples.targets,
  guards: true,
  async start(machine, _input, clock) {
    app.idle = undefined;
    app.logoutCalls = 0;
    app.told = [];
    otherTab();
    const running = machine.provide({
      actors: {
        // Real DOM activity and the real channel; the auth watch is driven by the path (its slot hands over the actor).
        activityWatch,
        idleSync,
        authWatch: fromCallback(({ self }) => { app.idle = self._parent; }),
      },
    } as never) as typeof machine;
    // The home screen and the prompt are lazy chunks: loaded before the first render (see preloadScreens).
    await Promise.all([preloadScreens('/'), import('../../src/features/auth/IdlePrompt')]);
    renderApp({ portal, auth: signedIn, idle: running, path: '/', clock });
    await screen.findByRole('link', { name: USER_MENU_TEXTS.logout });
    await waitFor(() => expect(app.idle).toBeDefined());
    // Let the channel's listener settle before the path starts.
    await new Promise((resolve) => setTimeout(resolve, 10));
    return {
      async send(event) {
        switch (event.type) {
          case 'idle.activity':
            // Activity is throttled to one event per IDLE_SYNC_MS.
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, app.lastActivityAt + 520 - Date.now())));
            app.lastActivityAt = Date.now();
            fireEvent.keyDown(window, { key: 'Shift' });
            return;
          case 'idle.continue':
            fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: SIGN_IN_TEXTS.idleContinue }));
            return;
          case 'idle.logout':
            fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: SIGN_IN_TEXTS.idleLogout }));
            return;
          case 'idle.sync.activity':
          case 'idle.sync.continue':
          case 'idle.sync.logout':
            // Another tab says so.
            await act(async () => otherTab().postMessage({ type: event.type.slice('idle.sync.'.length) }));
            return;
          case 'idle.session.start':
            // A session starts when the user signs in: after a logout (a walk's next session), sign in again.
            if (screen.queryByRole('link', { name: USER_MENU_TEXTS.login })) {
              app.idle!.system.get('auth')!.send({ type: 'auth.login', email: profile.email, password: 'Demo-password-1' });
              await screen.findByRole('link', { name: USER_MENU_TEXTS.logout });
              app.told = [];
              app.logoutCalls = 0;
            }
            app.idle!.send(event);
            return;
          default:
            // idle.session.end comes from the auth actor; idle.tick from the prompt's countdown.
            app.idle!.send(event);
        }
      },
    };
  },
  states: {
    inactive: async (snapshot) => {
      await reached(snapshot);
      await waitFor(() => expect(prompt()).toBeNull());
      if (app.told.includes('logout')) {
        // Timed out or "Logout" here: the session ended and the other tabs were told.
        await screen.findByRole('link', { name: USER_MENU_TEXTS.login });
        expect(app.logoutCalls).toBe(1);
      }
    },
    watching: async (snapshot) => {
      await reached(snapshot);
      // Still signed in (behind the modal prompt, the page is hidden from the accessibility tree).
      expect(screen.getByRole('link', { name: USER_MENU_TEXTS.logout, hidden: true })).toBeTruthy();
    },
    'watching.active': async () => {
      await waitFor(() => expect(prompt()).toBeNull());
      expect(app.logoutCalls).toBe(0);
    },
    'watching.prompting': async (snapshot) => {
      const dialog = await screen.findByRole('alertdialog');
      expect(within(dialog).getByRole('heading', { name: SIGN_IN_TEXTS.idleTitle })).toBeTruthy();
      expect(within(dialog).getByTestId('idle-countdown').textContent).toBe(formatCountdown(snapshot.context.remainingMs));
      if (snapshot.context.remainingMs === IDLE_PROMPT_BEFORE_MS) expect(within(dialog).getByText(/3:00/)).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: SIGN_IN_TEXTS.idleContinue })).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: SIGN_IN_TEXTS.idleLogout })).toBeTruthy();
    },
  },
});
