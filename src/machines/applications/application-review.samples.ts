import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { SUBMITTED } from './application-apply.samples';
import { applicationReviewMachine } from './application-review.machine';

const DOCUMENT_APPROVED = { ...SUBMITTED, documents: SUBMITTED.documents.map((document) => ({ ...document, documentStatusId: 100, documentStatus: 'Valid' })) };
export const REVIEW_APPROVED = { ...DOCUMENT_APPROVED, applicationStatusId: 2001 as const, applicationStatus: 'Approved', progressStatusId: 2000 as const };

export const applicationReviewSamples = defineSamples(applicationReviewMachine, [
  {
    name: 'review: approve a document, reject one, a refused approval, approve; or the application cannot be loaded',
    input: { cca2: 'za', id: 7 },
    events: [
      { type: 'xstate.done.actor.loadApplication', output: SUBMITTED },
      { type: 'xstate.error.actor.loadApplication', error: toApiError(404, { message: 'Not found: application 7' }, '/connect/applications/za/7') },
      { type: 'review.approveDocument', documentId: 31 },
      { type: 'xstate.done.actor.approveDocument', output: DOCUMENT_APPROVED },
      { type: 'xstate.error.actor.approveDocument', error: toApiError(409, { message: 'This application has already been decided.' }, '/connect/applications/za/7/documents/31/approve') },
      { type: 'review.rejectDocument', documentId: 31 },
      { type: 'review.dismiss' },
      { type: 'review.reject' },
      { type: 'review.cancel' },
      { type: 'review.approve' },
      { type: 'review.confirm', reason: 'Incomplete' },
      { type: 'xstate.error.actor.reviewCall', error: toApiError(422, { message: 'The required documents are not all valid. Proof of address', errors: { 'Proof of address': ['The required documents are not all valid.'] } }, '/connect/applications/za/7/approve') },
      { type: 'xstate.done.actor.reviewCall', output: REVIEW_APPROVED },
      { type: 'review.reload' },
    ],
  },
], 'transitions');
