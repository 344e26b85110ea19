import { assertEvent, assign, not, sendTo, setup, type SnapshotFrom } from 'xstate';
import { DEFAULT_DELIVERY_TIME } from '../../lib/constants';
import { BOOKING_TEXTS, VALIDATION_TEXTS } from '../../lib/error-catalogue';
import { isWizardPaymentStatus, PAYMENT_STATUS } from '../../lib/statuses';
import {
  acceptQuote, createQuote, getQuote, loadParcelTypes, loadTimeSlots, reattempt, selectQuote, setTimeSlot, updateParcels, updateQuote,
} from './booking.actors';
import { problemText } from './booking.errors';
import { CUSTOM_PARCEL_TYPE, type BookingViewer, type DeliveryFormValues, type Parcel, type ParcelType, type Quote, type TimeSlot } from './booking.model';
import { deliveryStepMachine } from './delivery-step.machine';
import { detailsMachine } from './details.machine';
import type { DetailsOutput } from './details.types';
import { payMachine } from './pay.machine';
import { validateDelivery, validateParcels, validateQuoteChoice } from './booking.validation';
import { errorParams, outputParams } from '../shared/shared.actions';
import type { WizardSchema, WizardContext, StepOutput } from './wizard.types';

import type { AddressSide } from './delivery-step.types';

export type { AddressSide };

/** A new booking's form; a user whose token has a storeId starts with the store as the pick-up store (001 section 2). */
function emptyForm(viewer: BookingViewer): DeliveryFormValues {
  return {
    originAddress: null, destinationAddress: null, deliveryDate: '', deliveryTime: DEFAULT_DELIVERY_TIME, isRoundTrip: false,
    originStoreId: viewer.permissions.storeId ?? null, destinationStoreId: null,
  };
}

const STEP_STATES = ['delivery', 'parcels', 'quotes', 'details', 'accept', 'pay'] as const;

/** The step a reopened delivery continues at, from its payment status (ours: the spec does not say). */
export function resumeStep(quote: Quote): number {
  const status = quote.paymentStatusId;
  if (status >= PAYMENT_STATUS.PAYMENT_PENDING) return 5;
  if (status >= PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE) return 4;
  if (status >= PAYMENT_STATUS.DETAILS_OUTSTANDING) return 3;
  if (status >= PAYMENT_STATUS.NOT_SELECTED) return 2;
  return 1;
}

/**
 * Where a loaded delivery opens: the step the step prop asked for while the quote had no data (001 section 4),
 * unless that step is later than the delivery's progress allows (ours: a later step needs the earlier calls).
 */
export function landingStep(quote: Quote, requested: number | null): number {
  const resume = resumeStep(quote);
  return requested !== null && requested >= 0 && requested <= resume ? requested : resume;
}

function formOf(quote: Quote): DeliveryFormValues {
  const date = quote.readyForCollectionDateOnlyUtc ?? '';
  return {
    originAddress: quote.originAddress ?? null,
    destinationAddress: quote.destinationAddress ?? null,
    deliveryDate: date,
    deliveryTime: quote.readyForCollectionTimeSlotLocal ?? DEFAULT_DELIVERY_TIME,
    isRoundTrip: quote.isRoundTrip,
    originStoreId: quote.originStoreId ?? null,
    destinationStoreId: quote.destinationStoreId ?? null,
  };
}

function quoteOf(output: StepOutput | undefined): Quote | null {
  if (!output) return null;
  if ('deliveryId' in output) return output;
  return 'quote' in output ? output.quote : null;
}

const stepQuote = ({ event }: { event: { output: StepOutput } }) => ({ quote: quoteOf(event.output) });

/**
 * A saved step: the quote is kept and the wizard heads for step `step`; `steps.saved` then shows the success
 * summary once paid, 'Delivery failed' out of range, else that step.
 */
function advance(step: number) {
  return { target: '#wizard.steps.saved', actions: [{ type: 'setQuote' as const, params: stepQuote }, { type: 'setPending' as const, params: { step } }] };
}

const serverError = { target: 'failed', actions: { type: 'fail', params: errorParams } } as const;

/**
 * While a step's call runs, Back and the step buttons do nothing (the view disables them: `canGoBack`,
 * `canGoToStep`); leaving would drop the call's answer. Closing the wizard still works. (Step 1 has no Back.)
 */
