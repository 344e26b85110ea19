// The booking wizard's calls (001 section 7, docs/booking-api.md): each invoked actor's default
// implementation calls the typed client; tests replace them with `machine.provide({ actors })`.
import { fromPromise } from 'xstate';
import { api } from '../../api';
import type { components } from '../../api/generated/connect';
import { PAYMENT_CALLBACK_PATH } from '../../lib/constants';
import type { Account, AccountOption, AddressValue, Checkout, DeliveryFormValues, Parcel, Quote, SavedCard, TimeSlot } from './booking.types';

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
    params: { ...at(input), query: { deliveryTime: input.deliveryTime } } as never, signal,
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
    params: { path: { cca2: input.cca2 }, query: { ...(input.storeId && { storeId: input.storeId }), ...(input.companyId && { companyId: input.companyId }) } } as never,
    signal,
  })).data as string[]);

/** GET DeliveryWindows/getavailabletimeslots/{cca2}?localDate */
export const loadTimeSlots = fromPromise<TimeSlot[], { cca2: string; localDate: string }>(async ({ input, signal }) =>
  (await api.connect.GET('/DeliveryWindows/getavailabletimeslots/{cca2}', {
    params: { path: { cca2: input.cca2 }, query: { localDate: input.localDate } } as never, signal,
  })).data as TimeSlot[]);

export interface AddressOption {
  placeId: string;
  description: string;
}

/** Address search: the contract has no address endpoint yet (see the report); answers nothing until it has. */
export const searchAddresses = fromPromise<AddressOption[], { cca2: string; search: string }>(async () => []);
export const resolveAddress = fromPromise<AddressValue, AddressOption>(async () => {
  throw new Error('Address lookup is not available.');
});

/** GET accounts/{cca2}?select=true&deliveryId= */
export const loadAccounts = fromPromise<AccountOption[], { cca2: string; deliveryId: number }>(async ({ input, signal }) =>
  (await api.connect.GET('/accounts/{cca2}', { params: { path: { cca2: input.cca2 }, query: { select: true, deliveryId: input.deliveryId } } as never, signal })).data as unknown as AccountOption[]);

/** PUT selectaccount, then the account (type, balance) and its saved cards. */
export const selectAccount = fromPromise<{ quote: Quote; account: Account; cards: SavedCard[] }, OnDelivery & { accountId: number }>(async ({ input, signal }) => {
  const quote = (await api.connect.PUT('/deliveries/selectaccount/{cca2}/{id}', { params: at(input), body: { xmin: input.xmin, accountId: input.accountId }, signal })).data!;
  const account = (await api.connect.GET('/accounts/{cca2}/{id}', { params: { path: { cca2: input.cca2, id: input.accountId } }, signal })).data!;
  const cards = (await api.connect.GET('/paymentcards', { params: { query: { accountId: input.accountId } } as never, signal })).data!;
  return { quote, account, cards };
});

const idempotent = (key: string) => ({ header: { 'Idempotency-Key': key } });

/** PUT payByBalance (Idempotency-Key) */
export const payByBalance = fromPromise<Quote, OnDelivery & { idempotencyKey: string }>(async ({ input, signal }) =>
  (await api.connect.PUT('/deliveries/payByBalance/{cca2}/{id}', { params: { ...at(input), ...idempotent(input.idempotencyKey) } as never, signal })).data!);

/** PUT payBySavedCard (Idempotency-Key) */
export const payBySavedCard = fromPromise<Quote, OnDelivery & { cardId: number; idempotencyKey: string }>(async ({ input, signal }) =>
  (await api.connect.PUT('/deliveries/payBySavedCard/{cca2}/{id}', {
    params: { ...at(input), ...idempotent(input.idempotencyKey) } as never, body: { paymentCardId: input.cardId }, signal,
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
    params: { ...at(input), ...idempotent(input.idempotencyKey) } as never,
    body: { saveCard: input.saveCard, returnUrl: paymentReturnUrl(input.deliveryId) }, signal,
  })).data!);

/** DELETE paymentcards/{id} */
export const removeCard = fromPromise<{ cardId: number }, { cardId: number }>(async ({ input, signal }) => {
  await api.connect.DELETE('/paymentcards/{id}', { params: { path: { id: input.cardId } }, signal });
  return { cardId: input.cardId };
});

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
  await new Promise((resolve) => setTimeout(resolve, 0));
  const url = new URL(input.scriptUrl, window.location.origin);
  if (!url.searchParams.has('checkoutId')) url.searchParams.set('checkoutId', input.checkoutId);
  (window as unknown as { wpwlOptions?: unknown }).wpwlOptions = {
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
