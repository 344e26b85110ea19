// /deliveries/add?deliveryid=&step=: the page passes the wizard's step prop (001 section 4: "When the step prop
// changes and there is no quote data, the wizard jumps to that step"), counted as the header counts ('Step N of 6').
// A reopened delivery opens on the step asked for when it has got that far, otherwise where it stands.
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultBookingLogic } from '../../src/features/booking/booking-logic';
import { BOOKING_TEXTS } from '../../src/lib/error-catalogue';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { getQuote, loadTimeSlots } from '../../src/machines/booking/booking.actors';
import { sampleQuote } from '../../src/machines/booking/booking.samples-data';
import { renderBooking, stubActor } from '../support/booking-harness';

vi.setConfig({ testTimeout: 40_000 });

const WAIT = { timeout: 15_000 };

/** A delivery whose details are outstanding: it has got as far as step 4 (Details). */
function reopen(query: string, loaded: Promise<void> = Promise.resolve()) {
  const quote = sampleQuote(PAYMENT_STATUS.DETAILS_OUTSTANDING);
  const logic = { wizard: defaultBookingLogic.wizard.provide({ actors: {
    getQuote: stubActor(getQuote, async () => { await loaded; return quote; }), loadTimeSlots: stubActor(loadTimeSlots, async () => []),
  } }) };
  return renderBooking({ path: `/deliveries/add?deliveryid=${quote.deliveryId}${query}`, logic, roles: ['Administrator'] });
}

describe('/deliveries/add?step=', () => {
  it('opens a reopened delivery on an earlier step it names', async () => {
    reopen('&step=2');
    expect(await screen.findByText(BOOKING_TEXTS.stepOf(2), {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { current: 'step' }).textContent).toBe('2. Parcels');
  });

  it('opens where the delivery stands when the step named is later than it has got', async () => {
    reopen('&step=6');
    expect(await screen.findByText(BOOKING_TEXTS.stepOf(4), {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { current: 'step' }).textContent).toBe('4. Details');
  });

  it('ignores a step that is not one of the six, or not a whole number', async () => {
    // '2.5' read leniently (parseInt) would open Parcels, an earlier step the delivery allows.
    reopen('&step=2.5');
    expect(await screen.findByText(BOOKING_TEXTS.stepOf(4), {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { current: 'step' }).textContent).toBe('4. Details');
  });

  // docs/decisions.md "The step prop follows the address": the page passes `?step=` whenever its address changes
  // (a link, the browser's Back or Forward), not only as it opens.
  it('passes a step named by the address changing while the delivery loads', async () => {
    let load = () => undefined as void;
    const { router } = reopen('', new Promise<void>((resolve) => { load = resolve; }));
    await act(() => router.navigate('/deliveries/add?deliveryid=501&step=2'));
    await act(async () => load());
    expect(await screen.findByText(BOOKING_TEXTS.stepOf(2), {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { current: 'step' }).textContent).toBe('2. Parcels');
  });

  it('keeps the step where the address goes back to one without a step', async () => {
    let load = () => undefined as void;
    const { router } = reopen('', new Promise<void>((resolve) => { load = resolve; }));
    await act(() => router.navigate('/deliveries/add?deliveryid=501&step=3'));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?deliveryid=501');
    await act(async () => load());
    // The last step named (3, Quotes) stands: an address without one passes nothing.
    expect(await screen.findByText(BOOKING_TEXTS.stepOf(3), {}, WAIT)).toBeTruthy();
  });
});
