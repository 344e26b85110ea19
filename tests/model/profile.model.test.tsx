import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { ProfileDetailsValues } from '../../src/lib/account-validation';
import { ACCOUNT_TEXTS, AUTH_TEXTS, ERROR_TEXTS, SUCCESS_TEXTS, UNCONFIRMED_EMAIL_BANNER } from '../../src/lib/error-catalogue';
import { apiKeyMachine } from '../../src/machines/auth/api-key.machine';
import { apiKeySamples, sampleCreatedKey as createdKey } from '../../src/machines/auth/api-key.samples';
import { changeEmailMachine } from '../../src/machines/auth/change-email.machine';
import { changeEmailSamples } from '../../src/machines/auth/change-email.samples';
import { changePasswordMachine } from '../../src/machines/auth/change-password.machine';
import { changePasswordSamples } from '../../src/machines/auth/change-password.samples';
import { profilePictureMachine } from '../../src/machines/auth/profile-picture.machine';
import { profilePictureSamples } from '../../src/machines/auth/profile-picture.samples';
import { profileMachine } from '../../src/machines/auth/profile.machine';
import { profileSamples } from '../../src/machines/auth/profile.samples';
import { click, expectBusy, expectFieldErrors, expectNoAlert, expectProblem, field, fill, scopeOf } from '../support/account-assertions';
import { accountLogic, pageHeading, renderAccount, sampleProfile } from '../support/account-harness';
import { describeModel } from '../support/model-paths';

const profile = sampleProfile();

/** What the driver typed last, to check that a failed save loses nothing. */
let typed: ProfileDetailsValues | undefined;
let reloads: number[] = [];

async function openProfile(logic: ReturnType<typeof accountLogic>, clock: Parameters<Parameters<typeof describeModel>[0]['start']>[2], roles: string[] = []) {
  const rendered = renderAccount({ path: '/profile', profile, roles: roles as never, logic, clock });
  reloads = rendered.reloads;
  await pageHeading('My profile');
}

// ---- Details: load → edit → validate → save -------------------------------------------------------------

const DETAILS = 'Details';
const DETAIL_LABELS: Record<string, string> = {
  firstName: 'First name', lastName: 'Last name', phoneNumber: 'Phone number', contactCountryCode: 'Country code', unitName: 'Unit name',
  unitNumber: 'Unit number',
};
const DETAIL_ORDER = ['firstName', 'lastName', 'phoneNumber', 'contactCountryCode', 'unitName', 'unitNumber'];

