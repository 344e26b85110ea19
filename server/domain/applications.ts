import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import {
  APPLICATION_STATUS, APPLICATION_STEPS, APPLICATION_TEXTS, APPLICATION_TYPE, applicationFieldLabel, applicationStatusLabel, applicationTypeLabel,
  DECLARATION_DETAILS, DOCUMENT_CONTENT_TYPES, DOCUMENT_EXPIRING_SOON_DAYS, DOCUMENT_STATUS, DOCUMENT_STATUS_LABELS, documentTypeLabel,
  EXPIRING_DOCUMENT_TYPES, INVITE_VALID_DAYS, PROGRESS_STATUS, REQUIRED_DOCUMENTS, STEP_REQUIRED_FIELDS, TERMS_ACCEPTANCE,
  type ApplicationFieldName, type ApplicationTypeId, type DocumentStatusId, type DocumentTypeId, type StepName,
} from '../../src/lib/applications';
import { MIN_SEARCH_LENGTH, PAGE_SIZE_OPTIONS } from '../../src/lib/constants';
import { SEARCH_TEXTS } from '../../src/lib/error-catalogue';
import { WEB_NOTIFICATION_TYPE } from '../../src/lib/operations-catalogue';
import { hasAnyRole, STAFF_ROLES, type Permissions } from '../../src/lib/roles';
import type { Database } from '../db/database';
import {
  accounts, applicationDocuments, applicationEvents, applicationInvites, applications, companies, drivers, mediaItems, users, vehicles,
  webNotifications,
} from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import { enqueueMessage } from '../messaging/outbox';
import { rowExport, type ExportColumn } from './export';
import { after, containsPattern, type ListDefinition, pageOf, parseListQuery, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';
import { imageTypeOf } from './profile-pictures';

/**
 * Applications to join (issue 18): the applicant fills in the steps of their type, uploads documents, accepts the
 * terms and submits; staff review (a partner sees its own drivers' and vehicles' applications) and approve,
 * which creates the company, role, account or vehicle in the same transaction.
 */

type S = components['schemas'];
export type ApplicationDetail = S['ApplicationDetail'];
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;
type ApplicationRecord = typeof applications.$inferSelect;

const conflict = (message: string) => new HttpError(409, message);
const unprocessable = (message: string, errors?: Record<string, string[]>) => new HttpError(422, message, errors);
const isStaff = (permissions: Permissions) => hasAnyRole(permissions, STAFF_ROLES);

/** Fields the applicant enters, in ApplicationStepSave's words. */
const FIELD_NAMES = [
  'idNumber', 'phoneNumber', 'hasRelation', 'relationInfo', 'hasPartTimeJob', 'partTimeJobDetails', 'hasVendorRelation',
  'vendorRelationInfo', 'companyName', 'companyType', 'registrationNumber', 'vatNumber', 'contactName', 'companyEmail',
  'companyPhoneNumber', 'registration', 'make', 'model', 'colour', 'vehicleTypeId',
] as const;
type FieldName = (typeof FIELD_NAMES)[number];
const CLEARED_FIELDS = Object.fromEntries(FIELD_NAMES.map((name) => [name, null])) as Record<FieldName, null>;

// ---------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------

const rowColumns = {
  id: applications.id, applicationTypeId: applications.applicationTypeId, applicationStatusId: applications.applicationStatusId,
  progressStatusId: applications.progressStatusId, applicantUserId: applications.applicantUserId,
  applicantName: sql<string>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${applications.applicantUserId})`,
  applicantEmail: sql<string>`(select u.email from users u where u.id = ${applications.applicantUserId})`,
  companyName: applications.companyName, registration: applications.registration, partnerCompanyId: applications.partnerCompanyId,
  partnerCompanyName: sql<string | null>`(select c.company_name from companies c where c.id = ${applications.partnerCompanyId})`,
  createdAt: applications.createdAt, submittedAt: applications.submittedAt, xmin: sql<string>`${applications}.xmin::text`,
};
type ListRow = Awaited<ReturnType<typeof selectRows>>[number];
const selectRows = (db: Executor, where: SQL | undefined) => db.select(rowColumns).from(applications).where(where);

function publicRow(row: ListRow): S['ApplicationRow'] {
  return {
    ...row,
    applicationTypeId: row.applicationTypeId as S['ApplicationTypeId'],
    applicationType: applicationTypeLabel(row.applicationTypeId),
    applicationStatusId: row.applicationStatusId as S['ApplicationStatusId'],
    applicationStatus: applicationStatusLabel(row.applicationStatusId),
    progressStatusId: row.progressStatusId as S['ApplicationProgressStatusId'],
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

/** Who may see an application: staff all of the portal's, a partner those of its company, anyone their own. */
function visibleTo(permissions: Permissions): SQL | undefined {
  if (isStaff(permissions)) return undefined;
  const own = eq(applications.applicantUserId, permissions.id);
  if (permissions.isPartner && permissions.companyId) {
    return or(own, and(eq(applications.partnerCompanyId, permissions.companyId), inArray(applications.applicationTypeId, [2, 4])));
  }
  return own;
}

/** Statuses the reviewer and the applicant see for documents (expiring soon and expired by the date, once valid). */
function statusByDate(expiryDate: string | null, today: string): DocumentStatusId {
  if (!expiryDate) return DOCUMENT_STATUS.valid;
  if (expiryDate < today) return DOCUMENT_STATUS.expired;
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + DOCUMENT_EXPIRING_SOON_DAYS);
  return expiryDate <= soon.toISOString().slice(0, 10) ? DOCUMENT_STATUS.expiringSoon : DOCUMENT_STATUS.valid;
}

const todayIn = (portal: PortalData) => new Intl.DateTimeFormat('en-CA', { timeZone: portal.timeZone }).format(new Date());

async function loadRecord(db: Executor, portal: PortalData, permissions: Permissions, id: number): Promise<ApplicationRecord> {
  const [record] = await db.select().from(applications)
    .where(whereAll(eq(applications.portalId, portal.id), eq(applications.id, id), visibleTo(permissions)));
  if (!record) throw notFound(`application ${id}`);
  return record;
}

function missingOf(record: ApplicationRecord, documents: { documentTypeId: number; documentStatusId: number }[]): string[] {
  const type = record.applicationTypeId as ApplicationTypeId;
  const steps = APPLICATION_STEPS[type];
  const missing: string[] = [];
  steps.forEach((step, index) => { if (index > record.activeStep) missing.push(`Step: ${step}`); });
  for (const documentTypeId of REQUIRED_DOCUMENTS[type]) {
    const document = documents.find((candidate) => candidate.documentTypeId === documentTypeId);
    if (!document || document.documentStatusId === DOCUMENT_STATUS.rejected || document.documentStatusId === DOCUMENT_STATUS.expired) {
      missing.push(`Document: ${documentTypeLabel(documentTypeId)}`);
    }
  }
  if (record.termsAcceptanceId !== TERMS_ACCEPTANCE.accepted) missing.push('Terms and rates not accepted');
  return missing;
}

export async function detailOf(db: Executor, record: ApplicationRecord): Promise<ApplicationDetail> {
  const [row] = await selectRows(db, eq(applications.id, record.id));
  const documents = await db.select({
    id: applicationDocuments.id, documentTypeId: applicationDocuments.documentTypeId, fileName: applicationDocuments.fileName,
    contentType: mediaItems.contentType, byteSize: mediaItems.byteSize, expiryDate: applicationDocuments.expiryDate,
    documentStatusId: applicationDocuments.documentStatusId, reason: applicationDocuments.reason, createdAt: applicationDocuments.createdAt,
  }).from(applicationDocuments).innerJoin(mediaItems, eq(mediaItems.id, applicationDocuments.mediaItemId))
    .where(eq(applicationDocuments.applicationId, record.id)).orderBy(asc(applicationDocuments.documentTypeId));
  const timeline = await db.select({
    id: applicationEvents.id, action: applicationEvents.action, detail: applicationEvents.detail, createdAt: applicationEvents.createdAt,
    userName: sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${applicationEvents.userId})`,
  }).from(applicationEvents).where(eq(applicationEvents.applicationId, record.id)).orderBy(asc(applicationEvents.id));
  const fields = Object.fromEntries(FIELD_NAMES.map((name) => [name, record[name]]));
  const type = record.applicationTypeId as ApplicationTypeId;
  return {
    ...publicRow(row!),
    activeStep: record.activeStep,
    steps: [...APPLICATION_STEPS[type]],
    termsAcceptanceId: record.termsAcceptanceId,
    fields,
    reason: record.reason,
    documents: documents.map((document) => ({
      ...document,
      documentType: documentTypeLabel(document.documentTypeId),
      documentStatus: DOCUMENT_STATUS_LABELS[document.documentStatusId as DocumentStatusId] ?? String(document.documentStatusId),
      createdAt: document.createdAt.toISOString(),
    })),
    requiredDocumentTypeIds: [...REQUIRED_DOCUMENTS[type]],
    missing: missingOf(record, documents),
    timeline: timeline.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
    decidedAt: record.decidedAt?.toISOString() ?? null,
  };
}

