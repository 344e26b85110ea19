// The pick-up slot a quote is priced in (001 section 9: the wizard's time defaults to '02:00' on a date change).
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_TIME } from '../../src/lib/constants';
import { CAPE_TOWN, SEA_POINT } from './booking-helpers';
import { dataOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const customer = () => server.as('customer');
const ZONE = 'Africa/Johannesburg';
const local = (utc: string) => DateTime.fromISO(utc).setZone(ZONE).toFormat('yyyy-MM-dd HH:mm');

/** An available date that is not today (today's open slots move with the clock), and its slots. */
async function laterDateWithSlots() {
  const today = DateTime.now().setZone(ZONE).toISODate();
  const dates = await dataOf(customer().connect.GET('/DeliveryWindows/getavailabledates/{cca2}', { params: { path: ZA } }));
  const date = dates.find((candidate) => candidate !== today)!;
  const slots = await dataOf(customer().connect.GET('/DeliveryWindows/getavailabletimeslots/{cca2}', { params: { path: ZA, query: { localDate: date } } }));
  expect(slots.length).toBeGreaterThan(1);
  return { date, slots };
}

const quoteAt = (date: string, deliveryTime: string) => customer().connect.POST('/deliveries/createquotes/{cca2}', {
  params: { path: ZA },
  body: { originAddress: CAPE_TOWN, destinationAddress: SEA_POINT, deliveryDate: date, deliveryTime, isRoundTrip: false },
});

describe('the pick-up slot of a quote', () => {
  it("the default time ('02:00', no slot) is quoted in the date's first slot, not at 02:00", async () => {
    const { date, slots } = await laterDateWithSlots();
    expect(slots.some((slot) => slot.time === DEFAULT_DELIVERY_TIME)).toBe(false);
    const created = await quoteAt(date, DEFAULT_DELIVERY_TIME);
    expect(created.response.status).toBe(201);
    expect(created.data?.readyForCollectionTimeSlotLocal).toBe(DEFAULT_DELIVERY_TIME);
    for (const option of created.data!.deliveryQuotes) {
      expect(local(option.pickupWindowStartUtc)).toBe(`${date} ${slots[0]!.time}`);
      expect(local(option.pickupWindowEndUtc)).toBe(`${date} ${slots[0]!.endTime}`);
    }
  });

  it('a chosen slot is quoted as chosen, and settimeslot moves the windows to the new slot', async () => {
    const { date, slots } = await laterDateWithSlots();
    const created = await quoteAt(date, slots[1]!.time);
    expect(created.response.status).toBe(201);
    const standard = created.data!.deliveryQuotes.find((option) => option.slaType === 'Standard')!;
    expect(local(standard.pickupWindowStartUtc)).toBe(`${date} ${slots[1]!.time}`);
    expect(local(standard.pickupWindowEndUtc)).toBe(`${date} ${slots[1]!.endTime}`);

    const moved = await customer().connect.PUT('/deliveries/settimeslot/{cca2}/{id}', {
      params: { path: { ...ZA, id: created.data!.deliveryId }, query: { deliveryTime: slots[0]!.time } },
    });
    expect(moved.response.status).toBe(200);
    const again = moved.data!.deliveryQuotes.find((option) => option.slaType === 'Standard')!;
    expect(local(again.pickupWindowStartUtc)).toBe(`${date} ${slots[0]!.time}`);
  });
});