describeModel({
  machine: profileMachine,
  scenarios: profileSamples.scenarios,
  targets: profileSamples.targets,
  guards: true,
  async start(machine, _input, clock) {
    typed = undefined;
    const rendered = renderAccount({ path: '/profile', profile, logic: accountLogic(profile, { profile: machine }), clock });
    reloads = rendered.reloads;
    await pageHeading('My profile');
    return {
      send(event) {
        if (event.type === 'profile.retry') return click('Try again');
        if (event.type !== 'profile.save') throw new Error(`No UI action for ${event.type}`);
        typed = event.values as ProfileDetailsValues;
        fill('First name', typed.firstName, DETAILS);
        fill('Last name', typed.lastName, DETAILS);
        fireEvent.change(field('Country code', DETAILS), { target: { value: typed.contactCountryCode } });
        fill('Phone number', typed.phoneNumber, DETAILS);
        fill('Unit name', typed.unitName, DETAILS);
        fill('Unit number', typed.unitNumber, DETAILS);
        click('Save', DETAILS);
      },
    };
  },
  states: {
    loading: () => {
      expect(within(scopeOf()).getByRole('status').textContent).toBe(ERROR_TEXTS.loading);
      expect(screen.queryByRole('region', { name: DETAILS })).toBeNull();
    },
    loadFailed: (snapshot) => {
      expectProblem(snapshot.context.problem!);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    ready: () => {
      for (const section of [DETAILS, 'Profile picture', 'Two-factor authentication', 'Passkeys', 'Email address', 'Password']) {
        expect(screen.getByRole('region', { name: section })).toBeTruthy();
      }
      // A customer has no API key section.
      expect(screen.queryByRole('region', { name: 'API key' })).toBeNull();
    },
    'ready.form': () => {
      const values = typed ?? { firstName: 'Thandi', lastName: 'Nkosi', phoneNumber: '(082) 123-4567', contactCountryCode: 'ZA', unitName: '', unitNumber: '' };
      // What the user typed stays, whatever the outcome; the loaded profile fills the form at first.
      expect(field('First name', DETAILS).value).toBe(values.firstName);
      expect(field('Last name', DETAILS).value).toBe(values.lastName);
      expect(field('Phone number', DETAILS).value).toBe(values.phoneNumber);
      expect(field('Country code', DETAILS).value).toBe(values.contactCountryCode);
      expect(field('Unit name', DETAILS).value).toBe(values.unitName);
    },
    'ready.form.editing': () => expectNoAlert(DETAILS),
    'ready.form.invalid': (snapshot) => expectFieldErrors(snapshot.context.errors, DETAIL_ORDER, DETAIL_LABELS, DETAILS),
    'ready.form.failed': (snapshot) => expectProblem(snapshot.context.problem!, DETAILS),
    'ready.form.saved': async (snapshot) => {
      // The toaster loads with the first toast; its group starts in a microtask that only act() flushes.
      await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
      // The toaster is the app's one store: a toast of an earlier save (an earlier walk) may still be showing beside this one.
      const toasts = await screen.findAllByText(SUCCESS_TEXTS.updated, undefined, { timeout: 5000 });
      expect(toasts.some((toast) => toast.closest('[role="status"]') !== null)).toBe(true);
      expect(reloads).toHaveLength(1);
      // The new number is not confirmed yet: the link to confirm it.
      expect(within(scopeOf(DETAILS)).getByTestId('phone-unconfirmed').textContent).toContain(ACCOUNT_TEXTS.phoneUnconfirmed);
      expect(within(scopeOf(DETAILS)).getByRole('link', { name: 'Confirm your phone number' }).getAttribute('href')).toBe('/confirm-phone');
      expect(snapshot.context.profile?.contactCountryCode).toBe('NA');
    },
    'ready.saving': () => expectBusy('Saving...', DETAILS),
  },
});

// ---- Profile picture -------------------------------------------------------------------------------------

const PICTURE = 'Profile picture';

describeModel({
  machine: profilePictureMachine,
  scenarios: profilePictureSamples.scenarios,
  targets: profilePictureSamples.targets,
  guards: true,
  async start(machine, input, clock) {
    const user = sampleProfile({ hasProfilePicture: input.hasPicture });
    const rendered = renderAccount({ path: '/profile', profile: user, logic: accountLogic(user, { profilePicture: machine }), clock });
    reloads = rendered.reloads;
    await pageHeading('My profile');
    return {
      send(event) {
        if (event.type !== 'picture.select') throw new Error(`No UI action for ${event.type}`);
        fireEvent.change(within(scopeOf(PICTURE)).getByLabelText('Choose a profile picture'), { target: { files: [event.file] } });
      },
    };
  },
  states: {
    loading: () => {
      expect(within(scopeOf(PICTURE)).getByRole('status').textContent).toBe(ERROR_TEXTS.loading);
    },
    ready: (snapshot) => {
      const section = within(scopeOf(PICTURE));
      if (snapshot.context.picture) {
        expect(section.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toMatch(/^blob:/);
        expect(section.getByRole('button', { name: 'Change picture' })).toBeTruthy();
      } else {
        expect(section.getByText(ACCOUNT_TEXTS.noPicture)).toBeTruthy();
        expect(section.getByRole('button', { name: 'Upload a picture' })).toBeTruthy();
      }
    },
    'ready.idle': () => expectNoAlert(PICTURE),
    'ready.invalid': async (snapshot) => {
      const alert = within(scopeOf(PICTURE)).getByRole('alert');
      expect(alert.textContent).toBe(snapshot.context.errors.file);
      expect([AUTH_TEXTS.imageInvalid, ERROR_TEXTS.imageTooLarge]).toContain(alert.textContent);
      const button = within(scopeOf(PICTURE)).getByRole('button', { name: /picture/ });
      expect(button.getAttribute('aria-describedby')).toContain(alert.id);
      await waitFor(() => expect(document.activeElement).toBe(button));
    },
    'ready.failed': (snapshot) => expectProblem(snapshot.context.problem!, PICTURE),
    uploading: () => expectBusy('Uploading...', PICTURE),
  },
});

// ---- API key (administrators and public API users) ------------------------------------------------------

const API_KEY = 'API key';

describeModel({
  machine: apiKeyMachine,
  scenarios: apiKeySamples.scenarios,
  targets: apiKeySamples.targets,
  guards: true,
  async start(machine, _input, clock) {
    await openProfile(accountLogic(profile, { apiKey: machine }), clock, ['PublicApiUser']);
    return {
      send(event) {
        switch (event.type) {
          case 'apiKey.create':
            return click(/^Create (a new )?API key$/, API_KEY);
          case 'apiKey.confirm':
            fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
            return;
          case 'apiKey.cancel':
            fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'No' }));
            return;
          case 'apiKey.copy':
            return click('Copy', API_KEY);
          case 'apiKey.dismiss':
            return click('Done', API_KEY);
          case 'apiKey.retry':
            return click('Try again', API_KEY);
          default:
            throw new Error(`No UI action for ${event.type}`);
        }
      },
    };
  },
  states: {
    loading: () => expect(within(scopeOf(API_KEY)).getByRole('status').textContent).toBe(ERROR_TEXTS.loading),
    loadFailed: (snapshot) => {
      expectProblem(snapshot.context.problem!, API_KEY);
      expect(within(scopeOf(API_KEY)).getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    ready: async (snapshot) => {
      const section = within(scopeOf(API_KEY));
      const key = snapshot.context.key;
      if (key) {
        expect(section.getByTestId('api-key-current').textContent).toContain(`${key.prefix}…`);
        expect(section.getByRole('button', { name: 'Create a new API key' })).toBeTruthy();
      } else {
        expect(section.getByText(ACCOUNT_TEXTS.apiKeyNone)).toBeTruthy();
        expect(section.getByRole('button', { name: 'Create API key' })).toBeTruthy();
      }
      // The secret is gone for good once "Done".
      expect(screen.queryByDisplayValue(createdKey.apiKey)).toBeNull();
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    },
    'ready.idle': () => expectNoAlert(API_KEY),
    'ready.failed': (snapshot) => expectProblem(snapshot.context.problem!, API_KEY),
    confirmingReplace: async () => {
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog.textContent).toContain(ACCOUNT_TEXTS.apiKeyReplaceQuestion);
      expect(within(dialog).getByRole('button', { name: 'No' })).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeTruthy();
    },
    creating: () => expectBusy('Creating...', API_KEY),
    created: () => {
      const section = within(scopeOf(API_KEY));
      expect(section.getByText(ACCOUNT_TEXTS.apiKeyShownOnce)).toBeTruthy();
      expect((section.getByLabelText('New API key') as HTMLInputElement).value).toBe(createdKey.apiKey);
      expect(section.getByRole('button', { name: 'Done' })).toBeTruthy();
    },
    'created.shown': () => {
      expect(document.activeElement).toBe(within(scopeOf(API_KEY)).getByLabelText('New API key'));
      expect(screen.queryByText(ACCOUNT_TEXTS.apiKeyCopied)).toBeNull();
    },
    'created.copying': () => expectBusy('Copying...', API_KEY),
    'created.copied': () => expect(within(scopeOf(API_KEY)).getByText(ACCOUNT_TEXTS.apiKeyCopied).getAttribute('role')).toBe('status'),
    'created.copyFailed': () => expect(within(scopeOf(API_KEY)).getByRole('alert').textContent).toBe(ACCOUNT_TEXTS.apiKeyCopyFailed),
  },
});