export async function getApplication(db: Database, portal: PortalData, permissions: Permissions, id: number) {
  return detailOf(db, await loadRecord(db, portal, permissions, id));
}

export async function trackApplications(db: Database, portal: PortalData, permissions: Permissions) {
  const records = await db.select().from(applications)
    .where(and(eq(applications.portalId, portal.id), eq(applications.applicantUserId, permissions.id))).orderBy(desc(applications.id));
  return Promise.all(records.map((record) => detailOf(db, record)));
}

const applicationList: ListDefinition = {
  sortable: {
    id: applications.id, createdAt: applications.createdAt, applicationStatusId: applications.applicationStatusId,
    applicationTypeId: applications.applicationTypeId,
  },
  defaultSort: applications.id,
  id: applications.id,
  searchable: [applications.companyName, applications.registration],
  filters: {
    applicationStatusId: { kind: 'equals', column: applications.applicationStatusId },
    progressStatusId: { kind: 'equals', column: applications.progressStatusId },
    partnerCompanyId: { kind: 'equals', column: applications.partnerCompanyId },
  },
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1),
};

const APPLICATION_EXPORT: ExportColumn<ListRow>[] = [
  { header: 'Id', value: (row) => row.id, width: 8 },
  { header: 'Type', value: (row) => applicationTypeLabel(row.applicationTypeId), width: 16 },
  { header: 'Status', value: (row) => applicationStatusLabel(row.applicationStatusId), width: 12 },
  { header: 'Applicant', value: (row) => row.applicantName, width: 24 },
  { header: 'Email', value: (row) => row.applicantEmail, width: 28 },
  { header: 'Company', value: (row) => row.companyName, width: 24 },
  { header: 'Registration', value: (row) => row.registration, width: 14 },
  { header: 'Partner company', value: (row) => row.partnerCompanyName, width: 24 },
  { header: 'Created', value: (row) => row.createdAt.toISOString(), width: 22 },
];

export type ApplicationQuery = QueryOf<'getapplications'>;

