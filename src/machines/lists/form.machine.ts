import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { SUCCESS_TEXTS } from '../../lib/error-catalogue';
import { resourceOf } from '../../resources';
import { RecordConflict, type FieldDef, type FormValues, type ResourceId } from '../../resources/types';
import { initialValues, validateFields } from '../../resources/validation';
import { errorParams, notifyError, notifySuccess, outputParams } from '../shared/shared.actions';
import type { FormSchema, Row } from './form.types';

/** The names of a record's lookup values, read from each lookup's `nameField`. */
export function lookupLabels(fields: readonly FieldDef[], record?: Record<string, unknown>): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const field of fields) {
    const name = field.kind === 'lookup' && field.nameField ? record?.[field.nameField] : undefined;
    if (typeof name === 'string' && name !== '' && record?.[field.name] !== null && record?.[field.name] !== undefined) labels[field.name] = name;
  }
  return labels;
}

/** A changed field's lookup label: set with the new label, dropped when the value is cleared or has none. */
function changedLabels(labels: Record<string, string>, change: { name: string; value: unknown; label?: string }): Record<string, string> {
  if (change.label === undefined && !(change.name in labels)) return labels;
  const { [change.name]: _old, ...rest } = labels;
  return change.label !== undefined && change.value !== null ? { ...rest, [change.name]: change.label } : rest;
}

/** The field's message goes once the field changes. */
function without(errors: Record<string, string>, name: string): Record<string, string> {
  if (!(name in errors)) return errors;
  const { [name]: _removed, ...rest } = errors;
  return rest;
}

const editPath = (resource: ResourceId, id: number) => resourceOf(resource).routes.edit.replace(':id', String(id));

export const formMachine = setup({
  types: {} as FormSchema,
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
    isConflict: (_, params: { error: unknown }) => params.error instanceof RecordConflict,
    isNotFound: (_, params: { error: unknown }) => asApiError(params.error).status === 404,
    createdOpensEdit: ({ context }) => context.id === undefined && resourceOf(context.resource).createOpensEdit,
    mayDelete: ({ context }) => context.id !== undefined && resourceOf(context.resource).api.remove !== undefined,
  },
  actions: {
    useRecord: assign(({ context }, record: Row) => {
      const { fields } = resourceOf(context.resource);
      return { record, values: initialValues(fields, record), labels: lookupLabels(fields, record), current: undefined, error: undefined, fieldErrors: {} };
    }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      return { values: { ...context.values, [event.name]: event.value }, labels: changedLabels(context.labels, event), fieldErrors: without(context.fieldErrors, event.name) };
    }),
    showFieldErrors: assign({
      fieldErrors: ({ context }) => validateFields(resourceOf(context.resource).fields, context.values, context.id === undefined ? 'create' : 'edit'),
    }),
    storeError: assign(({ context }, params: { error: unknown }) => {
      const error = asApiError(params.error);
      const errors = error.errors ?? {};
      return { error, fieldErrors: { ...context.fieldErrors, ...Object.fromEntries(Object.entries(errors).map(([name, list]) => [name, list[0] ?? ''])) } };
    }),
    notifyError,
    // Only after the isConflict guard: the error is a RecordConflict.
    storeConflict: assign((_, params: { error: unknown }) => ({ current: (params.error as RecordConflict<Row>).current })),
    keepMine: assign({ record: ({ context }) => context.current, current: undefined }),
    takeCurrent: assign(({ context }) => ({
      record: context.current,
      values: initialValues(resourceOf(context.resource).fields, context.current),
      labels: lookupLabels(resourceOf(context.resource).fields, context.current),
      current: undefined,
    })),
    notifyCreated: ({ system }) => notifySuccess({ system }, { text: SUCCESS_TEXTS.created }),
    notifyUpdated: ({ system }) => notifySuccess({ system }, { text: SUCCESS_TEXTS.updated }),
    notifyDeleted: ({ system, context }, params: { count: number }) => {
      notifySuccess({ system }, { text: resourceOf(context.resource).deletedText?.(params.count) ?? SUCCESS_TEXTS.deleted });
    },
    openCreated: emit(({ context }, record: Row) => ({ type: 'form.navigate', to: editPath(context.resource, record.id) }) as const),
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
        onDone: { target: 'editing', actions: { type: 'useRecord', params: outputParams } },
        onError: [
          { guard: { type: 'isNotFound', params: errorParams }, target: 'notFound' },
          { target: 'loadFailed', actions: [{ type: 'storeError', params: errorParams }, { type: 'notifyError', params: errorParams }] },
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
          { guard: 'createdOpensEdit', target: 'created', actions: ['notifyCreated', { type: 'openCreated', params: outputParams }] },
          { guard: 'isEdit', target: 'editing', actions: [{ type: 'useRecord', params: outputParams }, 'notifyUpdated'] },
          { target: 'created', actions: ['notifyCreated', 'backToList'] },
        ],
        onError: [
          { guard: { type: 'isConflict', params: errorParams }, target: 'conflict', actions: { type: 'storeConflict', params: errorParams } },
          { target: 'editing', actions: [{ type: 'storeError', params: errorParams }, { type: 'notifyError', params: errorParams }] },
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
        onDone: { target: 'deleted', actions: [{ type: 'notifyDeleted', params: ({ event }) => ({ count: event.output }) }, 'backToList'] },
        onError: { target: 'editing', actions: [{ type: 'storeError', params: errorParams }, { type: 'notifyError', params: errorParams }] },
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
