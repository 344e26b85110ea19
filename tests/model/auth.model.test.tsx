import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { fromCallback, fromPromise, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { STORAGE_KEYS } from '../../src/lib/constants';
import { ERROR_TEXTS, SESSION_ERROR_TEXTS, SIGN_IN_TEXTS, USER_MENU_TEXTS } from '../../src/lib/error-catalogue';
import { authMachine } from '../../src/machines/auth/auth.machine';
import { authSamples } from '../../src/machines/auth/auth.samples';
import { portalMachine } from '../../src/machines/portal/portal.machine';
import { samplePortalZa } from '../../src/machines/portal/portal.samples';
import { chartCan, describeModel } from '../support/model-paths';
import { renderApp } from '../support/render-app';

// The login screen lists the providers the server has configured.
vi.mock('../../src/machines/auth/auth.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/machines/auth/auth.actors')>();
  const { fromPromise: promiseLogic } = await import('xstate');
  return { ...original, externalProviders: promiseLogic(async () => [{ id: 'oidc', name: 'Example ID' }]) };
});

// Signing in lands on the user's home (/dashboard for these tokens): its data calls are not under test here.
vi.mock('../../src/features/dashboard/DashboardPage', () => ({ Component: () => <main><h1>Dashboard</h1></main> }));

// The passkey button shows where the browser supports WebAuthn.
Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });

const portal = portalMachine.provide({ actors: { lookupPortal: fromPromise(async () => samplePortalZa) } });

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** The app as the model test drives it: the router, the running auth actor, the replaced page-leaving actions. */
const app = {
  router: undefined as unknown as ReturnType<typeof renderApp>['router'],
  system: undefined as { get(id: string): AnyActorRef | undefined } | undefined,
  /** The chart under test as started (its guards observed), for `chartCan`. */
  chart: authMachine,
  redirects: [] as string[],
  reloads: 0,
};

function auth(): AnyActorRef {
  const actor = app.system?.get('auth');
  if (!actor) throw new Error('The auth actor is not running');
  return actor;
}

const path = () => app.router.state.location.pathname;

async function goTo(target: string) {
  if (path() !== target) await act(() => app.router.navigate(target));
}

async function section(name: string) {
  return screen.findByRole('region', { name });
}

function fill(container: HTMLElement, label: RegExp, value: string) {
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });
}

/** Waits until the running actor has caught up with the path's state (effects and lazy screens are async). */
async function reached(snapshot: AuthSnapshot) {
  await waitFor(() => expect(auth().getSnapshot().value).toEqual(snapshot.value));
}

function signedOutHeader() {
  expect(screen.getByRole('link', { name: USER_MENU_TEXTS.login })).toBeTruthy();
  expect(screen.queryByRole('link', { name: USER_MENU_TEXTS.logout })).toBeNull();
}

async function signedInHeader() {
  expect(await screen.findByRole('link', { name: USER_MENU_TEXTS.logout })).toBeTruthy();
  expect(screen.queryByRole('link', { name: USER_MENU_TEXTS.login })).toBeNull();
}

function busyButton(container: HTMLElement, name: string) {
  const button = within(container).getByRole('button', { name });
  expect(button.hasAttribute('disabled') || button.getAttribute('aria-busy') === 'true' || button.hasAttribute('data-loading')).toBe(true);
}

