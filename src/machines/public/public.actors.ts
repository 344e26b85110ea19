import { fromPromise } from 'xstate';
import { api } from '../../api';
import type { components } from '../../api/generated/connect';
import type { SelectOption } from '../../resources/types';
import type { SearchOptionsInput } from '../lists/search-select.types';

type S = components['schemas'];
export type PublicPrice = S['PublicPrice'];
export type PublicParcelType = S['BookingParcelType'];
export type RatingForm = S['RatingForm'];
export type RateDeliveryResult = S['RateDeliveryResult'];
export type RateDeliveryRequest = S['RateDeliveryRequest'];
export type PublicSlaType = S['PublicPriceRequest']['slaType'];

/** The calculator's From and To search (no sign-in): the shared search select's search, swapped in. */
export const searchPublicPlaces = fromPromise<SelectOption[], SearchOptionsInput>(
  async ({ input, signal }) => {
    const { data } = await api.connect.GET('/public/{cca2}/places', { params: { path: { cca2: input.cca2 }, query: { search: input.term } }, signal });
    return (data ?? []).map((place) => ({ key: place.placeId, value: place.description }));
  },
);

export const loadPublicParcelTypes = fromPromise<PublicParcelType[], { cca2: string }>(async ({ input, signal }) => {
  const { data } = await api.connect.GET('/public/{cca2}/parceltypes', { params: { path: { cca2: input.cca2 } }, signal });
  return data ?? [];
});

export const calculatePrice = fromPromise<PublicPrice, { cca2: string } & S['PublicPriceRequest']>(async ({ input: { cca2, ...body }, signal }) => {
  const { data } = await api.connect.POST('/public/{cca2}/price', { params: { path: { cca2 } }, body, signal });
  return data!;
});

export const findOrder = fromPromise<string, { cca2: string; searchTerm: string; phoneLast4: string }>(async ({ input: { cca2, ...body }, signal }) => {
  const { data } = await api.connect.POST('/public/{cca2}/trackorder', { params: { path: { cca2 } }, body, signal });
  return data!.trackingHashId;
});

export const loadRatingForm = fromPromise<RatingForm, { cca2: string; hash: string }>(async ({ input, signal }) => {
  const { data } = await api.connect.GET('/public/{cca2}/rate/{hash}', { params: { path: input }, signal });
  return data!;
});

export const rateDelivery = fromPromise<RateDeliveryResult, { cca2: string; hash: string; body: RateDeliveryRequest }>(async ({ input, signal }) => {
  const { data } = await api.connect.POST('/public/{cca2}/rate/{hash}', { params: { path: { cca2: input.cca2, hash: input.hash } }, body: input.body, signal });
  return data!;
});

export type ContactMessageRequest = S['ContactMessageRequest'];

export const sendContactMessage = fromPromise<S['ContactMessageReceived'], { cca2: string; body: ContactMessageRequest }>(async ({ input, signal }) => {
  const { data } = await api.connect.POST('/public/{cca2}/contact', { params: { path: { cca2: input.cca2 } }, body: input.body, signal });
  return data!;
});

// ---- The chat widget (issue 19) ----
export const startVisitorChat = fromPromise<S['VisitorChat'], { cca2: string; body: S['VisitorChatStart'] }>(async ({ input, signal }) => {
  const { data } = await api.connect.POST('/public/{cca2}/chat', { params: { path: { cca2: input.cca2 } }, body: input.body, signal });
  return data!;
});

export const readVisitorChat = fromPromise<S['VisitorChat'], { cca2: string; token: string }>(async ({ input, signal }) => {
  const { data } = await api.connect.GET('/public/{cca2}/chat/{token}', { params: { path: { cca2: input.cca2, token: input.token } }, signal });
  return data!;
});

export const sendVisitorChatMessage = fromPromise<S['VisitorChatMessage'], { cca2: string; token: string; body: string }>(async ({ input, signal }) => {
  const { data } = await api.connect.POST('/public/{cca2}/chat/{token}', { params: { path: { cca2: input.cca2, token: input.token } }, body: { body: input.body }, signal });
  return data!;
});
