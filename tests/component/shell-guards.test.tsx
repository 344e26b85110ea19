import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS, SCREEN_TEXTS } from '../../src/lib/error-catalogue';
import { pageNavigation } from '../../src/lib/browser';
import { permissionsOf, renderShell } from '../support/shell-harness';

afterEach(() => vi.restoreAllMocks());

async function settledAt(view: ReturnType<typeof renderShell>, pathname: string) {
  await waitFor(() => expect(view.router.state.location.pathname).toBe(pathname), { timeout: 10_000 });
}

describe('the route guard (000 section 2)', () => {
  it('sends a visitor without a login to /login, remembering where they were going', async () => {
    const view = renderShell({ path: '/users?page=2#top', permissions: null });
    await settledAt(view, '/login');
    expect(view.router.state.location.state).toEqual({ from: '/users?page=2#top' });
  });

  it('shows the splash while the session is being restored', async () => {
    renderShell({ path: '/users', permissions: undefined });
    expect((await screen.findByRole('status')).textContent).toBe(ERROR_TEXTS.loading);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('sends a user whose roles do not grant the route to /forbidden', async () => {
    const view = renderShell({ path: '/users', permissions: permissionsOf([]) });
    await settledAt(view, '/forbidden');
    expect(await screen.findByRole('heading', { level: 1, name: SCREEN_TEXTS.forbiddenTitle })).toBeTruthy();
    expect(screen.getByText(ERROR_TEXTS.forbidden)).toBeTruthy();
  });

  it('sends a staff user with an unconfirmed email to /confirm-email', async () => {
    const view = renderShell({ path: '/territories', permissions: permissionsOf(['Administrator'], { emailConfirmed: false }) });
    await settledAt(view, '/confirm-email');
  });

  it('lets a plain normal user with an unconfirmed email through, with the banner', async () => {
    const view = renderShell({ path: '/dashboard', permissions: permissionsOf([], { emailConfirmed: false }) });
    await settledAt(view, '/dashboard');
    const banner = await screen.findByRole('region', { name: 'Email not confirmed' });
    expect(banner.textContent).toBe(
      'For added security, please click here to verify your email address or contact support for assistance.',
    );
    expect(screen.getByRole('link', { name: 'click here' }).getAttribute('href')).toBe('/confirm-email');
  });

  it('shows no banner to a user whose email is confirmed, nor to a visitor', async () => {
    renderShell({ path: '/', permissions: permissionsOf(['Administrator']) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Email not confirmed' })).toBeNull();
  });

  it('opens /identity as the profile and /tracking as the track-order page, under their canonical URLs', async () => {
    const identity = renderShell({ path: '/identity', permissions: permissionsOf([]) });
    await settledAt(identity, '/profile');
    identity.unmount();
    const tracking = renderShell({ path: '/tracking', permissions: permissionsOf([]) });
    await settledAt(tracking, '/track-order');
  });

  it('keeps the guard of the second name: a visitor at /identity is asked to log in', async () => {
    const view = renderShell({ path: '/identity', permissions: null });
    await settledAt(view, '/login');
  });

  it('resolves the twice-registered rates batch screens by their first registration', async () => {
    const view = renderShell({ path: '/rates/batches/add', permissions: permissionsOf(['StoreAdministrator']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload rates' })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/rates/batches/add');
  });

  it('shows the one error screen at /503, /error and any unmatched path', async () => {
    const cases: [string, string, string][] = [
      ['/503', SCREEN_TEXTS.serviceUnavailable, SCREEN_TEXTS.errorPageMessage],
      ['/error', SCREEN_TEXTS.somethingWentWrong, SCREEN_TEXTS.errorPageMessage],
      ['/no/such/page', SCREEN_TEXTS.pageNotFound, ERROR_TEXTS.notFound('/no/such/page')],
    ];
    for (const [path, title, message] of cases) {
      const view = renderShell({ path, permissions: null });
      expect(await screen.findByRole('heading', { level: 1, name: title }), path).toBeTruthy();
      expect(screen.getByText(message)).toBeTruthy();
      expect(screen.getByRole('link', { name: SCREEN_TEXTS.goHome }).getAttribute('href')).toBe('/');
      view.unmount();
    }
  });

  it('reloads the page for /robots.txt and /sitemap.xml reached from inside the app', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    const view = renderShell({ path: '/', permissions: null });
    await screen.findByRole('heading', { level: 1 });
    await act(() => view.router.navigate('/robots.txt'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await act(() => view.router.navigate('/sitemap.xml'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('does not loop when the server answered /robots.txt with the app itself', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    renderShell({ path: '/robots.txt', permissions: null });
    expect(await screen.findByRole('heading', { level: 1, name: SCREEN_TEXTS.pageNotFound })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });
});
