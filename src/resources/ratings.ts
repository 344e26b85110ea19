import { DATE_FORMATS, PAGE_SIZE_OPTIONS, RATING_LABELS } from '../lib/constants';
import { formatDate } from '../lib/date-format';
import { USERS_ADMIN_TEXTS } from '../lib/users-admin-texts';
import { bodyOf } from './api-helpers';
import { entityCalls, resourceApi, type EntityRow } from './provider';
import type { FormValues, ResourceDef } from './types';

type RatingRow = EntityRow<'ratings'>;

/** A rating as the list and form hold it: the answers also as one editable text. */
export type Rating = RatingRow & { answersText: string };

const SCORES = Object.keys(RATING_LABELS);
const LABELS: string[] = Object.values(RATING_LABELS);
const separator = `${USERS_ADMIN_TEXTS.questionSeparator} `;

const withAnswersText = (row: RatingRow): Rating => ({ ...row, answersText: (row.answers ?? []).join(separator) });

/** "Yes; No" → ['Yes', 'No']; blank → null (no answers). */
export function splitList(text: unknown): string[] | null {
  if (typeof text !== 'string') return null;
  const items = text.split(USERS_ADMIN_TEXTS.questionSeparator).map((item) => item.trim()).filter(Boolean);
  return items.length > 0 ? items : null;
}

/** The score of a rating label ('Good' → 4). */
export const scoreOf = (label: unknown): number => LABELS.indexOf(String(label)) + 1;

export function ratingBody(values: FormValues): Record<string, unknown> {
  const { scoreLabel, answersText, ...rest } = bodyOf(values);
  return { ...rest, score: scoreOf(scoreLabel), answers: splitList(answersText) };
}

/**
 * Ratings of drivers (000 sections 2 and 6: administrator, management, staff; 002 section 9: 1-5 Useless, Poor,
 * Ok, Good, Excellent): list with the driver, score and date filters, add, edit; export "Ratings". Also shown
 * under a user at /users/:id/ratings (src/features/users).
 */
export const ratingsResource: ResourceDef<Rating> = {
  id: 'ratings',
  title: 'Ratings',
  singular: 'rating',
  routes: { list: '/ratings', add: '/ratings/add', edit: '/ratings/edit/:id' },
  operations: { list: 'getratings', get: 'getrating', create: 'createrating', update: 'updaterating' },
  columns: [
    { key: 'createdAt', header: 'Created', sortKey: 'createdAt', text: (row) => formatDate(row.createdAt, DATE_FORMATS.dateTime) },
    { key: 'waybill', header: 'Waybill' },
    { key: 'driverName', header: 'Driver' },
    { key: 'score', header: 'Rating', sortKey: 'score', text: (row) => `${row.score} - ${row.scoreLabel}` },
    { key: 'comment', header: 'Comment' },
    { key: 'questionnaireName', header: 'Questionnaire' },
  ],
  filters: [
    { kind: 'enum', name: 'score', label: 'Rating', options: SCORES, optionLabels: RATING_LABELS },
    { kind: 'lookup', name: 'driverid', label: 'Driver', resource: 'users' },
    { kind: 'date', name: 'startDate', label: 'From' },
    { kind: 'date', name: 'endDate', label: 'To' },
  ],
  fields: [
    { name: 'deliveryId', label: 'Delivery', kind: 'lookup', resource: 'deliveries', nameField: 'waybill', required: true, createOnly: true },
    { name: 'driverId', label: 'Driver', kind: 'lookup', resource: 'users', nameField: 'driverName', required: true, createOnly: true },
    { name: 'scoreLabel', label: 'Rating', kind: 'enum', options: LABELS, required: true },
    { name: 'comment', label: 'Comment', kind: 'text', maxLength: 2000 },
    { name: 'questionnaireId', label: 'Questionnaire', kind: 'lookup', resource: 'questionnaires', nameField: 'questionnaireName' },
    { name: 'answersText', label: 'Answers (separate with ;)', kind: 'text', maxLength: 4000 },
  ],
  defaultSort: 'createdAt',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: 'Ratings',
  createOpensEdit: true,
  label: (row) => `${row.waybill} - ${row.scoreLabel}`,
  api: resourceApi(entityCalls('ratings'), {
    row: withAnswersText, record: withAnswersText, created: withAnswersText, updated: withAnswersText,
    createBody: ratingBody,
    // The delivery and the driver are chosen on create only.
    updateBody: (values) => {
      const { deliveryId: _deliveryId, driverId: _driverId, ...body } = ratingBody(values);
      return body;
    },
    exportable: true,
    // Ratings are not offered in any select.
    select: 'none',
  }),
};
