import { assign, setup } from 'xstate';
import { canUseMyDetails as myDetailsRule } from '../../lib/booking-rules';
import { DEFAULT_CONTACT_COUNTRY } from '../../lib/shell-constants';
import { internationalPhone, splitPhone } from '../../lib/phone-countries';
import { problemText } from './booking.errors';
import { saveAdditional, saveDestination, saveOrigin, type ContactDetails } from './booking.actors';
import type { BookingViewer, Quote } from './booking.model';
import { validateContact } from './booking.validation';
import type { DetailsSchema, DetailsOutput, ContactValues, AdditionalValues, ContactSide, ContactField, DetailsContext, DetailsEvent } from './details.types';

/** The store on a side of the delivery (001 section 3: originStore / destinationStore), whose contact 'my details' copies. */
function storeOn(quote: Quote, side: ContactSide) {
  return (quote[`${side}StoreId`] ?? 0) > 0 ? quote[`${side}Store`] ?? null : null;
}

/**
 * 001 section 2: 'my details' needs a confirmed phone number or a store — the delivery's store on this side, or
 * the signed-in store user's own store.
 */
export function canUseMyDetails(context: Pick<DetailsContext, 'quote' | 'viewer'>, side: ContactSide): boolean {
  const storeId = storeOn(context.quote, side) ? context.quote[`${side}StoreId`] : context.viewer.permissions.storeId;
  return myDetailsRule(context.viewer.permissions.phoneNumberConfirmed, storeId);
}

/** What 'my details' copies: the contact of the store on this side when there is one (001 section 2), else the user's. */
function myDetails(context: Pick<DetailsContext, 'quote' | 'viewer'>, side: ContactSide): Pick<ContactValues, 'contactName' | 'contactCountry' | 'phoneNumber' | 'buildingName' | 'buildingUnit'> {
  const { viewer } = context;
  const store = storeOn(context.quote, side);
  const country = viewer.profile?.contactCountryCode || DEFAULT_CONTACT_COUNTRY;
  const source = store
    ? { name: store.contactName ?? store.storeName ?? '', phone: store.phoneNumber ?? '', building: '', unit: '' }
    : { name: [viewer.profile?.firstName, viewer.profile?.lastName].filter(Boolean).join(' '), phone: viewer.profile?.phoneNumber ?? '', building: viewer.profile?.unitName ?? '', unit: viewer.profile?.unitNumber ?? '' };
  const phone = splitPhone(source.phone, country);
  return { contactName: source.name, contactCountry: phone.country, phoneNumber: phone.national, buildingName: source.building ?? '', buildingUnit: source.unit ?? '' };
}

const CLEARED = { contactName: '', phoneNumber: '', buildingName: '', buildingUnit: '' } as const;

function sideFromQuote(quote: Quote, side: ContactSide, viewer: BookingViewer): ContactValues {
  const name = quote[`${side}ContactName`];
  const phone = splitPhone(quote[`${side}PhoneNumber`], DEFAULT_CONTACT_COUNTRY);
  const values: ContactValues = {
    contactName: name ?? '', contactCountry: phone.country, phoneNumber: phone.national,
    buildingName: quote[`${side}BuildingName`] ?? '', buildingUnit: quote[`${side}BuildingUnit`] ?? '', remarks: quote[`${side}Remarks`] ?? '',
    addressType: 'residential', sameAsUser: false,
  };
  // Origin same-as-user defaults to true (001 section 3) where the user may use it and nothing is saved yet.
  if (side === 'origin' && !name && canUseMyDetails({ quote, viewer }, side)) return { ...values, ...myDetails({ quote, viewer }, side), sameAsUser: true };
  return values;
}

