// The booking wizard's calls (001 section 7, docs/booking-api.md): each invoked actor's default
// implementation calls the typed client; tests replace them with `machine.provide({ actors })`.
import { fromPromise } from 'xstate';
import { api } from '../../api';
import type { components } from '../../api/generated/connect';
import { CUSTOM_PARCEL_TYPE_ID, PAYMENT_CALLBACK_PATH, PAYMENT_WIDGET_TICK_MS, STORE_LIST_PAGE_SIZE } from '../../lib/constants';
import type { SelectOption } from '../../resources/types';
import type { SearchOptionsInput } from '../lists/search-select.types';
import { CUSTOM_PARCEL_TYPE, type Account, type AccountOption, type AddressValue, type Checkout, type DeliveryFormValues, type Parcel, type ParcelType, type Quote, type SavedCard, type TimeSlot } from './booking.model';

type Schemas = components['schemas'];
export type ContactDetails = Schemas['BookingContactDetails'];

interface OnDelivery {
  cca2: string;
  deliveryId: number;
  xmin: string;
}

const at = (input: { cca2: string; deliveryId: number }) => ({ path: { cca2: input.cca2, id: input.deliveryId } });

/** GET getquotes */
export const getQuote = fromPromise<Quote, { cca2: string; deliveryId: number }>(async ({ input, signal }) =>
  (await api.connect.GET('/deliveries/getquotes/{cca2}/{id}', { params: at(input), signal })).data!);

/** POST createquotes (deliverByDate = deliveryDate) */
export const createQuote = fromPromise<Quote, { cca2: string; form: DeliveryFormValues }>(async ({ input, signal }) =>
  (await api.connect.POST('/deliveries/createquotes/{cca2}', {
    params: { path: { cca2: input.cca2 } }, body: deliveryBody(input.form), signal,
  })).data!);

/** PUT updatequotes */
export const updateQuote = fromPromise<Quote, OnDelivery & { form: DeliveryFormValues }>(async ({ input, signal }) =>
  (await api.connect.PUT('/deliveries/updatequotes/{cca2}/{id}', {
    params: at(input), body: { ...deliveryBody(input.form), deliveryId: input.deliveryId, xmin: input.xmin }, signal,
  })).data!);

function deliveryBody(form: DeliveryFormValues): Schemas['BookingDeliveryForm'] {
  return {
    ...(form.originAddress && { originAddress: form.originAddress }),
    ...(form.destinationAddress && { destinationAddress: form.destinationAddress }),
    deliveryDate: form.deliveryDate,
    deliverByDate: form.deliveryDate,
    deliveryTime: form.deliveryTime,
    isRoundTrip: form.isRoundTrip,
    originStoreId: form.originStoreId ?? null,
    destinationStoreId: form.destinationStoreId ?? null,
  };
}

/** PUT updateparcel */
export const updateParcels = fromPromise<Quote, OnDelivery & { parcels: Parcel[] }>(async ({ input, signal }) =>
  (await api.connect.PUT('/deliveries/updateparcel/{cca2}/{id}', { params: at(input), body: { xmin: input.xmin, deliveryItems: input.parcels }, signal })).data!);

/** PUT selectquote */
export const selectQuote = fromPromise<Quote, OnDelivery & { quoteId: number }>(async ({ input, signal }) =>
  (await api.connect.PUT('/deliveries/selectquote/{cca2}/{id}', { params: at(input), body: { xmin: input.xmin, quoteId: input.quoteId }, signal })).data!);

/** PUT settimeslot?deliveryTime=HH:mm */
export const setTimeSlot = fromPromise<Quote, OnDelivery & { deliveryTime: string }>(async ({ input, signal }) =>
  (await api.connect.PUT('/deliveries/settimeslot/{cca2}/{id}', {
    params: { ...at(input), query: { deliveryTime: input.deliveryTime } }, signal,
  })).data!);

