import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import { APPLICATION_STATUS, APPLICATION_TYPE, DECLARATION_DETAILS, PROGRESS_STATUS, STEP_FIELDS, TERMS_ACCEPTANCE, type ApplicationTypeId, type StepName } from '../../lib/applications';
import type { Application, ApplicationApplySchema, ApplyCallInput, DocumentUploadInput, StepValues } from './application-apply.types';

const path = (input: { cca2: string; id: number }) => ({ params: { path: { cca2: input.cca2, id: input.id } } });

/** The caller's open application of this type (driver applications: the one made from this invite), if any. */
const sameKind = (type: ApplicationTypeId, candidate: Application) => (type === 3 || type === 2
  ? candidate.applicationTypeId === 2 || candidate.applicationTypeId === 3
  : candidate.applicationTypeId === type);

/** The draft as the application stands on the server: its saved fields and whether the terms are accepted. */
const draftOf = (application: Application): StepValues => ({
  ...(application.fields as StepValues), termsAccepted: application.termsAcceptanceId === TERMS_ACCEPTANCE.accepted,
});

/** What saving a step sends: that step's fields of the draft; an unticked declaration question is a "no" (false), never left out. */
export function stepValues(step: StepName, draft: StepValues): StepValues {
  if (step === 'terms') return { termsAccepted: draft.termsAccepted === true };
  const values = Object.fromEntries(STEP_FIELDS[step].map((name) => [name, draft[name] ?? null])) as StepValues;
  if (step === 'declaration') for (const [flag] of DECLARATION_DETAILS) values[flag] = draft[flag] === true;
  return values;
}

const shownStep = (context: { application: Application | undefined; viewStep: number }) => context.application!.steps[context.viewStep] as StepName;