/** The contact of updateorigindetails / updatedestinationdetails: the phone normalised to international form. */
export function contactRequest(values: ContactValues): ContactDetails {
  return {
    AddressType: values.addressType,
    ContactName: values.contactName.trim(),
    ContactCountry: values.contactCountry,
    PhoneNumber: values.phoneNumber.trim() ? internationalPhone(values.contactCountry, values.phoneNumber) : '',
    BuildingName: values.buildingName.trim() || null,
    BuildingUnit: values.buildingUnit.trim() || null,
    Remarks: values.remarks.trim() || null,
    ContactDetailsSameAsUser: values.sameAsUser,
  };
}

/**
 * 001 sections 4 and 5: the name, the country and the phone are there and the phone matches the pattern, and the
 * phone normalised to its international form (what updateorigindetails receives) is a number too.
 */
export function contactReady(values: ContactValues): boolean {
  return Object.keys(validateContact(values)).length === 0 && contactRequest(values).PhoneNumber !== '';
}

const onDelivery = (context: DetailsContext) => ({ cca2: context.viewer.cca2, deliveryId: context.quote.deliveryId, xmin: context.quote.xmin });

/** A contact sub-step takes edits (and 'my details') of its own side only: the other side is not on screen. */
function editing(side: ContactSide) {
  type Edit = Extract<DetailsEvent, { type: 'details.edit' }>;
  type MyDetails = Extract<DetailsEvent, { type: 'details.myDetails' }>;
  return {
    'details.edit': { guard: ({ event }: { event: Edit }) => event.side === side, actions: { type: 'edit' as const, params: ({ event }: { event: Edit }) => event } },
    'details.myDetails': {
      // The checkbox toggles: an event that would not change it is none a user can send.
      guard: ({ context, event }: { context: DetailsContext; event: MyDetails }) =>
        event.side === side && event.checked !== context[side].sameAsUser && canUseMyDetails(context, side),
      actions: { type: 'myDetails' as const, params: ({ event }: { event: MyDetails }) => event },
    },
  };
}

const failed = { target: 'failed', actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } } as const;

/**
 * Step 4 of the wizard (001 sections 2, 4, 5): Pick-up → Drop-off → Additional details (optional). A contact
 * sub-step proceeds only with a name, a country and a valid phone (normalised first); each is saved on the
 * server and the next sub-step opens only when that succeeded. 'My details' fills and clears the fields.
 */
