import { assign, emit, fromPromise, setup, type AnyActorRef } from 'xstate';
import { asApiError, type ApiError } from '../../api/api-error';
import { SUCCESS_TEXTS } from '../../lib/error-catalogue';
import { resourceOf } from '../../resources';
import { RecordConflict, type FieldDef, type FormValues, type ResourceId } from '../../resources/types';
import { initialValues, validateFields } from '../../resources/validation';

export interface FormInput {
  resource: ResourceId;
  cca2: string;
  /** The record to edit; undefined on the add screen. */
  id?: number;
}

type Row = Record<string, unknown> & { id: number; xmin: string };

export interface FormContext {
  resource: ResourceId;
  cca2: string;
  id: number | undefined;
  /** The record as last loaded or saved (the version the edit builds on). */
  record: Row | undefined;
  values: FormValues;
  /** The name shown for each lookup's current value (its id is in `values`): from the record, or the option chosen. */
  labels: Record<string, string>;
  fieldErrors: Record<string, string>;
  /** The version someone else saved, shown beside the user's edit after a 409. */
  current: Row | undefined;
  error: ApiError | undefined;
}

export type FormEvent =
  /** `label`: for a lookup, the chosen option's name (shown instead of its id). */
  | { type: 'form.change'; name: string; value: string | boolean | number | null; label?: string }
  | { type: 'form.submit' }
  | { type: 'form.retry' }
  /** After a conflict: keep my edit and save it over the current version. */
  | { type: 'form.keepMine' }
  /** After a conflict: drop my edit and take the current version. */
  | { type: 'form.takeCurrent' }
  | { type: 'form.delete' }
  | { type: 'form.confirmNo' }
  | { type: 'form.confirmYes' };

export type FormEmitted = { type: 'form.navigate'; to: string } | { type: 'form.notFound' };

const notifications = (system: unknown) => (system as { get(id: string): AnyActorRef | undefined }).get('notifications');

/** The names of a record's lookup values, read from each lookup's `nameField`. */
export function lookupLabels(fields: readonly FieldDef[], record?: Record<string, unknown>): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const field of fields) {
    const name = field.kind === 'lookup' && field.nameField ? record?.[field.nameField] : undefined;
    if (typeof name === 'string' && name !== '' && record?.[field.name] !== null && record?.[field.name] !== undefined) labels[field.name] = name;
  }
  return labels;
}

const editPath = (resource: ResourceId, id: number) => resourceOf(resource).routes.edit.replace(':id', String(id));