const WHILE_BUSY_ON_DELIVERY = { 'step.goto': {}, 'wizard.step': {} } as const;
const WHILE_BUSY = { ...WHILE_BUSY_ON_DELIVERY, 'step.back': {} } as const;

/**
 * The booking wizard (001 sections 2 and 4): Delivery, Parcels, Quotes, Details, Accept, Pay. Submitting a
 * step issues that step's call and advances only on success; a server error keeps the current step.
 * Details and Pay are sub-charts of their own. A paid delivery shows the success summary; one whose
 * payment status is outside ITEMS_OUTSTANDING..PAID shows 'Delivery failed' with a reattempt.
 */
export const wizardMachine = setup({
  types: {} as WizardSchema,
  actors: {
    getQuote, createQuote, updateQuote, updateParcels, selectQuote, setTimeSlot, acceptQuote, reattempt, loadParcelTypes, loadTimeSlots,
    deliveryStep: deliveryStepMachine, details: detailsMachine, pay: payMachine,
  },
  actions: {
    // Never with Details' 'back' (the detailsWentBack guard comes first), so there is a quote.
    setQuote: assign((_, params: { quote: Quote | null }) => {
      const quote = params.quote!;
      return { quote, deliveryId: quote.deliveryId, problem: null, errors: {} };
    }),
    loaded: assign(({ context }, quote: Quote) => {
      const step = landingStep(quote, context.requestedStep);
      return { quote, deliveryId: quote.deliveryId, form: formOf(quote), parcels: quote.deliveryItems ?? [], activeStep: step, pendingStep: step, requestedStep: null };
    }),
    requestStep: assign((_, params: { step: number }) => ({ requestedStep: params.step })),
    setStep: assign((_, params: { step: number }) => ({ activeStep: params.step, pendingStep: params.step })),
    setPending: assign((_, params: { step: number }) => ({ pendingStep: params.step })),
    fail: assign(({ context }, params: { error: unknown }) => ({ problem: problemText(params.error), pendingStep: context.activeStep })),
    clearProblem: assign({ problem: null, errors: {} }),
    paymentFailure: assign(({ context }) => ({
      problem: context.quote?.paymentStatusId === PAYMENT_STATUS.PAYMENT_FAILED
        ? BOOKING_TEXTS.paymentFailed(context.quote.paymentPeachPaymentFailureDescription ?? '')
        : context.problem,
    })),
    editForm: assign(({ context }, params: { values: Partial<DeliveryFormValues> }) => {
      const dateChanged = params.values.deliveryDate !== undefined && params.values.deliveryDate !== context.form.deliveryDate;
      // 001 section 3: deliveryTime defaults to '02:00' on a date change.
      const form = { ...context.form, ...params.values, ...(dateChanged && { deliveryTime: DEFAULT_DELIVERY_TIME }) };
      // A side's address arriving ends its resolve.
      return { form, errors: {}, resolvingSides: context.resolvingSides.filter((side) => !(side in params.values)) };
    }),
    startResolving: assign(({ context }, params: { side: AddressSide }) => ({
      resolvingSides: context.resolvingSides.includes(params.side) ? context.resolvingSides : [...context.resolvingSides, params.side],
    })),
    rejectDelivery: assign(({ context }) => ({ errors: validateDelivery(context.form), problem: null })),
    setParcels: assign((_, params: { parcels: Parcel[] }) => ({ parcels: params.parcels, errors: {} })),
    rejectParcels: assign(({ context }) => ({ errors: { parcels: validateParcels(context.parcels) ?? undefined }, problem: null })),
    rejectQuote: assign({ errors: { quoteId: VALIDATION_TEXTS.selectPreferredQuote }, problem: null }),
    setTimeSlots: assign((_, timeSlots: TimeSlot[] | undefined) => ({ timeSlots: timeSlots ?? [] })),
    setParcelTypes: assign((_, parcelTypes: ParcelType[] | undefined) => ({ parcelTypes: parcelTypes ?? [] })),
    // The time slots of the new date load in the delivery step's lookups.
    dateToLookups: sendTo('deliveryStep', ({ context }) => ({ type: 'delivery.date' as const, date: context.form.deliveryDate })),
    closeDetails: sendTo('details', { type: 'details.back' }),
    clear: assign({ problem: null, errors: {}, quote: null, deliveryId: null }),
  },
  guards: {
    hasDeliveryId: ({ context }) => context.deliveryId !== null,
    // Step 1 creates the quote when there is no quote or deliveryId, otherwise updates it (001 section 4).
    quoteToUpdate: ({ context }) => context.quote !== null && context.deliveryId !== null,
    stepInRange: (_, params: { step: number }) => Number.isInteger(params.step) && params.step >= 0 && params.step < STEP_STATES.length,
    // Every step after Delivery shows (and saves) the quote: without quote data only Delivery can be jumped to.
    noQuote: ({ context }, params: { step: number }) => context.quote === null && params.step === 0,
    earlierStep: ({ context }, params: { step: number }) =>
      Number.isInteger(params.step) && params.step >= 0 && params.step < context.activeStep && context.quote?.paymentStatusId !== PAYMENT_STATUS.PAID,
    quotePaid: ({ context }) => context.quote?.paymentStatusId === PAYMENT_STATUS.PAID,
    quoteOutOfRange: ({ context }) => context.quote === null || !isWizardPaymentStatus(context.quote.paymentStatusId),
    noParcelTypes: ({ context }) => context.parcelTypes.length === 0,
    noTimeSlots: ({ context }) => context.timeSlots.length === 0,
    slotOffered: ({ context, event }) => {
      assertEvent(event, 'quote.timeSlot');
      return context.timeSlots.some((slot) => slot.time === event.deliveryTime);
    },
    detailsWentBack: (_, output: DetailsOutput) => output.result === 'back',
    resolvingAddress: ({ context }) => context.resolvingSides.length > 0,
    invalidDelivery: ({ context }) => Object.keys(validateDelivery(context.form)).length > 0,
    parcelsValid: ({ context }) => validateParcels(context.parcels) === null,
    quoteChosen: ({ event }) => {
      assertEvent(event, 'step.submit');
      return validateQuoteChoice(event.quoteId ?? null) === null;
    },
    dateChanged: ({ context }, params: { values: Partial<DeliveryFormValues> }) =>
      params.values.deliveryDate !== undefined && params.values.deliveryDate !== context.form.deliveryDate,
  },
}).createMachine({
  id: 'wizard',
  description: 'The six-step booking wizard: Delivery, Parcels, Quotes, Details, Accept, Pay.',
  context: ({ input }) => ({
    viewer: input.viewer,
    deliveryId: input.deliveryId ?? null,
    quote: null,
    activeStep: 0,
    pendingStep: 0,
    requestedStep: null,
    form: emptyForm(input.viewer),
    parcels: [],
    errors: {},
    problem: null,
    parcelTypes: [],
    timeSlots: [],
    resolvingSides: [],
  }),
  initial: 'start',
  on: {
    'wizard.close': { target: '.closed', actions: 'clear' },
  },
  states: {
    start: {
      always: [{ guard: 'hasDeliveryId', target: 'loading' }, { target: 'steps' }],
    },
    loading: {
      description: 'Reopening a delivery: the quote has no data yet, a spinner shows.',
      tags: ['loading'],
      // The step prop changed while the quote has no data: the delivery opens on that step once loaded.
      on: {
        'wizard.step': {
          guard: { type: 'stepInRange', params: ({ event }) => ({ step: event.step }) },
          actions: { type: 'requestStep', params: ({ event }) => ({ step: event.step }) },
        },
      },
      invoke: {
        id: 'getQuote',
        src: 'getQuote',
        input: ({ context }) => ({ cca2: context.viewer.cca2, deliveryId: context.deliveryId! }),
        onDone: { target: 'routing', actions: { type: 'loaded', params: outputParams } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: errorParams } },
      },
    },
    loadFailed: {
      description: 'The delivery could not be loaded: the server message shows.',
      on: { 'wizard.reattempt': { target: 'loading', actions: 'clearProblem' } },
    },
    routing: {
      always: [
        { guard: 'quotePaid', target: 'paid' },
        { guard: 'quoteOutOfRange', target: 'failed' },
        { target: 'steps.resume', actions: 'paymentFailure' },
      ],
    },
    steps: {
      description: 'The steps show while the payment status is from ITEMS_OUTSTANDING up to below PAID.',
      initial: 'delivery',
      on: {
        // An earlier step clicked; the step prop (without quote data, only Delivery).
        'step.goto': {
          guard: { type: 'earlierStep', params: ({ event }) => ({ step: event.step }) },
          target: '.resume',
          actions: ['clearProblem', { type: 'setStep', params: ({ event }) => ({ step: event.step }) }],
        },
        'wizard.step': { guard: { type: 'noQuote', params: ({ event }) => ({ step: event.step }) }, target: '.delivery', actions: 'clearProblem' },
      },
      states: {
        // The step the wizard heads for (a reopened delivery's, an earlier one clicked, the next after a save).
        resume: {
          always: STEP_STATES.map((name, index) => ({
            guard: ({ context }: { context: WizardContext }) => context.pendingStep === index,
            target: name,
          })),
        },
        // A step's call answered: the success summary once paid, 'Delivery failed' out of range, else the step it heads for.
        saved: {
          always: [
            { guard: 'quotePaid', target: '#wizard.paid' },
            { guard: 'quoteOutOfRange', target: '#wizard.failed' },
            { target: 'resume' },
          ],
        },
        delivery: {
          description: 'Step 1: addresses, date, time slot and round trip; the lookups run in the delivery step chart.',
          // The lookups start afresh: no resolve of an earlier visit is still running.
          entry: [{ type: 'setStep', params: { step: 0 } }, assign({ resolvingSides: [] })],
          invoke: {
            id: 'deliveryStep',
            src: 'deliveryStep',
            input: ({ context, self }) => ({
              viewer: context.viewer, originAddress: context.form.originAddress, destinationAddress: context.form.destinationAddress,
              originStoreId: context.form.originStoreId ?? null, destinationStoreId: context.form.destinationStoreId ?? null,
              deliveryDate: context.form.deliveryDate, wizard: self,
            }),
          },
          initial: 'editing',
          states: {
            editing: {},
            invalid: {
              description: 'A required field is missing: its message shows until the next edit.',
              on: {
                'delivery.edit': [
                  {
                    guard: { type: 'dateChanged', params: ({ event }) => ({ values: event.values }) },
                    target: 'editing',
                    actions: [{ type: 'editForm', params: ({ event }) => ({ values: event.values }) }, 'dateToLookups'],
                  },
                  { target: 'editing', actions: { type: 'editForm', params: ({ event }) => ({ values: event.values }) } },
                ],
              },
            },
            failed: { description: 'The server refused the quote: its message shows; the step stays.' },
            awaitingAddress: {
              description: 'Next was clicked while an address was being resolved: the submit goes on once it arrives.',
              tags: ['busy'],
              // A second Next adds nothing: the first one is already waiting.
              on: { ...WHILE_BUSY_ON_DELIVERY, 'step.submit': {} },
              always: { guard: not('resolvingAddress'), target: 'submitted' },
            },
            submitted: {
              always: [
                { guard: 'invalidDelivery', target: 'invalid', actions: 'rejectDelivery' },
                { guard: 'quoteToUpdate', target: 'updating', actions: ['clearProblem', { type: 'setPending', params: { step: 1 } }] },
                { target: 'creating', actions: ['clearProblem', { type: 'setPending', params: { step: 1 } }] },
              ],
            },
            creating: {
              tags: ['busy'],
              // The quote is on its way: another Next would ask for a second one.
              on: { ...WHILE_BUSY_ON_DELIVERY, 'step.submit': {} },
              invoke: {
                id: 'createQuote',
                src: 'createQuote',
                // deliverByDate equals deliveryDate on submit (001 section 4).
                input: ({ context }) => ({ cca2: context.viewer.cca2, form: context.form }),
                onDone: advance(1),
                onError: serverError,
              },
            },
            updating: {
              tags: ['busy'],
              on: { ...WHILE_BUSY_ON_DELIVERY, 'step.submit': {} },
              invoke: {
                id: 'updateQuote',
                src: 'updateQuote',
                input: ({ context }) => ({ ...onDelivery(context), form: context.form }),
                onDone: advance(1),
                onError: serverError,
              },
            },
          },
          on: {
            'delivery.edit': [
              {
                guard: { type: 'dateChanged', params: ({ event }) => ({ values: event.values }) },
                actions: [{ type: 'editForm', params: ({ event }) => ({ values: event.values }) }, 'dateToLookups'],
              },
              { actions: { type: 'editForm', params: ({ event }) => ({ values: event.values }) } },
            ],
            'delivery.resolving': { actions: { type: 'startResolving', params: ({ event }) => ({ side: event.side }) } },
            // Create the quote when there is none yet, otherwise update it (001 section 4); while an address is
            // being resolved, once it has arrived (a Next then is held, never dropped).
            'step.submit': [
              { guard: 'resolvingAddress', target: '.awaitingAddress', actions: 'clearProblem' },
              { target: '.submitted' },
            ],
          },
        },
        parcels: {
          description: 'Step 2: at least one parcel; the parcel types load from the server (plus Custom).',
          entry: [{ type: 'setStep', params: { step: 1 } }, assign({ parcelTypes: [] })],
          invoke: {
            id: 'loadParcelTypes',
            src: 'loadParcelTypes',
            // Once per visit (the guard keeps a generated path from answering the call twice).
            onDone: { guard: 'noParcelTypes', actions: { type: 'setParcelTypes', params: outputParams } },
            // Without the catalogue the Custom tile still adds a parcel.
            onError: { guard: 'noParcelTypes', actions: assign({ parcelTypes: [CUSTOM_PARCEL_TYPE] }) },
          },
          initial: 'editing',
          states: {
            editing: {},
            invalid: { description: "'You need to select a parcel size before continuing.'" },
            failed: { description: 'The server refused the parcels.' },
            submitting: {
              tags: ['busy'],
              on: WHILE_BUSY,
              invoke: {
                id: 'updateParcels',
                src: 'updateParcels',
                input: ({ context }) => ({ ...onDelivery(context), parcels: context.parcels }),
                onDone: advance(2),
                onError: serverError,
              },
            },
          },
          on: {
            'parcels.change': { target: '.editing', actions: { type: 'setParcels', params: ({ event }) => ({ parcels: event.parcels }) } },
            'step.submit': [
              { guard: 'parcelsValid', target: '.submitting', actions: ['clearProblem', { type: 'setPending', params: { step: 2 } }] },
              { target: '.invalid', actions: 'rejectParcels' },
            ],
            'step.back': { target: '#wizard.steps.delivery', actions: 'clearProblem' },
          },
        },
        quotes: {
          description: 'Step 3: choose a service level before its quote expires; Priority offers the time slots of the date.',
          entry: [{ type: 'setStep', params: { step: 2 } }, assign({ timeSlots: [] })],
          invoke: {
            id: 'loadTimeSlots',
            src: 'loadTimeSlots',
            input: ({ context }) => ({ cca2: context.viewer.cca2, localDate: context.quote?.readyForCollectionDateOnlyUtc ?? context.form.deliveryDate }),
            onDone: { guard: 'noTimeSlots', actions: { type: 'setTimeSlots', params: outputParams } },
            onError: { guard: 'noTimeSlots', actions: assign({ timeSlots: [] }) },
          },
          initial: 'editing',
          states: {
            editing: {},
            invalid: { description: "'Please select your preferred quote to continue.'" },
            failed: { description: 'The server refused the choice.' },
            changingTimeSlot: {
              tags: ['busy'],
              on: WHILE_BUSY,
              invoke: {
                id: 'setTimeSlot',
                src: 'setTimeSlot',
                input: ({ context, event }) => {
                  assertEvent(event, 'quote.timeSlot');
                  return { ...onDelivery(context), deliveryTime: event.deliveryTime };
                },
                // The answer keeps the delivery's status: the server changes a slot only while the steps are open
                // (requireEditable), so one paid or expired meanwhile (another tab) is its 422 'This delivery can no
                // longer be changed.', shown as the step's failure, never an answer to route to paid or failed.
                onDone: { target: 'editing', actions: { type: 'setQuote', params: stepQuote } },
                onError: serverError,
              },
            },
            submitting: {
              tags: ['busy'],
              on: WHILE_BUSY,
              invoke: {
                id: 'selectQuote',
                src: 'selectQuote',
                input: ({ context, event }) => {
                  assertEvent(event, 'step.submit');
                  return { ...onDelivery(context), quoteId: event.quoteId! };
                },
                onDone: advance(3),
                onError: serverError,
              },
            },
          },
          on: {
            'step.submit': [
              { guard: 'quoteChosen', target: '.submitting', actions: ['clearProblem', { type: 'setPending', params: { step: 3 } }] },
              { target: '.invalid', actions: 'rejectQuote' },
            ],
            'step.back': { target: '#wizard.steps.parcels', actions: 'clearProblem' },
            'quote.timeSlot': { guard: 'slotOffered', target: '.changingTimeSlot', actions: 'clearProblem' },
          },
        },
        details: {
          description: 'Step 4: the details sub-chart (Pick-up, Drop-off, Additional details).',
          entry: { type: 'setStep', params: { step: 3 } },
          invoke: {
            id: 'details',
            src: 'details',
            input: ({ context }) => ({ quote: context.quote!, viewer: context.viewer }),
            onDone: [
              { guard: { type: 'detailsWentBack', params: outputParams }, target: 'quotes' },
              advance(4),
            ],
          },
          // Back first goes back one sub-step: the sub-chart decides, and ends with 'back' on its first one.
          on: { 'step.back': { actions: 'closeDetails' } },
        },
        accept: {
          description: "Step 5: 'Please confirm your delivery details'.",
          entry: { type: 'setStep', params: { step: 4 } },
          initial: 'reviewing',
          states: {
            reviewing: {},
            failed: { description: 'The server refused the acceptance.' },
            submitting: {
              tags: ['busy'],
              on: WHILE_BUSY,
              invoke: {
                id: 'acceptQuote',
                src: 'acceptQuote',
                input: ({ context }) => onDelivery(context),
                onDone: advance(5),
                onError: serverError,
              },
            },
          },
          on: {
            'step.submit': { target: '.submitting', actions: ['clearProblem', { type: 'setPending', params: { step: 5 } }] },
            'step.back': { target: '#wizard.steps.details', actions: 'clearProblem' },
          },
        },
        pay: {
          description: 'Step 6: the pay sub-chart (Account, Details, Payment); Finish is disabled until paid.',
          entry: { type: 'setStep', params: { step: 5 } },
          invoke: {
            id: 'pay',
            src: 'pay',
            input: ({ context }) => ({ quote: context.quote!, viewer: context.viewer }),
            onDone: { target: '#wizard.paid', actions: { type: 'setQuote', params: stepQuote } },
          },
          on: { 'step.back': { target: '#wizard.steps.accept', actions: 'clearProblem' } },
        },
      },
    },
    paid: {
      description: "Payment status PAID: the success summary with 'Go to dashboard' and 'Place another order'.",
    },
    failed: {
      description: "'Delivery failed': 'Oops, your delivery has expired. No fear, we have you covered!'",
      initial: 'idle',
      states: {
        idle: {},
        problem: { description: 'The reattempt failed: the server message shows.' },
        reattempting: {
          tags: ['busy'],
          invoke: {
            id: 'reattempt',
            src: 'reattempt',
            input: ({ context }) => onDelivery(context),
            onDone: { target: '#wizard.routing', actions: { type: 'loaded', params: outputParams } },
            onError: { target: 'problem', actions: { type: 'fail', params: errorParams } },
          },
        },
      },
      on: {
        // Only a loaded or saved quote leads here: there is always one to reattempt.
        'wizard.reattempt': { target: '.reattempting', actions: 'clearProblem' },
      },
    },
    closed: { type: 'final', description: 'Closed: errors and the quote are cleared.' },
  },
});