export const detailsMachine = setup({
  types: {} as DetailsSchema,
  actors: { saveOrigin, saveDestination, saveAdditional },
  actions: {
    edit: assign(({ context }, params: { side: ContactSide; field: ContactField; value: string }) => ({
      [params.side]: { ...context[params.side], [params.field]: params.value },
    })),
    editAdditional: assign(({ context }, params: { field: keyof AdditionalValues; value: string }) => ({
      additional: { ...context.additional, [params.field]: params.value },
    })),
    myDetails: assign(({ context }, params: { side: ContactSide; checked: boolean }) => ({
      [params.side]: params.checked
        ? { ...context[params.side], ...myDetails(context, params.side), sameAsUser: true }
        : { ...context[params.side], ...CLEARED, sameAsUser: false },
    })),
    reject: assign(({ context }, params: { side: ContactSide }) => ({ errors: validateContact(context[params.side]), problem: null })),
    clear: assign({ errors: {}, problem: null }),
    saved: assign((_, params: { quote: Quote }) => ({ quote: params.quote, errors: {}, problem: null })),
    fail: assign((_, params: { error: unknown }) => ({ problem: problemText(params.error) })),
  },
  guards: {
    // 001 section 4: a sub-step proceeds only with phone, country and name, the phone normalised first.
    valid: ({ context }, params: { side: ContactSide }) => contactReady(context[params.side]),
  },
}).createMachine({
  id: 'details',
  description: 'Wizard step 4: pick-up, drop-off and additional contact details, each saved before the next opens.',
  context: ({ input }) => ({
    quote: input.quote,
    viewer: input.viewer,
    origin: sideFromQuote(input.quote, 'origin', input.viewer),
    destination: sideFromQuote(input.quote, 'destination', input.viewer),
    additional: { orderReference: input.quote.orderReference ?? '', customerIdentifier: input.quote.customerIdentifier ?? '' },
    errors: {},
    problem: null,
    wentBack: false,
  }),

  initial: 'pickUp',
  states: {
    pickUp: {
      description: 'Sub-step 1: the pick-up contact.',
      initial: 'editing',
      states: {
        editing: {},
        invalid: { description: 'Name, country or phone missing or wrong: the messages show by the fields.' },
        failed: { description: 'The server refused the details: its message shows and the sub-step stays.' },
        saving: {
          tags: ['busy'],
          // The fields are disabled while saving: edits are ignored, and Back waits for the answer.
          on: { 'details.edit': {}, 'details.myDetails': {}, 'details.back': {} },
          invoke: {
            id: 'saveOrigin',
            src: 'saveOrigin',
            input: ({ context }) => ({ ...onDelivery(context), contact: contactRequest(context.origin) }),
            onDone: { target: '#details.dropOff', actions: { type: 'saved', params: ({ event }) => ({ quote: event.output }) } },
            onError: failed,
          },
        },
      },
      on: {
        'details.submit': [
          { guard: { type: 'valid', params: { side: 'origin' } }, target: '.saving', actions: 'clear' },
          { target: '.invalid', actions: { type: 'reject', params: { side: 'origin' } } },
        ],
        ...editing('origin'),
        // Back on the first sub-step leaves the sub-chart: the wizard goes back to Quotes.
        'details.back': { target: 'exited', actions: assign({ wentBack: true }) },
      },
    },
    dropOff: {
      description: 'Sub-step 2: the drop-off contact.',
      initial: 'editing',
      states: {
        editing: {},
        invalid: { description: 'Name, country or phone missing or wrong.' },
        failed: { description: 'The server refused the details; advancing only without a server error.' },
        saving: {
          tags: ['busy'],
          // The fields are disabled while saving: edits are ignored, and Back waits for the answer.
          on: { 'details.edit': {}, 'details.myDetails': {}, 'details.back': {} },
          invoke: {
            id: 'saveDestination',
            src: 'saveDestination',
            input: ({ context }) => ({ ...onDelivery(context), contact: contactRequest(context.destination) }),
            onDone: { target: '#details.additional', actions: { type: 'saved', params: ({ event }) => ({ quote: event.output }) } },
            onError: failed,
          },
        },
      },
      on: {
        'details.submit': [
          { guard: { type: 'valid', params: { side: 'destination' } }, target: '.saving', actions: 'clear' },
          { target: '.invalid', actions: { type: 'reject', params: { side: 'destination' } } },
        ],
        ...editing('destination'),
        'details.back': { target: 'pickUp', actions: 'clear' },
      },
    },
    additional: {
      description: 'Sub-step 3 (optional): order reference and customer identifier.',
      initial: 'editing',
      states: {
        editing: {},
        failed: { description: 'Saving failed: the message shows.' },
        saving: {
          tags: ['busy'],
          on: { 'details.editAdditional': {}, 'details.back': {} },
          invoke: {
            id: 'saveAdditional',
            src: 'saveAdditional',
            input: ({ context }) => ({
              ...onDelivery(context),
              orderReference: context.additional.orderReference.trim() || null,
              customerIdentifier: context.additional.customerIdentifier.trim() || null,
            }),
            onDone: { target: '#details.done', actions: { type: 'saved', params: ({ event }) => ({ quote: event.output }) } },
            onError: failed,
          },
        },
      },
      on: {
        'details.editAdditional': { actions: { type: 'editAdditional', params: ({ event }) => event } },
        'details.submit': { target: '.saving', actions: 'clear' },
        'details.back': { target: 'dropOff', actions: 'clear' },
      },
    },
    done: { type: 'final', description: 'All three saved: the wizard moves to Accept.' },
    exited: { type: 'final', description: 'Back from Pick-up: the wizard returns to Quotes.' },
  },
  output: ({ context }): DetailsOutput => (context.wentBack ? { result: 'back' } : { result: 'saved', quote: context.quote }),
});

