import { toApiError } from '../../api/api-error';
import { RATE_TEXTS } from '../../lib/rate-texts';
import { defineSamples } from '../samples';
import { rateUploadRowMachine } from './rate-upload-row.machine';
import type { RateUpload } from './rate-upload-row.types';

/** A row uploaded without its km range. */
export const SAMPLE_ROW: RateUpload = {
  id: 41, uploadBatchId: 12, rowNumber: 3, rateId: null, name: 'No range', companyId: null, company: null, slaType: 'Standard', parcelTypeId: 1,
  rateType: 'Base', dayOfWeekType: 'Weekday', pricingTier: 'Standard', startKmRange: null, endKmRange: null, newPrice: 7000,
  isReturnToSenderRate: false, isHighRisk: false, isActive: true, uploadStatusId: 0, uploadStatus: 'Unprocessed', rateCreated: false,
  uploadedBy: 'Sipho Staff', uploadedByUserId: 3, errors: { startKmRange: [RATE_TEXTS.startKmRequired], endKmRange: [RATE_TEXTS.endKmRequired] }, xmin: '900',
};
export const FIXED_ROW: RateUpload = { ...SAMPLE_ROW, startKmRange: 1000, endKmRange: 2000, errors: {}, xmin: '901' };
export const CANCELLED_ROW: RateUpload = { ...FIXED_ROW, uploadStatusId: -1000, uploadStatus: 'Cancelled', xmin: '902' };

export const rateUploadRowSamples = defineSamples(rateUploadRowMachine, [
  {
    name: 'correct a row, then cancel it (No first)',
    input: { cca2: 'ZA', id: 41 },
    events: [
      { type: 'xstate.done.actor.loadRow', output: SAMPLE_ROW },
      { type: 'xstate.error.actor.loadRow', error: toApiError(404, { message: 'Not found: rate upload 41' }, '/connect/uploadbatches/ZA/Uploads/Rate/41') },
      { type: 'row.change', field: 'startKmRange', value: '1000' },
      { type: 'row.save' },
      { type: 'xstate.error.actor.saveRow', error: toApiError(409, { message: RATE_TEXTS.notEditable }, '/connect/uploadbatches/ZA/uploads/Rate/41') },
      { type: 'xstate.done.actor.saveRow', output: FIXED_ROW },
      { type: 'row.cancelUpload' },
      { type: 'row.confirmNo' },
      { type: 'row.confirmYes' },
      { type: 'xstate.error.actor.cancelRow', error: toApiError(409, { message: RATE_TEXTS.notCancellable }, '/connect/uploadbatches/ZA/Rate/41') },
      { type: 'xstate.done.actor.cancelRow', output: CANCELLED_ROW },
    ],
  },
], 'transitions');