// ---- Change email ---------------------------------------------------------------------------------------

const EMAIL = 'Email address';
const EMAIL_LABELS = { email: 'New email', password: 'Password' };

describeModel({
  machine: changeEmailMachine,
  scenarios: changeEmailSamples.scenarios,
  targets: changeEmailSamples.targets,
  guards: true,
  async start(machine, _input, clock) {
    await openProfile(accountLogic(profile, { changeEmail: machine }), clock);
    return {
      send(event) {
        switch (event.type) {
          case 'changeEmail.open':
            return click('Change email', EMAIL);
          case 'changeEmail.submit':
            fill('New email', event.email, EMAIL);
            fill('Password', event.password, EMAIL);
            return click('Change email', EMAIL);
          case 'changeEmail.cancel':
            return click('Cancel', EMAIL);
          case 'changeEmail.close':
            return click('Done', EMAIL);
          default:
            throw new Error(`No UI action for ${event.type}`);
        }
      },
    };
  },
  states: {
    closed: (snapshot) => {
      const section = within(scopeOf(EMAIL));
      expect(section.getByTestId('current-email').textContent).toBe(snapshot.context.email);
      expect(section.queryByLabelText(/^New email/)).toBeNull();
      expect(section.queryByText(UNCONFIRMED_EMAIL_BANNER)).toBeNull();
    },
    open: () => expect(field('New email', EMAIL)).toBeTruthy(),
    'open.editing': () => {
      expectNoAlert(EMAIL);
      expect(document.activeElement).toBe(field('New email', EMAIL));
    },
    'open.invalid': (snapshot) => expectFieldErrors(snapshot.context.errors, ['email', 'password'], EMAIL_LABELS, EMAIL),
    'open.failed': (snapshot) => expectProblem(snapshot.context.problem!, EMAIL),
    saving: () => expectBusy('Changing email...', EMAIL),
    changed: (snapshot) => {
      const status = within(scopeOf(EMAIL)).getByTestId('email-changed');
      expect(status.textContent).toBe(ACCOUNT_TEXTS.changedEmail(snapshot.context.email));
      expect(snapshot.context.email).toBe('thandi@new.test');
      expect(within(scopeOf(EMAIL)).getByRole('link', { name: 'Confirm your email address' }).getAttribute('href')).toBe('/confirm-email');
      expect(reloads).toHaveLength(1);
    },
  },
});

