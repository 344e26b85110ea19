import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { toApiError } from '../../src/api/api-error';
import { ACCOUNT_TEXTS, ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { passkeysMachine, type Passkey } from '../../src/machines/auth/passkeys.machine';
import { click, expectBusy, expectNoAlert, expectProblem, scopeOf } from '../support/account-assertions';
import { accountLogic, pageHeading, renderAccount, sampleProfile } from '../support/account-harness';
import { describeModel } from '../support/model-paths';

const SECTION = 'Passkeys';
const laptop: Passkey = { id: 'cred-1', name: 'MacBook Touch ID', createdAt: '2024-02-10T09:15:00Z', lastUsedAt: '2024-05-01T07:00:00Z' };
const phone: Passkey = { id: 'cred-2', name: 'Pixel 8', createdAt: '2024-03-05T12:00:00Z', lastUsedAt: null };
const added: Passkey = { id: 'cred-3', name: 'Chrome on Linux', createdAt: '2024-05-02T10:30:00Z', lastUsedAt: null };
const NAMES: Record<string, string> = { [laptop.id]: laptop.name, [phone.id]: phone.name, [added.id]: added.name };

const creationOptions = {
  challenge: 'dGVzdC1jaGFsbGVuZ2U', rp: { id: 'localhost', name: 'Courier' },
  user: { id: 'Nw', name: 'customer@demo.test', displayName: 'Thandi Nkosi' }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};
const registration = {
  id: 'cred-3', rawId: 'cred-3', type: 'public-key', clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
};

const events = [
  { type: 'passkeys.remove', id: laptop.id },
  { type: 'xstate.done.actor.listPasskeys', output: [laptop, phone] },
  { type: 'xstate.done.actor.listPasskeys', output: [] },
  { type: 'xstate.error.actor.listPasskeys', error: toApiError(500, { message: 'Internal error (request 5)' }, '/identity/v1/passkeys') },
  { type: 'xstate.done.actor.registrationOptions', output: creationOptions },
  { type: 'xstate.error.actor.registrationOptions', error: toApiError(429, { message: 'Too many attempts. Please try again in 1 minute.' }, '/identity/v1/passkeys/registration/options') },
  { type: 'xstate.done.actor.createCredential', output: registration },
  { type: 'xstate.error.actor.createCredential', error: new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError') },
  { type: 'xstate.done.actor.verifyRegistration', output: added },
  { type: 'xstate.error.actor.verifyRegistration', error: toApiError(400, { message: 'The passkey could not be verified.' }, '/identity/v1/passkeys/registration/verify') },
  { type: 'xstate.done.actor.deletePasskey' },
  { type: 'xstate.error.actor.deletePasskey', error: toApiError(404, { message: 'Not found: passkey cred-1' }, '/identity/v1/passkeys/cred-1') },
];

function dialog() {
  return screen.getByRole('alertdialog');
}

describeModel({
  machine: passkeysMachine,
  scenarios: [
    { name: 'a browser with passkeys', input: { supported: true }, events },
    { name: 'a browser without passkeys', input: { supported: false }, events },
  ],
  async start(machine, input, clock) {
    const profile = sampleProfile();
    renderAccount({
      path: '/profile', profile, clock,
      logic: accountLogic(profile, { passkeys: machine, webAuthnSupported: () => input.supported }),
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
    'registering.authenticator': (snapshot) => expect(snapshot.context.options?.challenge).toBe(creationOptions.challenge),
    'registering.verifying': (snapshot) => expect(snapshot.context.registration?.id).toBe(registration.id),
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