describeModel({
  machine: authMachine,
  scenarios: authSamples.scenarios,
  targets: authSamples.targets,
  guards: true,
  async start(machine, _input, clock) {
    app.redirects = [];
    app.reloads = 0;
    app.system = undefined;
    app.chart = machine;
    sessionStorage.clear();
    const running = machine.provide({
      actions: {
        redirectToProvider: (_: unknown, params: { url: string }) => app.redirects.push(params.url),
        goHomeAndReload: () => {
          app.reloads += 1;
          void app.router.navigate('/');
        },
      },
      // The other-tabs bridge is not under test here; its slot hands the test the actor system.
      actors: { tabSync: fromCallback(({ system }) => { app.system = system as unknown as typeof app.system; }) },
    } as never) as typeof machine;
    const view = renderApp({ portal, auth: running, path: '/login', clock });
    app.router = view.router;
    await waitFor(() => expect(app.system).toBeDefined());
    return {
      async send(event) {
        const snapshot = auth().getSnapshot() as AuthSnapshot;
        switch (event.type) {
          case 'auth.login': {
            await goTo('/login');
            const form = await section(SIGN_IN_TEXTS.loginHeading);
            fill(form, /^Email/, event.email as string);
            fill(form, /^Password/, event.password as string);
            fireEvent.click(within(form).getByRole('button', { name: SIGN_IN_TEXTS.loginButton }));
            return;
          }
          case 'auth.register': {
            await goTo('/login');
            const form = await section(SIGN_IN_TEXTS.signUpHeading);
            fill(form, /^First name/, event.firstName as string);
            fill(form, /^Last name/, event.lastName as string);
            fill(form, /^Email/, event.email as string);
            fill(form, /^Password/, event.password as string);
            fireEvent.click(within(form).getByRole('button', { name: SIGN_IN_TEXTS.signUpButton }));
            return;
          }
          case 'auth.twoFactor.verify': {
            fireEvent.change(await screen.findByLabelText(/^Code/), { target: { value: event.code } });
            fireEvent.click(screen.getByRole('button', { name: SIGN_IN_TEXTS.verifyButton }));
            return;
          }
          case 'auth.twoFactor.resend':
            fireEvent.click(await screen.findByRole('button', { name: SIGN_IN_TEXTS.resendButton }));
            return;
          case 'auth.external.start':
            await goTo('/login');
            fireEvent.click(await screen.findByRole('button', { name: SIGN_IN_TEXTS.externalButton('Example ID') }));
            return;
          case 'auth.passkey.login':
            await goTo('/login');
            fireEvent.click(await screen.findByRole('button', { name: SIGN_IN_TEXTS.passkeyButton }));
            return;
          case 'auth.external.complete':
            if (snapshot.matches({ signedOut: 'idle' })) {
              // Back from the provider: the callback page completes the sign-in.
              sessionStorage.setItem(STORAGE_KEYS.externalProvider, event.provider as string);
              await act(() => app.router.navigate('/login/external/callback?code=abc&state=xyz'));
              return;
            }
            break;
          case 'auth.reset':
            if (snapshot.matches('twoFactor')) {
              fireEvent.click(await screen.findByRole('button', { name: SIGN_IN_TEXTS.backToLogin }));
              return;
            }
            break;
          case 'auth.logout':
            fireEvent.click(await screen.findByRole('link', { name: USER_MENU_TEXTS.logout }));
            return;
          case 'auth.impersonation.stop': {
            // The bar under the header (on every screen while impersonating); the header menu has the same item.
            const bar = await screen.findByTestId('impersonation-bar');
            fireEvent.click(within(bar).getByRole('button', { name: USER_MENU_TEXTS.stopImpersonation }));
            return;
          }
          default:
            break;
        }
        // Events with no screen of their own here: from the API clients, other tabs, other screens (profile,
        // users list), or a form's events while another step is under way.
        auth().send(event);
      },
    };
  },
  states: {
    restoring: async (snapshot) => {
      await reached(snapshot);
      // Neither answer is true yet: no "Log in / Sign up", no "Logout"; the sign-in screen waits.
      if (path() === '/login') expect(screen.getByRole('status').textContent).toBe(ERROR_TEXTS.loading);
      expect(screen.queryByRole('link', { name: USER_MENU_TEXTS.login })).toBeNull();
      expect(screen.queryByRole('link', { name: USER_MENU_TEXTS.logout })).toBeNull();
      // After "Stop impersonation": / and a reload, which restores the main login from its cookie.
      if (app.reloads > 0) expect(path()).toBe('/');
    },
    sessionExpired: async (snapshot) => {
      await reached(snapshot);
      // In place of every page until it reloads: no header, no form.
      expect((await screen.findByRole('alert')).textContent).toBe(SESSION_ERROR_TEXTS.title);
      expect(screen.queryByRole('link', { name: USER_MENU_TEXTS.login })).toBeNull();
      expect(snapshot.context.accessToken).toBeNull();
    },
    signedOut: async (snapshot) => {
      await reached(snapshot);
      signedOutHeader();
      expect(snapshot.context.accessToken).toBeNull();
    },
    'signedOut.idle': async (snapshot) => {
      if (path() !== '/login') return;
      expect(await screen.findByRole('heading', { level: 1, name: SIGN_IN_TEXTS.screenTitle })).toBeTruthy();
      const register = await section(SIGN_IN_TEXTS.signUpHeading);
      const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
      if (snapshot.context.leadEmailTaken) expect(within(register).getByRole('alert').textContent).toContain(SIGN_IN_TEXTS.leadEmailTaken);
      const error = snapshot.context.error;
      if (error?.errors) {
        expect(within(register).getByText(error.errors.email![0]!)).toBeTruthy();
      } else if (error) {
        // The alert of a 401 that signed the user out comes with the guard's redirect here: wait for it.
        await waitFor(() => expect(
          screen.queryAllByRole('alert').some((alert) => (alert.textContent ?? '').includes(error.message)),
          `alert "${error.message}" (the running actor's error: ${auth().getSnapshot().context.error?.message ?? 'none'})`,
        ).toBe(true));
      }
      if (!error && !snapshot.context.leadEmailTaken) expect(alerts).toEqual([]);
    },
    'signedOut.loggingIn': async () => {
      busyButton(await section(SIGN_IN_TEXTS.loginHeading), SIGN_IN_TEXTS.loginButton);
    },
    'signedOut.registering': async () => {
      busyButton(await section(SIGN_IN_TEXTS.signUpHeading), SIGN_IN_TEXTS.signUpButton);
    },
    'signedOut.authorizingExternal': async () => {
      busyButton(await section(SIGN_IN_TEXTS.loginHeading), SIGN_IN_TEXTS.externalButton('Example ID'));
      expect(sessionStorage.getItem(STORAGE_KEYS.externalProvider)).toBe('oidc');
    },
    'signedOut.redirecting': async () => {
      expect((await screen.findByRole('status')).textContent).toBe(SIGN_IN_TEXTS.redirecting);
      expect(app.redirects).toEqual(['http://127.0.0.1:9999/auth?client_id=courier']);
    },
    'signedOut.completingExternal': async () => {
      expect(path()).toBe('/login/external/callback');
      expect((await screen.findByRole('status')).textContent).toBe(SIGN_IN_TEXTS.signingIn);
    },
    'signedOut.passkey': async () => {
      busyButton(await section(SIGN_IN_TEXTS.loginHeading), SIGN_IN_TEXTS.passkeyButton);
    },
    twoFactor: async (snapshot) => {
      await reached(snapshot);
      expect(await screen.findByRole('heading', { level: 1, name: SIGN_IN_TEXTS.twoFactorHeading })).toBeTruthy();
      expect(path()).toBe('/two-factor');
      expect(screen.getByTestId('two-factor-message').textContent).toBe(snapshot.context.twoFactorMessage);
    },
    'twoFactor.entering': (snapshot) => {
      expect(screen.getByLabelText(/^Code/)).toBeTruthy();
      const alert = screen.queryByTestId('two-factor-problem');
      if (snapshot.context.error) expect(alert?.textContent).toContain(snapshot.context.error.message);
      else expect(alert).toBeNull();
      if (snapshot.context.codeResent) expect(screen.getByText(SIGN_IN_TEXTS.codeResent)).toBeTruthy();
    },
    'twoFactor.verifying': () => {
      busyButton(document.body, SIGN_IN_TEXTS.verifyButton);
    },
    'twoFactor.resending': () => {
      busyButton(document.body, SIGN_IN_TEXTS.resendButton);
    },
    loadingProfile: async (snapshot) => {
      await reached(snapshot);
      // The token is in: the header already shows the signed-in links; the sign-in screens say so.
      await signedInHeader();
      if (['/login', '/two-factor', '/login/external/callback'].includes(path())) {
        expect((await screen.findByRole('status')).textContent).toBe(SIGN_IN_TEXTS.signingIn);
      }
    },
    signedIn: async (snapshot) => {
      await reached(snapshot);
      await signedInHeader();
      // Signed in from a sign-in screen: on to where the user was going.
      await waitFor(() => expect(['/login', '/two-factor', '/login/external/callback']).not.toContain(path()));
      expect(snapshot.context.profile).not.toBeNull();
      if (snapshot.context.permissions?.act) {
        expect(screen.getByRole('button', { name: USER_MENU_TEXTS.impersonatingLabel('store.user@demo.test') })).toBeTruthy();
      } else {
        expect(screen.getByRole('link', { name: USER_MENU_TEXTS.myProfile })).toBeTruthy();
      }
    },
    'signedIn.active': (snapshot) => {
      expect(screen.queryByText(SIGN_IN_TEXTS.loggingOut)).toBeNull();
      // "Stop impersonation" is offered exactly while impersonating, and the chart agrees (isImpersonating).
      const stop = screen.queryByTestId('impersonation-bar');
      expect(stop !== null).toBe(Boolean(snapshot.context.permissions?.act));
      expect(chartCan(app.chart, snapshot, { type: 'auth.impersonation.stop' })).toBe(stop !== null);
    },
    'signedIn.refreshing': () => {
      expect(screen.getByRole('link', { name: USER_MENU_TEXTS.logout })).toBeTruthy();
    },
    'signedIn.reloading': () => {
      expect(screen.getByRole('link', { name: USER_MENU_TEXTS.logout })).toBeTruthy();
    },
    'signedIn.impersonating': () => {
      expect(screen.getByRole('link', { name: USER_MENU_TEXTS.myProfile })).toBeTruthy();
    },
    'signedIn.stoppingImpersonation': () => {
      expect(screen.getByRole('button', { name: USER_MENU_TEXTS.impersonatingLabel('store.user@demo.test') })).toBeTruthy();
      expect(app.reloads).toBe(0);
    },
    loggingOut: async (snapshot) => {
      await reached(snapshot);
      expect(path()).toBe('/logout');
      expect((await screen.findByRole('status')).textContent).toBe(SIGN_IN_TEXTS.loggingOut);
    },
  },
});
