import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { toApiError } from '../../src/api/api-error';
import { SIGN_IN_TEXTS } from '../../src/lib/error-catalogue';
import { authMachine } from '../../src/machines/auth/auth.machine';
import type { AuthResponse, SessionOutput } from '../../src/machines/auth/auth.actors';
import type { Profile } from '../../src/machines/auth/auth.types';
import { portalMachine } from '../../src/machines/portal/portal.machine';
import type { Portal } from '../../src/machines/portal/portal.types';
import { renderApp } from '../support/render-app';
import { fakeToken } from '../support/fake-token';

// The login screen lists the providers the server has configured.
vi.mock('../../src/machines/auth/auth.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/machines/auth/auth.actors')>();
  const { fromPromise: promiseLogic } = await import('xstate');
  return { ...original, externalProviders: promiseLogic(async () => [{ id: 'oidc', name: 'Example ID' }]) };
});

const za: Portal = { cca2: 'ZA', name: 'South Africa', currency: 'ZAR', currencyDecimals: 2, timeZone: 'Africa/Johannesburg', vatRate: 0.15 };
const portal = portalMachine.provide({ actors: { lookupPortal: fromPromise(async () => za) } });

const profile: Profile = {
  id: 7, email: 'customer@demo.test', firstName: 'Cara', lastName: 'Customer', emailConfirmed: true, phoneNumberConfirmed: false,
  contactCountryCode: 'ZA', twoFactorEnabled: false, hasProfilePicture: false,
};

function authWith(calls: {
  login?: (input: { email: string; password: string }) => Promise<AuthResponse>;
  register?: (input: Record<string, unknown>) => Promise<AuthResponse>;
  twoFactorVerify?: (input: { code: string; twoFactorHash: string }) => Promise<AuthResponse>;
}) {
  return authMachine.provide({
    actors: {
      restoreSession: fromPromise<SessionOutput>(async () => { throw toApiError(401, undefined, '/identity/v1/auth/refreshToken'); }),
      loadProfile: fromPromise(async () => profile),
      login: fromPromise(({ input }) => (calls.login ?? (async () => ({})))(input)),
      register: fromPromise(({ input }) => (calls.register ?? (async () => ({})))(input as Record<string, unknown>)),
      twoFactorVerify: fromPromise(({ input }) => (calls.twoFactorVerify ?? (async () => ({})))(input)),
    },
  });
}

async function openLogin(auth: typeof authMachine, path = '/login') {
  const view = renderApp({ portal, auth, path });
  // The screen is a lazy chunk shown after the session restore: its first load takes seconds on a busy box.
  await screen.findByRole('heading', { level: 1, name: SIGN_IN_TEXTS.screenTitle }, { timeout: 10_000 });
  const login = screen.getByRole('region', { name: SIGN_IN_TEXTS.loginHeading });
  const register = screen.getByRole('region', { name: SIGN_IN_TEXTS.signUpHeading });
  return { view, login, register };
}