/** PUT updateorigindetails / updatedestinationdetails */
export const saveOrigin = fromPromise<Quote, OnDelivery & { contact: ContactDetails }>(async ({ input, signal }) =>
  (await api.connect.PUT('/deliveries/updateorigindetails/{cca2}/{id}', { params: at(input), body: { xmin: input.xmin, origin: input.contact }, signal })).data!);
export const saveDestination = fromPromise<Quote, OnDelivery & { contact: ContactDetails }>(async ({ input, signal }) =>
  (await api.connect.PUT('/deliveries/updatedestinationdetails/{cca2}/{id}', { params: at(input), body: { xmin: input.xmin, destination: input.contact }, signal })).data!);

/** PUT updateadditionaldetails */
export const saveAdditional = fromPromise<Quote, OnDelivery & { orderReference: string | null; customerIdentifier: string | null }>(async ({ input, signal }) =>
  (await api.connect.PUT('/deliveries/updateadditionaldetails/{cca2}/{id}', {
    params: at(input), body: { xmin: input.xmin, orderReference: input.orderReference, customerIdentifier: input.customerIdentifier }, signal,
  })).data!);

/** PUT acceptquote */
export const acceptQuote = fromPromise<Quote, OnDelivery>(async ({ input, signal }) =>
  (await api.connect.PUT('/deliveries/acceptquote/{cca2}/{id}', { params: at(input), body: { xmin: input.xmin }, signal })).data!);

/** PUT reattempt */
export const reattempt = fromPromise<Quote, OnDelivery>(async ({ input, signal }) =>
  (await api.connect.PUT('/deliveries/reattempt/{cca2}/{id}', { params: at(input), body: { xmin: input.xmin }, signal })).data!);

/** GET DeliveryWindows/GetAvailableDates/{cca2}?storeId&companyId */
export const loadDates = fromPromise<string[], { cca2: string; storeId: number | null; companyId: number | null }>(async ({ input, signal }) =>
  (await api.connect.GET('/DeliveryWindows/GetAvailableDates/{cca2}', {
    params: { path: { cca2: input.cca2 }, query: { ...(input.storeId && { storeId: input.storeId }), ...(input.companyId && { companyId: input.companyId }) } },
    signal,
  })).data!);

/** GET DeliveryWindows/getavailabletimeslots/{cca2}?localDate */
export const loadTimeSlots = fromPromise<TimeSlot[], { cca2: string; localDate: string }>(async ({ input, signal }) =>
  (await api.connect.GET('/DeliveryWindows/getavailabletimeslots/{cca2}', {
    params: { path: { cca2: input.cca2 }, query: { localDate: input.localDate } }, signal,
  })).data!);

export type AddressOption = Schemas['AddressOption'];

/** GET addresses/{cca2}?select=true&search= : the options of an address select ({key: placeId, value: description}). */
export const searchAddresses = fromPromise<SelectOption[], SearchOptionsInput>(async ({ input, signal }) => {
  const { data } = await api.connect.GET('/addresses/{cca2}', { params: { path: { cca2: input.cca2 }, query: { select: true, search: input.term } }, signal });
  return (data ?? []).map((option) => ({ key: option.placeId, value: option.description }));
});

/** What a side resolves: a place chosen in its address select, or a store chosen in its store picker. */
export type ResolveInput = { cca2: string; option: AddressOption; storeId?: undefined } | { cca2: string; storeId: number; option?: undefined };

/** Said when a picked store has no address the address search knows (ours: the spec does not say). */
export const STORE_WITHOUT_ADDRESS = "This store's address could not be found: search for the address instead.";

/**
 * POST addresses/{cca2} {placeId, description}: the chosen option with its coordinates. A store's address is its
 * stored address found by the address search (GET stores/{cca2}/{id}, then the first search answer), as the server
 * prices it; it carries the storeId.
 */
