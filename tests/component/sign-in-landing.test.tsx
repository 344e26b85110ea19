import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { reportSessionError } from '../../src/api/session';
import { toApiError } from '../../src/api/api-error';
import { ERROR_TEXTS, SIGN_IN_TEXTS } from '../../src/lib/error-catalogue';
import { authMachine } from '../../src/machines/auth/auth.machine';
import type { AuthResponse, SessionOutput } from '../../src/machines/auth/auth.actors';
import type { Profile } from '../../src/machines/auth/auth.types';
import { portalMachine } from '../../src/machines/portal/portal.machine';
import { samplePortalZa } from '../../src/machines/portal/portal.samples';
import { renderApp } from '../support/render-app';
import { fakeToken } from '../support/fake-token';

// The landing screens' own data calls are not under test: where the user lands is.
vi.mock('../../src/features/dashboard/DashboardPage', () => ({ Component: () => <main><h1>Dashboard page</h1></main> }));
vi.mock('../../src/features/jobs/JobsListPage', () => ({ Component: () => <main><h1>Jobs page</h1></main> }));
vi.mock('../../src/features/jobs/DeliveriesListPage', () => ({ Component: () => <main><h1>Deliveries page</h1></main> }));
vi.mock('../../src/machines/auth/auth.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/machines/auth/auth.actors')>();
  const { fromPromise: promiseLogic } = await import('xstate');
  return { ...original, externalProviders: promiseLogic(async () => []) };
});

const portal = portalMachine.provide({ actors: { lookupPortal: fromPromise(async () => samplePortalZa) } });
const profile: Profile = {
  id: 7, email: 'someone@demo.test', firstName: 'Some', lastName: 'One', emailConfirmed: true, phoneNumberConfirmed: false,
  contactCountryCode: 'ZA', twoFactorEnabled: false, hasProfilePicture: false,
};

function authWith(options: { roles?: string[]; signedIn?: boolean }) {
  const token = fakeToken({ id: 7, email: 'someone@demo.test', roles: options.roles ?? [] });
  return authMachine.provide({
    actors: {
      restoreSession: fromPromise<SessionOutput>(async () => {
        if (options.signedIn) return { jwtToken: token, profile };
        throw toApiError(401, undefined, '/identity/v1/auth/refreshToken');
      }),
      loadProfile: fromPromise(async () => profile),
      login: fromPromise(async (): Promise<AuthResponse> => ({ jwtToken: token })),
    },
  });
}

async function signIn() {
  const user = userEvent.setup();
  // The screen is a lazy chunk shown after the session restore: its first load takes seconds on a busy box.
  const section = await screen.findByRole('region', { name: SIGN_IN_TEXTS.loginHeading }, { timeout: 10_000 });
  await user.type(within(section).getByLabelText(/^Email/), 'someone@demo.test');
  await user.type(within(section).getByLabelText(/^Password/), 'Demo-password-1{Enter}');
}

describe('signing in lands on the user\'s own home (homeOf), not the marketing page', () => {
  it.each([
    [['Administrator'], '/dashboard', 'Dashboard page'],
    [['Driver'], '/jobs', 'Jobs page'],
    [['StoreOperator'], '/deliveries', 'Deliveries page'],
    [[], '/dashboard', 'Dashboard page'],
  ])('%j lands on %s', async (roles, path, heading) => {
    const view = renderApp({ portal, auth: authWith({ roles }), path: '/login' });
    await signIn();
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe(path);
  });

  it('sends a signed-in user who opens /login to their home', async () => {
    const view = renderApp({ portal, auth: authWith({ roles: ['Driver'], signedIn: true }), path: '/login' });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/jobs'));
  });

  it('keeps the public home for a signed-in user who opens it', async () => {
    const view = renderApp({ portal, auth: authWith({ roles: ['Driver'], signedIn: true }), path: '/' });
    expect(await screen.findByRole('link', { name: /logout/i })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/');
  });
});

describe('a 401 signs the user out with the catalogue\'s message, and signing in returns them', () => {
  it('shows "Unauthorized request. Please login and try again." on /login, then goes back where the user was', async () => {
    const view = renderApp({ portal, auth: authWith({ roles: ['Administrator'], signedIn: true }), path: '/jobs?page=2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jobs page' })).toBeTruthy();
    act(() => reportSessionError(toApiError(401, undefined, '/operations/v1/jobs')));
    const alert = await screen.findByTestId('sign-in-problem');
    expect(alert.textContent).toContain(ERROR_TEXTS.unauthorized);
    expect(view.router.state.location.pathname).toBe('/login');
    await signIn();
    await waitFor(() => expect(`${view.router.state.location.pathname}${view.router.state.location.search}`).toBe('/jobs?page=2'));
    expect(screen.queryByText(ERROR_TEXTS.unauthorized)).toBeNull();
  });

  it('never returns to another origin', async () => {
    const view = renderApp({ portal, auth: authWith({ roles: ['Driver'] }), path: '/login' });
    await act(() => view.router.navigate('/login', { state: { from: '//evil.example/steal' } }));
    await signIn();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/jobs'));
  });
});
