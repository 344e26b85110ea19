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

/** A partner's vehicle application just started, and one already submitted. */
export const NEW_VEHICLE_APPLICATION: Application = {
  ...NEW_PARTNER_APPLICATION, id: 9, applicationTypeId: 4, applicationType: 'Vehicle', steps: ['vehicle', 'documents', 'terms'],
  requiredDocumentTypeIds: [5, 4], missing: ['Step: vehicle', 'Step: documents', 'Step: terms', 'Terms and rates not accepted'], timeline: [],
};
const VEHICLE_SAVED: Application = {
  ...NEW_VEHICLE_APPLICATION, activeStep: 0, registration: 'CA 654321', missing: NEW_VEHICLE_APPLICATION.missing.slice(1),
  fields: { ...NEW_VEHICLE_APPLICATION.fields, registration: 'CA 654321', make: 'Toyota', model: 'Hilux', vehicleTypeId: 31 },
};
const VEHICLE_WITH_DOCUMENT: Application = {
  ...VEHICLE_SAVED,
  documents: [{ id: 41, documentTypeId: 5, documentType: 'Vehicle registration', fileName: 'registration.pdf', contentType: 'application/pdf', byteSize: 2048, expiryDate: '2028-06-30', documentStatusId: 400, documentStatus: 'Pending approval', reason: null, createdAt: '2026-11-26T09:05:00.000Z' }],
};
export const SUBMITTED_VEHICLE: Application = {
  ...NEW_VEHICLE_APPLICATION, id: 8, activeStep: 2, progressStatusId: 1000, termsAcceptanceId: 200, registration: 'CA 123456',
  submittedAt: '2026-11-26T09:10:00.000Z', missing: [],
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
  {
    name: 'a partner applies for one vehicle, then another while the first is reviewed',
    input: { cca2: 'za', applicationTypeId: 4 },
    events: [
      { type: 'xstate.done.actor.loadApplication', output: SUBMITTED_VEHICLE },
      { type: 'apply.another' },
      { type: 'xstate.done.actor.createApplication', output: NEW_VEHICLE_APPLICATION },
      { type: 'apply.goto', step: 0 },
      { type: 'field.change', name: 'registration', value: 'CA 654321' },
      { type: 'apply.save' },
      { type: 'xstate.done.actor.saveStep', output: VEHICLE_SAVED },
      { type: 'apply.upload', document: { documentTypeId: 5, expiryDate: '2028-06-30', file: new File(['x'], 'registration.pdf', { type: 'application/pdf' }) } },
      { type: 'xstate.done.actor.uploadDocument', output: VEHICLE_WITH_DOCUMENT },
      { type: 'apply.removeDocument', documentId: 41 },
      { type: 'xstate.done.actor.removeDocument', output: VEHICLE_SAVED },
      { type: 'apply.clear' },
      { type: 'apply.confirmYes' },
      { type: 'xstate.done.actor.clearApplication', output: NEW_VEHICLE_APPLICATION },
      { type: 'apply.submit' },
      { type: 'xstate.done.actor.submitApplication', output: SUBMITTED_VEHICLE },
      { type: 'apply.cancel' },
      { type: 'xstate.done.actor.cancelApplication', output: { ...NEW_VEHICLE_APPLICATION, applicationStatusId: -2001, progressStatusId: -1000 } },
    ],
  },
], 'transitions');
