import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { AUTH_TEXTS, SEARCH_TEXTS } from '../../src/lib/error-catalogue';
import { FORM_TEXTS } from '../../src/lib/resources/texts';
import type { SessionOutput } from '../../src/machines/auth/auth.actors';
import { authMachine } from '../../src/machines/auth/auth.machine';
import { renderApp } from '../support/render-app';
import { resolvedPortal } from '../support/shell-harness';

/**
 * The generic add/edit form's lookups against the real server: the app's clients call the page's own origin,
 * so requests to it are sent on to the test server (the clients keep the fetch they were created with:
 * the stub is in place before they load).
 */
const target = vi.hoisted(() => {
  const state = { url: '' };
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const origin = window.location.origin;
    if (!state.url || !request.url.startsWith(origin)) return realFetch(request);
    const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.arrayBuffer();
    return realFetch(state.url + request.url.slice(origin.length), { method: request.method, headers: request.headers, body, signal: request.signal });
  };
  return state;
});

/**
 * The real server runs in a process of its own (vite rewrites the server's `new URL(..., import.meta.url)` for
 * the browser-like environment of this file): it starts the test server and answers with its URL, an
 * administrator's token and the seeded users' ids; it stops when this file closes its input.
 */
const SERVER_SCRIPT = `
import { startTestServer } from ${JSON.stringify(resolve('tests/api/support.ts'))};
const server = await startTestServer();
const admin = await server.tokenFor('administrator@demo.test', 3600);
const { data } = await server.connect.GET('/users/{cca2}', { params: { path: { cca2: 'ZA' }, query: { pageSize: 100 } }, headers: { Authorization: 'Bearer ' + admin } });
const users = Object.fromEntries(data.items.map((user) => [user.email, user.id]));
process.stdout.write(JSON.stringify({ url: server.url, admin, users }) + '\\n');
process.stdin.resume();
process.stdin.on('end', async () => { await server.close(); process.exit(0); });
`;

let child: ChildProcess | undefined;
let server: { url: string; admin: string; users: Record<string, number> };

beforeAll(async () => {
  const directory = await mkdtemp(join(tmpdir(), 'form-lookups-'));
  const script = join(directory, 'server.mts');
  await writeFile(script, SERVER_SCRIPT);
  child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] });
  server = await new Promise((done, fail) => {
    let text = '';
    child!.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) done(JSON.parse(line));
    });
    child!.on('exit', (code) => fail(new Error(`the test server stopped (${code})`)));
  });
  target.url = server.url;
}, 240_000);

afterAll(async () => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((done) => child!.on('exit', done));
  child.stdin!.end();
  await exited;
}, 60_000);

/** The API as the administrator, for checks beside the screen. */
async function adminGet(path: string) {
  const response = await fetch(`${server.url}/connect${path}`, { headers: { Authorization: `Bearer ${server.admin}` } });
  return response.json() as Promise<Record<string, unknown>>;
}

/** A real session of the administrator (a token signed by the server), restored as the app starts. */
function signedIn() {
  return authMachine.provide({
    actors: {
      restoreSession: fromPromise<SessionOutput>(async () => ({
        jwtToken: server.admin,
        profile: {
          email: 'administrator@demo.test', firstName: 'Ada', lastName: 'Administrator', phoneNumberConfirmed: true, emailConfirmed: true,
          contactCountryCode: 'ZA', twoFactorEnabled: false, hasProfilePicture: false,
        } as never,
      })),
    },
    actions: { goHomeAndReload: () => undefined },
  });
}

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
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
  }, 60_000);
});