describe('the "Log in / Sign up" screen', () => {
  it('is one screen for /login and /register, with both forms and the configured providers', async () => {
    const { login, register } = await openLogin(authWith({}), '/register');
    expect(within(login).getByLabelText(/^Email/)).toBeTruthy();
    expect(within(login).getByLabelText(/^Password/)).toBeTruthy();
    expect(within(register).getByLabelText(/^First name/)).toBeTruthy();
    expect(within(register).getByLabelText(/^Last name/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: SIGN_IN_TEXTS.externalButton('Example ID') })).toBeTruthy();
    expect(within(login).getByRole('link', { name: SIGN_IN_TEXTS.forgotPassword }).getAttribute('href')).toBe('/forgot-password');
  });

  it('names the missing fields, marks them invalid and focuses the first (keyboard submit)', async () => {
    const user = userEvent.setup();
    const login = vi.fn(async () => ({}));
    const { login: section } = await openLogin(authWith({ login }));
    await user.click(within(section).getByLabelText(/^Email/));
    await user.keyboard('{Enter}');
    expect(within(section).getByText(SIGN_IN_TEXTS.emailRequired)).toBeTruthy();
    expect(within(section).getByText(SIGN_IN_TEXTS.passwordRequired)).toBeTruthy();
    const email = within(section).getByLabelText(/^Email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(login).not.toHaveBeenCalled();
  });

  it('signs in from the keyboard and goes where the guard sent the user from', async () => {
    const user = userEvent.setup();
    const login = vi.fn(async () => ({ jwtToken: fakeToken({ id: 7, email: 'customer@demo.test' }) }));
    // A guarded page sends the signed-out visitor to /login, remembering where they were going.
    const { view, login: section } = await openLogin(authWith({ login }), '/dashboard');
    expect(view.router.state.location.pathname).toBe('/login');
    await user.type(within(section).getByLabelText(/^Email/), 'customer@demo.test');
    await user.type(within(section).getByLabelText(/^Password/), 'Demo-password-1{Enter}');
    expect(login).toHaveBeenCalledWith({ email: 'customer@demo.test', password: 'Demo-password-1' });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the server\'s error, announced and focused', async () => {
    const user = userEvent.setup();
    const login = vi.fn(async () => { throw toApiError(401, { message: 'Invalid email or password.' }, '/identity/v1/auth/login'); });
    const { login: section } = await openLogin(authWith({ login }));
    await user.type(within(section).getByLabelText(/^Email/), 'someone@demo.test');
    await user.type(within(section).getByLabelText(/^Password/), 'wrong{Enter}');
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('Invalid email or password.');
    expect(document.activeElement).toBe(alert);
  });

  it('shows a locked account with the catalogue title', async () => {
    const user = userEvent.setup();
    const login = vi.fn(async () => { throw toApiError(423, { message: 'Your account is locked.' }, '/identity/v1/auth/login'); });
    const { login: section } = await openLogin(authWith({ login }));
    await user.type(within(section).getByLabelText(/^Email/), 'someone@demo.test');
    await user.type(within(section).getByLabelText(/^Password/), 'wrong{Enter}');
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('Account Locked');
    expect(alert.textContent).toContain('Your account is locked.');
  });

  it('checks the sign-up fields: names, email format and password length', async () => {
    const user = userEvent.setup();
    const register = vi.fn(async () => ({}));
    const { register: section } = await openLogin(authWith({ register }));
    await user.type(within(section).getByLabelText(/^Email/), 'not-an-email');
    await user.type(within(section).getByLabelText(/^Password/), 'short{Enter}');
    expect(within(section).getByText(SIGN_IN_TEXTS.firstNameRequired)).toBeTruthy();
    expect(within(section).getByText(SIGN_IN_TEXTS.lastNameRequired)).toBeTruthy();
    expect(within(section).getByText(SIGN_IN_TEXTS.emailInvalid)).toBeTruthy();
    expect(within(section).getByText(SIGN_IN_TEXTS.passwordTooShort)).toBeTruthy();
    expect(document.activeElement).toBe(within(section).getByLabelText(/^First name/));
    expect(register).not.toHaveBeenCalled();
  });

  it('says so when the address already has an account (leadEmailTaken) and stays signed out', async () => {
    const user = userEvent.setup();
    const register = vi.fn(async () => ({ leadEmailTaken: true }));
    const { view, register: section } = await openLogin(authWith({ register }));
    await user.type(within(section).getByLabelText(/^First name/), 'Cara');
    await user.type(within(section).getByLabelText(/^Last name/), 'Customer');
    await user.type(within(section).getByLabelText(/^Email/), 'customer@demo.test');
    await user.type(within(section).getByLabelText(/^Password/), 'Demo-password-1{Enter}');
    expect(register).toHaveBeenCalledWith({ email: 'customer@demo.test', password: 'Demo-password-1', firstName: 'Cara', lastName: 'Customer' });
    expect((await within(section).findByRole('alert')).textContent).toContain(SIGN_IN_TEXTS.leadEmailTaken);
    expect(view.router.state.location.pathname).toBe('/login');
  });

  it('puts the server\'s field messages on their fields', async () => {
    const user = userEvent.setup();
    const register = vi.fn(async () => {
      throw toApiError(400, { message: 'Bad input', errors: { email: ['email must match format "email"'] } }, '/identity/v1/auth/register');
    });
    const { register: section } = await openLogin(authWith({ register }));
    await user.type(within(section).getByLabelText(/^First name/), 'Cara');
    await user.type(within(section).getByLabelText(/^Last name/), 'Customer');
    await user.type(within(section).getByLabelText(/^Email/), 'cara@demo.test');
    await user.type(within(section).getByLabelText(/^Password/), 'Demo-password-1{Enter}');
    expect(await within(section).findByText('email must match format "email"')).toBeTruthy();
    expect(within(section).getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(within(section).getByLabelText(/^Email/)));
  });
});

describe('the two-factor code step', () => {
  it('shows the server\'s message, checks the code and completes the login', async () => {
    const user = userEvent.setup();
    const login = vi.fn(async () => ({ twoFactorHash: 'hash-1', message: 'A code was sent to c***@demo.test' }));
    const twoFactorVerify = vi.fn(async () => ({ jwtToken: fakeToken({ id: 7, email: 'customer@demo.test' }) }));
    const { view, login: section } = await openLogin(authWith({ login, twoFactorVerify }));
    await user.type(within(section).getByLabelText(/^Email/), 'customer@demo.test');
    await user.type(within(section).getByLabelText(/^Password/), 'Demo-password-1{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: SIGN_IN_TEXTS.twoFactorHeading })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/two-factor');
    expect(screen.getByText('A code was sent to c***@demo.test')).toBeTruthy();

    const code = screen.getByLabelText(/^Code/);
    await user.type(code, '12{Enter}');
    expect(screen.getByText(SIGN_IN_TEXTS.codeInvalid)).toBeTruthy();
    expect(document.activeElement).toBe(code);
    expect(twoFactorVerify).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '123456{Enter}');
    expect(twoFactorVerify).toHaveBeenCalledWith({ code: '123456', twoFactorHash: 'hash-1' });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows a wrong code as an alert and stays on the step', async () => {
    const user = userEvent.setup();
    const login = vi.fn(async () => ({ twoFactorHash: 'hash-1', message: 'A code was sent' }));
    const twoFactorVerify = vi.fn(async () => { throw toApiError(401, { message: 'The code is incorrect or has expired.' }, '/identity/v1/twoFactor/verify'); });
    const { login: section } = await openLogin(authWith({ login, twoFactorVerify }));
    await user.type(within(section).getByLabelText(/^Email/), 'customer@demo.test');
    await user.type(within(section).getByLabelText(/^Password/), 'Demo-password-1{Enter}');
    await user.type(await screen.findByLabelText(/^Code/), '000000{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('The code is incorrect or has expired.');
    expect(screen.getByRole('heading', { level: 1, name: SIGN_IN_TEXTS.twoFactorHeading })).toBeTruthy();
  });

  it('sends a visitor without a pending code step to the login form', async () => {
    const view = renderApp({ portal, auth: authWith({}), path: '/two-factor' });
    await screen.findByRole('heading', { level: 1, name: SIGN_IN_TEXTS.screenTitle });
    expect(view.router.state.location.pathname).toBe('/login');
  });
});

describe('external sign-in', () => {
  it('goes to the provider the user picked', async () => {
    const user = userEvent.setup();
    const redirects: string[] = [];
    const externalAuthorize = vi.fn(async (input: { provider: string; redirectUri: string }) => {
      expect(input).toEqual({ provider: 'oidc', redirectUri: 'http://localhost:3000/login/external/callback' });
      return { authorizationUrl: 'http://127.0.0.1:9999/auth?client_id=courier' };
    });
    const auth = authWith({}).provide({
      actors: { externalAuthorize: fromPromise(({ input }: { input: { provider: string; redirectUri: string } }) => externalAuthorize(input)) },
      actions: { redirectToProvider: (_: unknown, params: { url: string }) => { redirects.push(params.url); } },
    } as never) as typeof authMachine;
    await openLogin(auth);
    await user.click(await screen.findByRole('button', { name: SIGN_IN_TEXTS.externalButton('Example ID') }));
    expect((await screen.findByRole('status')).textContent).toBe(SIGN_IN_TEXTS.redirecting);
    expect(redirects).toEqual(['http://127.0.0.1:9999/auth?client_id=courier']);
    expect(sessionStorage.getItem('externalProvider')).toBe('oidc');
  });

  it('says so when the callback has no pending sign-in, with a way back', async () => {
    sessionStorage.clear();
    renderApp({ portal, auth: authWith({}), path: '/login/external/callback?code=abc&state=xyz' });
    expect((await screen.findByRole('alert')).textContent).toContain(SIGN_IN_TEXTS.externalCallbackInvalid);
    expect(screen.getByRole('link', { name: SIGN_IN_TEXTS.backToLogin }).getAttribute('href')).toBe('/login');
  });

  it('shows the server\'s refusal on the callback page', async () => {
    sessionStorage.setItem('externalProvider', 'oidc');
    const externalLogin = vi.fn(async (input: { provider: string; callbackUrl: string }) => {
      expect(input).toEqual({ provider: 'oidc', callbackUrl: 'http://localhost:3000/login/external/callback?code=abc&state=xyz' });
      throw toApiError(401, { message: 'The sign-in provider refused the login.' }, '/identity/v1/external/login');
    });
    const auth = authWith({}).provide({ actors: { externalLogin: fromPromise(({ input }) => externalLogin(input)) } });
    renderApp({ portal, auth, path: '/login/external/callback?code=abc&state=xyz' });
    expect((await screen.findByRole('alert')).textContent).toContain('The sign-in provider refused the login.');
    expect(externalLogin).toHaveBeenCalledTimes(1);
  });
});