/** The review list: staff see the portal's; a partner only its drivers' and vehicles' (never its own as applicant here). */
export async function listApplications(db: Database, portal: PortalData, permissions: Permissions, query: ApplicationQuery) {
  const parsed = parseListQuery(query as ApplicationQuery & Record<string, unknown>, applicationList);
  const scope = isStaff(permissions)
    ? undefined
    : and(eq(applications.partnerCompanyId, permissions.companyId ?? -1), inArray(applications.applicationTypeId, [2, 4]));
  const types = query.applicationTypeIds?.length ? inArray(applications.applicationTypeId, query.applicationTypeIds) : undefined;
  const dates = whereAll(
    query.fromDate ? gte(sql`(${applications.createdAt} at time zone ${portal.timeZone})::date`, sql`${query.fromDate}::date`) : undefined,
    query.toDate ? lte(sql`(${applications.createdAt} at time zone ${portal.timeZone})::date`, sql`${query.toDate}::date`) : undefined,
  );
  // The applicant's name and email are searched too (the list's search names people, not just companies).
  const applicantSearch = query.search && query.search.trim().length > 0
    ? sql`exists (select 1 from users u where u.id = ${applications.applicantUserId} and (u.email ilike ${containsPattern(query.search.trim())} or (u.first_name || ' ' || u.last_name) ilike ${containsPattern(query.search.trim())}))`
    : undefined;
  const search = parsed.search && applicantSearch ? or(parsed.search, applicantSearch) : parsed.search;
  const ofPartnerApplication = query.partnerApplicationId
    ? sql`${applications.partnerCompanyId} = (select p.created_company_id from applications p where p.id = ${query.partnerApplicationId} and p.portal_id = ${portal.id})`
    : undefined;
  const where = whereAll(eq(applications.portalId, portal.id), scope, types, dates, search, parsed.filters, ofPartnerApplication);
  if (query.exportExcel) {
    const [total] = await db.select({ value: count() }).from(applications).where(where);
    return rowExport<ListRow>({
      fileName: APPLICATION_TEXTS.exportName,
      columns: APPLICATION_EXPORT,
      total: total?.value ?? 0,
      batch: (last, limit) => selectRows(db, whereAll(where, after(parsed, last && { id: last.id, sortValue: last.id })))
        .orderBy(asc(applications.id)).limit(limit),
    });
  }
  const [items, [total]] = await Promise.all([
    selectRows(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(applications).where(where),
  ]);
  return pageOf(items.map(publicRow), total?.value ?? 0, parsed);
}

// ---------------------------------------------------------------------------------------------------------
// Applying
// ---------------------------------------------------------------------------------------------------------

async function event(db: Executor, applicationId: number, userId: number | null, action: string, detail: string | null = null) {
  await db.insert(applicationEvents).values({ applicationId, userId, action, detail });
}

function ownEditable(record: ApplicationRecord, permissions: Permissions) {
  if (record.applicantUserId !== permissions.id) throw notFound(`application ${record.id}`);
  if (record.progressStatusId !== PROGRESS_STATUS.none) throw conflict(APPLICATION_TEXTS.notEditable);
}

/** The invite of a /driver-apply link, if it is still open and meant for this user (404 otherwise). */
async function openInvite(db: Executor, portal: PortalData, permissions: Permissions, hash: string) {
  const [invite] = await db.select().from(applicationInvites)
    .where(and(eq(applicationInvites.hash, hash), eq(applicationInvites.portalId, portal.id)));
  const usable = invite && !invite.cancelledAt && invite.expiresAt > new Date()
    && (!invite.email || invite.email.toLowerCase() === permissions.email.toLowerCase());
  if (!usable) throw notFound('invite');
  if (invite.applicationId) {
    const [used] = await db.select({ applicantUserId: applications.applicantUserId }).from(applications).where(eq(applications.id, invite.applicationId));
    if (used && used.applicantUserId !== permissions.id) throw notFound('invite');
  }
  return invite;
}

export async function getInviteByHash(db: Database, portal: PortalData, permissions: Permissions, hash: string) {
  return inviteOf(db, await openInvite(db, portal, permissions, hash));
}

export async function createApplication(db: Database, portal: PortalData, permissions: Permissions, input: S['ApplicationCreate']) {
  const type = input.applicationTypeId;
  return db.transaction(async (tx) => {
    let partnerCompanyId: number | null = null;
    let inviteId: number | null = null;
    let applicationTypeId: ApplicationTypeId = type;
    if (type === APPLICATION_TYPE.driver || type === APPLICATION_TYPE.partnerDriver) {
      if (!input.inviteHashId) throw new HttpError(400, APPLICATION_TEXTS.inviteRequired, { inviteHashId: [APPLICATION_TEXTS.inviteRequired] });
      const invite = await openInvite(tx, portal, permissions, input.inviteHashId);
      if (invite.applicationId) return detailOf(tx, await loadRecord(tx, portal, permissions, invite.applicationId));
      partnerCompanyId = invite.partnerCompanyId;
      inviteId = invite.id;
      // An invite from a partner makes a partner driver; one from staff without a partner, a driver.
      applicationTypeId = partnerCompanyId ? APPLICATION_TYPE.partnerDriver : APPLICATION_TYPE.driver;
    }
    if (type === APPLICATION_TYPE.vehicle) {
      if (!permissions.isPartner || !permissions.companyId) throw new HttpError(403, APPLICATION_TEXTS.partnerOnly);
      partnerCompanyId = permissions.companyId;
    }
    if (type !== APPLICATION_TYPE.vehicle) {
      const [open] = await tx.select({ id: applications.id }).from(applications).where(and(
        eq(applications.portalId, portal.id), eq(applications.applicantUserId, permissions.id),
        eq(applications.applicationTypeId, applicationTypeId), eq(applications.applicationStatusId, APPLICATION_STATUS.pending),
        ne(applications.progressStatusId, PROGRESS_STATUS.cancelled),
      ));
      if (open) throw conflict(APPLICATION_TEXTS.alreadyOpen);
    }
    const [created] = await tx.insert(applications).values({
      portalId: portal.id, applicationTypeId, applicantUserId: permissions.id, partnerCompanyId, inviteId,
    }).returning();
    if (inviteId) await tx.update(applicationInvites).set({ applicationId: created!.id }).where(eq(applicationInvites.id, inviteId));
    await event(tx, created!.id, permissions.id, 'Created');
    return detailOf(tx, created!);
  });
}

type StepSave = S['ApplicationStepSave'];

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The fields a step needs, each missing one named by its label (400): keyed by field, so the screen shows it there. */
function checkStep(step: StepName, input: StepSave, documentsMissing: string[]) {
  const errors: Record<string, string[]> = {};
  const missing = (field: ApplicationFieldName) => { errors[field] = [APPLICATION_TEXTS.required(applicationFieldLabel(field))]; };
  for (const field of STEP_REQUIRED_FIELDS[step]) if (blank(input[field])) missing(field);
  if (step === 'declaration') {
    for (const [flag, detail] of DECLARATION_DETAILS) if (input[flag] === true && blank(input[detail])) missing(detail);
  }
  if (step === 'terms' && input.termsAccepted === false) missing('termsAccepted');
  if (step === 'documents') for (const label of documentsMissing) errors[label] = [APPLICATION_TEXTS.required(label)];
  const texts = Object.values(errors).flat();
  if (texts.length > 0) throw new HttpError(400, texts.join('. '), errors);
}

async function requiredDocumentsMissing(db: Executor, record: ApplicationRecord): Promise<string[]> {
  const present = await db.select({ documentTypeId: applicationDocuments.documentTypeId, documentStatusId: applicationDocuments.documentStatusId })
    .from(applicationDocuments).where(eq(applicationDocuments.applicationId, record.id));
  return REQUIRED_DOCUMENTS[record.applicationTypeId as ApplicationTypeId]
    .filter((typeId) => !present.some((row) => row.documentTypeId === typeId && row.documentStatusId !== DOCUMENT_STATUS.rejected))
    .map(documentTypeLabel);
}

/**
 * Saves one step (002 section 4): the next step advances the active step by one; an earlier step may be saved again
 * without moving it; a later one is refused (400).
 */
export async function saveStep(db: Database, portal: PortalData, permissions: Permissions, id: number, input: StepSave) {
  return db.transaction(async (tx) => {
    const record = await loadRecord(tx, portal, permissions, id);
    ownEditable(record, permissions);
    const steps = APPLICATION_STEPS[record.applicationTypeId as ApplicationTypeId];
    const index = steps.indexOf(input.step);
    if (index < 0) throw new HttpError(400, `Unknown step: ${input.step}`, { step: [`Not a step of this application: ${input.step}`] });
    if (index > record.activeStep + 1) throw new HttpError(400, APPLICATION_TEXTS.stepOutOfOrder, { step: [APPLICATION_TEXTS.stepOutOfOrder] });
    checkStep(input.step, input, input.step === 'documents' ? await requiredDocumentsMissing(tx, record) : []);
    const values: Partial<ApplicationRecord> = {};
    for (const field of FIELD_NAMES) {
      if (input[field] !== undefined) Object.assign(values, { [field]: typeof input[field] === 'string' ? input[field].trim() : input[field] });
    }
    if (input.step === 'terms') values.termsAcceptanceId = TERMS_ACCEPTANCE.accepted;
    const activeStep = index === record.activeStep + 1 ? record.activeStep + 1 : record.activeStep;
    const [updated] = await tx.update(applications).set({ ...values, activeStep, updatedAt: new Date() }).where(eq(applications.id, id)).returning();
    await event(tx, id, permissions.id, 'Saved', input.step);
    return detailOf(tx, updated!);
  });
}

/** Clear (002 section 4): what was entered and uploaded goes; the active step resets to -1. */
export async function clearApplication(db: Database, portal: PortalData, permissions: Permissions, id: number) {
  return db.transaction(async (tx) => {
    const record = await loadRecord(tx, portal, permissions, id);
    ownEditable(record, permissions);
    const media = await tx.delete(applicationDocuments).where(eq(applicationDocuments.applicationId, id)).returning({ mediaItemId: applicationDocuments.mediaItemId });
    if (media.length > 0) await tx.delete(mediaItems).where(inArray(mediaItems.id, media.map((row) => row.mediaItemId)));
    const [updated] = await tx.update(applications)
      .set({ ...CLEARED_FIELDS, activeStep: -1, termsAcceptanceId: TERMS_ACCEPTANCE.needsAcceptance, updatedAt: new Date() })
      .where(eq(applications.id, id)).returning();
    await event(tx, id, permissions.id, 'Cleared');
    return detailOf(tx, updated!);
  });
}

/** The type of an uploaded document by its first bytes: an image type or PDF; never the client's claim. */
export function documentContentType(data: Buffer): string | undefined {
  if (data.length >= 5 && data.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  const image = imageTypeOf(data);
  return image && (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(image) ? image : undefined;
}

export interface DocumentUpload { documentTypeId: DocumentTypeId; expiryDate?: string; data: Buffer; fileName?: string }

export async function uploadDocument(db: Database, portal: PortalData, permissions: Permissions, id: number, upload: DocumentUpload) {
  const contentType = documentContentType(upload.data);
  if (!contentType) throw new HttpError(400, APPLICATION_TEXTS.documentTypeInvalid, { file: [APPLICATION_TEXTS.documentTypeInvalid] });
  if (EXPIRING_DOCUMENT_TYPES.includes(upload.documentTypeId) && !upload.expiryDate) {
    throw new HttpError(400, APPLICATION_TEXTS.expiryRequired, { expiryDate: [APPLICATION_TEXTS.expiryRequired] });
  }
  if (upload.expiryDate && (Number.isNaN(Date.parse(upload.expiryDate)) || upload.expiryDate < todayIn(portal))) {
    throw new HttpError(400, APPLICATION_TEXTS.expiryPast, { expiryDate: [APPLICATION_TEXTS.expiryPast] });
  }
  return db.transaction(async (tx) => {
    const record = await loadRecord(tx, portal, permissions, id);
    ownEditable(record, permissions);
    // One document per type: a new upload replaces the old one.
    const replaced = await tx.delete(applicationDocuments)
      .where(and(eq(applicationDocuments.applicationId, id), eq(applicationDocuments.documentTypeId, upload.documentTypeId)))
      .returning({ mediaItemId: applicationDocuments.mediaItemId });
    if (replaced.length > 0) await tx.delete(mediaItems).where(inArray(mediaItems.id, replaced.map((row) => row.mediaItemId)));
    const [media] = await tx.insert(mediaItems).values({
      portalId: portal.id, kind: 'applicationDocument', userId: permissions.id, contentType, data: upload.data, byteSize: upload.data.length,
    }).returning({ id: mediaItems.id });
    const [document] = await tx.insert(applicationDocuments).values({
      applicationId: id, documentTypeId: upload.documentTypeId, mediaItemId: media!.id, fileName: upload.fileName ?? null,
      expiryDate: upload.expiryDate ?? null, documentStatusId: DOCUMENT_STATUS.pendingApproval,
    }).returning({ id: applicationDocuments.id });
    await event(tx, id, permissions.id, 'Document uploaded', documentTypeLabel(upload.documentTypeId));
    const detail = await detailOf(tx, record);
    return detail.documents.find((candidate) => candidate.id === document!.id)!;
  });
}

export async function deleteDocument(db: Database, portal: PortalData, permissions: Permissions, id: number, documentId: number) {
  await db.transaction(async (tx) => {
    const record = await loadRecord(tx, portal, permissions, id);
    ownEditable(record, permissions);
    const [removed] = await tx.delete(applicationDocuments)
      .where(and(eq(applicationDocuments.applicationId, id), eq(applicationDocuments.id, documentId)))
      .returning({ mediaItemId: applicationDocuments.mediaItemId, documentTypeId: applicationDocuments.documentTypeId });
    if (!removed) throw notFound(`document ${documentId}`);
    await tx.delete(mediaItems).where(eq(mediaItems.id, removed.mediaItemId));
    await event(tx, id, permissions.id, 'Document removed', documentTypeLabel(removed.documentTypeId));
  });
}

export async function documentFile(db: Database, portal: PortalData, permissions: Permissions, id: number, documentId: number) {
  await loadRecord(db, portal, permissions, id);
  const [file] = await db.select({ contentType: mediaItems.contentType, data: mediaItems.data })
    .from(applicationDocuments).innerJoin(mediaItems, eq(mediaItems.id, applicationDocuments.mediaItemId))
    .where(and(eq(applicationDocuments.applicationId, id), eq(applicationDocuments.id, documentId)));
  if (!file?.data) throw notFound(`document ${documentId}`);
  return file as { contentType: string; data: Buffer };
}

async function emailApplicant(tx: Tx, record: ApplicationRecord, statusText: string, extra = '') {
  const [applicant] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, record.applicantUserId));
  if (!applicant) return;
  const type = applicationTypeLabel(record.applicationTypeId);
  await enqueueMessage(tx, {
    userId: record.applicantUserId, channel: 'email', recipient: applicant.email,
    subject: APPLICATION_TEXTS.emailSubject(type, statusText),
    body: `Hello ${applicant.firstName},\n\nYour ${type.toLowerCase()} application #${record.id} is now: ${statusText.toLowerCase()}.${extra ? `\n\n${extra}` : ''}`,
    purpose: 'applicationStatus',
  });
}

/** Ids of the web notifications written, for the caller to publish after the commit. */
export type NotificationIds = number[];

export async function submitApplication(db: Database, portal: PortalData, permissions: Permissions, id: number) {
  return db.transaction(async (tx) => {
    const record = await loadRecord(tx, portal, permissions, id);
    if (record.applicantUserId !== permissions.id) throw notFound(`application ${id}`);
    if (record.progressStatusId === PROGRESS_STATUS.pending) throw conflict(APPLICATION_TEXTS.alreadySubmitted);
    ownEditable(record, permissions);
    const missing = missingOf(record, await tx.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, id)));
    if (missing.length > 0) throw unprocessable(APPLICATION_TEXTS.notComplete, Object.fromEntries(missing.map((item) => [item, [item]])));
    const [updated] = await tx.update(applications)
      .set({ progressStatusId: PROGRESS_STATUS.pending, submittedAt: new Date(), updatedAt: new Date() }).where(eq(applications.id, id)).returning();
    await event(tx, id, permissions.id, 'Submitted');
    await emailApplicant(tx, updated!, 'Submitted', 'We will let you know when it has been reviewed.');
    // Every staff operator of the platform hears of a new application (and the partner of a driver or vehicle).
    const staff = await tx.select({ id: users.id }).from(users)
      .where(sql`${users.roles} && array['Administrator', 'ManagementOperator', 'StaffOperator']::text[]`);
    const partnerUsers = record.partnerCompanyId
      ? await tx.select({ id: users.id }).from(users).where(and(eq(users.companyId, record.partnerCompanyId), sql`'Partner' = any(${users.roles})`))
      : [];
    const recipients = [...new Set([...staff, ...partnerUsers].map((row) => row.id))];
    const notifications = recipients.length === 0 ? [] : await tx.insert(webNotifications).values(recipients.map((userId) => ({
      portalId: portal.id, userId, webNotificationTypeId: WEB_NOTIFICATION_TYPE.APPLICATION, title: APPLICATION_TEXTS.submittedTitle,
      message: `${applicationTypeLabel(record.applicationTypeId)} application #${id} was submitted.`,
    }))).returning();
    return { detail: await detailOf(tx, updated!), notifications };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Reviewing
// ---------------------------------------------------------------------------------------------------------

function undecided(record: ApplicationRecord) {
  if (record.applicationStatusId !== APPLICATION_STATUS.pending || record.progressStatusId === PROGRESS_STATUS.cancelled) {
    throw conflict(APPLICATION_TEXTS.alreadyDecided);
  }
}

export async function reviewDocument(db: Database, portal: PortalData, permissions: Permissions, id: number, documentId: number, reject?: string) {
  return db.transaction(async (tx) => {
    const record = await loadRecord(tx, portal, permissions, id);
    undecided(record);
    const [document] = await tx.select().from(applicationDocuments)
      .where(and(eq(applicationDocuments.applicationId, id), eq(applicationDocuments.id, documentId)));
    if (!document) throw notFound(`document ${documentId}`);
    if (reject !== undefined && reject.trim() === '') throw new HttpError(400, APPLICATION_TEXTS.reasonRequired, { reason: [APPLICATION_TEXTS.reasonRequired] });
    const documentStatusId = reject !== undefined ? DOCUMENT_STATUS.rejected : statusByDate(document.expiryDate, todayIn(portal));
    await tx.update(applicationDocuments).set({ documentStatusId, reason: reject?.trim() ?? null }).where(eq(applicationDocuments.id, documentId));
    const label = documentTypeLabel(document.documentTypeId);
    await event(tx, id, permissions.id, reject !== undefined ? 'Document rejected' : 'Document approved', reject ? `${label}: ${reject.trim()}` : label);
    if (reject !== undefined) {
      // A rejected document reopens the application for the applicant to upload another one.
      await tx.update(applications).set({ progressStatusId: PROGRESS_STATUS.none, updatedAt: new Date() }).where(eq(applications.id, id));
      await emailApplicant(tx, record, 'Document rejected', `${label}: ${reject.trim()}. Please upload another one and submit again.`);
    }
    return detailOf(tx, await loadRecord(tx, portal, permissions, id));
  });
}

/** What an approval changed for the applicant's token (their open sessions reload their profile). */
export interface Approval { detail: ApplicationDetail; applicantUserId: number; rolesChanged: boolean }

async function addRole(tx: Tx, userId: number, role: string, companyId?: number) {
  await tx.update(users).set({
    roles: sql`case when ${role} = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, ${role}) end`,
    ...(companyId !== undefined && { companyId }),
  }).where(eq(users.id, userId));
}

/**
 * Approval (one transaction): business → company, the applicant its company administrator, a customer (PostPay)
 * account; partner → partner company, Partner role, a Payable account (the bank account the partner adds on
 * /bank-accounts); driver / partner driver → Driver role (drivers.partner_company_id); vehicle → a vehicle of the
 * partner; assistant → Assistant role. Documents must all be valid (422 naming the others); twice is 409.
 */
export async function approveApplication(db: Database, portal: PortalData, permissions: Permissions, id: number): Promise<Approval> {
  return db.transaction(async (tx) => {
    // Locked so two reviewers approving at once cannot both create the company.
    await tx.execute(sql`select 1 from applications where id = ${id} for update`);
    const record = await loadRecord(tx, portal, permissions, id);
    undecided(record);
    if (record.progressStatusId !== PROGRESS_STATUS.pending) throw conflict(APPLICATION_TEXTS.notSubmitted);
    const type = record.applicationTypeId as ApplicationTypeId;
    const documents = await tx.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, id));
    const notValid = REQUIRED_DOCUMENTS[type].filter((typeId) => {
      const document = documents.find((candidate) => candidate.documentTypeId === typeId);
      return !document || (document.documentStatusId !== DOCUMENT_STATUS.valid && document.documentStatusId !== DOCUMENT_STATUS.expiringSoon);
    }).map(documentTypeLabel);
    if (notValid.length > 0) {
      throw unprocessable(`${APPLICATION_TEXTS.documentsNotValid} ${notValid.join(', ')}`, Object.fromEntries(notValid.map((label) => [label, [APPLICATION_TEXTS.documentsNotValid]])));
    }
    const applicant = record.applicantUserId;
    let createdCompanyId: number | null = null;
    let createdVehicleId: number | null = null;
    if (type === APPLICATION_TYPE.business || type === APPLICATION_TYPE.partner) {
      const [user] = await tx.select({ companyId: users.companyId }).from(users).where(eq(users.id, applicant));
      if (user?.companyId) throw conflict(APPLICATION_TEXTS.applicantHasCompany);
      const [company] = await tx.insert(companies).values({
        portalId: portal.id, companyName: record.companyName!, contactName: record.contactName, phoneNumber: record.companyPhoneNumber,
        email: record.companyEmail, companyType: record.companyType, registrationNumber: record.registrationNumber, vatNumber: record.vatNumber,
      }).returning({ id: companies.id });
      createdCompanyId = company!.id;
      const business = type === APPLICATION_TYPE.business;
      await addRole(tx, applicant, business ? 'CompanyAdministrator' : 'Partner', createdCompanyId);
      await tx.insert(accounts).values({
        portalId: portal.id, accountName: record.companyName!, accountType: business ? 'PostPay' : 'Payable', companyId: createdCompanyId,
      });
    } else if (type === APPLICATION_TYPE.driver || type === APPLICATION_TYPE.partnerDriver) {
      await addRole(tx, applicant, 'Driver');
      await tx.insert(drivers).values({ userId: applicant, partnerCompanyId: record.partnerCompanyId })
        .onConflictDoUpdate({ target: drivers.userId, set: { partnerCompanyId: record.partnerCompanyId, updatedAt: new Date() } });
    } else if (type === APPLICATION_TYPE.assistant) {
      await addRole(tx, applicant, 'Assistant');
    } else if (type === APPLICATION_TYPE.vehicle) {
      const registration = record.registration!.trim().toUpperCase().replace(/\s+/g, ' ');
      const [taken] = await tx.select({ id: vehicles.id }).from(vehicles)
        .where(and(eq(vehicles.portalId, portal.id), sql`upper(${vehicles.registration}) = ${registration}`));
      if (taken) throw conflict(APPLICATION_TEXTS.registrationTaken);
      const [vehicle] = await tx.insert(vehicles).values({
        portalId: portal.id, registration, make: record.make!, model: record.model!, colour: record.colour,
        vehicleTypeId: record.vehicleTypeId!, partnerCompanyId: record.partnerCompanyId,
      }).returning({ id: vehicles.id });
      createdVehicleId = vehicle!.id;
    }
    const [updated] = await tx.update(applications).set({
      applicationStatusId: APPLICATION_STATUS.approved, progressStatusId: PROGRESS_STATUS.complete, decidedAt: new Date(),
      decidedByUserId: permissions.id, createdCompanyId, createdVehicleId, updatedAt: new Date(),
    }).where(eq(applications.id, id)).returning();
    await event(tx, id, permissions.id, 'Approved');
    await emailApplicant(tx, updated!, 'Approved', 'Sign in again or refresh to see your new menus.');
    return { detail: await detailOf(tx, updated!), applicantUserId: applicant, rolesChanged: type !== APPLICATION_TYPE.vehicle };
  });
}

