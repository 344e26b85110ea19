import { assign, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { validateProfileDetails, type ProfileDetailsValues } from '../../lib/account-validation';
import { SUCCESS_TEXTS } from '../../lib/error-catalogue';
import { DEFAULT_PHONE_COUNTRY } from '../../lib/phone';
import { internationalPhone, isPhoneCountry, splitPhone } from '../../lib/phone-countries';
import { errorParams, outputParams } from '../shared/shared.actions';
import { formSubmit, formSubmitActions, formSubmitGuards } from '../shared/form-submit';
import { notifySuccess, problemOf, reloadAuth } from './account-helpers';
import type { Profile, ProfileSchema, UpdateProfileRequest } from './profile.types';

export type { Profile, ProfileSchema, UpdateProfileRequest } from './profile.types';

/** GET v1/profile */
export const loadProfile = fromPromise<Profile>(async ({ signal }) => {
  const { data } = await api.identity.GET('/v1/profile', { signal });
  return data!;
});

/** PUT v1/profile */
export const saveProfile = fromPromise<Profile, UpdateProfileRequest>(async ({ input, signal }) => {
  const { data } = await api.identity.PUT('/v1/profile', { body: input, signal });
  return data!;
});

/** The details form's starting values: the phone split into its country and the masked national number. */
export function detailsOf(profile: Profile): ProfileDetailsValues {
  const contactCountry = isPhoneCountry(profile.contactCountryCode ?? '') ? profile.contactCountryCode.toUpperCase() : DEFAULT_PHONE_COUNTRY;
  const phone = splitPhone(profile.phoneNumber, contactCountry);
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phoneNumber: phone.national,
    contactCountryCode: phone.country,
    unitName: profile.unitName ?? '',
    unitNumber: profile.unitNumber ?? '',
  };
}

/** What PUT v1/profile receives: trimmed names, the phone in international form (or none), empty units as null. */
export function profileRequest(values: ProfileDetailsValues): UpdateProfileRequest {
  const phone = values.phoneNumber.trim();
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phoneNumber: phone ? internationalPhone(values.contactCountryCode, phone) : null,
    contactCountryCode: values.contactCountryCode,
    unitName: values.unitName.trim() || null,
    unitNumber: values.unitNumber.trim() || null,
  };
}

/**
 * The profile screen's details (000 sections 3 and 7): load the profile, edit, validate, save with PUT
 * v1/profile ("Successsfully updated"). A saved change (a new phone number needs confirming again) makes the
 * auth actor reload token and profile.
 */
export const profileMachine = setup({
  types: {} as ProfileSchema & { tags: 'busy' | 'loading' },
  actors: { loadProfile, saveProfile },
  actions: {
    ...formSubmitActions<ProfileSchema>(),
    setProfile: assign((_, profile: Profile) => ({ profile, errors: {}, problem: null })),
    loadFailed: assign((_, params: { error: unknown }) => ({ problem: problemOf(params.error) })),
    reloadAuth,
    notifySuccess,
  },
  guards: formSubmitGuards,
}).createMachine({
  id: 'profile',
  description: 'My profile: load, edit the details, validate, save.',
  context: { profile: null, errors: {}, problem: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'ready', actions: { type: 'setProfile', params: outputParams } },
        onError: { target: 'loadFailed', actions: { type: 'loadFailed', params: errorParams } },
      },
    },
    loadFailed: {
      description: 'The profile could not be loaded; "Try again".',
      on: { 'profile.retry': { target: 'loading', actions: 'clearMessages' } },
    },
    ready: {
      description: 'The details form with the loaded profile.',
      initial: 'form',
      states: formSubmit<ProfileSchema>()({
        submit: 'profile.save',
        validate: (event) => validateProfileDetails(event.values),
        form: 'form',
        busy: 'saving',
        invalid: 'A field is missing or wrong (here or on the server); the first one has the focus.',
        failed: 'Saving failed; the problem is shown and everything typed is kept.',
        states: { saved: { description: '"Successsfully updated".' } },
        invoke: {
          id: 'saveProfile',
          src: 'saveProfile',
          input: (_, event) => profileRequest(event.values),
          onDone: {
            target: 'form.saved',
            actions: [{ type: 'setProfile', params: outputParams }, 'reloadAuth', { type: 'notifySuccess', params: { text: SUCCESS_TEXTS.updated } }],
          },
        },
      }),
    },
  },
});
