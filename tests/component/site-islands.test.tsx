// The plain views of the public routes with parameters rendered ahead of time (issue 19, "A fast first load"):
// /track-order/:searchTerm?, /track/:hash and /rate/:hash, each over its chart with the server's answers stubbed;
// the page as the build renders it (fields disabled, the loading state) and as its script takes it over (hydration).
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { toApiError } from '../../src/api/api-error';
import { RateContent, TrackContent, TrackOrderContent } from '../../src/features/public/site/param-pages';
import { RatingFormView } from '../../src/features/public/site/rating';
import { TRACK_ORDER_TEXTS, TrackOrderFormView } from '../../src/features/public/site/track-order-form';
import { TrackingSiteView, windowText } from '../../src/features/public/site/tracking';
import { formatWindow } from '../../src/lib/dates';
import { PUBLIC_TEXTS } from '../../src/lib/public-texts';
import { TRACKING_STEPS, TRACKING_TEXTS } from '../../src/lib/tracking-texts';
import { ratingMachine } from '../../src/machines/public/rating.machine';
import { sampleRatingForm } from '../../src/machines/public/rating.samples';
import type { RatingForm } from '../../src/machines/public/public.actors';
import type { RatingOutput } from '../../src/machines/public/rating.types';
import { trackOrderMachine } from '../../src/machines/public/track-order.machine';
import { trackingMachine } from '../../src/machines/tracking/tracking.machine';
import { sampleTracking, sampleTrackingOnTheWay } from '../../src/machines/tracking/tracking.samples';
import type { TrackingDelivery, TrackingEvent } from '../../src/machines/tracking/tracking.types';

const WAIT = { timeout: 10_000 };

describe('/track-order/:searchTerm? (plain view)', () => {
  it('is rendered ahead of time with its fields disabled and the search term placeholder the server fills', () => {
    const html = renderToStaticMarkup(<TrackOrderContent />);
    expect(html).toContain('<fieldset class="site-fieldset" disabled="">');
    expect(html).toContain('data-search-term="__PARAM_SEARCHTERM__"');
    expect(html).toContain('value="__PARAM_SEARCHTERM__"');
    expect(html).toContain(`<label for="track-searchTerm">${TRACK_ORDER_TEXTS.searchTerm}</label>`);
  });

  it('names each missing field beside it, then finds the delivery and opens its page', async () => {
    const asked: unknown[] = [];
    const actor = createActor(trackOrderMachine.provide({
      actors: { findOrder: fromPromise(async ({ input }) => { asked.push(input); return 'hash-1'; }) },
    }), { input: { cca2: 'za', searchTerm: '' } }).start();
    const found: string[] = [];
    render(<TrackOrderFormView actor={actor} onFound={(hash) => found.push(hash)} />);
    const form = screen.getByRole('form', { name: TRACK_ORDER_TEXTS.title });
    act(() => { fireEvent.click(within(form).getByRole('button', { name: TRACK_ORDER_TEXTS.submit })); });
    const searchTerm = screen.getByLabelText(TRACK_ORDER_TEXTS.searchTerm);
    expect(searchTerm.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(searchTerm.getAttribute('aria-describedby')!)!.textContent).toBe(PUBLIC_TEXTS.searchTerm);
    const phone = screen.getByLabelText(TRACK_ORDER_TEXTS.phoneLast4);
    expect(phone.getAttribute('aria-describedby')).toContain('track-phoneLast4-error');
    expect(screen.getByText(PUBLIC_TEXTS.phoneLast4)).toBeTruthy();
    act(() => { fireEvent.change(searchTerm, { target: { value: ' WB1 ' } }); });
    act(() => { fireEvent.change(phone, { target: { value: '12a34' } }); });
    expect((phone as HTMLInputElement).value).toBe('1234');
    act(() => { fireEvent.submit(form); });
    await waitFor(() => expect(found).toEqual(['hash-1']), WAIT);
    expect(asked).toEqual([{ cca2: 'za', searchTerm: 'WB1', phoneLast4: '1234' }]);
  });

  it('says the one "no match" answer as an alert', async () => {
    const actor = createActor(trackOrderMachine.provide({
      actors: { findOrder: fromPromise<string, { cca2: string; searchTerm: string; phoneLast4: string }>(async () => { throw toApiError(404, { message: PUBLIC_TEXTS.trackNotFound }, '/connect/public/za/trackorder'); }) },
    }), { input: { cca2: 'za', searchTerm: 'WB1' } }).start();
    render(<TrackOrderFormView actor={actor} onFound={() => undefined} />);
    act(() => { fireEvent.change(screen.getByLabelText(TRACK_ORDER_TEXTS.phoneLast4), { target: { value: '9999' } }); });
    act(() => { fireEvent.click(screen.getByRole('button', { name: TRACK_ORDER_TEXTS.submit })); });
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toBe(PUBLIC_TEXTS.trackNotFound);
  });

  it('the page\'s script takes the rendered form over: same snapshot, fields enabled', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToStaticMarkup(<TrackOrderContent />).replaceAll('__PARAM_SEARCHTERM__', 'WB77');
    document.body.append(container);
    const island = container.querySelector<HTMLElement>('#track-order-form')!;
    const actor = createActor(trackOrderMachine, { input: { cca2: 'za', searchTerm: island.dataset.searchTerm ?? '' } }).start();
    await act(async () => { hydrateRoot(island, <StrictMode><TrackOrderFormView actor={actor} onFound={() => undefined} /></StrictMode>); });
    await waitFor(() => expect(island.querySelector('fieldset')!.disabled).toBe(false), WAIT);
    expect(island.querySelector<HTMLInputElement>('#track-searchTerm')!.value).toBe('WB77');
    container.remove();
  });
});