export async function rejectApplication(db: Database, portal: PortalData, permissions: Permissions, id: number, reason: string) {
  if (reason.trim() === '') throw new HttpError(400, APPLICATION_TEXTS.reasonRequired, { reason: [APPLICATION_TEXTS.reasonRequired] });
  return decide(db, portal, permissions, id, APPLICATION_STATUS.rejected, PROGRESS_STATUS.complete, 'Rejected', reason.trim());
}

/** Cancel: the applicant their own undecided application, a reviewer any they may see. */
export async function cancelApplication(db: Database, portal: PortalData, permissions: Permissions, id: number, reason?: string) {
  return decide(db, portal, permissions, id, APPLICATION_STATUS.cancelled, PROGRESS_STATUS.cancelled, 'Cancelled', reason?.trim() || null);
}

async function decide(db: Database, portal: PortalData, permissions: Permissions, id: number, status: number, progress: number, action: string, reason: string | null) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from applications where id = ${id} for update`);
    const record = await loadRecord(tx, portal, permissions, id);
    undecided(record);
    const [updated] = await tx.update(applications).set({
      applicationStatusId: status, progressStatusId: progress, reason, decidedAt: new Date(), decidedByUserId: permissions.id, updatedAt: new Date(),
    }).where(eq(applications.id, id)).returning();
    await event(tx, id, permissions.id, action, reason);
    await emailApplicant(tx, updated!, action, reason ? `Reason: ${reason}` : '');
    return detailOf(tx, updated!);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Invites
// ---------------------------------------------------------------------------------------------------------

type InviteRecord = typeof applicationInvites.$inferSelect;

async function inviteOf(db: Executor, invite: InviteRecord): Promise<S['ApplicationInvite']> {
  const [company] = invite.partnerCompanyId
    ? await db.select({ companyName: companies.companyName }).from(companies).where(eq(companies.id, invite.partnerCompanyId))
    : [];
  return {
    id: invite.id, hash: invite.hash, link: `/driver-apply/${invite.hash}`, firstName: invite.firstName, email: invite.email,
    phoneNumber: invite.phoneNumber, partnerCompanyId: invite.partnerCompanyId, partnerCompanyName: company?.companyName ?? null,
    expiresAt: invite.expiresAt.toISOString(), cancelled: invite.cancelledAt !== null, applicationId: invite.applicationId,
    createdAt: invite.createdAt.toISOString(),
  };
}

const inviteScope = (permissions: Permissions) => (isStaff(permissions) ? undefined : eq(applicationInvites.partnerCompanyId, permissions.companyId ?? -1));

export async function listInvites(db: Database, portal: PortalData, permissions: Permissions, query: QueryOf<'getapplicationinvites'>) {
  const pageSize = Math.min(query.pageSize ?? 20, 500);
  const page = query.page ?? 1;
  const term = query.search?.trim() ?? '';
  if (term.length > 0 && term.length < MIN_SEARCH_LENGTH) throw badRequest('search', SEARCH_TEXTS.minimum(MIN_SEARCH_LENGTH));
  const search = term
    ? or(sql`${applicationInvites.email} ilike ${containsPattern(term)}`, sql`${applicationInvites.phoneNumber} ilike ${containsPattern(term)}`)
    : undefined;
  const where = whereAll(eq(applicationInvites.portalId, portal.id), inviteScope(permissions), search);
  const [rows, [total]] = await Promise.all([
    db.select().from(applicationInvites).where(where).orderBy(desc(applicationInvites.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ value: count() }).from(applicationInvites).where(where),
  ]);
  const totalItems = total?.value ?? 0;
  return {
    items: await Promise.all(rows.map((row) => inviteOf(db, row))),
    paging: { page, pageSize, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / pageSize)) },
  };
}

function inviteContact(input: S['ApplicationInviteInput']) {
  const email = input.email?.trim() || null;
  const phoneNumber = input.phoneNumber?.trim() || null;
  if (!email && !phoneNumber) {
    throw new HttpError(400, APPLICATION_TEXTS.inviteContactRequired, { email: [APPLICATION_TEXTS.inviteContactRequired], phoneNumber: [APPLICATION_TEXTS.inviteContactRequired] });
  }
  return { email, phoneNumber, firstName: input.firstName?.trim() || null };
}

const inviteExpiry = () => new Date(Date.now() + INVITE_VALID_DAYS * 86_400_000);

/** A partner invites for its own company; staff for the partner company they name, or none (a driver). */
export async function createInvite(db: Database, portal: PortalData, permissions: Permissions, input: S['ApplicationInviteInput']) {
  const contact = inviteContact(input);
  let partnerCompanyId = isStaff(permissions) ? input.partnerCompanyId ?? null : permissions.companyId;
  if (!isStaff(permissions) && !partnerCompanyId) throw new HttpError(403, 'A partner needs a partner company to invite drivers.');
  if (partnerCompanyId) {
    const [company] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, partnerCompanyId), eq(companies.portalId, portal.id)));
    if (!company) throw new HttpError(400, 'Not a partner company of this portal.', { partnerCompanyId: ['Not a partner company of this portal.'] });
    partnerCompanyId = company.id;
  }
  return db.transaction(async (tx) => {
    const [invite] = await tx.insert(applicationInvites).values({
      portalId: portal.id, hash: randomBytes(18).toString('base64url'), partnerCompanyId, invitedByUserId: permissions.id,
      ...contact, expiresAt: inviteExpiry(),
    }).returning();
    const link = `/driver-apply/${invite!.hash}`;
    if (contact.email) {
      await enqueueMessage(tx, { userId: null, channel: 'email', recipient: contact.email, subject: 'You are invited to apply as a driver',
        body: `Hello${contact.firstName ? ` ${contact.firstName}` : ''},\n\nYou are invited to apply as a driver: ${link}`, purpose: 'applicationInvite' });
    }
    if (contact.phoneNumber) {
      await enqueueMessage(tx, { userId: null, channel: 'sms', recipient: contact.phoneNumber, subject: 'Driver invite',
        body: `You are invited to apply as a driver: ${link}`, purpose: 'applicationInvite' });
    }
    return inviteOf(tx, invite!);
  });
}

async function ownInvite(db: Executor, portal: PortalData, permissions: Permissions, id: number) {
  const [invite] = await db.select().from(applicationInvites)
    .where(whereAll(eq(applicationInvites.portalId, portal.id), eq(applicationInvites.id, id), inviteScope(permissions)));
  if (!invite) throw notFound(`invite ${id}`);
  if (invite.cancelledAt || invite.applicationId) throw conflict('This invite is no longer open.');
  return invite;
}

export async function updateInvite(db: Database, portal: PortalData, permissions: Permissions, id: number, input: S['ApplicationInviteInput']) {
  const contact = inviteContact(input);
  await ownInvite(db, portal, permissions, id);
  const [invite] = await db.update(applicationInvites).set({ ...contact, expiresAt: inviteExpiry() }).where(eq(applicationInvites.id, id)).returning();
  return inviteOf(db, invite!);
}

export async function cancelInvite(db: Database, portal: PortalData, permissions: Permissions, id: number) {
  await ownInvite(db, portal, permissions, id);
  const [invite] = await db.update(applicationInvites).set({ cancelledAt: new Date() }).where(eq(applicationInvites.id, id)).returning();
  return inviteOf(db, invite!);
}

// ---------------------------------------------------------------------------------------------------------
// The daily recompute of expiring soon / expired
// ---------------------------------------------------------------------------------------------------------

/**
 * Valid documents whose expiry date is near become expiring soon, past ones expired (a reviewed status only:
 * pending approval and rejected stay). Returns how many changed. Dates are UTC days here; the portal's own day
 * differs by at most hours, and the job runs daily.
 */
export async function recomputeDocumentStatuses(db: Database, today = new Date().toISOString().slice(0, 10)): Promise<number> {
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + DOCUMENT_EXPIRING_SOON_DAYS);
  const soonDate = soon.toISOString().slice(0, 10);
  const reviewed = inArray(applicationDocuments.documentStatusId, [DOCUMENT_STATUS.valid, DOCUMENT_STATUS.expiringSoon]);
  const expired = await db.update(applicationDocuments).set({ documentStatusId: DOCUMENT_STATUS.expired })
    .where(and(reviewed, sql`${applicationDocuments.expiryDate} < ${today}`)).returning({ id: applicationDocuments.id });
  const expiring = await db.update(applicationDocuments).set({ documentStatusId: DOCUMENT_STATUS.expiringSoon })
    .where(and(eq(applicationDocuments.documentStatusId, DOCUMENT_STATUS.valid), sql`${applicationDocuments.expiryDate} >= ${today}`,
      sql`${applicationDocuments.expiryDate} <= ${soonDate}`)).returning({ id: applicationDocuments.id });
  return expired.length + expiring.length;
}

export const DOCUMENT_STATUS_JOB = 'application-document-statuses';
/** Daily, just after midnight UTC. */
const DOCUMENT_STATUS_CRON = '5 0 * * *';

export async function scheduleDocumentStatuses(jobs: import('../jobs/queue').JobQueue, db: Database) {
  await jobs.define(DOCUMENT_STATUS_JOB, { policy: 'singleton', retryLimit: 2 });
  await jobs.work(DOCUMENT_STATUS_JOB, async () => ({ changed: await recomputeDocumentStatuses(db) }));
  await jobs.schedule(DOCUMENT_STATUS_JOB, DOCUMENT_STATUS_CRON);
}

