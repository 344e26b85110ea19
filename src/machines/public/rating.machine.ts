import { assign, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { PUBLIC_TEXTS } from '../../lib/public-texts';
import { errorParams, outputParams } from '../shared/shared.actions';
import { loadRatingForm, rateDelivery, type RateDeliveryResult, type RatingForm } from './public.actors';
import type { RatingSchema } from './rating.types';

/**
 * /rate/:hash (issue 19; 002 section 9): rate a delivered delivery 1-5 (Useless, Poor, Ok, Good, Excellent) with a
 * comment and the questionnaire's answers. A link rates once: an already rated delivery (on load, or a 409 on
 * submit) says so.
 */
export const ratingMachine = setup({
  types: {} as RatingSchema,
  actors: { loadRatingForm, rateDelivery },
  actions: {
    setForm: assign((_, form: RatingForm) => ({ form, answers: form.questions.map(() => '') })),
    setError: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error) })),
    setResult: assign((_, result: RateDeliveryResult) => ({ result })),
  },
  guards: {
    alreadyRated: (_, form: RatingForm) => form.alreadyRated,
    notDelivered: (_, form: RatingForm) => !form.canRate,
    isNotFound: (_, params: { error: unknown }) => asApiError(params.error).status === 404,
    isConflict: (_, params: { error: unknown }) => asApiError(params.error).status === 409,
    hasScore: ({ context }) => context.score !== null,
  },
}).createMachine({
  id: 'rating',
  description: 'Rate a delivered delivery once from its link: 1-5, a comment and the questionnaire, then the thank-you page.',
  context: ({ input }) => ({ ...input, form: null, score: null, comment: '', answers: [], scoreError: null, error: null, result: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the delivery of the rating link.',
      tags: ['loading'],
      invoke: {
        id: 'loadRatingForm',
        src: 'loadRatingForm',
        input: ({ context }) => ({ cca2: context.cca2, hash: context.hash }),
        onDone: [
          { guard: { type: 'alreadyRated', params: outputParams }, target: 'alreadyRated', actions: { type: 'setForm', params: outputParams } },
          { guard: { type: 'notDelivered', params: outputParams }, target: 'notDelivered', actions: { type: 'setForm', params: outputParams } },
          { target: 'editing', actions: { type: 'setForm', params: outputParams } },
        ],
        onError: [
          { guard: { type: 'isNotFound', params: errorParams }, target: 'notFound' },
          { target: 'loadFailed', actions: { type: 'setError', params: errorParams } },
        ],
      },
    },
    loadFailed: {
      description: 'The link could not be read: the message and Try again.',
      on: { retry: 'loading' },
    },
    notFound: { description: 'No delivery for this link.', type: 'final' },
    notDelivered: { description: 'Not delivered yet: it can be rated once delivered.', type: 'final' },
    alreadyRated: { description: 'This link has rated its delivery already.', type: 'final' },
    editing: {
      description: 'The five ratings, the comment and the questionnaire\'s questions.',
      on: {
        'score.select': { actions: assign({ score: ({ event }) => event.score, scoreError: null }) },
        'comment.change': { actions: assign({ comment: ({ event }) => event.value }) },
        'answer.change': { actions: assign({ answers: ({ context, event }) => context.answers.map((answer, index) => (index === event.index ? event.value : answer)) }) },
        submit: [
          { guard: 'hasScore', target: 'submitting', actions: assign({ error: null }) },
          { actions: assign({ scoreError: PUBLIC_TEXTS.ratingRequired }) },
        ],
      },
    },
    submitting: {
      description: 'The server stores the rating.',
      tags: ['busy'],
      invoke: {
        id: 'rateDelivery',
        src: 'rateDelivery',
        input: ({ context }) => ({
          cca2: context.cca2, hash: context.hash,
          // Unanswered questions are left out from the end only, so answers stay in the questions' order.
          body: { score: context.score!, comment: context.comment.trim() || null, answers: trimTrailingEmpty(context.answers) },
        }),
        onDone: { target: 'rated', actions: { type: 'setResult', params: outputParams } },
        onError: [
          { guard: { type: 'isConflict', params: errorParams }, target: 'alreadyRated' },
          { target: 'editing', actions: { type: 'setError', params: errorParams } },
        ],
      },
    },
    rated: { description: 'Rated: the page opens /rating-complete or /google-rating-complete.', type: 'final' },
  },
  output: ({ context }) => ({ score: context.result?.score ?? context.score ?? 0, reviewUrl: context.result?.reviewUrl ?? null }),
});

function trimTrailingEmpty(answers: string[]): string[] {
  const trimmed = answers.map((answer) => answer.trim());
  while (trimmed.length > 0 && trimmed.at(-1) === '') trimmed.pop();
  return trimmed;
}
