import { assign, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import type { components } from '../../api/generated/identity';
import { validateProfileDetails, type FieldErrors, type ProfileDetailsValues } from '../../lib/account-validation';
import { SUCCESS_TEXTS } from '../../lib/error-catalogue';
import { DEFAULT_PHONE_COUNTRY } from '../../lib/phone';
import { internationalPhone, isPhoneCountry, splitPhone } from '../../lib/phone-countries';
import { failureOf, namesFields, notifySuccess, problemOf, reloadAuth, submitFailed, type Problem } from './account-helpers';

export type Profile = components['schemas']['Profile'];
export type UpdateProfileRequest = components['schemas']['UpdateProfileRequest'];

export interface ProfileContext {
  profile: Profile | null;
  errors: FieldErrors;
  problem: Problem | null;
}

export type ProfileEvent =
  | { type: 'profile.save'; values: ProfileDetailsValues }
  | { type: 'profile.retry' };

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
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    tags: {} as 'busy' | 'loading',
  },
  actors: { loadProfile, saveProfile },
  actions: {
    setProfile: assign((_, params: { profile: Profile }) => ({ profile: params.profile, errors: {}, problem: null })),
    loadFailed: assign((_, params: { error: unknown }) => ({ problem: problemOf(params.error) })),
    clearMessages: assign({ errors: {}, problem: null }),
    reject: assign((_, params: { errors: FieldErrors }) => ({ errors: params.errors, problem: null })),
    fail: assign((_, params: { error: unknown }) => failureOf(params.error)),
    reloadAuth,
    notifySuccess,
  },
  guards: {
    detailsValid: (_, params: { values: ProfileDetailsValues }) => Object.keys(validateProfileDetails(params.values)).length === 0,
    namesFields,
  },
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
        onDone: { target: 'ready', actions: { type: 'setProfile', params: ({ event }) => ({ profile: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'loadFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The profile could not be loaded; "Try again".',
      on: { 'profile.retry': { target: 'loading', actions: 'clearMessages' } },
    },
    ready: {
      description: 'The details form with the loaded profile.',
      initial: 'form',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {},
            invalid: { description: 'A field is missing or wrong (here or on the server); the first one has the focus.' },
            failed: { description: 'Saving failed; the problem is shown and everything typed is kept.' },
            saved: { description: '"Successsfully updated".' },
          },
          on: {
            'profile.save': [
              {
                guard: { type: 'detailsValid', params: ({ event }) => ({ values: event.values }) },
                target: 'saving',
                actions: 'clearMessages',
              },
              {
                target: '.invalid',
                actions: { type: 'reject', params: ({ event }) => ({ errors: validateProfileDetails(event.values) }) },
              },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveProfile',
            src: 'saveProfile',
            input: ({ event }) => profileRequest((event as Extract<ProfileEvent, { type: 'profile.save' }>).values),
            onDone: {
              target: 'form.saved',
              actions: [
                { type: 'setProfile', params: ({ event }) => ({ profile: event.output }) },
                'reloadAuth',
                { type: 'notifySuccess', params: { text: SUCCESS_TEXTS.updated } },
              ],
            },
            onError: submitFailed('form'),
          },
        },
      },
    },
  },
});
