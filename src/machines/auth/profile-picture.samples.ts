import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { sampleServerError } from './profile.samples';
import { profilePictureMachine } from './profile-picture.machine';

export const samplePng = new File(['\x89PNG'], 'me.png', { type: 'image/png' });
export const sampleText = new File(['hello'], 'notes.txt', { type: 'text/plain' });

export const profilePictureSamples = defineSamples(profilePictureMachine, [true, false].map((hasPicture) => ({
  name: hasPicture ? 'with a picture' : 'without a picture',
  input: { cca2: 'ZA', hasPicture },
  events: [
    // xstate/graph tells events apart by their JSON, in which a File is '{}': the name keeps them apart.
    { type: 'picture.select', file: samplePng, name: samplePng.name },
    { type: 'picture.select', file: sampleText, name: sampleText.name },
    { type: 'xstate.done.actor.loadPicture', output: new Blob(['jpeg'], { type: 'image/jpeg' }) },
    { type: 'xstate.error.actor.loadPicture', error: toApiError(404, undefined, '/connect/users/za/profilePicture') },
    { type: 'xstate.error.actor.loadPicture', error: sampleServerError('/connect/users/za/profilePicture') },
    { type: 'xstate.done.actor.uploadPicture', output: samplePng },
    { type: 'xstate.error.actor.uploadPicture', error: toApiError(413, { message: 'The request body is too large.' }, '/connect/users/za/uploadProfilePicture') },
    { type: 'xstate.error.actor.uploadPicture', error: sampleServerError('/connect/users/za/uploadProfilePicture') },
  ],
})), 'transitions');
