import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { PAGE_SIZE_OPTIONS, RATING_LABELS } from '../../src/lib/constants';
import { conflictMessage } from '../../src/lib/resource-texts';
import { USERS_ADMIN_TEXTS } from '../../src/lib/users-admin-texts';
import type { Database } from '../db/database';
import { deliveries, questionnaires, ratings, users } from '../db/schema';
import { badRequest, ConflictError, notFound } from '../http/errors';
import { rowExport, type ExportColumn } from './export';
import { after, type ListDefinition, pageOf, type ParsedList, parseListQuery, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';
import type { Scope } from './scope';

/**
 * Ratings of drivers (1-5: Useless, Poor, Ok, Good, Excellent; export "Ratings") and the questionnaires whose
 * answers a rating may carry (export "Questionnaires"). 000 section 2: /ratings, /users/:id/ratings,
 * /questionnaires; 002 section 9.
 */

export type Rating = components['schemas']['Rating'];
export type Questionnaire = components['schemas']['Questionnaire'];
type RatingInput = components['schemas']['RatInput'];
type RatingUpdate = components['schemas']['RatUpdate'];
type QuestionnaireInput = components['schemas']['QstInput'];
type QuestionnaireUpdate = components['schemas']['QstUpdate'];
type Score = keyof typeof RATING_LABELS;

export type RatingQuery = QueryOf<'getratings'>;

export type QuestionnaireQuery = QueryOf<'getquestionnaires'>;

const scoreLabel = (score: number) => RATING_LABELS[score as Score];

/** Sort value of a row for keyset export batches: the sortable's name is the row's field. */
function sortValueOf<Row>(definition: ListDefinition, parsed: ParsedList, row: Row): unknown {
  const name = Object.entries(definition.sortable).find(([, column]) => column === parsed.sortColumn)?.[0] ?? 'id';
  return row[name as keyof Row];
}

// ---- Ratings ----------------------------------------------------------------------------------------------

const ratingList: ListDefinition = {
  sortable: { id: ratings.id, createdAt: ratings.createdAt, score: ratings.score },
  defaultSort: ratings.createdAt,
  id: ratings.id,
  searchable: [deliveries.waybill, ratings.comment, users.firstName, users.lastName, users.email],
  fullNames: [[users.firstName, users.lastName]],
  filters: {
    driverid: { kind: 'equals', column: ratings.driverId },
    deliveryId: { kind: 'equals', column: ratings.deliveryId },
    score: { kind: 'equals', column: ratings.score },
  },
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1),
};

/** Ratings are of deliveries: company and store roles would see their deliveries' ratings only. */
function ratingScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'portal': return undefined;
    case 'company': return eq(deliveries.companyId, scope.companyId);
    case 'store': return eq(deliveries.storeId, scope.storeId);
    case 'none': return sql`false`;
  }
}

const ratingRow = {
  id: ratings.id, deliveryId: ratings.deliveryId, waybill: sql<string>`coalesce(${deliveries.waybill}, '')`,
  driverId: ratings.driverId, driverName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, score: ratings.score,
  comment: ratings.comment, questionnaireId: ratings.questionnaireId, questionnaireName: questionnaires.name,
  answers: ratings.answers, createdAt: ratings.createdAt, xmin: sql<string>`${ratings}.xmin::text`,
};

function selectRatings(db: Pick<Database, 'select'>, where: SQL | undefined) {
  return db.select(ratingRow).from(ratings)
    .innerJoin(deliveries, eq(deliveries.id, ratings.deliveryId))
    .innerJoin(users, eq(users.id, ratings.driverId))
    .leftJoin(questionnaires, eq(questionnaires.id, ratings.questionnaireId))
    .where(where);
}

type RatingRow = Awaited<ReturnType<typeof selectRatings>>[number];

function publicRating(row: RatingRow): Rating {
  return { ...row, score: row.score, scoreLabel: scoreLabel(row.score), createdAt: row.createdAt.toISOString() };
}

