/**
 * Texts of the users, ratings and questionnaires screens (issue 6). The spec gives only the rating labels
 * (RATING_LABELS in constants.ts); these are ours where it is silent.
 */
export const USERS_ADMIN_TEXTS = {
  /** Sign-in of a user deactivated on the users screen (423, the catalogue's Account Locked). */
  accountInactive: 'This account has been deactivated. Please contact support.',
  storeMissing: (id: number): string => `Store ${id} does not exist.`,
  storeNotOfCompany: (storeId: number, companyId: number): string => `Store ${storeId} does not belong to company ${companyId}.`,
  companyMissing: (id: number): string => `Company ${id} does not exist.`,
  deliveryMissing: (id: number): string => `Delivery ${id} does not exist.`,
  driverMissing: (id: number): string => `User ${id} does not exist.`,
  questionnaireMissing: (id: number): string => `Questionnaire ${id} does not exist.`,
  answersWithoutQuestionnaire: 'Answers need a questionnaire.',
  tooManyAnswers: (questions: number): string => `The questionnaire has ${questions} question(s); give at most that many answers.`,
  questionsRequired: 'Questions is required',
  /** The questions field of the questionnaire form: one text, questions separated by this. */
  questionSeparator: ';',
  questionsLabel: 'Questions (separate with ;)',
  ratingsOf: (name: string): string => `Ratings of ${name}`,
  ratings: 'Ratings',
} as const;
