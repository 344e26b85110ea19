// Helpers shared by the booking and payment API tests (issue 4), and by the component and browser tests that need a
// booked delivery: they call the connect API through a typed client (`server.as(login).connect`, or one the browser
// suite makes with its own token).
import { DateTime } from 'luxon';
import type { components } from '../../src/api/generated/connect';
import { dataOf, inZa, ZA, type ConnectClient } from './support';

type Schemas = components['schemas'];
export type BookingQuote = Schemas['BookingQuote'];
export type Address = Schemas['BookingAddress'];

// Real gazetteer places (server/db/gazetteer-data.ts): the server prices by the coordinates its geocoder resolves a
// placeId to, never by the client's, so these carry the gazetteer's own description and coordinates.
export const CAPE_TOWN = { placeId: 'za-cape-town-cape-town-city-centre', description: 'Cape Town City Centre, Cape Town, Western Cape, South Africa', coordinates: { lat: -33.9249, lon: 18.4241 } };
export const SEA_POINT = { placeId: 'za-cape-town-sea-point', description: 'Sea Point, Cape Town, Western Cape, South Africa', coordinates: { lat: -33.915, lon: 18.39 } };
export const STELLENBOSCH = { placeId: 'za-stellenbosch-stellenbosch', description: 'Stellenbosch, Western Cape, South Africa', coordinates: { lat: -33.9321, lon: 18.8602 } };
/** Nyanga, on the Cape Flats: within the seeded 'Cape Flats' high-risk area (1 km from its centre); 21 km from CAPE_TOWN. */
export const CAPE_FLATS = { placeId: 'za-cape-town-nyanga', description: 'Nyanga, Cape Town, Western Cape, South Africa', coordinates: { lat: -33.989, lon: 18.583 } };
export const CONTACT = { AddressType: 'residential', ContactName: 'Thandi Nkosi', ContactCountry: 'ZA', PhoneNumber: '+27821234567' } as const satisfies Schemas['BookingContactDetails'];
export const SMALL = { name: 'small', parcelType: 1, length: 30, width: 20, height: 15, weight: 2, isFragile: false } as const satisfies Schemas['BookingParcel'];

/** The next date (portal time zone) on the given ISO weekday (1 Monday … 7 Sunday), at least 2 days ahead. */
export function nextWeekday(isoWeekday: number): string {
  let day = DateTime.now().setZone('Africa/Johannesburg').plus({ days: 2 });
  while (day.weekday !== isoWeekday) day = day.plus({ days: 1 });
  return day.toISODate()!;
}

export interface BookOptions {
  origin?: Address;
  destination?: Address;
  date?: string;
  isRoundTrip?: boolean;
  parcels?: Schemas['BookingParcel'][];
  /** Stop after this step. */
  until?: 'create' | 'parcels' | 'select' | 'details' | 'accept';
  sla?: string;
}

/** The quote a wizard call answers; throws (failing the test) with the call's status and error when it answered another status. */
async function quoteOf(step: string, call: Promise<{ data?: BookingQuote; error?: unknown; response: Response }>, status = 200): Promise<BookingQuote> {
  const { data, error, response } = await call;
  if (response.status !== status || !data) throw new Error(`${step} ${response.status} ${JSON.stringify(error)}`);
  return data;
}

/** Books through the wizard's calls as the client's user; answers the last quote response. */
export async function book(connect: ConnectClient, options: BookOptions = {}): Promise<BookingQuote> {
  let quote = await quoteOf('createquotes', connect.POST('/deliveries/createquotes/{cca2}', {
    params: { path: ZA },
    body: {
      originAddress: options.origin ?? CAPE_TOWN, destinationAddress: options.destination ?? SEA_POINT,
      deliveryDate: options.date ?? nextWeekday(3), deliveryTime: '08:00', isRoundTrip: options.isRoundTrip ?? false,
    },
  }), 201);
  if (options.until === 'create') return quote;
  const params = inZa(quote.deliveryId);
  quote = await quoteOf('updateparcel', connect.PUT('/deliveries/updateparcel/{cca2}/{id}', {
    params, body: { xmin: quote.xmin, deliveryItems: options.parcels ?? [SMALL] },
  }));
  if (options.until === 'parcels') return quote;
  const sla = options.sla ?? 'Standard';
  const option = quote.deliveryQuotes.find((candidate) => candidate.slaType === sla);
  if (!option) throw new Error(`no ${sla} quote among ${JSON.stringify(quote.deliveryQuotes)}`);
  quote = await quoteOf('selectquote', connect.PUT('/deliveries/selectquote/{cca2}/{id}', { params, body: { xmin: quote.xmin, quoteId: option.id } }));
  if (options.until === 'select') return quote;
  quote = await quoteOf('updateorigindetails', connect.PUT('/deliveries/updateorigindetails/{cca2}/{id}', { params, body: { origin: CONTACT } }));
  quote = await quoteOf('updatedestinationdetails', connect.PUT('/deliveries/updatedestinationdetails/{cca2}/{id}', {
    params, body: { destination: { ...CONTACT, ContactName: 'Pieter van Wyk' } },
  }));
  quote = await quoteOf('updateadditionaldetails', connect.PUT('/deliveries/updateadditionaldetails/{cca2}/{id}', {
    params, body: { orderReference: 'PO-1', customerIdentifier: 'C-1' },
  }));
  if (options.until === 'details') return quote;
  return quoteOf('acceptquote', connect.PUT('/deliveries/acceptquote/{cca2}/{id}', { params, body: { xmin: quote.xmin } }));
}

/**
 * Books (book()) and selects the first account the caller may pay it from, as every payment starts: answers the
 * account and the quote with its totals.
 */
export async function bookedWithAccount(connect: ConnectClient, options: BookOptions = {}): Promise<{ deliveryId: number; accountId: number; selected: BookingQuote }> {
  const { deliveryId } = await book(connect, options);
  const accounts = await dataOf(connect.GET('/accounts/{cca2}', { params: { path: ZA, query: { select: true, deliveryId } } }));
  const accountId = Number((accounts as { key: string }[])[0]!.key);
  const selected = await quoteOf('selectaccount', connect.PUT('/deliveries/selectaccount/{cca2}/{id}', { params: inZa(deliveryId), body: { accountId } }));
  return { deliveryId, accountId, selected };
}

/**
 * Books and pays by balance (bookedWithAccount, then payByBalance), as a customer's dashboard and the tracking page
 * need a paid delivery: answers the quote once the account is selected (its total) and once paid.
 */
export async function bookedAndPaid(connect: ConnectClient, options: BookOptions = {}): Promise<{ deliveryId: number; selected: BookingQuote; paid: BookingQuote }> {
  const { deliveryId, selected } = await bookedWithAccount(connect, options);
  const paid = await quoteOf('payByBalance', connect.PUT('/deliveries/payByBalance/{cca2}/{id}', {
    params: { ...inZa(deliveryId), header: { 'Idempotency-Key': `booked-and-paid-${deliveryId}` } },
  }));
  return { deliveryId, selected, paid };
}

/**
 * fetch that sends a request again when the connection was reset or refused before an answer: with 1,000 sockets
 * opening at once a loaded machine overflows the listen backlog (the kernel resets connections the server never
 * accepted, so the request never reached it). Resending with the same Idempotency-Key is what a real client
 * does; the server must still charge once.
 */
export async function fetchRetryingResets(url: string, init: RequestInit, attempts = 5): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      const code = ((error as { cause?: { code?: string } }).cause)?.code;
      if (attempt >= attempts || (code !== 'ECONNRESET' && code !== 'ECONNREFUSED' && code !== 'UND_ERR_SOCKET')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