/** The tracking chart with the delivery read from `answers` in turn, and a hub the test drives. */
function trackingActor(answers: (TrackingDelivery | Error)[]) {
  let hub: ((event: TrackingEvent) => void) | undefined;
  let reads = 0;
  const actor = createActor(trackingMachine.provide({
    actors: {
      loadTracking: fromPromise(async () => { const answer = answers[Math.min(reads++, answers.length - 1)]!; if (answer instanceof Error) throw answer; return answer; }),
      reloadTracking: fromPromise(async () => answers[Math.min(reads++, answers.length - 1)] as TrackingDelivery),
      trackingHub: fromCallback<TrackingEvent, { hash: string }>(({ sendBack }) => { hub = sendBack; }),
    },
  }), { input: { cca2: 'za', hash: 'k3J9xQv2LmN8pR4t' } }).start();
  return { actor, hub: (event: TrackingEvent) => act(() => { hub?.(event); }) };
}

describe('/track/:hash (plain view)', () => {
  it('is rendered ahead of time in its loading state, announced, with the placeholders the server fills', () => {
    const html = renderToStaticMarkup(<TrackContent />);
    expect(html).toContain(`<p role="status">${TRACKING_TEXTS.loading}</p>`);
    expect(html).toContain('data-hash="__PARAM_HASH__" data-time-zone="__PORTAL_TIME_ZONE__"');
    expect(html).toContain(`<h1>${TRACKING_TEXTS.title}</h1>`);
  });

  it('shows the waybill, windows, steps and the map; a published position moves the driver and is announced', async () => {
    const { actor, hub } = trackingActor([sampleTracking, sampleTracking, sampleTrackingOnTheWay]);
    render(<TrackingSiteView actor={actor} timeZone="Africa/Johannesburg" />);
    expect((await screen.findByTestId('tracking-waybill', {}, WAIT)).textContent).toBe(sampleTracking.waybill);
    expect(screen.getByTestId('tracking-pickup-window').textContent).toBe(formatWindow(sampleTracking.pickupWindowStartUtc, sampleTracking.pickupWindowEndUtc, { timeZone: 'Africa/Johannesburg' }));
    const steps = within(screen.getByTestId('tracking-steps')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(TRACKING_STEPS.map((step, index) => `${index + 1}. ${step}`));
    expect(steps[1]!.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('img', { name: TRACKING_TEXTS.mapLabel })).toBeTruthy();
    expect(document.querySelectorAll('[data-testid="map-marker"]')).toHaveLength(2);
    hub({ type: 'hub.connected' });
    await waitFor(() => expect(actor.getSnapshot().matches({ shown: 'live' })).toBe(true), WAIT);
    hub({ type: 'hub.update', update: { driverId: 7, lat: -33.92, lon: 18.41, time: '2026-11-24T10:20:00.000Z' } });
    await waitFor(() => expect(actor.getSnapshot().matches({ shown: 'live' })).toBe(true), WAIT);
    expect(screen.getByTestId('tracking-driver').textContent).toBe(TRACKING_TEXTS.driverOnTheWay);
    expect(document.querySelector('[data-testid="map-marker"][data-label="Driver"]')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent).join(' ')).toContain(`${TRACKING_TEXTS.progress}: 3. Collected`), WAIT);
  });

  it('an unknown link is not found, as an alert', async () => {
    const { actor } = trackingActor([toApiError(404, { message: 'Not found: delivery' }, '/connect/tracking/za/x')]);
    render(<TrackingSiteView actor={actor} timeZone="Africa/Johannesburg" />);
    expect((await screen.findByTestId('tracking-not-found', {}, WAIT)).getAttribute('role')).toBe('alert');
  });

  it.each([
    ['2026-11-24T06:00:00.000Z', '2026-11-24T08:00:00.000Z', 'Africa/Johannesburg'],
    ['2026-09-30T20:00:00.000Z', '2026-10-01T09:30:00.000Z', 'Africa/Johannesburg'],
    ['2026-03-01T22:15:00.000Z', '2026-03-01T23:45:00.000Z', 'Africa/Windhoek'],
    ['2026-06-05T00:00:00.000Z', '2026-06-05T03:00:00.000Z', 'UTC'],
  ])('formats the window %s–%s in %s as the app does (Intl, not Luxon)', (start, end, timeZone) => {
    expect(windowText(start, end, timeZone)).toBe(formatWindow(start, end, { timeZone }));
  });
});

