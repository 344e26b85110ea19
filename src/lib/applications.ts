import { COMPANY_TYPES } from './constants';

/**
 * Applications to join (issue 18; 002 sections 3, 4, 9): types, statuses, steps, document types and their
 * limits. The server and the screens read this one catalogue.
 */

export const APPLICATION_TYPE = {
  partner: 1,
  partnerDriver: 2,
  driver: 3,
  vehicle: 4,
  business: 5,
  assistant: 6,
} as const;
export type ApplicationTypeId = (typeof APPLICATION_TYPE)[keyof typeof APPLICATION_TYPE];
export type ApplicationTypeName = keyof typeof APPLICATION_TYPE;

export const APPLICATION_TYPE_LABELS: Record<ApplicationTypeId, string> = {
  1: 'Partner',
  2: 'Partner driver',
  3: 'Driver',
  4: 'Vehicle',
  5: 'Business',
  6: 'Assistant',
};

export const APPLICATION_STATUS = { cancelled: -2001, rejected: -1001, pending: 0, approved: 2001 } as const;
export type ApplicationStatusId = (typeof APPLICATION_STATUS)[keyof typeof APPLICATION_STATUS];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatusId, string> = {
  [-2001]: 'Cancelled',
  [-1001]: 'Rejected',
  0: 'Pending',
  2001: 'Approved',
};

/**
 * The spec's "further status set", placed as the application's progress (docs/decisions.md, issue 18): none while
 * the applicant fills it in, pending once submitted, complete once decided, cancelled when withdrawn or cancelled.
 */
export const PROGRESS_STATUS = { cancelled: -1000, none: 0, pending: 1000, complete: 2000 } as const;
export type ProgressStatusId = (typeof PROGRESS_STATUS)[keyof typeof PROGRESS_STATUS];
export const PROGRESS_STATUS_LABELS: Record<ProgressStatusId, string> = {
  [-1000]: 'Cancelled',
  0: 'In progress',
  1000: 'Submitted',
  2000: 'Complete',
};

export const DOCUMENT_STATUS = { none: 0, valid: 100, expiringSoon: 200, expired: 300, pendingApproval: 400, rejected: 500 } as const;
export type DocumentStatusId = (typeof DOCUMENT_STATUS)[keyof typeof DOCUMENT_STATUS];
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatusId, string> = {
  0: 'None',
  100: 'Valid',
  200: 'Expiring soon',
  300: 'Expired',
  400: 'Pending approval',
  500: 'Rejected',
};

export const TERMS_ACCEPTANCE = { none: 0, needsAcceptance: 100, accepted: 200 } as const;

/** Document types (the spec names driving licence, identity document, proof of address, insurance "and others"). */
export const DOCUMENT_TYPE = {
  drivingLicence: 1,
  identityDocument: 2,
  proofOfAddress: 3,
  insurance: 4,
  vehicleRegistration: 5,
  companyRegistration: 6,
  roadworthyCertificate: 7,
  policeClearance: 8,
} as const;
export type DocumentTypeId = (typeof DOCUMENT_TYPE)[keyof typeof DOCUMENT_TYPE];
export const DOCUMENT_TYPE_LABELS: Record<DocumentTypeId, string> = {
  1: 'Driving licence',
  2: 'Identity document',
  3: 'Proof of address',
  4: 'Insurance',
  5: 'Vehicle registration',
  6: 'Company registration',
  7: 'Roadworthy certificate',
  8: 'Police clearance',
};
export const DOCUMENT_TYPE_IDS = Object.keys(DOCUMENT_TYPE_LABELS).map(Number) as DocumentTypeId[];
/** Documents whose expiry date must be given (they lapse). */
export const EXPIRING_DOCUMENT_TYPES: readonly DocumentTypeId[] = [1, 4, 5, 7];

/** The documents an application needs before it can be submitted and approved, per type. */
export const REQUIRED_DOCUMENTS: Record<ApplicationTypeId, readonly DocumentTypeId[]> = {
  1: [2, 3, 6],
  2: [1, 2, 3],
  3: [1, 2, 3, 8],
  4: [5, 4],
  5: [6, 3],
  6: [2, 3],
};

/** Limits of a document upload: 10 MB by default (the upload route's own limit, DOCUMENT_UPLOAD_LIMIT; 413 with the spec's image text); JPEG, PNG, WebP or PDF (by their first bytes). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
/** A document expiring within this many days is "expiring soon". */
export const DOCUMENT_EXPIRING_SOON_DAYS = 30;
/** An invite link is valid this many days. */
export const INVITE_VALID_DAYS = 14;

/** The fields each step saves, in order; the documents step checks uploads, the terms step the acceptance. */
export type StepName = 'company' | 'personal' | 'declaration' | 'vehicle' | 'documents' | 'terms';
export const APPLICATION_STEPS: Record<ApplicationTypeId, readonly StepName[]> = {
  1: ['company', 'declaration', 'documents', 'terms'],
  2: ['personal', 'documents', 'terms'],
  3: ['personal', 'documents', 'terms'],
  4: ['vehicle', 'documents', 'terms'],
  5: ['company', 'documents', 'terms'],
  6: ['personal', 'documents', 'terms'],
};