export const resolveAddress = fromPromise<AddressValue, ResolveInput>(async ({ input, signal }) => {
  const path = { params: { path: { cca2: input.cca2 } }, signal };
  if (input.option) return (await api.connect.POST('/addresses/{cca2}', { ...path, body: input.option })).data!;
  const store = (await api.connect.GET('/stores/{cca2}/{id}', { params: { path: { cca2: input.cca2, id: input.storeId } }, signal })).data!;
  const text = store.address?.trim();
  const { data: options } = text
    ? await api.connect.GET('/addresses/{cca2}', { params: { path: { cca2: input.cca2 }, query: { select: true, search: text } }, signal })
    : { data: [] };
  const first = options?.[0];
  if (!first) throw new Error(STORE_WITHOUT_ADDRESS);
  const address = (await api.connect.POST('/addresses/{cca2}', { ...path, body: { placeId: first.placeId, description: first.description } })).data!;
  return { ...address, storeId: input.storeId };
});

/**
 * GET stores/{cca2}?select=true&pageSize=2000: the store pickers' list (company and store roles). 001 section 8:
 * for the stores select a failure stores an empty list.
 */
export const loadStores = fromPromise<SelectOption[], { cca2: string }>(async ({ input, signal }) => {
  try {
    const { data } = await api.connect.GET('/stores/{cca2}', {
      params: { path: { cca2: input.cca2 }, query: { select: true, pageSize: STORE_LIST_PAGE_SIZE, isActive: true } }, signal,
    });
    return Array.isArray(data) ? data : [];
  } catch {
    return [];
  }
});

/** GET parceltypes; the client adds the Custom type (id 4, dimensions not shown: 001 section 3). */
export const loadParcelTypes = fromPromise<ParcelType[], void>(async ({ signal }) => {
  const types = (await api.connect.GET('/parceltypes', { signal })).data ?? [];
  return [...types.filter((type) => type.id !== CUSTOM_PARCEL_TYPE_ID), CUSTOM_PARCEL_TYPE];
});

/**
 * getaccounts answers a page of accounts or, with select=true, select options (the contract's oneOf): the options of
 * an answer, whichever it is (a page has none).
 */
function accountOptions(data: Schemas['SelectOptions'] | Schemas['FinanceAccountPage'] | undefined): SelectOption[] {
  return Array.isArray(data) ? data : [];
}

/** GET accounts/{cca2}?select=true&deliveryId= */
export const loadAccounts = fromPromise<AccountOption[], { cca2: string; deliveryId: number }>(async ({ input, signal }) =>
  // Select options carry the key as a string (SelectOption); the calls take the account id as a number.
  accountOptions((await api.connect.GET('/accounts/{cca2}', { params: { path: { cca2: input.cca2 }, query: { select: true, deliveryId: input.deliveryId } }, signal })).data)
    .map((option) => ({ key: Number(option.key), value: option.value })));

/**
 * The account search select's search (001 section 2, step 6): the payable accounts of the delivery (getaccounts,
 * select=true, deliveryId) whose name contains the typed text (search).
 */
export const searchAccounts = fromPromise<SelectOption[], SearchOptionsInput>(async ({ input, signal }) =>
  accountOptions((await api.connect.GET('/accounts/{cca2}', {
    params: { path: { cca2: input.cca2 }, query: { select: true, deliveryId: Number(input.params.deliveryId), search: input.term } }, signal,
  })).data));

/** PUT selectaccount, then the account (type, balance) and its saved cards. */
export const selectAccount = fromPromise<{ quote: Quote; account: Account; cards: SavedCard[] }, OnDelivery & { accountId: number }>(async ({ input, signal }) => {
  const quote = (await api.connect.PUT('/deliveries/selectaccount/{cca2}/{id}', { params: at(input), body: { xmin: input.xmin, accountId: input.accountId }, signal })).data!;
  const account = (await api.connect.GET('/accounts/{cca2}/{id}', { params: { path: { cca2: input.cca2, id: input.accountId } }, signal })).data!;
  const cards = (await api.connect.GET('/paymentcards', { params: { query: { accountId: input.accountId } }, signal })).data!;
  return { quote, account, cards };
});

