/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read JSON answers loosely */
// Helpers shared by the booking and payment API tests (issue 4).
import { DateTime } from 'luxon';
import { callAs as call, type TestServer } from './support';

// Real gazetteer places (server/db/gazetteer-data.ts): the server prices by the coordinates its geocoder resolves a
// placeId to, never by the client's, so these carry the gazetteer's own description and coordinates.
export const CAPE_TOWN = { placeId: 'za-cape-town-cape-town-city-centre', description: 'Cape Town City Centre, Cape Town, Western Cape, South Africa', coordinates: { lat: -33.9249, lon: 18.4241 } };
export const SEA_POINT = { placeId: 'za-cape-town-sea-point', description: 'Sea Point, Cape Town, Western Cape, South Africa', coordinates: { lat: -33.915, lon: 18.39 } };
export const STELLENBOSCH = { placeId: 'za-stellenbosch-stellenbosch', description: 'Stellenbosch, Western Cape, South Africa', coordinates: { lat: -33.9321, lon: 18.8602 } };
/** Nyanga, on the Cape Flats: within the seeded 'Cape Flats' high-risk area (1 km from its centre); 21 km from CAPE_TOWN. */
export const CAPE_FLATS = { placeId: 'za-cape-town-nyanga', description: 'Nyanga, Cape Town, Western Cape, South Africa', coordinates: { lat: -33.989, lon: 18.583 } };
export const CONTACT = { AddressType: 'residential', ContactName: 'Thandi Nkosi', ContactCountry: 'ZA', PhoneNumber: '+27821234567' };
export const SMALL = { name: 'small', parcelType: 1, length: 30, width: 20, height: 15, weight: 2, isFragile: false };

/** The next date (portal time zone) on the given ISO weekday (1 Monday … 7 Sunday), at least 2 days ahead. */
export function nextWeekday(isoWeekday: number): string {
  let day = DateTime.now().setZone('Africa/Johannesburg').plus({ days: 2 });
  while (day.weekday !== isoWeekday) day = day.plus({ days: 1 });
  return day.toISODate()!;
}

export { call };
export type { Answer } from './support';

export interface BookOptions {
  origin?: typeof CAPE_TOWN;
  destination?: typeof CAPE_TOWN;
  date?: string;
  isRoundTrip?: boolean;
  parcels?: unknown[];
  /** Stop after this step. */
  until?: 'create' | 'parcels' | 'select' | 'details' | 'accept';
  sla?: string;
}

/** Books through the wizard's calls; answers the last quote response. */
export async function book(server: TestServer, email: string, options: BookOptions = {}): Promise<any> {
  const created = await call(server, email, 'POST', '/deliveries/createquotes/za', {
    originAddress: options.origin ?? CAPE_TOWN, destinationAddress: options.destination ?? SEA_POINT,
    deliveryDate: options.date ?? nextWeekday(3), deliveryTime: '08:00', isRoundTrip: options.isRoundTrip ?? false,
  });
  if (created.status !== 201) throw new Error(`createquotes ${created.status} ${JSON.stringify(created.body)}`);
  let quote = created.body;
  if (options.until === 'create') return quote;
  const id = quote.deliveryId;
  const step = async (path: string, body?: unknown) => {
    const answer = await call(server, email, 'PUT', `/deliveries/${path}/za/${id}`, body);
    if (answer.status !== 200) throw new Error(`${path} ${answer.status} ${JSON.stringify(answer.body)}`);
    quote = answer.body;
  };
  await step('updateparcel', { xmin: quote.xmin, deliveryItems: options.parcels ?? [SMALL] });
  if (options.until === 'parcels') return quote;
  const option = quote.deliveryQuotes.find((candidate: { slaType: string }) => candidate.slaType === (options.sla ?? 'Standard'));
  await step('selectquote', { xmin: quote.xmin, quoteId: option.id });
  if (options.until === 'select') return quote;
  await step('updateorigindetails', { origin: CONTACT });
  await step('updatedestinationdetails', { destination: { ...CONTACT, ContactName: 'Pieter van Wyk' } });
  await step('updateadditionaldetails', { orderReference: 'PO-1', customerIdentifier: 'C-1' });
  if (options.until === 'details') return quote;
  await step('acceptquote', { xmin: quote.xmin });
  return quote;
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
