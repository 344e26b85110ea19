import type { ApiError } from '../../api/api-error';
import type { RateDeliveryResult, RatingForm } from './public.actors';

export interface RatingInput {
  cca2: string;
  hash: string;
}

export interface RatingContext {
  cca2: string;
  hash: string;
  form: RatingForm | null;
  score: number | null;
  comment: string;
  answers: string[];
  /** "Choose a rating" after a submit without one. */
  scoreError: string | null;
  error: ApiError | null;
  result: RateDeliveryResult | null;
}

export type RatingEvent =
  | { type: 'score.select'; score: number }
  | { type: 'comment.change'; value: string }
  | { type: 'answer.change'; index: number; value: string }
  | { type: 'submit' }
  | { type: 'retry' };

/** What the page goes on to: /google-rating-complete with the review link for 4 and 5 when one is configured, else /rating-complete. */
export interface RatingOutput {
  score: number;
  reviewUrl: string | null;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output). */
export interface RatingSchema {
  input: RatingInput;
  context: RatingContext;
  events: RatingEvent;
  output: RatingOutput;
}