const idempotent = (key: string) => ({ header: { 'Idempotency-Key': key } });

/** PUT payByBalance (Idempotency-Key) */
export const payByBalance = fromPromise<Quote, OnDelivery & { idempotencyKey: string }>(async ({ input, signal }) =>
  (await api.connect.PUT('/deliveries/payByBalance/{cca2}/{id}', { params: { ...at(input), ...idempotent(input.idempotencyKey) }, signal })).data!);

/** PUT payBySavedCard (Idempotency-Key) */
export const payBySavedCard = fromPromise<Quote, OnDelivery & { cardId: number; idempotencyKey: string }>(async ({ input, signal }) =>
  (await api.connect.PUT('/deliveries/payBySavedCard/{cca2}/{id}', {
    params: { ...at(input), ...idempotent(input.idempotencyKey) }, body: { paymentCardId: input.cardId }, signal,
  })).data!);

/** Where the provider sends the browser back: /paymentcallback with the delivery, the current path and query. */
export function paymentReturnUrl(deliveryId: number): string {
  const url = new URL(PAYMENT_CALLBACK_PATH, window.location.origin);
  url.searchParams.set('deliveryid', String(deliveryId));
  url.searchParams.set('path', window.location.pathname);
  url.searchParams.set('query', window.location.search);
  return url.toString();
}

/** PUT paymentCheckout (Idempotency-Key) */
export const paymentCheckout = fromPromise<Checkout, OnDelivery & { saveCard: boolean; idempotencyKey: string }>(async ({ input, signal }) =>
  (await api.connect.PUT('/deliveries/paymentCheckout/{cca2}/{id}', {
    params: { ...at(input), ...idempotent(input.idempotencyKey) },
    body: { saveCard: input.saveCard, returnUrl: paymentReturnUrl(input.deliveryId) }, signal,
  })).data!);

/** DELETE paymentcards/{id} */
export const removeCard = fromPromise<{ cardId: number }, { cardId: number }>(async ({ input, signal }) => {
  await api.connect.DELETE('/paymentcards/{id}', { params: { path: { id: input.cardId } }, signal });
  return { cardId: input.cardId };
});

/** The card provider's widget reads its options from this global before it renders the card form. */
export interface PaymentWidgetOptions {
  style: 'card';
  /** Answers true to let the widget submit the card form. */
  onBeforeSubmitCard: () => boolean;
}

declare global {
  interface Window {
    wpwlOptions?: PaymentWidgetOptions;
  }
}

export interface WidgetInput {
  checkoutId: string;
  scriptUrl: string;
  /** Called when the shopper submits the widget's card form. */
  onSubmit: () => void;
}

/**
 * Loads the card provider's widget script ({host}/v1/paymentWidgets.js?checkoutId=...) after a tick, so the
 * view's `form.paymentWidgets` is in the page; resolves when the script has loaded.
 */
export const loadWidget = fromPromise<void, WidgetInput>(async ({ input, signal }) => {
  await new Promise((resolve) => setTimeout(resolve, PAYMENT_WIDGET_TICK_MS));
  const url = new URL(input.scriptUrl, window.location.origin);
  if (!url.searchParams.has('checkoutId')) url.searchParams.set('checkoutId', input.checkoutId);
  window.wpwlOptions = {
    style: 'card',
    onBeforeSubmitCard: () => {
      input.onSubmit();
      return true;
    },
  };
  document.querySelectorAll('script[data-payment-widget]').forEach((node) => node.remove());
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url.toString();
    script.async = true;
    script.dataset.paymentWidget = 'true';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The payment form could not be loaded.'));
    signal.addEventListener('abort', () => script.remove());
    document.head.appendChild(script);
  });
});
