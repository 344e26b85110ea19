import { ChakraProvider, Drawer } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { MemoryRouter } from 'react-router-dom';
import { DrawerMenus } from '../../src/app/MainDrawer';
import { screenExists } from '../../src/app/screens';
import { system } from '../../src/ui/theme';
import { APP_VERSION } from '../../src/lib/constants';
import { visibleMenus } from '../../src/lib/menus';
import type { Permissions, StoredRole } from '../../src/lib/roles';
import { authWith, permissionsOf, renderShell } from '../support/shell-harness';

function renderMenus(permissions: Permissions | null, hasScreen: (path: string) => boolean) {
  return render(
    <ChakraProvider value={system}>
      <MemoryRouter>
        <Drawer.Root open>
          <DrawerMenus permissions={permissions} hasScreen={hasScreen} />
        </Drawer.Root>
      </MemoryRouter>
    </ChakraProvider>,
  );
}

const everyScreen = () => true;

function menuOf(nav: HTMLElement) {
  return within(nav).queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
}

describe('the drawer menus by role (000 section 6), as if every screen existed', () => {
  it('shows an administrator every menu with its entries, the unknown paths left out', () => {
    renderMenus(permissionsOf(['Administrator']), everyScreen);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(menuOf(nav)).toEqual(['Operations', 'Applications', 'Finance', 'Reports', 'Archives', 'Media', 'Admin']);
    const operations = within(nav).getByRole('region', { name: 'Operations' });
    expect(within(operations).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Deliveries', 'Deliveries Due', 'Jobs', 'Companies', 'Stores', 'Users', 'Vehicles', 'Territories', 'Hubs', 'Ratings', 'Questionnaires',
      'Announcements', 'Mobile Devices', 'Contact Messages', 'Driver Invites',
    ]);
    // The reports with a screen (issue 17); the rest stay out until theirs exist.
    expect(within(within(nav).getByRole('region', { name: 'Reports' })).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Customer Deliveries', 'KPI Performance', 'Delivery Summary', 'Driver Visibility', 'Driver Schedules', 'Service Levels',
      'Gross Profit Statistics', 'Delivery Termination', 'Driver Performance', 'Delivery Arrival', 'Auto Assign Efficiency', 'Hub Deliveries',
      'Address Variation', 'Driver Wait Time', 'Exceptions', 'Location Proximity', 'Acceptance and Compliance', 'Driver Assignment',
      'Driver KPI', 'Driver Screening', 'Driver Communication', 'Scheduled Reports',
    ]);
    expect(within(nav).getByRole('link', { name: 'Distance Discovery' }).getAttribute('href')).toBe('/admin/distancediscovery');
    expect(within(nav).getByRole('link', { name: 'Webhooks' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Log in / Sign up' })).toBeNull();
  });

  const cases: [string, StoredRole[], string[]][] = [
    // The archives' paths are ours (the partners' archives for staff and partners only). Customer Deliveries is every
    // normal user's report (their own, or their company's or store's deliveries).
    ['a store operator', ['StoreOperator'], ['Operations', 'Reports', 'Archives']],
    ['a company administrator', ['CompanyAdministrator'], ['Operations', 'Finance', 'Reports', 'Archives']],
    ['a partner', ['Partner'], ['Operations', 'Finance', 'Reports', 'Archives']],
    ['a public API user', ['PublicApiUser'], ['Reports']],
    ['a customer', [], ['Reports']],
  ];
  it.each(cases)('shows %s the menus of their roles', (_, roles, menus) => {
    renderMenus(permissionsOf(roles), everyScreen);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(menuOf(nav)).toEqual(menus);
  });

  it.each<[StoredRole, string[]]>([
    ['Partner', ['Deliveries', 'Partner Deliveries', 'Partner Jobs']],
    ['StaffOperator', ['Deliveries', 'Partner Deliveries', 'Partner Jobs']],
    ['CompanyAdministrator', ['Deliveries']],
    ['StoreOperator', ['Deliveries']],
  ])('shows %s the archives of their role (issue 17)', (role, entries) => {
    renderMenus(permissionsOf([role]), everyScreen);
    const archives = screen.getByRole('region', { name: 'Archives' });
    expect(within(archives).getAllByRole('link').map((link) => link.textContent)).toEqual(entries);
  });

  it('shows a partner the finance entries of partners', () => {
    renderMenus(permissionsOf(['Partner']), everyScreen);
    const finance = screen.getByRole('region', { name: 'Finance' });
    expect(within(finance).getAllByRole('link').map((link) => link.textContent)).toEqual(['Accounts', 'Bank Accounts']);
  });

  it('shows a visitor the public pages and "Log in / Sign up"', () => {
    renderMenus(null, everyScreen);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home', 'Pricing', 'For businesses', 'For drivers', 'For developers', 'Track order', 'Log in / Sign up',
    ]);
  });

  it('keeps out the entries whose screens do not exist', () => {
    renderMenus(permissionsOf(['Administrator']), (path) => path === '/');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Home']);
  });
});

