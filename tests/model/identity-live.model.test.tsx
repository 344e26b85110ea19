import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { fromCallback, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { USER_MENU_TEXTS } from '../../src/lib/error-catalogue';
import { hasAnyRole } from '../../src/lib/roles';
import { authMachine } from '../../src/machines/auth/auth.machine';
import type { Profile } from '../../src/machines/auth/auth.types';
import { portalMachine } from '../../src/machines/portal/portal.machine';
import type { Portal } from '../../src/machines/portal/portal.types';
import { identityLiveMachine } from '../../src/machines/session/identity-live.machine';
import { identityLiveSamples } from '../../src/machines/session/identity-live.samples';
import { fakeToken } from '../support/fake-token';
import { chartCan, describeModel } from '../support/model-paths';
import { renderApp } from '../support/render-app';

const za: Portal = { cca2: 'ZA', name: 'South Africa', currency: 'ZAR', currencyDecimals: 2, timeZone: 'Africa/Johannesburg', vatRate: 0.15 };
const portal = portalMachine.provide({ actors: { lookupPortal: fromPromise(async () => za) } });
const profile: Profile = {
  id: 9, email: 'store.operator@demo.test', firstName: 'Stella', lastName: 'Store-Operator', emailConfirmed: true, phoneNumberConfirmed: false,
  contactCountryCode: 'ZA', twoFactorEnabled: false, hasProfilePicture: false,
};

type IdentityActor = ActorRefFrom<typeof identityLiveMachine>;
type IdentitySnapshot = SnapshotFrom<typeof identityLiveMachine>;

/** The chart the suite started (its guards observed), for `chartCan`. */
let chart = identityLiveMachine;

/** What the session did on the identity updates (the auth actor's calls, as the real auth machine makes them). */
const app = { identity: undefined as IdentityActor | undefined, reloads: 0, refreshes: 0, disconnects: 0 };

/** Signed in as a store operator; a reload answers the token an administrator's role change gave (Management). */
const auth = authMachine.provide({
  actors: {
    restoreSession: fromPromise(async () => ({ jwtToken: fakeToken({ id: 9, email: profile.email, roles: ['StoreOperator'] }), profile })),
    reloadSession: fromPromise(async () => {
      app.reloads += 1;
      return { jwtToken: fakeToken({ id: 9, email: profile.email, roles: ['ManagementOperator'] }), profile };
    }),
    refreshToken: fromPromise(async () => {
      app.refreshes += 1;
      return { jwtToken: fakeToken({ id: 9, email: profile.email, roles: app.reloads > 0 ? ['ManagementOperator'] : ['StoreOperator'] }) };
    }),
  },
} as never) as typeof authMachine;

/** The roles the open session holds now (the menus are drawn from them: src/lib/menus.ts). */
const sessionRoles = () => {
  const auth = app.identity!.system.get('auth') as ActorRefFrom<typeof authMachine> | undefined;
  const permissions = auth?.getSnapshot().context.permissions;
  return permissions ? (['StoreOperator', 'ManagementOperator'] as const).filter((role) => hasAnyRole(permissions, [role])) : [];
};

async function reached(snapshot: IdentitySnapshot) {
  await waitFor(() => expect(app.identity?.getSnapshot().value).toEqual(snapshot.value));
}

describeModel({
  machine: identityLiveMachine,
  scenarios: identityLiveSamples.scenarios,
  targets: identityLiveSamples.targets,
  guards: true,
  async start(machine, _input, clock) {
    chart = machine;
    Object.assign(app, { identity: undefined, reloads: 0, refreshes: 0, disconnects: 0 });
    const running = machine.provide({
      actors: {
        // The auth watch is driven by the path (its slot hands over the actor); the hub's updates come from the path too.
        authWatch: fromCallback(({ self }) => { app.identity = self._parent as IdentityActor; }),
        identityUpdates: fromCallback(() => undefined),
      },
      actions: { disconnect: () => { app.disconnects += 1; } },
    } as never) as typeof machine;
    renderApp({ portal, auth, identityLive: running, path: '/', clock });
    await screen.findByRole('link', { name: USER_MENU_TEXTS.logout });
    await waitFor(() => expect(app.identity).toBeDefined());
    return {
      send(event) {
        app.identity!.send(event as never);
      },
    };
  },
  states: {
    signedOut: async (snapshot) => {
      await reached(snapshot);
      const last = snapshot.context.last;
      if (last?.revoked) {
        // A revoked session signs out at once: the user menu is gone.
        await waitFor(() => expect(screen.queryByRole('link', { name: USER_MENU_TEXTS.logout })).toBeNull());
      }
    },
    connecting: async (snapshot) => {
      await reached(snapshot);
    },
    listening: async (snapshot) => {
      await reached(snapshot);
      // An update that brings a new token is acted on (the token rotated); one that neither revokes, reloads nor
      // brings a token asks for nothing, and the chart ignores it (rotated).
      const asks = { userId: 9, reloadProfile: false, revoked: false };
      expect(chartCan(chart, snapshot, { type: 'identity.update', update: { ...asks, refreshToken: 'rotated-refresh-token' } })).toBe(true);
      expect(chartCan(chart, snapshot, { type: 'identity.update', update: { ...asks, refreshToken: null } })).toBe(false);
      const last = snapshot.context.last;
      if (last?.reloadProfile) {
        // The administrator's role change reached the open session: the profile and token were reloaded and the
        // menus follow from the new roles without a page reload.
        await waitFor(() => expect(app.reloads).toBe(1));
        await waitFor(() => expect(sessionRoles()).toEqual(['ManagementOperator']));
        expect(screen.getByRole('link', { name: USER_MENU_TEXTS.logout })).toBeTruthy();
      } else if (last && last.refreshToken) {
        await waitFor(() => expect(app.refreshes).toBeGreaterThan(0));
        expect(screen.getByRole('link', { name: USER_MENU_TEXTS.logout })).toBeTruthy();
      } else {
        expect(sessionRoles()).toEqual(['StoreOperator']);
        expect(screen.getByRole('link', { name: USER_MENU_TEXTS.logout })).toBeTruthy();
      }
    },
    waiting: async (snapshot) => {
      await reached(snapshot);
      expect(snapshot.context.attempts).toBeGreaterThan(0);
      // The identity hub is a courtesy: its loss does not end the session.
      expect(screen.getByRole('link', { name: USER_MENU_TEXTS.logout })).toBeTruthy();
    },
  },
});
