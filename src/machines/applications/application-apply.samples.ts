import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { applicationApplyMachine } from './application-apply.machine';
import type { Application } from './application-apply.types';

const FIELDS = {
  idNumber: null, phoneNumber: null, hasRelation: null, relationInfo: null, hasPartTimeJob: null, partTimeJobDetails: null,
  hasVendorRelation: null, vendorRelationInfo: null, companyName: null, companyType: null, registrationNumber: null, vatNumber: null,
  contactName: null, companyEmail: null, companyPhoneNumber: null, registration: null, make: null, model: null, colour: null, vehicleTypeId: null,
};

/** A partner application just started (active step -1). */
export const NEW_PARTNER_APPLICATION: Application = {
  id: 7, xmin: '801', applicationTypeId: 1, applicationType: 'Partner', applicationStatusId: 0, applicationStatus: 'Pending', progressStatusId: 0,
  applicantUserId: 21, applicantName: 'Chloe Customer', applicantEmail: 'customer@demo.test', companyName: null, registration: null,
  partnerCompanyId: null, partnerCompanyName: null, createdAt: '2026-11-26T09:00:00.000Z', submittedAt: null,
  activeStep: -1, steps: ['company', 'declaration', 'documents', 'terms'], termsAcceptanceId: 100, fields: FIELDS, reason: null,
  documents: [], requiredDocumentTypeIds: [2, 3, 6],
  missing: ['Step: company', 'Step: declaration', 'Step: documents', 'Step: terms', 'Document: Identity document', 'Document: Proof of address', 'Document: Company registration', 'Terms and rates not accepted'],
  timeline: [{ id: 1, userName: 'Chloe Customer', action: 'Created', detail: null, createdAt: '2026-11-26T09:00:00.000Z' }],
  decidedAt: null,
};

/** After the company step was saved. */
export const COMPANY_SAVED: Application = {
  ...NEW_PARTNER_APPLICATION, activeStep: 0, companyName: 'Swift Couriers',
  fields: { ...FIELDS, companyName: 'Swift Couriers', companyType: 'Private Company', registrationNumber: '2024/1/07', contactName: 'Chloe', companyEmail: 'ops@swift.test', companyPhoneNumber: '+27215550999' },
  missing: NEW_PARTNER_APPLICATION.missing.slice(1),
};

/** With the identity document uploaded. */
export const WITH_DOCUMENT: Application = {
  ...COMPANY_SAVED,
  documents: [{ id: 31, documentTypeId: 2, documentType: 'Identity document', fileName: 'id.png', contentType: 'image/png', byteSize: 2048, expiryDate: null, documentStatusId: 400, documentStatus: 'Pending approval', reason: null, createdAt: '2026-11-26T09:05:00.000Z' }],
};

/** Submitted: the applicant tracks it. */
export const SUBMITTED: Application = {
  ...WITH_DOCUMENT, activeStep: 3, progressStatusId: 1000, termsAcceptanceId: 200, submittedAt: '2026-11-26T09:10:00.000Z', missing: [],
};

const submitRefused = toApiError(422, { message: 'Complete every step before submitting.', errors: { 'Step: terms': ['Step: terms'] } }, '/connect/applications/za/7/submit');
const saveRefused = toApiError(400, { message: 'Company type is required', errors: { companyType: ['Company type is required'] } }, '/connect/applications/za/7');

export const applicationApplySamples = defineSamples(applicationApplyMachine, [
  {
    name: 'apply as a partner: start or resume, save steps, upload and remove documents, clear, submit, track',
    input: { cca2: 'za', applicationTypeId: 1 },
    events: [
      { type: 'xstate.done.actor.loadApplication', output: null },
      { type: 'xstate.done.actor.loadApplication', output: WITH_DOCUMENT },
      { type: 'xstate.done.actor.loadApplication', output: SUBMITTED },
      { type: 'xstate.error.actor.loadApplication', error: toApiError(0, undefined, '/connect/applications/za/track') },
      { type: 'apply.start' },
      { type: 'xstate.error.actor.createApplication', error: toApiError(409, { message: 'You already have an open application of this type.' }, '/connect/applications/za') },
      { type: 'xstate.done.actor.createApplication', output: NEW_PARTNER_APPLICATION },
      // Typed values live in the machine's draft: they stay while the applicant moves between steps, and a save sends them.
      { type: 'field.change', name: 'companyName', value: 'Swift Couriers' },
      { type: 'apply.save' },
      { type: 'xstate.error.actor.saveStep', error: saveRefused },
      { type: 'xstate.done.actor.saveStep', output: COMPANY_SAVED },
      { type: 'apply.goto', step: 0 },
      { type: 'apply.upload', document: { documentTypeId: 2, file: new File(['x'], 'id.png', { type: 'image/png' }) } },
      { type: 'xstate.done.actor.uploadDocument', output: WITH_DOCUMENT },
      { type: 'xstate.error.actor.uploadDocument', error: toApiError(413, undefined, '/connect/applications/za/7/documents') },
      { type: 'apply.removeDocument', documentId: 31 },
      { type: 'xstate.done.actor.removeDocument', output: COMPANY_SAVED },
      { type: 'xstate.error.actor.removeDocument', error: toApiError(409, { message: 'This application can no longer be changed.' }, '/connect/applications/za/7/documents/31') },
      { type: 'apply.clear' },
      { type: 'apply.confirmNo' },
      { type: 'apply.confirmYes' },
      { type: 'xstate.done.actor.clearApplication', output: NEW_PARTNER_APPLICATION },
      { type: 'xstate.error.actor.clearApplication', error: toApiError(409, { message: 'This application can no longer be changed.' }, '/connect/applications/za/7/clear') },
      { type: 'apply.submit' },
      { type: 'xstate.error.actor.submitApplication', error: submitRefused },
      { type: 'xstate.done.actor.submitApplication', output: SUBMITTED },
      { type: 'apply.reload' },
      { type: 'apply.cancel' },
      { type: 'xstate.done.actor.cancelApplication', output: { ...NEW_PARTNER_APPLICATION, applicationStatusId: -2001, progressStatusId: -1000 } },
      { type: 'xstate.error.actor.cancelApplication', error: toApiError(404, { message: 'Not found: application 7' }, '/connect/applications/za/7/cancel') },
    ],
  },
]);