/** The delivery a call is about: the portal, its id and the row version it was read at. */
function onDelivery(context: WizardContext) {
  return { cca2: context.viewer.cca2, deliveryId: context.quote!.deliveryId, xmin: context.quote!.xmin };
}

type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;

/** Whether the details or pay sub-chart is saving or paying (its answer would be lost by leaving the step). */
function subChartBusy(snapshot: WizardSnapshot): boolean {
  return (['details', 'pay'] as const).some((id) => {
    const child = snapshot.children[id] as { getSnapshot?: () => { hasTag?: (tag: string) => boolean } } | undefined;
    return Boolean(child?.getSnapshot?.().hasTag?.('busy'));
  });
}

/**
 * 001 section 2: Back is disabled on step 1 and once paid: the chart has no Back there. Nor while a call of the
 * step (or of its sub-chart) runs.
 */
export function canGoBack(snapshot: WizardSnapshot): boolean {
  return snapshot.can({ type: 'step.back' }) && !subChartBusy(snapshot);
}

/** 001 section 2: earlier steps can be clicked to go back unless the delivery is already paid (not while a call runs). */
export function canGoToStep(snapshot: WizardSnapshot, step: number): boolean {
  return snapshot.can({ type: 'step.goto', step }) && !subChartBusy(snapshot);
}