const RATING_EXPORT: ExportColumn<RatingRow>[] = [
  { header: 'Id', value: (row) => row.id, width: 8 },
  { header: 'Delivery id', value: (row) => row.deliveryId, width: 12 },
  { header: 'Waybill', value: (row) => row.waybill, width: 14 },
  { header: 'Driver', value: (row) => row.driverName, width: 30 },
  { header: 'Score', value: (row) => row.score, width: 8 },
  { header: 'Rating', value: (row) => scoreLabel(row.score), width: 12 },
  { header: 'Comment', value: (row) => row.comment, width: 40 },
  { header: 'Questionnaire', value: (row) => row.questionnaireName, width: 24 },
  { header: 'Answers', value: (row) => row.answers?.join(' | '), width: 40 },
  { header: 'Created', value: (row) => row.createdAt },
];

/** Created on or after the start of `start` and before the end of `end`, both days in the portal's time zone. */
function createdBetween(portal: PortalData, start: string | undefined, end: string | undefined): SQL | undefined {
  return whereAll(
    start ? sql`${ratings.createdAt} >= (${start}::date)::timestamp at time zone ${portal.timeZone}` : undefined,
    end ? sql`${ratings.createdAt} < ((${end}::date + 1)::timestamp at time zone ${portal.timeZone})` : undefined,
  );
}

function ratingWhere(portal: PortalData, scope: Scope, ...more: (SQL | undefined)[]) {
  return whereAll(eq(ratings.portalId, portal.id), ratingScope(scope), ...more);
}

export async function listRatings(db: Database, portal: PortalData, scope: Scope, query: RatingQuery) {
  if (query.startDate && query.endDate && query.startDate > query.endDate) throw badRequest('endDate', 'endDate must not be before startDate');
  const parsed = parseListQuery(query as RatingQuery & Record<string, unknown>, ratingList);
  const where = ratingWhere(portal, scope, parsed.search, parsed.filters, createdBetween(portal, query.startDate, query.endDate));
  const total = async () => {
    const [row] = await db.select({ value: count() }).from(ratings)
      .innerJoin(deliveries, eq(deliveries.id, ratings.deliveryId))
      .innerJoin(users, eq(users.id, ratings.driverId))
      .where(where);
    return row?.value ?? 0;
  };
  if (query.exportExcel) {
    return rowExport<RatingRow>({
      fileName: 'Ratings',
      columns: RATING_EXPORT,
      total: await total(),
      batch: (last, limit) => selectRatings(db, whereAll(where, after(parsed, last && { id: last.id, sortValue: sortValueOf(ratingList, parsed, last) })))
        .orderBy(...parsed.orderBy).limit(limit),
    });
  }
  const [items, totalItems] = await Promise.all([
    selectRatings(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    total(),
  ]);
  return pageOf(items.map(publicRating), totalItems, parsed);
}

async function findRating(db: Pick<Database, 'select'>, portal: PortalData, scope: Scope, id: number) {
  const [row] = await selectRatings(db, ratingWhere(portal, scope, eq(ratings.id, id)));
  return row;
}

export async function getRating(db: Database, portal: PortalData, scope: Scope, id: number): Promise<Rating> {
  const row = await findRating(db, portal, scope, id);
  if (!row) throw notFound(`rating ${id}`);
  return publicRating(row);
}

/** Answers belong to a questionnaire of the portal and are at most one per question. */
async function checkAnswers(db: Pick<Database, 'select'>, portal: PortalData, questionnaireId: number | null | undefined, answers: string[] | null | undefined) {
  if (questionnaireId === null || questionnaireId === undefined) {
    if (answers && answers.length > 0) throw badRequest('answers', USERS_ADMIN_TEXTS.answersWithoutQuestionnaire);
    return;
  }
  const [questionnaire] = await db.select({ questions: questionnaires.questions }).from(questionnaires)
    .where(and(eq(questionnaires.id, questionnaireId), eq(questionnaires.portalId, portal.id))).limit(1);
  if (!questionnaire) throw badRequest('questionnaireId', USERS_ADMIN_TEXTS.questionnaireMissing(questionnaireId));
  if (answers && answers.length > questionnaire.questions.length) {
    throw badRequest('answers', USERS_ADMIN_TEXTS.tooManyAnswers(questionnaire.questions.length));
  }
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export async function createRating(db: Database, portal: PortalData, scope: Scope, callerId: number, input: RatingInput): Promise<Rating> {
  return db.transaction(async (tx) => {
    // The delivery must be one the caller may see in this portal: a foreign id is 404, as for reads.
    const [delivery] = await tx.select({ id: deliveries.id }).from(deliveries)
      .where(whereAll(eq(deliveries.portalId, portal.id), ratingScope(scope), eq(deliveries.id, input.deliveryId))).limit(1);
    if (!delivery) throw notFound(`delivery ${input.deliveryId}`);
    const [driver] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.driverId)).limit(1);
    if (!driver) throw badRequest('driverId', USERS_ADMIN_TEXTS.driverMissing(input.driverId));
    await checkAnswers(tx, portal, input.questionnaireId, input.answers);
    const [row] = await tx.insert(ratings).values({
      portalId: portal.id, deliveryId: input.deliveryId, driverId: input.driverId, score: input.score,
      comment: blankToNull(input.comment), questionnaireId: input.questionnaireId ?? null, answers: input.answers ?? null,
      createdById: callerId,
    }).returning({ id: ratings.id });
    return publicRating((await findRating(tx, portal, scope, row!.id))!);
  });
}

