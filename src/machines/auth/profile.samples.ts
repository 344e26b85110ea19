import { toApiError } from '../../api/api-error';
import type { ProfileDetailsValues } from '../../lib/account-validation';
import { AUTH_TEXTS } from '../../lib/error-catalogue';
import { defineSamples } from '../samples';
import type { Profile } from './auth.types';
import { profileMachine } from './profile.machine';

/** The customer the account samples sign in as (customer@demo.test of the seed). */
export function sampleCustomerProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 7, email: 'customer@demo.test', firstName: 'Thandi', lastName: 'Nkosi', phoneNumber: '+27821234567',
    phoneNumberConfirmed: true, emailConfirmed: true, contactCountryCode: 'ZA', unitName: null, unitNumber: null,
    companyId: null, storeId: null, company: null, twoFactorEnabled: false, hasProfilePicture: false,
    ...overrides,
  };
}

export const sampleServerError = (url: string) => toApiError(500, { message: 'Internal error (request 12)' }, url);

export const validDetails: ProfileDetailsValues = {
  firstName: 'Thandi', lastName: 'Dlamini', phoneNumber: '(081) 765-4321', contactCountryCode: 'NA', unitName: 'Block C', unitNumber: '12',
};
export const invalidDetails: ProfileDetailsValues = {
  firstName: ' ', lastName: 'Dlamini', phoneNumber: '(082) 76', contactCountryCode: 'ZA', unitName: '', unitNumber: '',
};

const profile = sampleCustomerProfile();

export const profileSamples = defineSamples(profileMachine, [{
  name: 'a customer',
  input: undefined,
  events: [
    { type: 'profile.save', values: validDetails },
    { type: 'profile.save', values: invalidDetails },
    { type: 'xstate.done.actor.loadProfile', output: profile },
    { type: 'xstate.error.actor.loadProfile', error: sampleServerError('/identity/v1/profile') },
    {
      type: 'xstate.done.actor.saveProfile',
      output: { ...profile, lastName: 'Dlamini', phoneNumber: '+264817654321', contactCountryCode: 'NA', phoneNumberConfirmed: false, unitName: 'Block C', unitNumber: '12' },
    },
    {
      type: 'xstate.error.actor.saveProfile',
      error: toApiError(400, { message: AUTH_TEXTS.phoneNumberNeedsDialCode, errors: { phoneNumber: [AUTH_TEXTS.phoneNumberNeedsDialCode] } }, '/identity/v1/profile'),
    },
    { type: 'xstate.error.actor.saveProfile', error: sampleServerError('/identity/v1/profile') },
  ],
}], 'transitions');
