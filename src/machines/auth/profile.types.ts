import type { components } from '../../api/generated/identity';
import type { ProfileDetailsValues } from '../../lib/account-validation';
import type { FormMessages } from '../shared/form-submit.types';
import type { Profile } from './auth.types';

export type { Profile } from './auth.types';
export type UpdateProfileRequest = components['schemas']['UpdateProfileRequest'];

export interface ProfileSchema {
  context: FormMessages & { profile: Profile | null };
  events:
    | { type: 'profile.save'; values: ProfileDetailsValues }
    | { type: 'profile.retry' };
  input: undefined;
}
