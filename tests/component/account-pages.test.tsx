import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { toApiError } from '../../src/api/api-error';
import { defaultAccountLogic } from '../../src/features/auth/account-logic';
import { ACCOUNT_TEXTS, AUTH_TEXTS, SIGN_IN_TEXTS } from '../../src/lib/error-catalogue';
import { accountLogic, pageHeading, renderAccount, sampleProfile } from '../support/account-harness';

describe('/forgot-password and /confirm-password', () => {
  it('can be finished with the keyboard alone: email, Enter, code and new password, Enter', async () => {
    const user = userEvent.setup();
    const forgot = vi.fn(async (_input: { email: string }) => true);
    const reset = vi.fn(async (_input: { email: string; code: string; password: string }) => true);
    const logic = accountLogic(sampleProfile(), {
      passwordReset: defaultAccountLogic.passwordReset.provide({
        actors: { requestResetCode: fromPromise(({ input }) => forgot(input)), resetPassword: fromPromise(({ input }) => reset(input)) },
      }),
    });
    renderAccount({ path: '/forgot-password', profile: null, logic });
    await pageHeading('Reset your password');
    await user.click(screen.getByLabelText(/^Email/));
    await user.keyboard('customer@demo.test{Enter}');
    await waitFor(() => expect(forgot).toHaveBeenCalledWith({ email: 'customer@demo.test' }));
    expect(await screen.findByText(ACCOUNT_TEXTS.emailSent('customer@demo.test'))).toBeTruthy();
    // The code field has the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Code/)));
    await user.keyboard('654321');
    await user.tab();
    await user.keyboard('New-password-1');
    await user.tab();
    await user.keyboard('New-password-1{Enter}');
    await waitFor(() => expect(reset).toHaveBeenCalledWith({ email: 'customer@demo.test', code: '654321', password: 'New-password-1' }));
    expect((await screen.findByTestId('reset-confirmed')).textContent).toBe(ACCOUNT_TEXTS.resetPasswordConfirmed);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('opens at the code step for /confirm-password?email=…, and "Use a different email" goes back', async () => {
    const user = userEvent.setup();
    renderAccount({ path: '/confirm-password?email=customer%40demo.test', profile: null });
    await pageHeading('Reset your password');
    expect(screen.getByText(ACCOUNT_TEXTS.emailSent('customer@demo.test'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('customer@demo.test');
  });

  it('checks the email before sending', async () => {
    const user = userEvent.setup();
    renderAccount({ path: '/forgot-password', profile: null });
    await pageHeading('Reset your password');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert').textContent).toBe(SIGN_IN_TEXTS.emailRequired);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)));
  });
});

describe('/confirm-email and /confirm-phone', () => {
  it('asks a signed-out visitor to log in first, coming back here', async () => {
    const view = renderAccount({ path: '/confirm-email', profile: null });
    await pageHeading('Confirm your email address');
    expect(screen.getByText(ACCOUNT_TEXTS.signInToContinue)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(view.router.state.location.state).toEqual({ from: '/confirm-email' });
  });

  it('says so when the email is already confirmed', async () => {
    renderAccount({ path: '/confirm-email', profile: sampleProfile() });
    await pageHeading('Confirm your email address');
    expect(screen.getByText(AUTH_TEXTS.emailAlreadyConfirmed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
  });

  it('offers to send the code to the unconfirmed address', async () => {
    renderAccount({ path: '/confirm-email', profile: sampleProfile({ emailConfirmed: false }) });
    await pageHeading('Confirm your email address');
    expect(screen.getByText(ACCOUNT_TEXTS.emailIntro('customer@demo.test'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('says what the server refused when sending the code (a field of the profile, not of this page)', async () => {
    const user = userEvent.setup();
    const profile = sampleProfile({ phoneNumberConfirmed: false });
    const logic = accountLogic(profile, {
      verification: defaultAccountLogic.verification.provide({
        actors: {
          sendCode: fromPromise(async (): Promise<void> => {
            throw toApiError(400, { message: AUTH_TEXTS.phoneNumberMissing, errors: { phoneNumber: [AUTH_TEXTS.phoneNumberMissing] } }, '/identity/v1/phoneNumberVerification/send');
          }),
        },
      }),
    });
    renderAccount({ path: '/confirm-phone', profile, logic });
    await pageHeading('Confirm your phone number');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toContain(AUTH_TEXTS.phoneNumberMissing);
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('sends a user without a phone number to the profile', async () => {
    renderAccount({ path: '/confirm-phone', profile: sampleProfile({ phoneNumber: null, phoneNumberConfirmed: false }) });
    await pageHeading('Confirm your phone number');
    expect(screen.getByText(ACCOUNT_TEXTS.phoneMissing)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my profile' }).getAttribute('href')).toBe('/profile');
  });
});

describe('/profile', () => {
  it('is for signed-in users: a visitor goes to /login', async () => {
    const view = renderAccount({ path: '/profile', profile: null });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
  });
});