describe('/rate/:hash (plain view)', () => {
  it('is rendered ahead of time in its loading state with the hash placeholder', () => {
    const html = renderToStaticMarkup(<RateContent />);
    expect(html).toContain('<p role="status">Loading…</p>');
    expect(html).toContain('data-hash="__PARAM_HASH__"');
  });

  it('asks for a rating first (focus on the ratings), then sends 1-5, the answers and the comment once', async () => {
    const sent: unknown[] = [];
    const actor = createActor(ratingMachine.provide({
      actors: {
        loadRatingForm: fromPromise(async () => sampleRatingForm),
        rateDelivery: fromPromise(async ({ input }) => { sent.push(input.body); return { score: 5, scoreLabel: 'Excellent', reviewUrl: 'https://reviews.example/courier' }; }),
      },
    }), { input: { cca2: 'za', hash: 'h' } }).start();
    const rated: RatingOutput[] = [];
    render(<RatingFormView actor={actor} onRated={(output) => rated.push(output)} />);
    const form = await screen.findByRole('form', { name: 'Rate your delivery' }, WAIT);
    expect(screen.getByText(`Waybill ${sampleRatingForm.waybill}`)).toBeTruthy();
    expect(within(form).getAllByRole('radio').map((radio) => radio.parentElement!.textContent)).toEqual(['1 Useless', '2 Poor', '3 Ok', '4 Good', '5 Excellent']);
    act(() => { fireEvent.click(within(form).getByRole('button', { name: 'Send rating' })); });
    expect(screen.getByText(PUBLIC_TEXTS.ratingRequired)).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByRole('radio', { name: '1 Useless' }));
    act(() => { fireEvent.click(within(form).getByRole('radio', { name: '5 Excellent' })); });
    act(() => { fireEvent.change(screen.getByLabelText(sampleRatingForm.questions[0]!), { target: { value: 'Yes' } }); });
    act(() => { fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Great' } }); });
    act(() => { fireEvent.submit(form); });
    await waitFor(() => expect(rated).toEqual([{ score: 5, reviewUrl: 'https://reviews.example/courier' }]), WAIT);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ score: 5, comment: 'Great' });
  });

  it('a link that has rated already says so', async () => {
    const actor = createActor(ratingMachine.provide({
      actors: { loadRatingForm: fromPromise(async (): Promise<RatingForm> => ({ ...sampleRatingForm, alreadyRated: true })) },
    }), { input: { cca2: 'za', hash: 'h' } }).start();
    render(<RatingFormView actor={actor} onRated={() => undefined} />);
    expect((await screen.findByTestId('already-rated', {}, WAIT)).textContent).toBe(PUBLIC_TEXTS.alreadyRated);
  });
});
