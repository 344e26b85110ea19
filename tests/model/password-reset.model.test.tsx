import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { ACCOUNT_TEXTS, AUTH_TEXTS, SIGN_IN_TEXTS, VALIDATION_TEXTS } from '../../src/lib/error-catalogue';
import { passwordResetMachine } from '../../src/machines/auth/password-reset.machine';
import { passwordResetSamples } from '../../src/machines/auth/password-reset.samples';
import { accountLogic, pageHeading, renderAccount } from '../support/account-harness';
import { describeModel } from '../support/model-paths';
import { expectBusy, expectFieldErrors, expectNoAlert, expectProblem, fill } from '../support/account-assertions';

const REQUEST_ORDER = ['email'];
const CONFIRM_ORDER = ['code', 'password', 'confirmPassword'];
const LABELS: Record<string, string> = { email: 'Email', code: 'Code', password: 'New password', confirmPassword: 'Confirm new password' };

describeModel({
  machine: passwordResetMachine,
  scenarios: passwordResetSamples.scenarios,
  targets: passwordResetSamples.targets,
  guards: true,
  async start(machine, input, clock) {
    const path = input.email ? `/confirm-password?email=${encodeURIComponent(input.email)}` : '/forgot-password';
    renderAccount({ path, profile: null, logic: accountLogic({} as never, { passwordReset: machine }), clock });
    await pageHeading('Reset your password');
    return {
      send(event) {
        switch (event.type) {
          case 'reset.request':
            fill(LABELS.email!, event.email);
            fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
            return;
          case 'reset.confirm':
            fill('Code', event.code);
            fill('New password', event.password);
            fill('Confirm new password', event.confirmPassword);
            fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
            return;
          case 'reset.resend':
            fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
            return;
          case 'reset.changeEmail':
            fireEvent.click(screen.getByRole('button', { name: 'Use a different email' }));
            return;
          default:
            throw new Error(`No UI action for ${event.type}`);
        }
      },
    };
  },
  states: {
    request: () => {
      expect(screen.getByText(ACCOUNT_TEXTS.resetIntro)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
    },
    'request.form': () => {
      expect(screen.getByLabelText(/^Email/)).toBeTruthy();
      expect(screen.queryByLabelText(/^Code/)).toBeNull();
    },
    'request.form.editing': () => expectNoAlert(),
    'request.form.invalid': (snapshot) => expectFieldErrors(snapshot.context.errors, REQUEST_ORDER, LABELS),
    'request.form.failed': (snapshot) => expectProblem(snapshot.context.problem!),
    'request.sending': () => expectBusy('Sending code...'),
    confirm: (snapshot) => {
      expect(screen.getByText(ACCOUNT_TEXTS.emailSent(snapshot.context.email))).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
    },
    'confirm.form': (snapshot) => {
      expect(screen.getByLabelText(/^Code/)).toBeTruthy();
      expect(screen.getByLabelText(/^New password/)).toBeTruthy();
      expect(screen.queryByText(ACCOUNT_TEXTS.codeResent) !== null).toBe(snapshot.matches({ confirm: { form: 'resent' } }));
    },
    'confirm.form.editing': () => expectNoAlert(),
    'confirm.form.resent': () => {
      expectNoAlert();
      expect(screen.getByText(ACCOUNT_TEXTS.codeResent)).toBeTruthy();
    },
    'confirm.form.invalid': async (snapshot) => {
      await expectFieldErrors(snapshot.context.errors, CONFIRM_ORDER, LABELS);
      const known = [VALIDATION_TEXTS.codeRequired, SIGN_IN_TEXTS.codeInvalid, AUTH_TEXTS.codeInvalid, VALIDATION_TEXTS.passwordTooShort('New password', 8),
        VALIDATION_TEXTS.passwordsDoNotMatch];
      for (const message of Object.values(snapshot.context.errors)) expect(known).toContain(message);
    },
    'confirm.form.failed': (snapshot) => expectProblem(snapshot.context.problem!),
    'confirm.resending': () => expectBusy('Sending a new code...'),
    'confirm.submitting': () => expectBusy('Resetting password...'),
    confirmed: () => {
      const status = screen.getByTestId('reset-confirmed');
      expect(status.textContent).toBe(ACCOUNT_TEXTS.resetPasswordConfirmed);
      expect(document.activeElement).toBe(status);
      expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
      expect(screen.queryByRole('form')).toBeNull();
      expect(within(document.body).queryByLabelText(/^Code/)).toBeNull();
    },
  },
});
