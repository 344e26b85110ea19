import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { ACCOUNT_TEXTS, ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { passkeysMachine } from '../../src/machines/auth/passkeys.machine';
import {
  passkeysSamples, sampleAddedPasskey as added, sampleCreationOptions, sampleRegistration, sampleLaptopPasskey as laptop, samplePhonePasskey as phone,
} from '../../src/machines/auth/passkeys.samples';
import { click, expectBusy, expectNoAlert, expectProblem, scopeOf } from '../support/account-assertions';
import { accountLogic, pageHeading, renderAccount, sampleProfile } from '../support/account-harness';
import { chartCan, describeModel } from '../support/model-paths';
import { preloadScreens } from '../support/preload-screens';

const SECTION = 'Passkeys';
const NAMES: Record<string, string> = { [laptop.id]: laptop.name, [phone.id]: phone.name, [added.id]: added.name };

let observed: typeof passkeysMachine = passkeysMachine;

function dialog() {
  return screen.getByRole('alertdialog');
}

describeModel({
  machine: passkeysMachine,
  scenarios: passkeysSamples.scenarios,
  targets: passkeysSamples.targets,
  guards: true,
  async start(machine, input, clock) {
    observed = machine;
    const profile = sampleProfile();
    // The profile screen is a lazy chunk: loaded first, and the render's effects flushed (see preloadScreens).
    await preloadScreens('/profile');
    await act(async () => {
      renderAccount({
        path: '/profile', profile, clock,
        logic: accountLogic(profile, { passkeys: machine, webAuthnSupported: () => input.supported }),
      });
    });
    await pageHeading('My profile');
    return {
      send(event) {
        switch (event.type) {
          case 'passkeys.add':
            return click('Add a passkey', SECTION);
          case 'passkeys.remove':
            return click(`Remove passkey ${NAMES[event.id]}`, SECTION);
          case 'passkeys.remove.cancel':
            fireEvent.click(within(dialog()).getByRole('button', { name: 'No' }));
            return;
          case 'passkeys.remove.confirm':
            fireEvent.click(within(dialog()).getByRole('button', { name: 'Yes' }));
            return;
          case 'passkeys.retry':
            return click('Try again', SECTION);
          default:
            throw new Error(`No UI action for ${event.type}`);
        }
      },
    };
  },
  states: {
    loading: () => expect(within(scopeOf(SECTION)).getByRole('status').textContent).toBe(ERROR_TEXTS.loading),
    loadFailed: (snapshot) => {
      expectProblem(snapshot.context.problem!, SECTION);
      expect(within(scopeOf(SECTION)).getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    ready: async (snapshot) => {
      const section = within(scopeOf(SECTION));
      const { passkeys, supported } = snapshot.context;
      if (passkeys.length === 0) {
        expect(section.getByText(ACCOUNT_TEXTS.passkeysNone)).toBeTruthy();
      } else {
        const items = within(section.getByRole('list', { name: 'Your passkeys' })).getAllByRole('listitem');
        expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(passkeys.map((passkey) => passkey.name));
        expect(items[0]!.textContent).toMatch(/Added \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
      }
      const add = section.getByRole('button', { name: 'Add a passkey' }) as HTMLButtonElement;
      expect(add.disabled).toBe(!supported);
      // The chart agrees: no add without WebAuthn (supported), no removal of a passkey not listed (isListed).
      expect(chartCan(observed, snapshot, { type: 'passkeys.add' })).toBe(supported);
      for (const id of Object.keys(NAMES)) {
        const listed = passkeys.some((passkey) => passkey.id === id);
        expect(chartCan(observed, snapshot, { type: 'passkeys.remove', id })).toBe(listed);
        expect(section.queryByRole('button', { name: `Remove passkey ${NAMES[id]}` }) !== null).toBe(listed);
      }
      expect(section.queryByText(ACCOUNT_TEXTS.passkeysUnsupported) !== null).toBe(!supported);
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    },
    'ready.idle': () => expectNoAlert(SECTION),
    'ready.failed': (snapshot) => {
      expectProblem(snapshot.context.problem!, SECTION);
      expect([ACCOUNT_TEXTS.passkeyCancelled, 'Too many attempts. Please try again in 1 minute.', 'The passkey could not be verified.',
        'Not found: passkey cred-1']).toContain(snapshot.context.problem!.message);
    },
    registering: () => {
      expectBusy('Adding a passkey...', SECTION);
      expect(within(scopeOf(SECTION)).getByText(ACCOUNT_TEXTS.passkeyWaiting).getAttribute('role')).toBe('status');
    },
    'registering.options': (snapshot) => expect(snapshot.context.options).toBeNull(),
    'registering.authenticator': (snapshot) => expect(snapshot.context.options?.challenge).toBe(sampleCreationOptions.challenge),
    'registering.verifying': (snapshot) => expect(snapshot.context.registration?.id).toBe(sampleRegistration.id),
    confirmingRemoval: async (snapshot) => {
      const open = await screen.findByRole('alertdialog');
      expect(open.textContent).toContain(ACCOUNT_TEXTS.passkeyRemoveQuestion(snapshot.context.selected!.name));
      expect((within(open).getByRole('button', { name: 'Yes' }) as HTMLButtonElement).disabled).toBe(false);
      expect(within(open).getByRole('button', { name: 'No' })).toBeTruthy();
    },
    removing: () => {
      const yes = within(dialog()).getByRole('button', { name: 'Yes' });
      expect(yes.hasAttribute('data-loading')).toBe(true);
      expect((within(dialog()).getByRole('button', { name: 'No' }) as HTMLButtonElement).disabled).toBe(true);
    },
  },
});