describe('the header and drawer of the running app', () => {
  it('offers "Log in / Sign up" to a visitor, and the drawer lists only screens that exist', async () => {
    renderShell({ path: '/', permissions: null });
    const login = await screen.findByRole('link', { name: 'Log in / Sign up' });
    expect(login.getAttribute('href')).toBe('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const expected = visibleMenus(null, screenExists).flatMap((menu) => menu.entries.map((entry) => entry.label));
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(expected);
    expect(expected).toEqual(expect.arrayContaining(['Home', 'Pricing', 'Track order']));
    // A back-office entry is not a visitor's.
    expect(expected).not.toContain('Partner Deliveries');
    expect(screen.getByTestId('app-version').textContent).toContain(`Version ${APP_VERSION}`);
  });

  it('lets keyboard users skip the header to the page', async () => {
    const { container } = renderShell({ path: '/', permissions: null });
    const skip = await screen.findByRole('link', { name: 'Skip to content' });
    expect(skip.getAttribute('href')).toBe('#content');
    expect(container.ownerDocument.getElementById('content')?.querySelector('main')).not.toBeNull();
  });

  it('shows a signed-in administrator "My profile" and "Logout", and the drawer their existing screens', async () => {
    renderShell({ path: '/', permissions: permissionsOf(['Administrator'], { email: 'administrator@demo.test' }) });
    expect((await screen.findByRole('link', { name: 'My profile' })).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout');
    expect(screen.queryByRole('link', { name: 'Log in / Sign up' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const expected = visibleMenus(permissionsOf(['Administrator']), screenExists).flatMap((menu) => menu.entries.map((entry) => entry.label));
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(expected);
    // Every entry with a path has its screen now; one without its screen would stay out.
    expect(expected).toContain('Distance Discovery');
    const unbuilt = visibleMenus(permissionsOf(['Administrator']), (path) => screenExists(path) && path !== '/admin/distancediscovery');
    expect(unbuilt.flatMap((menu) => menu.entries.map((entry) => entry.label))).toEqual(expected.filter((label) => label !== 'Distance Discovery'));
  });

  it('while impersonating, "My profile" opens a menu with "Impersonated profile" and "Stop impersonation"', async () => {
    const goHomeAndReload = vi.fn();
    const stopImpersonation = vi.fn(async () => undefined);
    const impersonated = permissionsOf(['StoreUser'], { email: 'store.user@demo.test', act: { id: 1, email: 'administrator@demo.test' } });
    const auth = authWith(impersonated).provide({
      actors: { stopImpersonation: fromPromise<void>(stopImpersonation) },
      actions: { goHomeAndReload },
    });
    const view = renderShell({ path: '/', auth });
    const user = userEvent.setup();
    const trigger = await screen.findByRole('button', { name: 'My profile (acting as store.user@demo.test)' }, { timeout: 5000 });
    await user.click(trigger);
    const menu = await screen.findByRole('menu', undefined, { timeout: 3000 });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Impersonated profile', 'Stop impersonation']);

    // By pointer: stop the impersonation (the test's reload is a no-op: the restored session is the same).
    await user.click(within(menu).getByRole('menuitem', { name: 'Stop impersonation' }));
    await waitFor(() => expect(stopImpersonation).toHaveBeenCalledTimes(1), { timeout: 3000 });
    await waitFor(() => expect(goHomeAndReload).toHaveBeenCalledTimes(1), { timeout: 3000 });

    // By keyboard: open the menu on the trigger, choose the first item.
    (await screen.findByRole('button', { name: 'My profile (acting as store.user@demo.test)' }, { timeout: 5000 })).focus();
    await user.keyboard('{Enter}');
    const reopened = await screen.findByRole('menu', undefined, { timeout: 3000 });
    // Opening by keyboard highlights the first item a frame later; Enter before that would choose nothing.
    const first = within(reopened).getByRole('menuitem', { name: 'Impersonated profile' });
    await waitFor(() => expect(first.hasAttribute('data-highlighted')).toBe(true), { timeout: 3000 });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/profile'), { timeout: 3000 });
  });
  it('while impersonating, says visibly under the header who acts as whom, and stops the impersonation from there', async () => {
    const goHomeAndReload = vi.fn();
    const stopImpersonation = vi.fn(async () => undefined);
    const impersonated = permissionsOf(['StoreUser'], { email: 'store.user@demo.test', act: { id: 1, email: 'administrator@demo.test' } });
    const auth = authWith(impersonated).provide({
      actors: { stopImpersonation: fromPromise<void>(stopImpersonation) },
      actions: { goHomeAndReload },
    });
    renderShell({ path: '/', auth });
    const bar = await screen.findByRole('region', { name: 'Impersonation' }, { timeout: 5000 });
    // Text on the page, not a screen-reader-only label: both people are named.
    const note = within(bar).getByText('administrator@demo.test is acting as store.user@demo.test');
    expect(note.closest('[class*="sr-only"], .chakra-visually-hidden')).toBeNull();
    // It follows the header on every screen: the sticky bar comes right after the header.
    expect(document.querySelector('header')?.nextElementSibling).toBe(bar);
    await userEvent.setup().click(within(bar).getByRole('button', { name: 'Stop impersonation' }));
    await waitFor(() => expect(stopImpersonation).toHaveBeenCalledTimes(1), { timeout: 3000 });
    await waitFor(() => expect(goHomeAndReload).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it('shows no impersonation bar to someone acting as themselves', async () => {
    renderShell({ path: '/', permissions: permissionsOf(['Administrator'], { email: 'administrator@demo.test' }) });
    await screen.findByRole('link', { name: 'My profile' });
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
  });

  it('lists the account links in the drawer too, for phones where the header hides them', async () => {
    renderShell({ path: '/', permissions: permissionsOf(['Administrator'], { email: 'administrator@demo.test' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['My profile', '/profile'], ['Logout', '/logout'],
    ]);
  });
});
