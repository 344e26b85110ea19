import { assertEvent, assign, setup } from 'xstate';
import { canPayByCard, canPostPay as postPayRule } from '../../lib/booking-rules';
import { SAVE_CARD_STORAGE_PREFIX } from '../../lib/constants';
import { BOOKING_TEXTS } from '../../lib/error-catalogue';
import type { SelectOption } from '../../resources/types';
import { PAYMENT_STATUS } from '../../lib/statuses';
import { searchSelectMachine } from '../lists/search-select.machine';
import { errorParams, outputParams } from '../shared/shared.actions';
import { loadAccounts, loadWidget, payByBalance, payBySavedCard, paymentCheckout, removeCard, searchAccounts, selectAccount } from './booking.actors';
import { problemText } from './booking.errors';
import type { Account, AccountOption, Checkout, Quote, SavedCard } from './booking.model';
import type { PaySchema, PayContext, AccountSelectSnapshot } from './pay.types';

/** The id of the account search select, invoked while the account is being chosen. */
export const ACCOUNT_SELECT_ID = 'accountSearch';

/**
 * The account search select (001 section 2, step 6: placeholder 'Enter an account name'): the shared search select
 * whose search is the delivery's payable accounts. Named `...Logic`, not `...Machine`: the /flows catalogue lists
 * it once, as the search select it is.
 */
export const accountSelectLogic = searchSelectMachine.provide({ actors: { searchOptions: searchAccounts } });

/** What the account select holds now (params of its snapshot transition). */
// Generated test paths send snapshot events without a snapshot.
const selectedParams = ({ event }: { event: { snapshot?: AccountSelectSnapshot } }) => ({ selected: event.snapshot?.context.selected ?? null });

/** The chosen account as the select shows it (its name from the payable list, or from the account read). */
function chosenOption(context: PayContext): SelectOption | null {
  if (context.accountId === null) return null;
  const name = context.accounts.find((option) => option.key === context.accountId)?.value
    ?? (context.account?.id === context.accountId ? context.account.accountName : undefined);
  return { key: String(context.accountId), value: name ?? `#${context.accountId}` };
}

/** Where the save-card choice is kept in the browser, per delivery (001 section 4). */
export const saveCardKey = (deliveryId: number) => `${SAVE_CARD_STORAGE_PREFIX}${deliveryId}`;

export function readSaveCard(deliveryId: number): boolean {
  try {
    return globalThis.localStorage?.getItem(saveCardKey(deliveryId)) === 'true';
  } catch {
    return false;
  }
}

/** 001 section 2: Prepay accounts with a non-zero total due cannot post-pay. */
export function canPostPay(account: Account | null, quote: Quote): boolean {
  return account !== null && postPayRule(account.accountType, quote.paymentTotalDue);
}

/**
 * One key per payment attempt (one invocation): a retried or duplicated request of that attempt is charged
 * once (the server keeps the key). Made when the call is invoked, not kept in context, so the chart stays
 * finite for its generated paths.
 */
export function idempotencyKey(context: PayContext, kind: string): string {
  return `${context.quote.deliveryId}-${kind}-${globalThis.crypto.randomUUID()}`;
}

/** The delivery a call is about: the portal, its id and the row version it was read at. */
const onDelivery = (context: PayContext) => ({ cca2: context.viewer.cca2, deliveryId: context.quote.deliveryId, xmin: context.quote.xmin });

/**
 * Step 6 of the wizard (001 sections 2 and 4): Account → Details → Payment. One payable account (or the
 * quote's accountId) is chosen for the user. Post-pay and saved-card payments stay on Details (a saved-card
 * payment that does not end paid goes back to the first sub-step); a new card requests a checkout, then
 * Payment loads the provider's widget with its id. Ends when the delivery is PAID.
 */
