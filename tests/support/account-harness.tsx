import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { fromPromise, type AnyStateMachine, type SimulatedClock } from 'xstate';
import { PortalGate } from '../../src/app/PortalGate';
import { RootActor } from '../../src/machines/root/root-actor';
import { AppRoutes } from '../../src/app/routes';
import { ScreenLogicContext } from '../../src/app/screen-logic';
import { system } from '../../src/ui/theme';
import { AccountLogicContext, defaultAccountLogic, type AccountLogic } from '../../src/features/auth/account-logic';
import type { Permissions, StoredRole } from '../../src/lib/roles';
import { authMachine } from '../../src/machines/auth/auth.machine';
import type { Profile, UpdateProfileRequest } from '../../src/machines/auth/profile.machine';
import { rootMachine } from '../../src/machines/root/root.machine';
import { quietConnection, quietIdentity } from './quiet-connection';
import { createTestRouter } from './test-router';
import { errorReportMachine } from '../../src/machines/session/error-report.machine';
import { permissionsOf, quietCountdown, resolvedPortal, tokenOf } from './shell-harness';

// jsdom has no blob URLs; the profile picture's preview asks for one.
URL.createObjectURL ??= () => 'blob:preview';
URL.revokeObjectURL ??= () => undefined;

/** The signed-in user of the account screens' tests: a customer, email confirmed, with a South African phone. */
export function sampleProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 7, email: 'customer@demo.test', firstName: 'Thandi', lastName: 'Nkosi', phoneNumber: '+27821234567',
    phoneNumberConfirmed: true, emailConfirmed: true, contactCountryCode: 'ZA', unitName: null, unitNumber: null,
    companyId: null, storeId: null, company: null, twoFactorEnabled: false, hasProfilePicture: false,
    ...overrides,
  };
}

export function accountPermissions(profile: Profile, roles: readonly StoredRole[] = []): Permissions {
  return permissionsOf(roles, {
    id: profile.id, email: profile.email, emailConfirmed: profile.emailConfirmed, phoneNumberConfirmed: profile.phoneNumberConfirmed,
  });
}

const never = () => fromPromise(() => new Promise<never>(() => undefined));

/** A machine whose calls never answer: a section that stays quiet while another one is under test. */
export function inert<M extends AnyStateMachine>(machine: M): M {
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors ?? {}).map((name) => [name, never()]));
  return machine.provide({ actors } as never) as M;
}

/**
 * The account machines for a test: the profile loads `profile` at once, every other section waits forever,
 * and `override` puts the machines under test in place.
 */
export function accountLogic(profile: Profile, override: Partial<AccountLogic> = {}): AccountLogic {
  return {
    passwordReset: inert(defaultAccountLogic.passwordReset),
    verification: inert(defaultAccountLogic.verification),
    profile: defaultAccountLogic.profile.provide({
      actors: { loadProfile: fromPromise(async () => profile), saveProfile: fromPromise<Profile, UpdateProfileRequest>(() => new Promise(() => undefined)) },
    }),
    profilePicture: inert(defaultAccountLogic.profilePicture),
    apiKey: inert(defaultAccountLogic.apiKey),
    changeEmail: inert(defaultAccountLogic.changeEmail),
    changePassword: inert(defaultAccountLogic.changePassword),
    passkeys: inert(defaultAccountLogic.passkeys),
    outbox: inert(defaultAccountLogic.outbox),
    webAuthnSupported: () => true,
    ...override,
  };
}

export interface AccountRenderOptions {
  path: string;
  /** The signed-in user; null: signed out. */
  profile: Profile | null;
  roles?: readonly StoredRole[];
  logic?: AccountLogic;
  clock?: SimulatedClock;
  /** How the auth actor's reload (after a verification) answers; by default it never does. */
  reload?: () => Promise<{ jwtToken: string; profile: Profile }>;
}

/**
 * The whole app (theme, root actor, portal gate, routes with their guards, shell) at a path, signed in as
 * the profile's user, with the account machines of `logic`. The auth actor is the real one; its start-up
 * restores the session without a call, and its reload after a verification is recorded (and answered by
 * `reload`, or never).
 */
export function renderAccount(options: AccountRenderOptions) {
  const reloads: number[] = [];
  const profile = options.profile;
  const auth = authMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => {
        if (!profile) throw new Error('no session');
        return { jwtToken: tokenOf(accountPermissions(profile, options.roles)), profile };
      }),
      reloadSession: fromPromise(() => {
        reloads.push(Date.now());
        return options.reload ? options.reload() : new Promise<never>(() => undefined);
      }),
    },
    actions: { goHomeAndReload: () => undefined },
  });
  const { router, Router } = createTestRouter(options.path);
  const rootLogic = rootMachine.provide({ actors: { portal: resolvedPortal, auth, connection: quietConnection, identityLive: quietIdentity } });
  const result = render(
    <Router>
      <ChakraProvider value={system}>
        <RootActor.Provider logic={rootLogic} options={{ input: { hostname: 'localhost', defaultPortal: 'ZA' }, ...(options.clock && { clock: options.clock }) }}>
          <ScreenLogicContext.Provider value={{ countdown: quietCountdown, errorReport: errorReportMachine }}>
            <AccountLogicContext.Provider value={options.logic ?? accountLogic(profile ?? sampleProfile())}>
              <PortalGate>
                <AppRoutes />
              </PortalGate>
            </AccountLogicContext.Provider>
          </ScreenLogicContext.Provider>
        </RootActor.Provider>
      </ChakraProvider>
    </Router>,
  );
  return Object.assign(result, { router, reloads });
}

/** The page's main heading, once the lazy route has loaded. */
export async function pageHeading(name: string) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
}