/** Fields a step must have (a declaration's "info" fields are required only when its yes/no is yes). */
export const STEP_REQUIRED_FIELDS: Record<StepName, readonly ApplicationFieldName[]> = {
  company: ['companyName', 'companyType', 'registrationNumber', 'contactName', 'companyEmail', 'companyPhoneNumber'],
  personal: ['idNumber', 'phoneNumber'],
  declaration: ['hasRelation', 'hasPartTimeJob', 'hasVendorRelation'],
  vehicle: ['registration', 'make', 'model', 'vehicleTypeId'],
  documents: [],
  terms: ['termsAccepted'],
};
/**
 * Each field's label as the applicant sees it on the step's form; the server names a missing field by it
 * ("Company name is required", as the specs word required fields), the screen shows it next to the field.
 */
export const APPLICATION_FIELD_LABELS = {
  companyName: 'Company name', companyType: 'Company type', registrationNumber: 'Registration number', vatNumber: 'VAT number',
  contactName: 'Contact name', companyEmail: 'Company email', companyPhoneNumber: 'Company phone number',
  idNumber: 'ID number', phoneNumber: 'Phone number',
  hasRelation: 'Related to anyone working for the platform', relationInfo: 'Relation details',
  hasPartTimeJob: 'Part-time job', partTimeJobDetails: 'Part-time job details',
  hasVendorRelation: 'Relation with a vendor of the platform', vendorRelationInfo: 'Vendor relation details',
  registration: 'Registration', make: 'Make', model: 'Model', colour: 'Colour', vehicleTypeId: 'Vehicle type',
  termsAccepted: 'Acceptance of the terms and rates',
} as const;
export type ApplicationFieldName = keyof typeof APPLICATION_FIELD_LABELS;
export const applicationFieldLabel = (name: string): string => APPLICATION_FIELD_LABELS[name as ApplicationFieldName] ?? name;

/** The fields each step's form has and saves (the terms step saves its tick; the documents step nothing). */
export const STEP_FIELDS: Record<StepName, readonly ApplicationFieldName[]> = {
  company: ['companyName', 'companyType', 'registrationNumber', 'vatNumber', 'contactName', 'companyEmail', 'companyPhoneNumber'],
  personal: ['idNumber', 'phoneNumber'],
  declaration: ['hasRelation', 'relationInfo', 'hasPartTimeJob', 'partTimeJobDetails', 'hasVendorRelation', 'vendorRelationInfo'],
  vehicle: ['registration', 'make', 'model', 'colour', 'vehicleTypeId'],
  documents: [],
  terms: ['termsAccepted'],
};

export const DECLARATION_DETAILS = [
  ['hasRelation', 'relationInfo'],
  ['hasPartTimeJob', 'partTimeJobDetails'],
  ['hasVendorRelation', 'vendorRelationInfo'],
] as const;

/** The review list path of each type (000 section 2). */
export const APPLICATION_REVIEW_PATHS: Record<ApplicationTypeId, string> = {
  1: '/partner-applications',
  2: '/driver-applications',
  3: '/driver-applications',
  4: '/vehicle-applications',
  5: '/business-applications',
  6: '/assistant-applications',
};

export const APPLICATION_TEXTS = {
  /** A missing field or document, named by its label (the specs' "Name is required"). */
  required: (label: string) => `${label} is required`,
  documentsNotValid: 'The required documents are not all valid.',
  documentTypeInvalid: 'Only JPEG, PNG, WebP or PDF files can be uploaded.',
  expiryRequired: 'The expiry date is required for this document.',
  expiryPast: 'The expiry date has passed.',
  alreadyOpen: 'You already have an open application of this type.',
  notEditable: 'This application can no longer be changed.',
  stepOutOfOrder: 'Complete the earlier steps first.',
  notComplete: 'Complete every step before submitting.',
  alreadySubmitted: 'This application has already been submitted.',
  notSubmitted: 'This application has not been submitted yet.',
  alreadyDecided: 'This application has already been decided.',
  reasonRequired: 'A reason is required.',
  inviteRequired: 'A driver application needs an invite.',
  partnerOnly: 'Only a partner can apply for a vehicle.',
  registrationTaken: 'A vehicle with this registration already exists.',
  applicantHasCompany: 'The applicant already belongs to a company.',
  inviteContactRequired: 'An email address or a phone number is required.',
  exportName: 'Applications',
  submittedTitle: 'New application',
  emailSubject: (type: string, status: string) => `Your ${type.toLowerCase()} application: ${status.toLowerCase()}`,
} as const;

/** The company types a business or partner chooses from (002 section 9: "and others"). */
export const COMPANY_TYPES_FOR_APPLICATIONS = [...COMPANY_TYPES, 'Other'] as const;

export const applicationTypeLabel = (id: number): string => APPLICATION_TYPE_LABELS[id as ApplicationTypeId] ?? String(id);
export const applicationStatusLabel = (id: number): string => APPLICATION_STATUS_LABELS[id as ApplicationStatusId] ?? String(id);
export const documentTypeLabel = (id: number): string => DOCUMENT_TYPE_LABELS[id as DocumentTypeId] ?? String(id);
export const isApplicationTypeId = (id: number): id is ApplicationTypeId => id in APPLICATION_TYPE_LABELS;
