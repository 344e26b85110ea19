import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LiveClosed } from '../../src/api/realtime';
import { ERROR_TEXTS, USER_MENU_TEXTS } from '../../src/lib/error-catalogue';
import { LIVE_TEXTS } from '../../src/lib/realtime';
import { authMachine } from '../../src/machines/auth/auth.machine';
import type { Profile } from '../../src/machines/auth/auth.types';
import { portalMachine } from '../../src/machines/portal/portal.machine';
import type { Portal } from '../../src/machines/portal/portal.types';
import { connectionMachine, secondsToRetry } from '../../src/machines/session/connection.machine';
import { connectionSamples } from '../../src/machines/session/connection.samples';
import { fakeToken } from '../support/fake-token';
import { describeModel } from '../support/model-paths';
import { renderApp } from '../support/render-app';

const za: Portal = { cca2: 'ZA', name: 'South Africa', currency: 'ZAR', currencyDecimals: 2, timeZone: 'Africa/Johannesburg', vatRate: 0.15 };
const portal = portalMachine.provide({ actors: { lookupPortal: fromPromise(async () => za) } });
const profile: Profile = {
  id: 9, email: 'administrator@demo.test', firstName: 'Ada', lastName: 'Administrator', emailConfirmed: true, phoneNumberConfirmed: false,
  contactCountryCode: 'ZA', twoFactorEnabled: false, hasProfilePicture: false,
};
const signedIn = authMachine.provide({
  actors: {
    restoreSession: fromPromise(async () => ({ jwtToken: fakeToken({ id: 9, email: profile.email, roles: ['Administrator'] }), profile })),
  },
});

type ConnectionActor = ActorRefFrom<typeof connectionMachine>;
type ConnectionSnapshot = SnapshotFrom<typeof connectionMachine>;

/** The app as the connection model drives it: signed in, with the shell's connection actor under test. */
const app = {
  connection: undefined as ConnectionActor | undefined,
  disconnects: 0,
  /** Times the connection came up, and `connection.reconnected` announcements, since the session started. */
  ups: 0,
  reconnects: 0,
};

function banner() {
  return screen.queryByTestId('connection-banner');
}

async function reached(snapshot: ConnectionSnapshot) {
  await waitFor(() => expect(app.connection?.getSnapshot().value).toEqual(snapshot.value));
}

describeModel({
  machine: connectionMachine,
  scenarios: connectionSamples.scenarios,
  targets: connectionSamples.targets,
  guards: true,
  async start(machine, _input, clock) {
    Object.assign(app, { connection: undefined, disconnects: 0, ups: 0, reconnects: 0 });
    const running = machine.provide({
      actors: {
        // The auth watch is driven by the path (its slot hands over the actor).
        authWatch: fromCallback(({ self }) => { app.connection = self._parent as ConnectionActor; }),
      },
      actions: { disconnect: () => { app.disconnects += 1; } },
    } as never) as typeof machine;
    renderApp({ portal, auth: signedIn, connection: running, path: '/', clock });
    await screen.findByRole('link', { name: USER_MENU_TEXTS.logout });
    await waitFor(() => expect(app.connection).toBeDefined());
    let wasUp = false;
    app.connection!.subscribe((snapshot) => {
      const up = snapshot.matches('connected');
      if (up && !wasUp) app.ups += 1;
      if (snapshot.matches('signedOut')) app.ups = 0;
      wasUp = up;
    });
    app.connection!.on('connection.reconnected', () => { app.reconnects += 1; });
    return {
      send(event) {
        if (event.type === 'connection.retryNow') {
          fireEvent.click(screen.getByRole('button', { name: LIVE_TEXTS.reconnectNow }));
          return;
        }
        if (event.type === 'connection.session.end') app.reconnects = 0;
        // connection.session.start/end come from the auth actor.
        app.connection!.send(event as never);
      },
    };
  },
  states: {
    signedOut: async (snapshot) => {
      await reached(snapshot);
      expect(banner()).toBeNull();
      expect(screen.getByRole('link', { name: USER_MENU_TEXTS.logout })).toBeTruthy();
    },
    connecting: async (snapshot) => {
      await reached(snapshot);
      await waitFor(() => expect(banner()?.textContent).toBe(ERROR_TEXTS.connecting));
    },
    connected: async (snapshot) => {
      await reached(snapshot);
      await waitFor(() => expect(banner()).toBeNull());
      // Every connect after the first of the session announced itself, so the lists reload over REST.
      expect(app.reconnects).toBe(app.ups - 1);
    },
    reconnecting: async (snapshot) => {
      await reached(snapshot);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(ERROR_TEXTS.connectionLost);
    },
    'reconnecting.counting': (snapshot) => {
      const seconds = secondsToRetry(snapshot.context);
      expect(screen.getByRole('timer').textContent).toBe(String(seconds));
      expect(banner()?.textContent).toContain(`${ERROR_TEXTS.connectionLost}${seconds}`);
    },
    failed: async (snapshot) => {
      await reached(snapshot);
      // The connection-error screen replaces the shell and reloads after its countdown.
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ERROR_TEXTS.noResponse));
      expect(screen.getByTestId('reload-countdown').textContent).toMatch(/^\d+ seconds?$/);
      expect(banner()).toBeNull();
    },
  },
});

describe('connection.reconnected', () => {
  it('is announced after every reconnect, not after the first connect; a token expiry reconnects at once', async () => {
    let close: ((closed: { tokenExpired: boolean }) => void) | undefined;
    const actor = createActor(connectionMachine.provide({
      actors: {
        authWatch: fromCallback(() => undefined),
        connect: fromPromise<void>(async () => undefined),
        watch: fromPromise<LiveClosed>(() => new Promise((resolve) => { close = resolve; })),
      },
      actions: { disconnect: () => undefined },
    }));
    const announced: string[] = [];
    actor.on('connection.reconnected', (event) => announced.push(event.type));
    actor.start();
    actor.send({ type: 'connection.session.start' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('connected'));
    expect(announced).toEqual([]);
    close!({ tokenExpired: true });
    await vi.waitFor(() => expect(announced).toHaveLength(1));
    close!({ tokenExpired: false });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('reconnecting')).toBe(true));
    actor.send({ type: 'connection.retryNow' });
    await vi.waitFor(() => expect(announced).toHaveLength(2));
    actor.stop();
  });
});
