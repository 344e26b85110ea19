import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import { fromPromise, type AnyActorRef, type PromiseActorLogic, type SimulatedClock } from 'xstate';
import { PortalGate } from '../../src/app/PortalGate';
import { RootActor } from '../../src/machines/root/root-actor';
import { AppRoutes } from '../../src/app/routes';
import { ScreenLogicContext } from '../../src/app/screen-logic';
import { system } from '../../src/ui/theme';
import { BookingLogicContext, type BookingLogic } from '../../src/features/booking/booking-logic';
import type { Permissions, StoredRole } from '../../src/lib/roles';
import { authMachine } from '../../src/machines/auth/auth.machine';
import { rootMachine } from '../../src/machines/root/root.machine';
import { errorReportMachine } from '../../src/machines/session/error-report.machine';
import { AccountLogicContext } from '../../src/features/auth/account-logic';
import { accountLogic, accountPermissions, sampleProfile } from './account-harness';
import { quietConnection, quietIdentity } from './quiet-connection';
import { createTestRouter } from './test-router';
import { preloadScreens } from './preload-screens';
import { quietCountdown, resolvedPortal, tokenOf } from './shell-harness';

// jsdom has no CSS.escape; the dialog's focus trap (zag) calls it when a control inside changes aria-expanded.
if (!(globalThis as { CSS?: { escape?: unknown } }).CSS?.escape) {
  (globalThis as unknown as { CSS: { escape(value: string): string } }).CSS = {
    ...(globalThis as { CSS?: object }).CSS, escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`),
  };
}

/**
 * The whole app at `path`, signed in as the sample customer profile with `roles`, with the booking machine
 * of `logic` (like renderAccount, plus the booking logic).
 */
export function renderBooking(options: {
  path: string; logic: BookingLogic; roles?: readonly StoredRole[]; clock?: SimulatedClock; state?: unknown;
  /** Profile and token overrides (an unconfirmed email, a store user's storeId). */
  profile?: Partial<ReturnType<typeof sampleProfile>>; permissions?: Partial<Permissions>;
}) {
  const profile = sampleProfile(options.profile);
  const token = tokenOf({ ...accountPermissions(profile, options.roles), ...options.permissions });
  const auth = authMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => ({ jwtToken: token, profile })),
      reloadSession: fromPromise(() => new Promise<{ jwtToken: string; profile: typeof profile }>(() => undefined)),
    },
    actions: { goHomeAndReload: () => undefined },
  });
  const [pathname, search = ''] = options.path.split('?');
  const { router, Router } = createTestRouter({ pathname: pathname!, search: search && `?${search}`, state: options.state ?? null });
  // Every actor of the system, so a test can play the card provider's widget calling back.
  const actors: AnyActorRef[] = [];
  const rootLogic = rootMachine.provide({ actors: { portal: resolvedPortal, auth, connection: quietConnection, identityLive: quietIdentity } });
  const result = render(
    <Router>
      <ChakraProvider value={system}>
        <RootActor.Provider logic={rootLogic} options={{
          input: { hostname: 'localhost', defaultPortal: 'ZA' }, ...(options.clock && { clock: options.clock }),
          inspect: (event) => { if (event.type === '@xstate.actor') actors.push(event.actorRef as AnyActorRef); },
        }}>
          <ScreenLogicContext.Provider value={{ countdown: quietCountdown, errorReport: errorReportMachine }}>
            <AccountLogicContext.Provider value={accountLogic(profile)}>
              <BookingLogicContext.Provider value={options.logic}>
                <PortalGate>
                  <AppRoutes />
                </PortalGate>
              </BookingLogicContext.Provider>
            </AccountLogicContext.Provider>
          </ScreenLogicContext.Provider>
        </RootActor.Provider>
      </ChakraProvider>
    </Router>,
  );
  return Object.assign(result, { router, actors });
}

/** The open wizard dialog. */
/**
 * Loads the booking's lazy chunks (the header's New delivery button, the wizard, the home screen) before a suite's
 * first render, so a file's first test does not race their transform (see preloadScreens).
 */
export async function preloadBooking() {
  await Promise.all([
    import('../../src/features/booking/NewDeliveryButton'), import('../../src/features/booking/BookingWizard'), preloadScreens('/'),
  ]);
}

export async function wizardDialog() {
  // Generous: a file's first wizard also waits for its lazy chunks to load (seconds on a loaded CI machine).
  return screen.findByTestId('booking-wizard', {}, { timeout: 15_000 });
}

export function inWizard() {
  return within(screen.getByTestId('booking-wizard'));
}

/**
 * A stand-in for one of the booking charts' promise actors with its output and input types, so that `provide`
 * takes it as the real one (no cast): `getQuote: stubActor(getQuote, async () => quote)`.
 */
export function stubActor<Output, Input>(_real: PromiseActorLogic<Output, Input>, run: (input: Input) => Promise<Output>): PromiseActorLogic<Output, Input> {
  return fromPromise<Output, Input>(({ input }) => run(input));
}