export async function updateRating(db: Database, portal: PortalData, scope: Scope, id: number, input: RatingUpdate): Promise<Rating> {
  const { xmin, ...values } = input;
  return db.transaction(async (tx) => {
    const before = await findRating(tx, portal, scope, id);
    if (!before) throw notFound(`rating ${id}`);
    const questionnaireId = values.questionnaireId === undefined ? before.questionnaireId : values.questionnaireId;
    const answers = values.answers === undefined ? before.answers : values.answers;
    await checkAnswers(tx, portal, questionnaireId, answers);
    const updated = await tx.update(ratings)
      .set({ score: values.score, comment: blankToNull(values.comment), questionnaireId, answers })
      .where(and(eq(ratings.id, id), sql`${ratings}.xmin::text = ${xmin}`)).returning({ id: ratings.id });
    // Read again: another edit may have committed since `before` (each statement sees the latest commits).
    if (updated.length === 0) throw new ConflictError(conflictMessage('rating'), publicRating((await findRating(tx, portal, scope, id)) ?? before));
    return publicRating((await findRating(tx, portal, scope, id))!);
  });
}

// ---- Questionnaires ---------------------------------------------------------------------------------------

const questionnaireList: ListDefinition = {
  sortable: { id: questionnaires.id, name: questionnaires.name, isActive: questionnaires.isActive, createdAt: questionnaires.createdAt },
  defaultSort: questionnaires.name,
  id: questionnaires.id,
  searchable: [questionnaires.name],
  filters: { isActive: { kind: 'equals', column: questionnaires.isActive } },
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1),
};

const questionnaireRow = {
  id: questionnaires.id, name: questionnaires.name, questions: questionnaires.questions, isActive: questionnaires.isActive,
  createdAt: questionnaires.createdAt, xmin: sql<string>`${questionnaires}.xmin::text`,
};

function selectQuestionnaires(db: Pick<Database, 'select'>, where: SQL | undefined) {
  return db.select(questionnaireRow).from(questionnaires).where(where);
}

type QuestionnaireRow = Awaited<ReturnType<typeof selectQuestionnaires>>[number];

function publicQuestionnaire({ createdAt: _createdAt, ...row }: QuestionnaireRow): Questionnaire {
  return row;
}