// ---- Change password ------------------------------------------------------------------------------------

const PASSWORD = 'Password';
const PASSWORD_LABELS = { currentPassword: 'Current password', newPassword: 'New password', confirmPassword: 'Confirm new password' };

describeModel({
  machine: changePasswordMachine,
  scenarios: changePasswordSamples.scenarios,
  targets: changePasswordSamples.targets,
  guards: true,
  async start(machine, _input, clock) {
    await openProfile(accountLogic(profile, { changePassword: machine }), clock);
    return {
      send(event) {
        switch (event.type) {
          case 'changePassword.open':
            return click('Change password', PASSWORD);
          case 'changePassword.submit':
            fill('Current password', event.currentPassword, PASSWORD);
            fill('New password', event.newPassword, PASSWORD);
            fill('Confirm new password', event.confirmPassword, PASSWORD);
            return click('Change password', PASSWORD);
          case 'changePassword.cancel':
            return click('Cancel', PASSWORD);
          case 'changePassword.close':
            return click('Done', PASSWORD);
          default:
            throw new Error(`No UI action for ${event.type}`);
        }
      },
    };
  },
  states: {
    closed: () => {
      const section = within(scopeOf(PASSWORD));
      expect(section.getByRole('button', { name: 'Change password' })).toBeTruthy();
      expect(section.queryByLabelText(/^Current password/)).toBeNull();
    },
    open: () => expect(field('Current password', PASSWORD)).toBeTruthy(),
    'open.editing': () => {
      expectNoAlert(PASSWORD);
      expect(document.activeElement).toBe(field('Current password', PASSWORD));
    },
    'open.invalid': (snapshot) => expectFieldErrors(snapshot.context.errors, ['currentPassword', 'newPassword', 'confirmPassword'], PASSWORD_LABELS, PASSWORD),
    'open.failed': (snapshot) => expectProblem(snapshot.context.problem!, PASSWORD),
    saving: () => expectBusy('Changing password...', PASSWORD),
    changed: () => {
      const status = within(scopeOf(PASSWORD)).getByTestId('password-changed');
      expect(status.textContent).toBe(ACCOUNT_TEXTS.changedPassword);
      expect(document.activeElement).toBe(status);
    },
  },
});
