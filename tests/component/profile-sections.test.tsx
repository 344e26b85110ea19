import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { toApiError } from '../../src/api/api-error';
import { defaultAccountLogic } from '../../src/features/auth/account-logic';
import { ACCOUNT_TEXTS, SUCCESS_TEXTS } from '../../src/lib/error-catalogue';
import type { ApiKey } from '../../src/machines/auth/api-key.types';
import type { Passkey } from '../../src/machines/auth/passkeys.types';
import type { VerificationKind } from '../../src/machines/auth/verification.types';
import { field, scopeOf } from '../support/account-assertions';
import { accountLogic, accountPermissions, pageHeading, renderAccount, sampleProfile } from '../support/account-harness';
import { tokenOf } from '../support/shell-harness';

describe('the API key section', () => {
  it.each([
    [[] as const, false],
    [['PublicApiUser'] as const, true],
    [['Administrator'] as const, true],
  ])('with roles %j is shown: %s', async (roles, shown) => {
    renderAccount({ path: '/profile', profile: sampleProfile(), roles });
    await pageHeading('My profile');
    expect(screen.queryByRole('region', { name: 'API key' }) !== null).toBe(shown);
  });

  it('asks before replacing a key (No keeps it), and copies a new secret to the clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const profile = sampleProfile();
    const createApiKey = vi.fn(async () => ({ id: 5, userId: 7, apiKey: 'ck_live_secret_123', prefix: 'ck_live_secr', createdAt: '2024-05-02T10:30:00Z' }));
    const logic = accountLogic(profile, {
      apiKey: defaultAccountLogic.apiKey.provide({
        actors: {
          loadApiKey: fromPromise(async (): Promise<ApiKey | null> => ({ id: 4, userId: 7, prefix: 'ck_live_old1', createdAt: '2024-01-01T00:00:00Z', lastUsedAt: null })),
          createApiKey: fromPromise(createApiKey),
        },
      }),
    });
    renderAccount({ path: '/profile', profile, roles: ['PublicApiUser'], logic });
    await pageHeading('My profile');
    const section = () => within(scopeOf('API key'));
    await user.click(await section().findByRole('button', { name: 'Create a new API key' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(createApiKey).not.toHaveBeenCalled();
    expect(section().getByTestId('api-key-current').textContent).toContain('ck_live_old1…');

    await user.click(section().getByRole('button', { name: 'Create a new API key' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(((await section().findByLabelText('New API key')) as HTMLInputElement).value).toBe('ck_live_secret_123');
    await user.click(section().getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('ck_live_secret_123'));
    expect(await section().findByText(ACCOUNT_TEXTS.apiKeyCopied)).toBeTruthy();
    await user.click(section().getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue('ck_live_secret_123')).toBeNull();
    expect(section().getByTestId('api-key-current').textContent).toContain('ck_live_secr…');
  });
});

describe('two-factor on and off', () => {
  it('sends a code, turns two-factor on with it, and shows the new position once the session reloads', async () => {
    const user = userEvent.setup();
    const profile = sampleProfile();
    const enabled = sampleProfile({ twoFactorEnabled: true });
    const confirmCode = vi.fn(async (_input: { kind: VerificationKind; code: string }) => undefined);
    const logic = accountLogic(profile, {
      verification: defaultAccountLogic.verification.provide({
        actors: { sendCode: fromPromise(async (): Promise<void> => undefined), confirmCode: fromPromise(({ input }) => confirmCode(input)) },
      }),
    });
    const view = renderAccount({
      path: '/profile', profile, logic,
      reload: async () => ({ jwtToken: tokenOf(accountPermissions(enabled)), profile: enabled }),
    });
    await pageHeading('My profile');
    const section = () => within(scopeOf('Two-factor authentication'));
    expect(section().getByTestId('two-factor-status').textContent).toBe(ACCOUNT_TEXTS.twoFactorIsOff);
    await user.click(section().getByRole('button', { name: 'Turn on two-factor authentication' }));
    // The code field has the focus: type and press Enter.
    await waitFor(() => expect(document.activeElement).toBe(field('Code', 'Two-factor authentication')));
    await user.keyboard('123456{Enter}');
    await waitFor(() => expect(confirmCode).toHaveBeenCalledWith({ kind: 'twoFactorEnable', code: '123456' }));
    await waitFor(() => expect(section().getByTestId('two-factor-status').textContent).toBe(ACCOUNT_TEXTS.twoFactorIsOn));
    expect(view.reloads).toHaveLength(1);
    expect(section().getByRole('button', { name: 'Turn off two-factor authentication' })).toBeTruthy();
  });
});

describe('passkeys', () => {
  const laptop: Passkey = { id: 'cred-1', name: 'MacBook Touch ID', createdAt: '2024-02-10T09:15:00Z', lastUsedAt: null };

  it('tries again after a failed load; "No" keeps a passkey, "Yes" removes it with the spec\'s text', async () => {
    const user = userEvent.setup();
    const profile = sampleProfile();
    const list = vi.fn()
      .mockRejectedValueOnce(toApiError(500, { message: 'Internal error (request 1)' }, '/identity/v1/passkeys'))
      .mockResolvedValue([laptop]);
    const remove = vi.fn(async (_input: { id: string }) => undefined);
    const logic = accountLogic(profile, {
      passkeys: defaultAccountLogic.passkeys.provide({ actors: { listPasskeys: fromPromise(() => list()), deletePasskey: fromPromise(({ input }) => remove(input)) } }),
    });
    renderAccount({ path: '/profile', profile, logic });
    await pageHeading('My profile');
    const section = () => within(scopeOf('Passkeys'));
    await user.click(await section().findByRole('button', { name: 'Try again' }));
    const removeButton = await section().findByRole('button', { name: 'Remove passkey MacBook Touch ID' });
    await user.click(removeButton);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(section().getByText('MacBook Touch ID')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();

    await user.click(section().getByRole('button', { name: 'Remove passkey MacBook Touch ID' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(section().getByText(ACCOUNT_TEXTS.passkeysNone)).toBeTruthy());
    expect(remove).toHaveBeenCalledWith({ id: 'cred-1' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(await screen.findByText(SUCCESS_TEXTS.deleted, undefined, { timeout: 5000 })).toBeTruthy();
  });
});

describe('change password and change email, by keyboard', () => {
  it('opens, cancels (focus back on the opener), and changes the password with Tab and Enter only', async () => {
    const user = userEvent.setup();
    const profile = sampleProfile();
    const changePassword = vi.fn(async (_input: { currentPassword: string; newPassword: string }) => true);
    const logic = accountLogic(profile, {
      changePassword: defaultAccountLogic.changePassword.provide({ actors: { changePassword: fromPromise(({ input }) => changePassword(input)) } }),
    });
    renderAccount({ path: '/profile', profile, logic });
    await pageHeading('My profile');
    const section = () => within(scopeOf('Password'));
    section().getByRole('button', { name: 'Change password' }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(field('Current password', 'Password'));
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(section().getByRole('button', { name: 'Change password' }));

    await user.keyboard('{Enter}');
    await user.keyboard('Demo-password-1');
    await user.tab();
    await user.keyboard('Better-password-2');
    await user.tab();
    await user.keyboard('Better-password-2{Enter}');
    await waitFor(() => expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'Demo-password-1', newPassword: 'Better-password-2' }));
    const status = await section().findByTestId('password-changed');
    expect(status.textContent).toBe(ACCOUNT_TEXTS.changedPassword);
    expect(document.activeElement).toBe(status);
    await user.click(section().getByRole('button', { name: 'Done' }));
    expect(document.activeElement).toBe(section().getByRole('button', { name: 'Change password' }));
  });

  it('changes the email, then points to its confirmation and shows the new address', async () => {
    const user = userEvent.setup();
    const profile = sampleProfile();
    const logic = accountLogic(profile, {
      changeEmail: defaultAccountLogic.changeEmail.provide({ actors: { changeEmail: fromPromise(async () => true) } }),
    });
    const view = renderAccount({ path: '/profile', profile, logic });
    await pageHeading('My profile');
    const section = () => within(scopeOf('Email address'));
    await user.click(section().getByRole('button', { name: 'Change email' }));
    await user.keyboard('thandi@new.test');
    await user.tab();
    await user.keyboard('Demo-password-1{Enter}');
    expect((await section().findByTestId('email-changed')).textContent).toBe(ACCOUNT_TEXTS.changedEmail('thandi@new.test'));
    expect(view.reloads).toHaveLength(1);
    await user.click(section().getByRole('button', { name: 'Done' }));
    expect(section().getByTestId('current-email').textContent).toBe('thandi@new.test');
  });
});

describe('the profile picture', () => {
  it('uploads the chosen image and shows it', async () => {
    const user = userEvent.setup();
    const profile = sampleProfile();
    const upload = vi.fn(async (input: { cca2: string; file: File }) => input.file);
    const logic = accountLogic(profile, {
      profilePicture: defaultAccountLogic.profilePicture.provide({ actors: { uploadPicture: fromPromise(({ input }) => upload(input)) } }),
    });
    renderAccount({ path: '/profile', profile, logic });
    await pageHeading('My profile');
    const section = () => within(scopeOf('Profile picture'));
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(section().getByLabelText('Choose a profile picture'), file);
    expect(await section().findByRole('img', { name: 'Your profile picture' })).toBeTruthy();
    expect(upload).toHaveBeenCalledWith({ cca2: 'ZA', file });
  });
});
