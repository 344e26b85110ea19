import { toApiError } from '../../api/api-error';
import { RATE_TEXTS } from '../../lib/rate-texts';
import { defineSamples } from '../samples';
import { rateUploadCancelMachine } from './rate-upload-cancel.machine';
import { CANCELLED_ROW, FIXED_ROW } from './rate-upload-row.samples';

export const rateUploadCancelSamples = defineSamples(rateUploadCancelMachine, [
  {
    name: 'cancel a row (No first, then Yes)',
    input: { cca2: 'ZA' },
    events: [
      { type: 'uploads.cancel', row: FIXED_ROW },
      { type: 'uploads.confirmNo' },
      { type: 'uploads.confirmYes' },
      { type: 'xstate.done.actor.cancelUpload', output: CANCELLED_ROW },
      { type: 'xstate.error.actor.cancelUpload', error: toApiError(409, { message: RATE_TEXTS.notCancellable }, '/connect/uploadbatches/ZA/Rate/41') },
      { type: 'uploads.dismiss' },
    ],
  },
], 'transitions');