export const applicationApplyMachine = setup({
  types: {} as ApplicationApplySchema,
  actors: {
    loadApplication: fromPromise<Application | null, ApplyCallInput>(async ({ input, signal }) => {
      const { data } = await api.connect.GET('/applications/{cca2}/track', { params: { path: { cca2: input.cca2 } }, signal });
      const open = (data ?? []).filter((candidate) => sameKind(input.applicationTypeId, candidate)
        && candidate.applicationStatusId === APPLICATION_STATUS.pending && candidate.progressStatusId !== PROGRESS_STATUS.cancelled);
      // A partner may have several vehicle applications open: the one still being filled in comes first.
      return open.find((candidate) => candidate.progressStatusId === PROGRESS_STATUS.none) ?? open[0] ?? null;
    }),
    createApplication: fromPromise<Application, ApplyCallInput>(async ({ input }) => {
      const { data } = await api.connect.POST('/applications/{cca2}', {
        params: { path: { cca2: input.cca2 } },
        body: { applicationTypeId: input.applicationTypeId, ...(input.inviteHashId && { inviteHashId: input.inviteHashId }) },
      });
      return data!;
    }),
    saveStep: fromPromise<Application, ApplyCallInput & { step: StepName; values: StepValues }>(async ({ input }) => {
      const { data } = await api.connect.PUT('/applications/{cca2}/{id}', { ...path(input), body: { step: input.step, ...input.values } });
      return data!;
    }),
    uploadDocument: fromPromise<Application, ApplyCallInput & { document: DocumentUploadInput }>(async ({ input }) => {
      const form = new FormData();
      form.append('documentTypeId', String(input.document.documentTypeId));
      if (input.document.expiryDate) form.append('expiryDate', input.document.expiryDate);
      form.append('file', input.document.file, input.document.file.name);
      await api.connect.POST('/applications/{cca2}/{id}/documents', {
        ...path(input), body: { file: '', documentTypeId: String(input.document.documentTypeId) }, bodySerializer: () => form,
      });
      const { data } = await api.connect.GET('/applications/{cca2}/{id}', path(input));
      return data!;
    }),
    removeDocument: fromPromise<Application, ApplyCallInput & { documentId: number }>(async ({ input }) => {
      await api.connect.DELETE('/applications/{cca2}/{id}/documents/{documentId}', {
        params: { path: { cca2: input.cca2, id: input.id, documentId: input.documentId } },
      });
      const { data } = await api.connect.GET('/applications/{cca2}/{id}', path(input));
      return data!;
    }),
    clearApplication: fromPromise<Application, ApplyCallInput>(async ({ input }) => {
      const { data } = await api.connect.POST('/applications/{cca2}/{id}/clear', path(input));
      return data!;
    }),
    submitApplication: fromPromise<Application, ApplyCallInput>(async ({ input }) => {
      const { data } = await api.connect.POST('/applications/{cca2}/{id}/submit', path(input));
      return data!;
    }),
    cancelApplication: fromPromise<Application, ApplyCallInput>(async ({ input }) => {
      const { data } = await api.connect.POST('/applications/{cca2}/{id}/cancel', { ...path(input), body: {} });
      return data!;
    }),
  },
  actions: {
    take: assign((_, params: { application: Application }) => ({
      application: params.application,
      viewStep: Math.min(params.application.activeStep + 1, params.application.steps.length - 1),
      draft: draftOf(params.application),
      error: undefined,
    })),
    /** A saved step: the draft takes the saved step's values as the server keeps them (trimmed); other steps' entries stay. */
    takeSaved: assign(({ context }, params: { application: Application; step: StepName }) => ({
      application: params.application,
      viewStep: Math.min(params.application.activeStep + 1, params.application.steps.length - 1),
      draft: { ...context.draft, ...stepValues(params.step, draftOf(params.application)) },
      error: undefined,
    })),
    change: assign({ draft: ({ context, event }) => {
      assertEvent(event, 'field.change');
      return { ...context.draft, [event.name]: event.value };
    } }),
    fail: assign({ error: ({ event }) => asApiError('error' in event ? event.error : undefined) }),
    goto: assign({ viewStep: ({ event, context }) => {
      assertEvent(event, 'apply.goto');
      // Only steps already saved, or the next one (002 section 4: the active step advances one save at a time).
      return Math.max(0, Math.min(event.step, (context.application?.activeStep ?? -1) + 1));
    }, error: undefined }),
  },
  guards: {
    /** Only a document the application has can be removed. */
    hasDocument: ({ context, event }) => event.type === 'apply.removeDocument'
      && (context.application?.documents.some((document) => document.id === event.documentId) ?? false),
    found: (_, params: { application: Application | null }) => params.application !== null,
    /** A partner applies for each of its vehicles: another may start while the others are reviewed. */
    manyAllowed: ({ context }) => context.applicationTypeId === APPLICATION_TYPE.vehicle,
    /** Submitted or decided: the applicant tracks it; no more edits. */
    submitted: (_, params: { application: Application | null }) => params.application !== null && params.application.progressStatusId !== PROGRESS_STATUS.none,
  },
}).createMachine({
  id: 'applicationApply',
  description: 'An application to join (business, partner, driver by invite, assistant, vehicle): one step saved at a time (the active step advances by one; clear resets it to -1), documents, terms, submit, then tracking. Resumes the open application after a reload.',
  context: ({ input }) => ({
    cca2: input.cca2, applicationTypeId: input.applicationTypeId, inviteHashId: input.inviteHashId, application: undefined, viewStep: 0, draft: {}, error: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        input: ({ context }) => ({ cca2: context.cca2, applicationTypeId: context.applicationTypeId, inviteHashId: context.inviteHashId, id: 0 }),
        onDone: [
          { guard: { type: 'submitted', params: ({ event }) => ({ application: event.output }) }, target: 'tracking', actions: { type: 'take', params: ({ event }) => ({ application: event.output! }) } },
          { guard: { type: 'found', params: ({ event }) => ({ application: event.output }) }, target: 'editing', actions: { type: 'take', params: ({ event }) => ({ application: event.output! }) } },
          { target: 'notStarted' },
        ],
        onError: { target: 'notStarted', actions: 'fail' },
      },
    },
    notStarted: {
      description: 'No open application of this type: Apply starts one.',
      on: { 'apply.start': 'creating' },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createApplication',
        src: 'createApplication',
        input: ({ context }) => ({ cca2: context.cca2, applicationTypeId: context.applicationTypeId, inviteHashId: context.inviteHashId, id: 0 }),
        onDone: { target: 'editing', actions: { type: 'take', params: ({ event }) => ({ application: event.output }) } },
        onError: { target: 'notStarted', actions: 'fail' },
      },
    },
    editing: {
      on: {
        'apply.goto': { actions: 'goto' },
        'field.change': { actions: 'change' },
        'apply.save': 'saving',
        'apply.upload': 'uploading',
        'apply.removeDocument': { guard: 'hasDocument', target: 'removingDocument' },
        'apply.clear': 'confirmingClear',
        'apply.submit': 'submitting',
        'apply.cancel': 'cancelling',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveStep',
        src: 'saveStep',
        input: ({ context }) => ({
          cca2: context.cca2, applicationTypeId: context.applicationTypeId, inviteHashId: context.inviteHashId, id: context.application!.id,
          step: shownStep(context), values: stepValues(shownStep(context), context.draft),
        }),
        onDone: { target: 'editing', actions: { type: 'takeSaved', params: ({ context, event }) => ({ application: event.output, step: event.output.steps[context.viewStep] as StepName }) } },
        onError: { target: 'editing', actions: 'fail' },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadDocument',
        src: 'uploadDocument',
        input: ({ context, event }) => {
          assertEvent(event, 'apply.upload');
          return { cca2: context.cca2, applicationTypeId: context.applicationTypeId, inviteHashId: context.inviteHashId, id: context.application!.id, document: event.document };
        },
        // The screen stays on the documents step after an upload.
        onDone: { target: 'editing', actions: assign({ application: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'editing', actions: 'fail' },
      },
    },
    removingDocument: {
      tags: ['busy'],
      invoke: {
        id: 'removeDocument',
        src: 'removeDocument',
        input: ({ context, event }) => {
          assertEvent(event, 'apply.removeDocument');
          return { cca2: context.cca2, applicationTypeId: context.applicationTypeId, inviteHashId: context.inviteHashId, id: context.application!.id, documentId: event.documentId };
        },
        onDone: { target: 'editing', actions: assign({ application: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'editing', actions: 'fail' },
      },
    },
    confirmingClear: {
      description: 'Clear removes everything entered and uploaded: No / Yes.',
      on: { 'apply.confirmNo': 'editing', 'apply.confirmYes': 'clearing' },
    },
    clearing: {
      tags: ['busy'],
      invoke: {
        id: 'clearApplication',
        src: 'clearApplication',
        input: ({ context }) => ({ cca2: context.cca2, applicationTypeId: context.applicationTypeId, inviteHashId: context.inviteHashId, id: context.application!.id }),
        onDone: { target: 'editing', actions: { type: 'take', params: ({ event }) => ({ application: event.output }) } },
        onError: { target: 'editing', actions: 'fail' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitApplication',
        src: 'submitApplication',
        input: ({ context }) => ({ cca2: context.cca2, applicationTypeId: context.applicationTypeId, inviteHashId: context.inviteHashId, id: context.application!.id }),
        onDone: { target: 'tracking', actions: { type: 'take', params: ({ event }) => ({ application: event.output }) } },
        onError: { target: 'editing', actions: 'fail' },
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelApplication',
        src: 'cancelApplication',
        input: ({ context }) => ({ cca2: context.cca2, applicationTypeId: context.applicationTypeId, inviteHashId: context.inviteHashId, id: context.application!.id }),
        onDone: { target: 'notStarted', actions: assign({ application: undefined, error: undefined }) },
        onError: { target: 'editing', actions: 'fail' },
      },
    },
    tracking: {
      description: 'Submitted or decided: where it stands and what is missing (track). Reload looks again (a rejected document reopens it); a partner may start another vehicle application.',
      on: {
        'apply.reload': 'loading',
        'apply.another': { guard: 'manyAllowed', target: 'creating', actions: assign({ application: undefined, draft: {}, viewStep: 0, error: undefined }) },
      },
    },
  },
});
