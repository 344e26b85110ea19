import { startServerProcess, SERVER_MODULES, signedInWith } from '../support/real-server';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS, SEARCH_TEXTS } from '../../src/lib/error-catalogue';
import { FORM_TEXTS } from '../../src/lib/resource-texts';
import { renderApp } from '../support/render-app';
import { resolvedPortal } from '../support/shell-harness';

// The generic add/edit form's lookups against the real server (tests/support/real-server.ts, imported first).
// The server answers its URL, an administrator's token and the seeded users' ids.
const SERVER_SCRIPT = `
import { startTestServer } from ${SERVER_MODULES.support};
const server = await startTestServer();
const admin = await server.tokenFor('administrator@demo.test', 3600);
const { data } = await server.connect.GET('/users/{cca2}', { params: { path: { cca2: 'ZA' }, query: { pageSize: 100 } }, headers: { Authorization: 'Bearer ' + admin } });
await answer({ url: server.url, admin, users: Object.fromEntries(data.items.map((user) => [user.email, user.id])) });
`;

let running: Awaited<ReturnType<typeof startServerProcess<{ url: string; admin: string; users: Record<string, number> }>>> | undefined;
let server: { url: string; admin: string; users: Record<string, number> };

beforeAll(async () => {
  running = await startServerProcess(SERVER_SCRIPT);
  server = running.value;
}, 240_000);

afterAll(async () => { await running?.stop(); }, 60_000);

/** The API as the administrator, for checks beside the screen. */
async function adminGet(path: string) {
  const response = await fetch(`${server.url}/connect${path}`, { headers: { Authorization: `Bearer ${server.admin}` } });
  return response.json() as Promise<Record<string, unknown>>;
}

const signedIn = () => signedInWith(server.admin, { email: 'administrator@demo.test', firstName: 'Ada', lastName: 'Administrator' });

const lookup = (name: string) => screen.findByTestId(`lookup-${name}`, {}, { timeout: 15_000 });

describe('lookups on the add/edit form', () => {
  it('edits a user\'s company by typing its name and choosing it; the name shows after a reload', async () => {
    const id = server.users['company.user@demo.test']!;
    const view = renderApp({ portal: resolvedPortal, auth: signedIn(), path: `/users/edit/${id}` });
    const company = await lookup('companyId');
    // The current company by name, never its id.
    expect(within(company).getByTestId('search-select-selected').textContent).toBe('Acme Retail');
    const input = within(company).getByRole('combobox', { name: 'Company' }) as HTMLInputElement;
    expect(input.placeholder).toBe(SEARCH_TEXTS.enterSearchTerm);
    act(() => { fireEvent.change(input, { target: { value: 'Bl' } }); });
    expect(within(company).getByText(SEARCH_TEXTS.minimum(3))).toBeTruthy();
    act(() => { fireEvent.change(input, { target: { value: 'Blue Cr' } }); });
    const option = await within(company).findByRole('button', { name: 'Blue Crane Foods' }, { timeout: 10_000 });
    // Keyboard: the arrow key moves from the input to the first option.
    act(() => { fireEvent.keyDown(input, { key: 'ArrowDown' }); });
    expect(document.activeElement).toBe(option);
    act(() => { fireEvent.click(option); });
    expect(within(company).getByTestId('search-select-selected').textContent).toBe('Blue Crane Foods');
    act(() => { fireEvent.click(screen.getByRole('button', { name: FORM_TEXTS.save })); });
    await waitFor(async () => expect((await adminGet(`/users/ZA/${id}`)).companyName).toBe('Blue Crane Foods'), { timeout: 10_000 });
    view.unmount();

    // A reload: the form reads the user again and shows the new company by name.
    renderApp({ portal: resolvedPortal, auth: signedIn(), path: `/users/edit/${id}` });
    const again = await lookup('companyId');
    expect(within(again).getByTestId('search-select-selected').textContent).toBe('Blue Crane Foods');

    // Cleared: the company user needs a company, and the server's message shows under the lookup.
    act(() => { fireEvent.click(within(again).getByRole('button', { name: 'Clear Company' })); });
    expect(within(again).queryByTestId('search-select-selected')).toBeNull();
    act(() => { fireEvent.click(screen.getByRole('button', { name: FORM_TEXTS.save })); });
    expect((await within(again).findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(AUTH_TEXTS.companyRequired);
    expect((await adminGet(`/users/ZA/${id}`)).companyName).toBe('Blue Crane Foods');
  }, 90_000);

  it('a value the page sets without its name is shown by name (a rating of a user: the driver)', async () => {
    const id = server.users['driver@demo.test']!;
    renderApp({ portal: resolvedPortal, auth: signedIn(), path: `/users/${id}/ratings/add` });
    const driver = await lookup('driverId');
    await waitFor(() => expect(within(driver).getByTestId('search-select-selected').textContent).toBe('Dumisani Driver'), { timeout: 10_000 });
    expect(within(driver).getByRole('combobox', { name: 'Driver *' })).toBeTruthy();
  }, 60_000);

  it('a required lookup left empty names the field, as the server does', async () => {
    renderApp({ portal: resolvedPortal, auth: signedIn(), path: '/stores/add' });
    const company = await lookup('companyId');
    const input = within(company).getByRole('combobox', { name: 'Company *' });
    act(() => { fireEvent.change(screen.getByLabelText(/Store name/), { target: { value: 'Acme Waterfront' } }); });
    act(() => { fireEvent.click(screen.getByRole('button', { name: FORM_TEXTS.save })); });
    const message = within(company).getByRole('alert');
    expect(message.textContent).toBe(FORM_TEXTS.required('Company'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
  }, 60_000);
});