export const payMachine = setup({
  types: {} as PaySchema,
  actors: { loadAccounts, accountSelect: accountSelectLogic, selectAccount, payByBalance, payBySavedCard, paymentCheckout, removeCard, loadWidget },
  actions: {
    setAccounts: assign(({ context }, accounts: AccountOption[]) => {
      const preselected = accounts.find((account) => account.key === context.quote.accountId);
      const only = accounts.length === 1 ? accounts[0] : undefined;
      return { accounts, accountId: (preselected ?? only)?.key ?? null };
    }),
    choose: assign((_, { selected }: { selected: SelectOption | null }) => ({ accountId: selected ? Number(selected.key) : null, problem: null })),
    setAccount: assign((_, { quote, account, cards }: { quote: Quote; account: Account; cards: SavedCard[] }) => ({ quote, account, cards, problem: null })),
    setQuote: assign((_, quote: Quote) => {
      return {
        quote,
        problem: quote.paymentStatusId === PAYMENT_STATUS.PAYMENT_FAILED ? BOOKING_TEXTS.paymentFailed(quote.paymentPeachPaymentFailureDescription ?? '') : null,
      };
    }),
    setCheckout: assign((_, checkout: Checkout) => ({ checkout, problem: null })),
    fail: assign((_, params: { error: unknown }) => ({ problem: problemText(params.error) })),
    clearProblem: assign({ problem: null }),
    setSaveCard: assign((_, params: { checked: boolean }) => ({ saveCard: params.checked })),
    // 001 section 4: the choice is stored in the browser under a key per deliveryId (read back on the next visit).
    persistSaveCard: ({ context }, params: { checked: boolean }) => {
      try {
        globalThis.localStorage?.setItem(saveCardKey(context.quote.deliveryId), String(params.checked));
      } catch {
        // Storage refused (private mode): the choice holds for this page only.
      }
    },
  },
  guards: {
    accountChosen: ({ context }) => context.accountId !== null,
    // The select's choice differs from the chosen account (a pick, or clearing it).
    newAccountChoice: ({ context }, { selected }: { selected: SelectOption | null }) => (selected === null ? null : Number(selected.key)) !== context.accountId,
    paid: (_, quote: Quote) => quote.paymentStatusId === PAYMENT_STATUS.PAID,
    postPayAllowed: ({ context }) => canPostPay(context.account, context.quote),
    cardUsable: ({ context }, params: { cardId: number }) => context.cards.some((card) => card.id === params.cardId && !card.expired),
    cardListed: ({ context }, params: { cardId: number }) => context.cards.some((card) => card.id === params.cardId),
    somethingDue: ({ context }) => canPayByCard(context.quote.paymentTotalDue),
  },
}).createMachine({
  id: 'pay',
  description: 'Wizard step 6: choose the paying account, then pay by balance, saved card or a new card.',
  context: ({ input }) => ({
    quote: input.quote,
    viewer: input.viewer,
    accounts: [],
    accountId: null,
    account: null,
    cards: [],
    checkout: null,
    saveCard: readSaveCard(input.quote.deliveryId),
    problem: input.quote.paymentStatusId === PAYMENT_STATUS.PAYMENT_FAILED
      ? BOOKING_TEXTS.paymentFailed(input.quote.paymentPeachPaymentFailureDescription ?? '')
      : null,
  }),
  initial: 'account',
  states: {
    account: {
      description: "Sub-step 1: 'Select an account with which to pay'.",
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadAccounts',
            src: 'loadAccounts',
            input: ({ context }) => ({ cca2: context.viewer.cca2, deliveryId: context.quote.deliveryId }),
            onDone: [
              { guard: ({ event, context }) => event.output.length === 1 || event.output.some((a) => a.key === context.quote.accountId), target: 'selecting', actions: { type: 'setAccounts', params: outputParams } },
              { target: 'choosing', actions: { type: 'setAccounts', params: outputParams } },
            ],
            onError: { target: 'choosing', actions: { type: 'fail', params: errorParams } },
          },
        },
        choosing: {
          description: "The account search select ('Enter an account name', 'No matching accounts found.'): a pick chooses the account; Next confirms it.",
          invoke: {
            id: ACCOUNT_SELECT_ID,
            src: 'accountSelect',
            // `resource` only feeds the select's default search, replaced here by the payable accounts search.
            input: ({ context }) => ({ resource: 'stores', cca2: context.viewer.cca2, selected: chosenOption(context), params: { deliveryId: context.quote.deliveryId } }),
            onSnapshot: { guard: { type: 'newAccountChoice', params: selectedParams }, actions: { type: 'choose', params: selectedParams } },
          },
          on: {
            'pay.next': { guard: 'accountChosen', target: 'selecting' },
          },
        },
        selecting: {
          tags: ['busy'],
          invoke: {
            id: 'selectAccount',
            src: 'selectAccount',
            input: ({ context }) => ({ ...onDelivery(context), accountId: context.accountId! }),
            onDone: { target: '#pay.details', actions: { type: 'setAccount', params: outputParams } },
            onError: { target: 'choosing', actions: { type: 'fail', params: errorParams } },
          },
        },
      },
    },
    details: {
      description: "Sub-step 2: 'Delivery payment details': totals, saved cards, pay by card or post pay.",
      initial: 'idle',
      states: {
        idle: {
          on: {
            'pay.postPay': { guard: 'postPayAllowed', target: 'payingBalance', actions: 'clearProblem' },
            'pay.savedCard': {
              guard: { type: 'cardUsable', params: ({ event }) => ({ cardId: event.cardId }) },
              target: 'payingSavedCard',
              actions: 'clearProblem',
            },
            // Remove is offered on a listed card only (an expired one too): no other card id comes from the screen.
            'pay.removeCard': { guard: { type: 'cardListed', params: ({ event }) => ({ cardId: event.cardId }) }, target: 'removingCard' },
            'pay.newCard': { guard: 'somethingDue', target: 'requestingCheckout', actions: 'clearProblem' },
            'pay.back': { target: '#pay.account.choosing', actions: 'clearProblem' },
          },
        },
        payingBalance: {
          tags: ['busy'],
          invoke: {
            id: 'payByBalance',
            src: 'payByBalance',
            input: ({ context }) => ({ ...onDelivery(context), idempotencyKey: idempotencyKey(context, 'balance') }),
            // The server answers a balance payment only once it is settled (payByBalance marks the delivery PAID in
            // the same transaction; a refusal is an error): no answer leaves it pending, unlike a card's.
            onDone: { target: '#pay.paid', actions: { type: 'setQuote', params: outputParams } },
            onError: { target: 'idle', actions: { type: 'fail', params: errorParams } },
          },
        },
        payingSavedCard: {
          tags: ['busy'],
          invoke: {
            id: 'payBySavedCard',
            src: 'payBySavedCard',
            input: ({ context, event }) => {
              assertEvent(event, 'pay.savedCard');
              return { ...onDelivery(context), cardId: event.cardId, idempotencyKey: idempotencyKey(context, 'card') };
            },
            onDone: [{ guard: { type: 'paid', params: outputParams }, target: '#pay.paid', actions: { type: 'setQuote', params: outputParams } }, { target: '#pay.account.choosing', actions: { type: 'setQuote', params: outputParams } }],
            onError: { target: 'idle', actions: { type: 'fail', params: errorParams } },
          },
        },
        removingCard: {
          tags: ['busy'],
          invoke: {
            id: 'removeCard',
            src: 'removeCard',
            input: ({ event }) => {
              assertEvent(event, 'pay.removeCard');
              return { cardId: event.cardId };
            },
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({ cards: context.cards.filter((card) => card.id !== event.output.cardId) })),
            },
            onError: { target: 'idle', actions: { type: 'fail', params: errorParams } },
          },
        },
        requestingCheckout: {
          tags: ['busy'],
          invoke: {
            id: 'paymentCheckout',
            src: 'paymentCheckout',
            input: ({ context }) => ({ ...onDelivery(context), saveCard: context.saveCard, idempotencyKey: idempotencyKey(context, 'checkout') }),
            onDone: { target: '#pay.payment', actions: { type: 'setCheckout', params: outputParams } },
            onError: { target: 'idle', actions: { type: 'fail', params: errorParams } },
          },
        },
      },
    },
    payment: {
      description: "Sub-step 3: 'Total Due', 'Save card details *' and the provider's card form.",
      initial: 'loadingWidget',
      on: {
        'pay.back': { target: '#pay.details', actions: 'clearProblem' },
        // The checkout carries the choice (createRegistration): a changed choice takes a new checkout.
        'pay.saveCard': {
          target: '.renewingCheckout',
          actions: [{ type: 'setSaveCard', params: ({ event }) => event }, { type: 'persistSaveCard', params: ({ event }) => event }],
        },
      },
      states: {
        renewingCheckout: {
          description: "'Save card details *' changed: a new checkout with the new choice, then the card form again.",
          tags: ['loading'],
          invoke: {
            id: 'paymentCheckout',
            src: 'paymentCheckout',
            input: ({ context }) => ({ ...onDelivery(context), saveCard: context.saveCard, idempotencyKey: idempotencyKey(context, 'checkout') }),
            onDone: { target: 'loadingWidget', actions: { type: 'setCheckout', params: outputParams } },
            onError: { target: 'widgetFailed', actions: { type: 'fail', params: errorParams } },
          },
        },
        loadingWidget: {
          tags: ['loading'],
          invoke: {
            id: 'loadWidget',
            src: 'loadWidget',
            input: ({ context, self }) => ({
              checkoutId: context.checkout!.checkoutId,
              scriptUrl: context.checkout!.widgetScriptUrl,
              onSubmit: () => self.send({ type: 'pay.submitted' }),
            }),
            onDone: 'ready',
            onError: { target: 'widgetFailed', actions: { type: 'fail', params: errorParams } },
          },
        },
        ready: { on: { 'pay.submitted': '#pay.completed' } },
        widgetFailed: { description: 'The card form could not be loaded: the message shows; Back returns to Details.' },
      },
    },
    completed: {
      description: "'All steps completed' with Reset.",
      on: { 'pay.reset': { target: 'account.choosing', actions: 'clearProblem' } },
    },
    paid: { type: 'final' },
  },
  output: ({ context }) => ({ result: 'paid' as const, quote: context.quote }),
});
