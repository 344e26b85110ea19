import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, SimulatedClock } from 'xstate';
import { ScreenLogicContext } from '../../src/app/screen-logic';
import { Shell } from '../../src/app/Shell';
import { PortalConnectionError } from '../../src/app/StartupScreens';
import { system } from '../../src/ui/theme';
import { noResponseError, toApiError } from '../../src/api/api-error';
import { ERROR_TEXTS, SESSION_ERROR_TEXTS, SUCCESS_TEXTS } from '../../src/lib/error-catalogue';
import { errorReportMachine } from '../../src/machines/session/error-report.machine';
import type { FrontendError } from '../../src/machines/session/error-report.types';
import { findFlushing, permissionsOf, quietCountdown, reloadSpy, renderShell } from '../support/shell-harness';

beforeEach(() => reloadSpy.mockClear());

/** The countdown ticks once a second; a simulated clock fires one tick per step. */
function advance(clock: SimulatedClock, ms: number) {
  act(() => {
    for (let elapsed = 0; elapsed < ms; elapsed += 1000) clock.increment(1000);
  });
}

describe('the global error dialog (000 section 8)', () => {
  it('shows the title by status and the response\'s message; closing it shows the next error', async () => {
    const view = renderShell({ path: '/', permissions: null });
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      view.notifications().send({ type: 'notify.error', error: toApiError(409, { message: 'The store was changed by someone else.' }, '/x') });
      view.notifications().send({ type: 'notify.error', error: toApiError(500, { message: 'E-1234' }, '/x') });
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Conflict' })).toBeTruthy();
    expect(within(dialog).getByText('The store was changed by someone else.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(screen.getByRole('alertdialog')).getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy());
    const second = screen.getByRole('alertdialog');
    expect(within(second).getByText(ERROR_TEXTS.serverError)).toBeTruthy();
    expect(within(second).getByText('Error code: E-1234')).toBeTruthy();
    fireEvent.keyDown(second, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('lists the server\'s field errors, and falls back to "Unknown Error" for a status without a title', async () => {
    const view = renderShell({ path: '/', permissions: null });
    await screen.findByRole('heading', { level: 1 });
    act(() => view.notifications().send({
      type: 'notify.error',
      error: toApiError(418, { message: 'Invalid request', errors: { name: ['Name is required'] } }, '/x'),
    }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Unknown Error' })).toBeTruthy();
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
  });

  it('shows nothing for a 440 (the session-error screen handles it)', async () => {
    const view = renderShell({ path: '/', permissions: null });
    await screen.findByRole('heading', { level: 1 });
    act(() => view.notifications().send({ type: 'notify.error', error: toApiError(440, undefined, '/x') }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('replaces the page with the connection-error screen when a call gets no response, then reloads', async () => {
    const clock = new SimulatedClock();
    const view = renderShell({ path: '/', permissions: null, screenLogic: { clock } });
    await screen.findByRole('heading', { level: 1 });
    act(() => view.notifications().send({ type: 'notify.error', error: noResponseError() }));
    expect((await screen.findByRole('alert')).textContent).toBe(ERROR_TEXTS.noResponse);
    expect(screen.getByRole('timer').textContent).toBe('30 seconds');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    advance(clock, 29_000);
    expect(screen.getByRole('timer').textContent).toBe('1 second');
    expect(reloadSpy).not.toHaveBeenCalled();
    advance(clock, 1000);
    expect(reloadSpy).toHaveBeenCalledTimes(1);
  });
});

describe('the portal\'s connection-error screen', () => {
  it('offers "Try again" and reloads when the countdown ends', () => {
    const clock = new SimulatedClock();
    const onRetry = vi.fn();
    render(
      <ChakraProvider value={system}>
        <ScreenLogicContext.Provider value={{ countdown: quietCountdown, errorReport: errorReportMachine, clock }}>
          <PortalConnectionError onRetry={onRetry} />
        </ScreenLogicContext.Provider>
      </ChakraProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe(ERROR_TEXTS.noResponse);
    expect(screen.getByRole('timer').textContent).toBe('30 seconds');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    advance(clock, 30_000);
    expect(reloadSpy).toHaveBeenCalledTimes(1);
  });
});

describe('success toasts', () => {
  it('shows the spec\'s success text in a polite status', async () => {
    const view = renderShell({ path: '/', permissions: null });
    await screen.findByRole('heading', { level: 1 });
    act(() => view.notifications().send({ type: 'notify.success', text: SUCCESS_TEXTS.updated }));
    const toast = await findFlushing('Successsfully updated');
    expect(toast.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(view.notifications().getSnapshot().context.toasts).toEqual([]));
  });
});

describe('the session-error screen', () => {
  it('follows a 440: the session is cleared, and the page reloads after 30 seconds (or at once)', async () => {
    const clock = new SimulatedClock();
    const view = renderShell({ path: '/', permissions: permissionsOf(['Administrator']), screenLogic: { clock } });
    await screen.findByRole('link', { name: 'My profile' });
    act(() => view.auth().send({ type: 'auth.sessionExpired' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SESSION_ERROR_TEXTS.title);
    expect(screen.getByText(SESSION_ERROR_TEXTS.message)).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('30 seconds');
    advance(clock, 5000);
    expect(screen.getByRole('timer').textContent).toBe('25 seconds');
    fireEvent.click(screen.getByRole('button', { name: 'Reload now' }));
    expect(reloadSpy).toHaveBeenCalledTimes(1);
  });
});

describe('the unhandled-error screen', () => {
  function Broken(): never {
    throw new Error('The widget fell over');
  }
  const brokenRoutes = [{ element: <Shell />, children: [{ path: '/', element: <Broken /> }] }];

  beforeEach(() => {
    // React reports the caught error on the console; the screen is what matters here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('reports the error to /errors/frontend and shows its id, then reloads after the countdown', async () => {
    const reports: FrontendError[] = [];
    const errorReport = errorReportMachine.provide({
      actors: { logFrontendError: fromPromise<string, FrontendError>(async ({ input }) => { reports.push(input); return '17'; }) },
    });
    const clock = new SimulatedClock();
    renderShell({ path: '/', permissions: permissionsOf(['Administrator'], { id: 3 }), routes: brokenRoutes, screenLogic: { errorReport, clock } });
    const heading = await screen.findByRole('alert');
    await waitFor(() => expect(heading.textContent).toBe('17 - An error has occured and will be fixed soon!. Trying again in'));
    expect(screen.getByRole('timer').textContent).toBe('30 seconds');
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ Error: 'Error: The widget fell over', Url: 'http://localhost:3000/', Auth: '3' });
    expect(reports[0]!.Stack).toContain('The widget fell over');
    expect(reports[0]!.Agent).toBe(navigator.userAgent);
    advance(clock, 30_000);
    expect(reloadSpy).toHaveBeenCalledTimes(1);
  });

  it('leaves the error screen for the next location, as the data router\'s errorElement did (the back button, say)', async () => {
    const routesWithAnother = [{ element: <Shell />, children: [{ path: '/', element: <Broken /> }, { path: '/elsewhere', element: <h1>Elsewhere</h1> }] }];
    const view = renderShell({ path: '/', permissions: null, routes: routesWithAnother });
    await screen.findByRole('alert');
    expect(screen.getByRole('timer')).toBeTruthy();
    await act(() => view.router.navigate('/elsewhere'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Elsewhere' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('says it could not log the error when the report fails too', async () => {
    const errorReport = errorReportMachine.provide({
      actors: { logFrontendError: fromPromise<string, FrontendError>(async () => { throw noResponseError(); }) },
    });
    renderShell({ path: '/', permissions: null, routes: brokenRoutes, screenLogic: { errorReport } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ERROR_TEXTS.unhandledNotLogged));
    expect(screen.getByRole('timer').textContent).toBe('30 seconds');
  });
});
