import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { toApiError } from '../../src/api/api-error';
import { AUTH_TEXTS, SIGN_IN_TEXTS, SUCCESS_TEXTS, VALIDATION_TEXTS } from '../../src/lib/error-catalogue';
import { defaultAccountLogic } from '../../src/features/auth/account-logic';
import type { Profile, UpdateProfileRequest } from '../../src/machines/auth/profile.machine';
import { field, scopeOf } from '../support/account-assertions';
import { accountLogic, pageHeading, renderAccount, sampleProfile } from '../support/account-harness';

const DETAILS = 'Details';

function renderDetails(save: (request: UpdateProfileRequest) => Promise<Profile>, profile = sampleProfile()) {
  const saveProfile = vi.fn(save);
  const logic = accountLogic(profile, {
    profile: defaultAccountLogic.profile.provide({
      actors: {
        loadProfile: fromPromise(async () => profile),
        saveProfile: fromPromise(({ input }) => saveProfile(input)),
      },
    }),
  });
  const view = renderAccount({ path: '/profile', profile, logic });
  return { ...view, saveProfile };
}

describe('the profile details form', () => {
  it('starts from the profile: names, the phone split into country and masked number, the company read-only', async () => {
    renderDetails(async () => sampleProfile(), sampleProfile({ phoneNumber: '+264817654321', contactCountryCode: 'NA', company: { companyName: 'Acme Foods' }, companyId: 3 }));
    await pageHeading('My profile');
    expect(field('First name', DETAILS).value).toBe('Thandi');
    expect(field('Country code', DETAILS).value).toBe('NA');
    expect(field('Phone number', DETAILS).value).toBe('(081) 765-4321');
    const company = field('Company', DETAILS);
    expect(company.value).toBe('Acme Foods');
    expect(company.readOnly).toBe(true);
  });

  it('names every field at fault, moves the focus to the first one, and sends nothing', async () => {
    const user = userEvent.setup();
    const { saveProfile } = renderDetails(async () => sampleProfile());
    await pageHeading('My profile');
    await user.clear(field('First name', DETAILS));
    await user.clear(field('Last name', DETAILS));
    await user.clear(field('Phone number', DETAILS));
    await user.type(field('Phone number', DETAILS), '08212');
    await user.type(field('Unit name', DETAILS), 'x'.repeat(101));
    await user.click(within(scopeOf(DETAILS)).getByRole('button', { name: 'Save' }));

    const alerts = within(scopeOf(DETAILS)).getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([
      SIGN_IN_TEXTS.firstNameRequired,
      SIGN_IN_TEXTS.lastNameRequired,
      VALIDATION_TEXTS.phoneInvalid,
      VALIDATION_TEXTS.tooLong('Unit name', 100),
    ]);
    await waitFor(() => expect(document.activeElement).toBe(field('First name', DETAILS)));
    expect(field('Phone number', DETAILS).getAttribute('aria-invalid')).toBe('true');
    expect(saveProfile).not.toHaveBeenCalled();
    // Nothing typed is lost.
    expect(field('Phone number', DETAILS).value).toBe('(082) 12');
  });

  it('shows the server\'s message on the field it names, keeping what was typed', async () => {
    const user = userEvent.setup();
    renderDetails(async () => {
      throw toApiError(400, { message: AUTH_TEXTS.phoneNumberNeedsDialCode, errors: { phoneNumber: [AUTH_TEXTS.phoneNumberNeedsDialCode] } }, '/identity/v1/profile');
    });
    await pageHeading('My profile');
    await user.clear(field('First name', DETAILS));
    await user.type(field('First name', DETAILS), 'Lindiwe');
    await user.click(within(scopeOf(DETAILS)).getByRole('button', { name: 'Save' }));
    const alert = await within(scopeOf(DETAILS)).findByRole('alert');
    expect(alert.textContent).toBe(AUTH_TEXTS.phoneNumberNeedsDialCode);
    await waitFor(() => expect(document.activeElement).toBe(field('Phone number', DETAILS)));
    expect(field('First name', DETAILS).value).toBe('Lindiwe');
  });

  it('saves the number in international form with its country, says "Successsfully updated" and reloads the session', async () => {
    const user = userEvent.setup();
    const { saveProfile, reloads } = renderDetails(async (request) => sampleProfile({ ...request, phoneNumber: request.phoneNumber ?? null, phoneNumberConfirmed: false } as Partial<Profile>));
    await pageHeading('My profile');
    await user.selectOptions(field('Country code', DETAILS), 'NA');
    await user.clear(field('Phone number', DETAILS));
    await user.type(field('Phone number', DETAILS), '0817654321');
    await user.type(field('Unit number', DETAILS), ' 12 ');
    // Enter in a field submits the form: keyboard users need no mouse.
    await user.type(field('Unit name', DETAILS), 'Block C{Enter}');

    await waitFor(() => expect(saveProfile).toHaveBeenCalledTimes(1));
    expect(saveProfile.mock.calls[0]![0]).toEqual({
      firstName: 'Thandi', lastName: 'Nkosi', phoneNumber: '+264817654321', contactCountryCode: 'NA', unitName: 'Block C', unitNumber: '12',
    });
    // The toaster loads with the first toast; its group starts in a microtask that only act() flushes.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(await screen.findByText(SUCCESS_TEXTS.updated, undefined, { timeout: 5000 })).toBeTruthy();
    expect(reloads).toHaveLength(1);
    expect(within(scopeOf(DETAILS)).getByRole('link', { name: 'Confirm your phone number' })).toBeTruthy();
  });

  it('sends no phone number when the field is emptied', async () => {
    const { saveProfile } = renderDetails(async () => sampleProfile({ phoneNumber: null }));
    await pageHeading('My profile');
    fireEvent.change(field('Phone number', DETAILS), { target: { value: '' } });
    fireEvent.click(within(scopeOf(DETAILS)).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveProfile).toHaveBeenCalledTimes(1));
    expect(saveProfile.mock.calls[0]![0].phoneNumber).toBeNull();
  });
});
