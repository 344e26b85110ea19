import { noResponseError, toApiError } from '../../api/api-error';
import { SUCCESS_TEXTS } from '../../lib/error-catalogue';
import { defineSamples } from '../samples';
import { notificationsMachine } from './notifications.machine';

export const sampleBadRequest = toApiError(400, { message: 'Invalid request: name is required' }, '/connect/stores/za');
export const sampleServerError = toApiError(500, { message: 'E-42' }, '/connect/stores/za');

export const notificationsSamples = defineSamples(notificationsMachine, [
  {
    name: 'errors and successes reported by other actors',
    input: undefined,
    events: [
      { type: 'notify.error', error: sampleBadRequest },
      { type: 'notify.error', error: sampleServerError },
      { type: 'notify.error', error: toApiError(440, undefined, '/identity/v1/profile') },
      { type: 'notify.error', error: noResponseError() },
      { type: 'notify.success', text: SUCCESS_TEXTS.created },
    ],
  },
], 'transitions');
