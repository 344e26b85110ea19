import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import type { Application } from './application-apply.types';
import type { ApplicationReviewSchema, ReviewAction, ReviewCallInput } from './application-review.types';

/** One review call; each answers the application as it now is. */
async function review({ cca2, id, action, reason }: ReviewCallInput): Promise<Application> {
  const params = { path: { cca2, id } };
  switch (action.kind) {
    case 'approve': return (await api.connect.POST('/applications/{cca2}/{id}/approve', { params })).data!;
    case 'reject': return (await api.connect.POST('/applications/{cca2}/{id}/reject', { params, body: { reason } })).data!;
    case 'cancel': return (await api.connect.POST('/applications/{cca2}/{id}/cancel', { params, body: reason ? { reason } : {} })).data!;
    case 'approveDocument':
      return (await api.connect.PUT('/applications/{cca2}/{id}/documents/{documentId}/approve', { params: { path: { cca2, id, documentId: action.documentId } } })).data!;
    case 'rejectDocument':
      return (await api.connect.PUT('/applications/{cca2}/{id}/documents/{documentId}/reject', { params: { path: { cca2, id, documentId: action.documentId } }, body: { reason } })).data!;
  }
}

/**
 * The review of one application (/…-applications/edit/:id): its documents and timeline; approve (which creates the
 * company, role, account or vehicle on the server), reject with a reason, cancel; approve or reject each document.
 * Approve, reject and cancel are confirmed first; a refusal (422 documents not valid, 409 already decided) stays shown.
 */
export const applicationReviewMachine = setup({
  types: {} as ApplicationReviewSchema,
  actors: {
    loadApplication: fromPromise<Application, { cca2: string; id: number }>(async ({ input, signal }) => {
      const { data } = await api.connect.GET('/applications/{cca2}/{id}', { params: { path: input }, signal });
      return data!;
    }),
    reviewCall: fromPromise<Application, ReviewCallInput>(async ({ input }) => review(input)),
  },
  actions: {
    ask: assign({ pending: (_, params: ReviewAction) => params, error: undefined }),
    forget: assign({ pending: undefined }),
    take: assign({ application: (_, params: { application: Application }) => params.application, pending: undefined, error: undefined }),
    fail: assign({ error: ({ event }) => asApiError('error' in event ? event.error : undefined), pending: undefined }),
  },
  guards: {
    /** Dismiss is offered only with a refusal shown. */
    hasError: ({ context }) => context.error !== undefined,
  },
}).createMachine({
  id: 'applicationReview',
  description: 'Review one application: documents, timeline; approve, reject (reason), cancel; approve or reject each document.',
  context: ({ input }) => ({ cca2: input.cca2, id: input.id, application: undefined, pending: undefined, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        input: ({ context }) => ({ cca2: context.cca2, id: context.id }),
        onDone: { target: 'ready', actions: { type: 'take', params: ({ event }) => ({ application: event.output }) } },
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    failed: { on: { 'review.reload': 'loading' } },
    ready: {
      on: {
        'review.approve': { target: 'confirming', actions: { type: 'ask', params: { kind: 'approve' } } },
        'review.reject': { target: 'confirming', actions: { type: 'ask', params: { kind: 'reject' } } },
        'review.cancel': { target: 'confirming', actions: { type: 'ask', params: { kind: 'cancel' } } },
        'review.rejectDocument': { target: 'confirming', actions: { type: 'ask', params: ({ event }) => ({ kind: 'rejectDocument' as const, documentId: event.documentId }) } },
        'review.approveDocument': 'approvingDocument',
        'review.dismiss': { guard: 'hasError', actions: assign({ error: undefined }) },
        'review.reload': 'loading',
      },
    },
    confirming: {
      description: 'The dialog: a reason for reject and document reject (required), optional for cancel; none for approve.',
      on: { 'review.confirm': 'calling', 'review.dismiss': { target: 'ready', actions: 'forget' } },
    },
    calling: {
      tags: ['busy'],
      invoke: {
        id: 'reviewCall',
        src: 'reviewCall',
        input: ({ context, event }) => {
          assertEvent(event, 'review.confirm');
          return { cca2: context.cca2, id: context.id, action: context.pending!, reason: event.reason };
        },
        onDone: { target: 'ready', actions: { type: 'take', params: ({ event }) => ({ application: event.output }) } },
        onError: { target: 'ready', actions: 'fail' },
      },
    },
    approvingDocument: {
      tags: ['busy'],
      invoke: {
        id: 'approveDocument',
        src: 'reviewCall',
        input: ({ context, event }) => {
          assertEvent(event, 'review.approveDocument');
          return { cca2: context.cca2, id: context.id, action: { kind: 'approveDocument' as const, documentId: event.documentId }, reason: '' };
        },
        onDone: { target: 'ready', actions: { type: 'take', params: ({ event }) => ({ application: event.output }) } },
        onError: { target: 'ready', actions: 'fail' },
      },
    },
  },
});
