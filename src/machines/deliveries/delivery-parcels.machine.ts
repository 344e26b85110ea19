import { assign, emit, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError, type ApiError } from '../../api/api-error';
import { validateParcels } from '../../lib/booking-rules';
import { SUCCESS_TEXTS } from '../../lib/error-catalogue';
import { errorParams, notifySuccess } from '../shared/shared.actions';
import type { DeliveryParcelsSchema, DeliveryParcel, ParcelDraft, SaveParcelsInput } from './delivery-parcels.types';

const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

const draftOf = (parcel: DeliveryParcel): ParcelDraft => ({
  id: parcel.id, name: parcel.name, parcelTypeId: parcel.parcelTypeId ?? null, deliveryItemName: text(parcel.deliveryItemName),
  length: text(parcel.length), width: text(parcel.width), height: text(parcel.height), weight: text(parcel.weight),
  description: text(parcel.description), barCode: text(parcel.barCode), isFragile: parcel.isFragile,
});

const numberOf = (value: string): number | null => (value.trim() === '' ? null : Number(value));
const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The body's parcels (BookingParcel): cm and kg as numbers; blank optional texts as null. */
export function parcelsOf(drafts: readonly ParcelDraft[]) {
  return drafts.map((draft) => ({
    id: draft.id, name: draft.name, parcelType: draft.parcelTypeId, deliveryItemName: orNull(draft.deliveryItemName),
    length: numberOf(draft.length), width: numberOf(draft.width), height: numberOf(draft.height), weight: numberOf(draft.weight),
    description: orNull(draft.description), barCode: orNull(draft.barCode), isFragile: draft.isFragile,
  }));
}

/** The server's field errors (400/422 envelope) as one message per key. */
const fieldErrorsOf = (error: ApiError): Record<string, string> =>
  Object.fromEntries(Object.entries(error.errors ?? {}).map(([key, messages]) => [key, messages[0] ?? error.message]));

/**
 * The parcels of a booked delivery on its edit screen (issue 6: editable only when the status is at or above
 * Ready, not Delivered, and the caller permitted — the screen offers "Edit parcels" only then, and the server
 * checks again). Saves through booking's updateparceldetails with the delivery's xmin; the booking rules
 * validate first with the messages naming the field.
 */
export const deliveryParcelsMachine = setup({
  types: {} as DeliveryParcelsSchema,
  actors: {
    saveParcels: fromPromise<void, SaveParcelsInput>(async ({ input }) => {
      await api.connect.PUT('/deliveries/updateparceldetails/{cca2}/{id}', {
        params: { path: { cca2: input.cca2, id: input.id } },
        body: { deliveryId: input.id, xmin: input.xmin, deliveryItems: parcelsOf(input.drafts) },
      });
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(validateParcels(parcelsOf(context.drafts))).length === 0,
    hasFieldErrors: (_, params: { error: unknown }) => Object.keys(asApiError(params.error).errors ?? {}).length > 0,
  },
  actions: {
    validate: assign({ errors: ({ context }) => validateParcels(parcelsOf(context.drafts)) }),
    notifyUpdated: ({ system }) => notifySuccess({ system }, { text: SUCCESS_TEXTS.updated }),
  },
}).createMachine({
  id: 'deliveryParcels',
  description: 'The parcels of a booked delivery: shown, edited with the booking rules\' validation, saved with the delivery\'s version.',
  context: ({ input }) => ({ ...input, drafts: input.parcels.map(draftOf), errors: {}, error: undefined }),
  initial: 'viewing',
  states: {
    viewing: {
      description: 'The parcels are shown; "Edit parcels" where the status and the caller allow it.',
      on: { 'parcels.edit': { target: 'editing', actions: assign({ drafts: ({ context }) => context.parcels.map(draftOf), errors: {} }) } },
    },
    editing: {
      description: 'Each parcel\'s name, dimensions (cm), weight (kg), description, barcode and fragile flag are edited; Save validates first.',
      on: {
        'parcels.change': {
          actions: assign({
            drafts: ({ context, event }) => context.drafts.map((draft, index) => (index === event.index ? { ...draft, [event.field]: event.value } : draft)),
          }),
        },
        'parcels.cancel': { target: 'viewing', actions: assign({ errors: {} }) },
        'parcels.save': [
          { guard: 'valid', target: 'saving', actions: assign({ errors: {} }) },
          { actions: 'validate' },
        ],
      },
    },
    saving: {
      description: 'updateparceldetails with the delivery\'s xmin.',
      tags: ['busy'],
      invoke: {
        id: 'saveParcels',
        src: 'saveParcels',
        input: ({ context }) => ({ cca2: context.cca2, id: context.id, xmin: context.xmin, drafts: context.drafts }),
        onDone: { target: 'viewing', actions: ['notifyUpdated', emit({ type: 'parcels.saved' as const })] },
        onError: [
          // The server's own field errors (the same rules) go beside the fields.
          { guard: { type: 'hasFieldErrors', params: errorParams }, target: 'editing', actions: assign({ errors: ({ event }) => fieldErrorsOf(asApiError(event.error)) }) },
          { target: 'failed', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
        ],
      },
    },
    failed: {
      description: 'The server refused (409: changed by someone else, or the status no longer allows it); the edits stay until dismissed.',
      on: { 'parcels.dismiss': { target: 'editing', actions: assign({ error: undefined }) } },
    },
  },
});
