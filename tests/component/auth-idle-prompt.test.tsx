import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, SimulatedClock, type AnyActorRef } from 'xstate';
import { IDLE_PROMPT_BEFORE_MS, IDLE_TIMEOUT_MS } from '../../src/lib/constants';
import { SIGN_IN_TEXTS, USER_MENU_TEXTS } from '../../src/lib/error-catalogue';
import { authMachine } from '../../src/machines/auth/auth.machine';
import type { Profile } from '../../src/machines/auth/auth.types';
import { portalMachine } from '../../src/machines/portal/portal.machine';
import type { Portal } from '../../src/machines/portal/portal.types';
import { idleMachine } from '../../src/machines/session/idle.machine';
import { fakeToken } from '../support/fake-token';
import { renderApp } from '../support/render-app';

const za: Portal = { cca2: 'ZA', name: 'South Africa', currency: 'ZAR', currencyDecimals: 2, timeZone: 'Africa/Johannesburg', vatRate: 0.15 };
const portal = portalMachine.provide({ actors: { lookupPortal: fromPromise(async () => za) } });
const profile: Profile = {
  id: 7, email: 'customer@demo.test', firstName: 'Cara', lastName: 'Customer', emailConfirmed: true, phoneNumberConfirmed: false,
  contactCountryCode: 'ZA', twoFactorEnabled: false, hasProfilePicture: false,
};

async function promptShown() {
  const clock = new SimulatedClock();
  let logouts = 0;
  const auth = authMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => ({ jwtToken: fakeToken({ id: 7, email: profile.email }), profile })),
      logout: fromPromise(async () => { logouts += 1; }),
    },
  });
  const idleActor: { ref?: AnyActorRef } = {};
  // The real auth watch starts the idle watch once signed in; the countdown is the test's.
  const idle = idleMachine.provide({ actors: { countdown: fromCallback(({ self }) => { idleActor.ref = self._parent; }) } });
  renderApp({ portal, auth, idle, path: '/', clock });
  await screen.findByRole('link', { name: USER_MENU_TEXTS.logout });
  act(() => clock.increment(IDLE_TIMEOUT_MS - IDLE_PROMPT_BEFORE_MS));
  const dialog = await screen.findByRole('alertdialog');
  return { dialog, clock, logouts: () => logouts, idle: () => idleActor.ref! };
}

describe('the idle prompt', () => {
  it('opens 3 minutes before the timeout, labelled, with the time left, focus inside', async () => {
    const { dialog, idle } = await promptShown();
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe(SIGN_IN_TEXTS.idleTitle);
    expect(within(dialog).getByTestId('idle-countdown').textContent).toBe('3:00');
    // Focus moves into the dialog (in a browser onto "Continue"; jsdom has no layout for the focus trap to measure).
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    act(() => idle().send({ type: 'idle.tick', remainingMs: 59_400 }));
    expect(within(dialog).getByTestId('idle-countdown').textContent).toBe('1:00');
  });

  it('Escape continues the session', async () => {
    const user = userEvent.setup();
    const { logouts } = await promptShown();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(logouts()).toBe(0);
    expect(screen.getByRole('link', { name: USER_MENU_TEXTS.logout })).toBeTruthy();
  });

  it('the timeout logs out', async () => {
    const { clock, logouts } = await promptShown();
    act(() => clock.increment(IDLE_PROMPT_BEFORE_MS));
    expect(await screen.findByRole('link', { name: USER_MENU_TEXTS.login })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(logouts()).toBe(1);
  });
});
