import type { ApiError } from '../../api/api-error';
import type { Application } from './application-apply.types';

export interface ApplicationReviewInput {
  cca2: string;
  id: number;
}

/** What the reviewer is asked to confirm (reject and document reject need a reason). */
export type ReviewAction = { kind: 'approve' } | { kind: 'reject' } | { kind: 'cancel' } | { kind: 'rejectDocument'; documentId: number };

export interface ApplicationReviewContext {
  cca2: string;
  id: number;
  application: Application | undefined;
  pending: ReviewAction | undefined;
  error: ApiError | undefined;
}

export type ApplicationReviewEvent =
  | { type: 'review.approve' }
  | { type: 'review.reject' }
  | { type: 'review.cancel' }
  | { type: 'review.approveDocument'; documentId: number }
  | { type: 'review.rejectDocument'; documentId: number }
  | { type: 'review.confirm'; reason: string }
  | { type: 'review.dismiss' }
  | { type: 'review.reload' };

export interface ReviewCallInput {
  cca2: string;
  id: number;
  action: ReviewAction | { kind: 'approveDocument'; documentId: number };
  reason: string;
}

/** The machine's types for `setup({ types })`: one schema. */
export interface ApplicationReviewSchema {
  input: ApplicationReviewInput;
  context: ApplicationReviewContext;
  events: ApplicationReviewEvent;
}
