import { assign, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import { toCents } from '../../lib/money';
import { canCancelRateUpload } from '../../lib/statuses';
import { notifySuccess } from '../shared/shared.actions';
import type { RateUpload, RateUploadDraft, RateUploadRowSchema, RateUploadUpdate, RowCallInput, RowSaveInput } from './rate-upload-row.types';

const text = (value: string | number | null) => (value === null ? '' : String(value));

export const EMPTY_DRAFT: RateUploadDraft = { name: '', slaType: '', parcelTypeId: '', rateType: '', dayOfWeekType: '', pricingTier: '', startKmRange: '', endKmRange: '', newPrice: '' };

export function draftOf(row: RateUpload): RateUploadDraft {
  return {
    name: text(row.name), slaType: text(row.slaType), parcelTypeId: text(row.parcelTypeId), rateType: text(row.rateType), dayOfWeekType: text(row.dayOfWeekType),
    pricingTier: text(row.pricingTier), startKmRange: text(row.startKmRange), endKmRange: text(row.endKmRange),
    newPrice: row.newPrice === null ? '' : (row.newPrice / 100).toFixed(2),
  };
}

const whole = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : null);
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The PUT body: blanks as null, so the server answers the 002 section 5 messages for what is still missing. */
export function updateOf(draft: RateUploadDraft, xmin: string): RateUploadUpdate {
  const price = draft.newPrice.trim();
  return {
    name: orNull(draft.name), slaType: orNull(draft.slaType), rateType: orNull(draft.rateType), dayOfWeekType: orNull(draft.dayOfWeekType),
    pricingTier: orNull(draft.pricingTier), parcelTypeId: whole(draft.parcelTypeId), startKmRange: whole(draft.startKmRange), endKmRange: whole(draft.endKmRange),
    newPrice: /^\d+([.,]\d{1,2})?$/.test(price) ? toCents(price) : null, xmin,
  };
}

/**
 * "Update rate upload" (002 section 2): one row of a batch, corrected (the server validates it again and answers
 * its remaining errors) or cancelled after "This action cannot be undone. Are you sure you want to cancel rate
 * upload #{id}?" — both only while the row may still change (below in progress, not cancelled, no rate made).
 */
export const rateUploadRowMachine = setup({
  types: {} as RateUploadRowSchema,
  actors: {
    loadRow: fromPromise<RateUpload, RowCallInput>(async ({ input: { cca2, id } }) => {
      const { data } = await api.connect.GET('/uploadbatches/{cca2}/Uploads/Rate/{id}', { params: { path: { cca2, id } } });
      return data!;
    }),
    saveRow: fromPromise<RateUpload, RowSaveInput>(async ({ input: { cca2, id, body } }) => {
      const { data } = await api.connect.PUT('/uploadbatches/{cca2}/uploads/Rate/{id}', { params: { path: { cca2, id } }, body });
      return data!;
    }),
    cancelRow: fromPromise<RateUpload, RowCallInput>(async ({ input: { cca2, id } }) => {
      const { data } = await api.connect.DELETE('/uploadbatches/{cca2}/Rate/{id}', { params: { path: { cca2, id } } });
      return data!;
    }),
  },
  actions: {
    useRow: assign((_, row: RateUpload) => ({ row, draft: draftOf(row), error: undefined })),
    fail: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error) })),
    notifySaved: ({ system }) => notifySuccess({ system }, { text: 'Rate upload updated.' }),
  },
  guards: {
    changeable: ({ context }) => context.row !== undefined && canCancelRateUpload(context.row.uploadStatusId, context.row.rateCreated),
  },
}).createMachine({
  id: 'rateUploadRow',
  description: 'One rate upload row: correct it (validated again on the server) or cancel it after a confirmation.',
  context: ({ input }) => ({ cca2: input.cca2, id: input.id, row: undefined, draft: EMPTY_DRAFT, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadRow',
        src: 'loadRow',
        input: ({ context }) => ({ cca2: context.cca2, id: context.id }),
        onDone: { target: 'editing', actions: { type: 'useRow', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { description: 'The row could not be read (gone, or not of this portal).' },
    editing: {
      description: 'The fields with their errors from the server; Save and Cancel upload while the row may change.',
      on: {
        'row.change': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }) }) },
        'row.save': { guard: 'changeable', target: 'saving' },
        'row.cancelUpload': { guard: 'changeable', target: 'confirmingCancel' },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'saveRow',
        src: 'saveRow',
        input: ({ context }) => ({ cca2: context.cca2, id: context.id, body: updateOf(context.draft, context.row!.xmin) }),
        onDone: { target: 'editing', actions: [{ type: 'useRow', params: ({ event }) => event.output }, 'notifySaved'] },
        onError: { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmingCancel: {
      description: 'The confirm dialog: "This action cannot be undone. Are you sure you want to cancel rate upload #{id}?"',
      on: { 'row.confirmNo': 'editing', 'row.confirmYes': 'cancelling' },
    },
    cancelling: {
      tags: 'busy',
      invoke: {
        id: 'cancelRow',
        src: 'cancelRow',
        input: ({ context }) => ({ cca2: context.cca2, id: context.id }),
        onDone: { target: 'editing', actions: { type: 'useRow', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