export const formMachine = setup({
  types: {
    input: {} as FormInput,
    context: {} as FormContext,
    events: {} as FormEvent,
    emitted: {} as FormEmitted,
  },
  actors: {
    loadRecord: fromPromise<Row, { resource: ResourceId; cca2: string; id: number }>(
      ({ input }) => resourceOf(input.resource).api.get(input.cca2, input.id) as Promise<Row>,
    ),
    saveRecord: fromPromise<Row, { resource: ResourceId; cca2: string; id: number | undefined; values: FormValues; xmin: string | undefined }>(
      async ({ input }) => {
        const { api } = resourceOf(input.resource);
        if (input.id === undefined) {
          if (!api.create) throw new Error(`${input.resource} cannot be created`);
          return api.create(input.cca2, input.values) as Promise<Row>;
        }
        return api.update(input.cca2, input.id, input.values, input.xmin ?? '') as Promise<Row>;
      },
    ),
    deleteRecord: fromPromise<number, { resource: ResourceId; cca2: string; id: number }>(({ input }) => {
      const { api } = resourceOf(input.resource);
      if (!api.remove) throw new Error(`${input.resource} cannot be deleted`);
      return api.remove(input.cca2, [input.id]);
    }),
  },
  guards: {
    isEdit: ({ context }) => context.id !== undefined,
    isInvalid: ({ context }) => Object.keys(validateFields(resourceOf(context.resource).fields, context.values, context.id === undefined ? 'create' : 'edit')).length > 0,
    isConflict: ({ event }) => (event as { error?: unknown }).error instanceof RecordConflict,
    isNotFound: ({ event }) => asApiError((event as { error?: unknown }).error).status === 404,
    createdOpensEdit: ({ context }) => context.id === undefined && resourceOf(context.resource).createOpensEdit,
    mayDelete: ({ context }) => context.id !== undefined && resourceOf(context.resource).api.remove !== undefined,
  },
  actions: {
    useRecord: assign(({ context, event }) => {
      const record = (event as unknown as { output: Row }).output;
      const { fields } = resourceOf(context.resource);
      return { record, values: initialValues(fields, record), labels: lookupLabels(fields, record), current: undefined, error: undefined, fieldErrors: {} };
    }),
    change: assign({
      values: ({ context, event }) => (event.type === 'form.change' ? { ...context.values, [event.name]: event.value } : context.values),
      labels: ({ context, event }) => {
        if (event.type !== 'form.change' || (event.label === undefined && !(event.name in context.labels))) return context.labels;
        const { [event.name]: _old, ...rest } = context.labels;
        return event.label !== undefined && event.value !== null ? { ...rest, [event.name]: event.label } : rest;
      },
      fieldErrors: ({ context, event }) => {
        if (event.type !== 'form.change' || !(event.name in context.fieldErrors)) return context.fieldErrors;
        const { [event.name]: _removed, ...rest } = context.fieldErrors;
        return rest;
      },
    }),
    showFieldErrors: assign({
      fieldErrors: ({ context }) => validateFields(resourceOf(context.resource).fields, context.values, context.id === undefined ? 'create' : 'edit'),
    }),
    storeError: assign({
      error: ({ event }) => asApiError((event as { error?: unknown }).error),
      fieldErrors: ({ context, event }) => {
        const errors = asApiError((event as { error?: unknown }).error).errors ?? {};
        return { ...context.fieldErrors, ...Object.fromEntries(Object.entries(errors).map(([name, list]) => [name, list[0] ?? ''])) };
      },
    }),
    notifyError: ({ system, event }) => notifications(system)?.send({ type: 'notify.error', error: asApiError((event as { error?: unknown }).error) }),
    storeConflict: assign({ current: ({ event }) => ((event as { error?: unknown }).error as RecordConflict<Row>).current }),
    keepMine: assign({ record: ({ context }) => context.current, current: undefined }),
    takeCurrent: assign(({ context }) => ({
      record: context.current,
      values: initialValues(resourceOf(context.resource).fields, context.current),
      labels: lookupLabels(resourceOf(context.resource).fields, context.current),
      current: undefined,
    })),
    notifyCreated: ({ system }) => notifications(system)?.send({ type: 'notify.success', text: SUCCESS_TEXTS.created }),
    notifyUpdated: ({ system }) => notifications(system)?.send({ type: 'notify.success', text: SUCCESS_TEXTS.updated }),
    notifyDeleted: ({ system, context, event }) => {
      const count = (event as unknown as { output: number }).output;
      const text = resourceOf(context.resource).deletedText?.(count) ?? SUCCESS_TEXTS.deleted;
      notifications(system)?.send({ type: 'notify.success', text });
    },
    openCreated: emit(({ context, event }) => ({ type: 'form.navigate', to: editPath(context.resource, (event as unknown as { output: Row }).output.id) }) as const),
    backToList: emit(({ context }) => ({ type: 'form.navigate', to: resourceOf(context.resource).routes.list }) as const),
    reportNotFound: emit({ type: 'form.notFound' } as const),
  },
}).createMachine({
  id: 'form',
  description: 'An add or edit form: load, edit, validate, save with xmin; a conflict shows both versions; delete asks first.',
  context: ({ input }) => ({
    resource: input.resource,
    cca2: input.cca2,
    id: input.id,
    record: undefined,
    values: initialValues(resourceOf(input.resource).fields),
    labels: {},
    fieldErrors: {},
    current: undefined,
    error: undefined,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isEdit', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      description: 'The record is being read (edit screen).',
      tags: ['loading'],
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ resource: context.resource, cca2: context.cca2, id: context.id! }),
        onDone: { target: 'editing', actions: 'useRecord' },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'loadFailed', actions: ['storeError', 'notifyError'] },
        ],
      },
    },
    loadFailed: {
      description: 'The record could not be read.',
      on: { 'form.retry': 'loading' },
    },
    notFound: {
      description: 'No such record within the user\'s scope: the view goes to /404.',
      entry: 'reportNotFound',
    },
    editing: {
      description: 'The user edits; Save validates first and shows each field\'s message.',
      on: {
        'form.change': { actions: 'change' },
        'form.submit': [
          { guard: 'isInvalid', actions: 'showFieldErrors' },
          { target: 'saving' },
        ],
        'form.delete': { guard: 'mayDelete', target: 'confirmingDelete' },
      },
    },
    saving: {
      description: 'Create, or update with the xmin the edit started from.',
      tags: ['busy'],
      invoke: {
        id: 'saveRecord',
        src: 'saveRecord',
        input: ({ context }) => ({ resource: context.resource, cca2: context.cca2, id: context.id, values: context.values, xmin: context.record?.xmin }),
        onDone: [
          { guard: 'createdOpensEdit', target: 'created', actions: ['notifyCreated', 'openCreated'] },
          { guard: 'isEdit', target: 'editing', actions: ['useRecord', 'notifyUpdated'] },
          { target: 'created', actions: ['notifyCreated', 'backToList'] },
        ],
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: 'storeConflict' },
          { target: 'editing', actions: ['storeError', 'notifyError'] },
        ],
      },
    },
    conflict: {
      description: 'Someone saved first: the user\'s edit and the current version side by side; keep mine (saved over it) or take theirs.',
      on: {
        'form.keepMine': { target: 'saving', actions: 'keepMine' },
        'form.takeCurrent': { target: 'editing', actions: 'takeCurrent' },
        'form.change': { actions: 'change' },
      },
    },
    confirmingDelete: {
      description: 'The confirm dialog (No / Yes).',
      on: { 'form.confirmNo': 'editing', 'form.confirmYes': 'deleting' },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteRecord',
        src: 'deleteRecord',
        input: ({ context }) => ({ resource: context.resource, cca2: context.cca2, id: context.id! }),
        onDone: { target: 'deleted', actions: ['notifyDeleted', 'backToList'] },
        onError: { target: 'editing', actions: ['storeError', 'notifyError'] },
      },
    },
    created: {
      description: 'Created: the screen moves on (the new record\'s edit screen or the list).',
      type: 'final',
    },
    deleted: {
      description: 'Deleted: back to the list.',
      type: 'final',
    },
  },
});
