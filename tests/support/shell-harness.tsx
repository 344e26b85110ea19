import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { fromPromise, type ActorRefFrom, type SimulatedClock } from 'xstate';
import { PortalGate } from '../../src/app/PortalGate';
import { RootActor } from '../../src/machines/root/root-actor';
import { AppRoutes, routes } from '../../src/app/routes';
import { ScreenLogicContext, type ScreenLogic } from '../../src/app/screen-logic';
import { system } from '../../src/ui/theme';
import { roleFlagsOf, type Permissions, type StoredRole } from '../../src/lib/roles';
import type { SessionOutput } from '../../src/machines/auth/auth.actors';
import { authMachine } from '../../src/machines/auth/auth.machine';
import { portalMachine } from '../../src/machines/portal/portal.machine';
import type { Portal } from '../../src/machines/portal/portal.types';
import { rootMachine } from '../../src/machines/root/root.machine';
import { quietConnection, quietIdentity } from './quiet-connection';
import { createTestRouter } from './test-router';
import { countdownMachine } from '../../src/machines/session/countdown.machine';
import { errorReportMachine } from '../../src/machines/session/error-report.machine';
import type { notificationsMachine } from '../../src/machines/session/notifications.machine';

export const za: Portal = { cca2: 'ZA', name: 'South Africa', currency: 'ZAR', currencyDecimals: 2, timeZone: 'Africa/Johannesburg', vatRate: 0.15 };
export const resolvedPortal = portalMachine.provide({ actors: { lookupPortal: fromPromise(async () => za) } });

/** Permissions as the server puts them in a token of a user with these roles. */
export function permissionsOf(roles: readonly StoredRole[], overrides: Partial<Permissions> = {}): Permissions {
  return {
    id: 7, companyId: null, storeId: null, email: 'someone@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
    ...roleFlagsOf(7, roles), ...overrides,
  };
}

const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An access token whose claims decode to these permissions (the client never checks the signature). */
export function tokenOf(permissions: Permissions): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${base64url({ alg: 'ES256', typ: 'JWT' })}.${base64url({ ...permissions, exp })}.signature`;
}

/**
 * The real auth machine whose start-up restores this session (or none: signed out), with no call to the
 * server; `restoring: true` keeps it restoring.
 */
export function authWith(permissions: Permissions | null, options: { restoring?: boolean } = {}) {
  return authMachine.provide({
    actors: {
      restoreSession: fromPromise<SessionOutput>(async () => {
        if (options.restoring) return new Promise<never>(() => undefined);
        if (!permissions) throw new Error('no session');
        return {
          jwtToken: tokenOf(permissions),
          profile: {
            id: permissions.id, email: permissions.email, firstName: 'Test', lastName: 'User', phoneNumberConfirmed: true,
            emailConfirmed: permissions.emailConfirmed, contactCountryCode: 'ZA', twoFactorEnabled: false, hasProfilePicture: false,
          } as never,
        };
      }),
    },
    actions: { goHomeAndReload: () => undefined },
  });
}

export interface ShellOptions {
  path?: string;
  /** null: signed out; undefined: the session stays restoring. */
  permissions?: Permissions | null;
  auth?: typeof authMachine;
  notifications?: typeof notificationsMachine;
  screenLogic?: Partial<ScreenLogic>;
  clock?: SimulatedClock;
  hostname?: string;
  /** Another route tree (a route that throws, say). */
  routes?: typeof routes;
}

/** A reload that only counts (the screens' countdowns and the full-page routes). */
export const reloadSpy = vi.fn();
export const quietCountdown = countdownMachine.provide({ actions: { reload: reloadSpy } });

/**
 * The app as main.tsx assembles it (theme, root actor, portal gate, router), with a resolved portal, a
 * session of the given permissions, and the root actor handed back so tests can send to its children.
 */
export function renderShell(options: ShellOptions = {}) {
  const { router, Router } = createTestRouter(options.path ?? '/');
  const auth = options.auth ?? authWith(options.permissions ?? null, { restoring: options.permissions === undefined && 'permissions' in options });
  const rootLogic = rootMachine.provide({
    actors: { portal: resolvedPortal, auth, connection: quietConnection, identityLive: quietIdentity, ...(options.notifications && { notifications: options.notifications }) },
  });
  let root: ActorRefFrom<typeof rootMachine> | undefined;
  function Capture() {
    root = RootActor.useActorRef();
    return null;
  }
  const screenLogic: ScreenLogic = { countdown: quietCountdown, errorReport: errorReportMachine, ...options.screenLogic };
  const result = render(
    <Router>
      <ChakraProvider value={system}>
        <RootActor.Provider logic={rootLogic} options={{ input: { hostname: options.hostname ?? 'localhost', defaultPortal: 'ZA' }, ...(options.clock && { clock: options.clock }) }}>
          <Capture />
          <ScreenLogicContext.Provider value={screenLogic}>
            <PortalGate>
              <AppRoutes table={options.routes ?? routes} />
            </PortalGate>
          </ScreenLogicContext.Provider>
        </RootActor.Provider>
      </ChakraProvider>
    </Router>,
  );
  return Object.assign(result, {
    router,
    root: () => root!,
    notifications: () => root!.getSnapshot().context.notifications,
    auth: () => root!.getSnapshot().context.auth,
  });
}

/**
 * Finds a text that appears after a lazily loaded part starts: the toaster's group starts in a microtask
 * that only act() flushes in tests, so wait inside act() until it shows. The part itself is loaded on first use
 * (through the transform in tests: seconds on a busy 2-core box), hence up to 15 s.
 */
export async function findFlushing(text: string): Promise<HTMLElement> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    // Two successes of the same text (two records created) are two toasts: any of them will do.
    const [found] = screen.queryAllByText(text);
    if (found) return found;
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  throw new Error(`"${text}" never appeared`);
}
