import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { LOGISTIC_STATUS } from '../../src/lib/statuses';
import type { Database } from './database';
import { deliveries, portals, questionnaires, ratings, users } from './schema';

/** Demo questionnaires of the ZA portal (one inactive), keyed for idempotence. */
const QUESTIONNAIRES = [
  {
    seedKey: 'qst-delivery-experience', name: 'Delivery experience', isActive: true,
    questions: ['Was the driver friendly?', 'Did the parcel arrive undamaged?', 'Would you use us again?'],
  },
  { seedKey: 'qst-driver-conduct', name: 'Driver conduct', isActive: true, questions: ['Was the driver on time?', 'Was the driver well presented?'] },
  { seedKey: 'qst-legacy-survey', name: 'Legacy survey', isActive: false, questions: ['How did you hear about us?'] },
] as const;

/** Scores and comments of the demo ratings, given in order to the first delivered back-office deliveries. */
const RATINGS = [
  { score: 5, comment: 'Excellent service, very friendly.', answers: ['Yes', 'Yes', 'Yes'] },
  { score: 4, comment: 'Arrived on time.', answers: ['Yes', 'Yes'] },
  { score: 3, comment: null, answers: null },
  { score: 2, comment: 'The parcel box was dented.', answers: ['Yes', 'No', 'Maybe'] },
  { score: 1, comment: 'Driver could not find the address.', answers: null },
  { score: 5, comment: null, answers: null },
] as const;

/**
 * Questionnaires and ratings of the demo portal (issue 6). Deterministic (fixed data, rows picked in waybill
 * order) and idempotent (seed keys): running it twice adds nothing.
 */
export async function seedUsersAdmin(db: Database): Promise<void> {
  const [za] = await db.select({ id: portals.id }).from(portals).where(eq(portals.cca2, 'ZA')).limit(1);
  if (!za) return;
  await db.insert(questionnaires)
    .values(QUESTIONNAIRES.map((questionnaire) => ({ ...questionnaire, questions: [...questionnaire.questions], portalId: za.id })))
    .onConflictDoNothing({ target: questionnaires.seedKey });
  const keyed = await db.select({ id: questionnaires.id, seedKey: questionnaires.seedKey }).from(questionnaires)
    .where(inArray(questionnaires.seedKey, QUESTIONNAIRES.map((questionnaire) => questionnaire.seedKey)));
  const questionnaireId = (key: string) => keyed.find((row) => row.seedKey === key)?.id ?? null;

  const drivers = await db.select({ id: users.id }).from(users)
    .where(sql`'Driver' = any(${users.roles})`).orderBy(asc(users.email)).limit(4);
  const delivered = await db.select({ id: deliveries.id }).from(deliveries)
    .where(and(eq(deliveries.portalId, za.id), like(deliveries.waybill, 'WBL%'), eq(deliveries.logisticStatusId, LOGISTIC_STATUS.DELIVERED)))
    .orderBy(asc(deliveries.waybill)).limit(RATINGS.length);
  if (drivers.length === 0 || delivered.length === 0) return;
  await db.insert(ratings).values(delivered.map((delivery, index) => {
    const rating = RATINGS[index]!;
    const key = rating.answers === null ? null : rating.answers.length === 2 ? 'qst-driver-conduct' : 'qst-delivery-experience';
    return {
      seedKey: `rating-${index + 1}`, portalId: za.id, deliveryId: delivery.id, driverId: drivers[index % drivers.length]!.id,
      score: rating.score, comment: rating.comment, questionnaireId: key ? questionnaireId(key) : null,
      answers: rating.answers ? [...rating.answers] : null,
    };
  })).onConflictDoNothing({ target: ratings.seedKey });
}
