import { toApiError } from '../../api/api-error';
import { PUBLIC_TEXTS } from '../../lib/public-texts';
import { defineSamples } from '../samples';
import type { RatingForm } from './public.actors';
import { ratingMachine } from './rating.machine';

export const sampleRatingForm: RatingForm = { waybill: 'WB2611210001', canRate: true, alreadyRated: false, questionnaireId: 1, questions: ['Was the driver on time?', 'Was the parcel in good condition?'] };
const url = '/connect/public/za/rate/k3J9xQv2LmN8pR4t';
const rated = toApiError(409, { message: PUBLIC_TEXTS.alreadyRated }, url);
const notFound = toApiError(404, { message: 'Not found: delivery' }, url);
const unavailable = toApiError(503, { message: 'The service is temporarily unavailable. Please try again shortly.' }, url);
const tooMany = toApiError(429, { message: 'Too many attempts. Please try again in 30 seconds.' }, url);

export const ratingSamples = defineSamples(ratingMachine, [
  {
    name: 'rate a delivered delivery',
    input: { cca2: 'za', hash: 'k3J9xQv2LmN8pR4t' },
    events: [
      { type: 'xstate.done.actor.loadRatingForm', output: sampleRatingForm },
      { type: 'submit' },
      { type: 'score.select', score: 5 },
      { type: 'comment.change', value: 'Quick and friendly' },
      { type: 'answer.change', index: 0, value: 'Yes' },
      { type: 'xstate.error.actor.rateDelivery', error: tooMany },
      // Rated meanwhile from the same link (another tab): the page says so.
      { type: 'xstate.error.actor.rateDelivery', error: rated },
      { type: 'xstate.done.actor.rateDelivery', output: { score: 5, scoreLabel: 'Excellent', reviewUrl: 'https://reviews.example/courier' } },
    ],
  },
  {
    name: 'a link that has rated already, or not yet delivered, or unknown',
    input: { cca2: 'za', hash: 'k3J9xQv2LmN8pR4t' },
    events: [
      { type: 'xstate.done.actor.loadRatingForm', output: { ...sampleRatingForm, alreadyRated: true } },
      { type: 'xstate.done.actor.loadRatingForm', output: { ...sampleRatingForm, canRate: false } },
      { type: 'xstate.error.actor.loadRatingForm', error: notFound },
      { type: 'xstate.error.actor.loadRatingForm', error: unavailable },
      { type: 'retry' },
    ],
  },
], 'transitions');