const QUESTIONNAIRE_EXPORT: ExportColumn<QuestionnaireRow>[] = [
  { header: 'Id', value: (row) => row.id, width: 8 },
  { header: 'Name', value: (row) => row.name, width: 30 },
  { header: 'Questions', value: (row) => row.questions.join(' | '), width: 60 },
  { header: 'Active', value: (row) => (row.isActive ? 'Yes' : 'No'), width: 8 },
];

export async function listQuestionnaires(db: Database, portal: PortalData, query: QuestionnaireQuery) {
  const parsed = parseListQuery(query as QuestionnaireQuery & Record<string, unknown>, questionnaireList);
  const where = whereAll(eq(questionnaires.portalId, portal.id), parsed.search, parsed.filters);
  const total = async () => (await db.select({ value: count() }).from(questionnaires).where(where))[0]?.value ?? 0;
  if (query.exportExcel) {
    return rowExport<QuestionnaireRow>({
      fileName: 'Questionnaires',
      columns: QUESTIONNAIRE_EXPORT,
      total: await total(),
      batch: (last, limit) => selectQuestionnaires(db, whereAll(where, after(parsed, last && { id: last.id, sortValue: sortValueOf(questionnaireList, parsed, last) })))
        .orderBy(...parsed.orderBy).limit(limit),
    });
  }
  if (query.select) {
    const rows = await selectQuestionnaires(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset);
    return rows.map((row) => ({ key: String(row.id), value: row.name }));
  }
  const [items, totalItems] = await Promise.all([
    selectQuestionnaires(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    total(),
  ]);
  return pageOf(items.map(publicQuestionnaire), totalItems, parsed);
}

async function findQuestionnaire(db: Pick<Database, 'select'>, portal: PortalData, id: number) {
  const [row] = await selectQuestionnaires(db, and(eq(questionnaires.portalId, portal.id), eq(questionnaires.id, id)));
  return row;
}

export async function getQuestionnaire(db: Database, portal: PortalData, id: number): Promise<Questionnaire> {
  const row = await findQuestionnaire(db, portal, id);
  if (!row) throw notFound(`questionnaire ${id}`);
  return publicQuestionnaire(row);
}

/** Questions trimmed; blank ones dropped; at least one must remain. */
function cleanQuestions(questions: string[]): string[] {
  const clean = questions.map((question) => question.trim()).filter(Boolean);
  if (clean.length === 0) throw badRequest('questions', USERS_ADMIN_TEXTS.questionsRequired);
  return clean;
}

function requiredName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('name', 'name is required');
  return trimmed;
}

export async function createQuestionnaire(db: Database, portal: PortalData, input: QuestionnaireInput): Promise<Questionnaire> {
  const [row] = await db.insert(questionnaires).values({
    portalId: portal.id, name: requiredName(input.name), questions: cleanQuestions(input.questions), isActive: input.isActive ?? true,
  }).returning({ id: questionnaires.id });
  return publicQuestionnaire((await findQuestionnaire(db, portal, row!.id))!);
}

export async function updateQuestionnaire(db: Database, portal: PortalData, id: number, input: QuestionnaireUpdate): Promise<Questionnaire> {
  const name = requiredName(input.name);
  const questions = cleanQuestions(input.questions);
  const updated = await db.update(questionnaires)
    .set({ name, questions, ...(input.isActive !== undefined && { isActive: input.isActive }) })
    .where(and(eq(questionnaires.portalId, portal.id), eq(questionnaires.id, id), sql`${questionnaires}.xmin::text = ${input.xmin}`))
    .returning({ id: questionnaires.id });
  const current = await findQuestionnaire(db, portal, id);
  if (!current) throw notFound(`questionnaire ${id}`);
  if (updated.length === 0) throw new ConflictError(conflictMessage('questionnaire'), publicQuestionnaire(current));
  return publicQuestionnaire(current);
}
