import { serverProcessForTests, SERVER_MODULES } from '../support/real-server';
import { resolve } from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/money';
import { PUBLIC_PAGES, withCountry } from '../../src/lib/public-pages';
import { PUBLIC_TEXTS } from '../../src/lib/public-texts';
import { renderApp } from '../support/render-app';
import { authWith, resolvedPortal } from '../support/shell-harness';

// The public face (issue 19) as a signed-out visitor sees it, against the real server: every page's heading,
// title and description; the calculator's price; track-order to the tracking page; rating once, then thanks.
const SERVER_SCRIPT = `
import { eq } from ${JSON.stringify(resolve('node_modules/drizzle-orm/index.js'))};
import { deliveries, jobDeliveries, jobs, users } from ${JSON.stringify(resolve('server/db/schema.ts'))};
import { startTestServer } from ${SERVER_MODULES.support};
import { bookedAndPaid, CAPE_TOWN, STELLENBOSCH } from ${SERVER_MODULES.booking};
const server = await startTestServer({ publicReviewUrl: 'https://reviews.example/courier' });
const { db } = server.database;
const customer = server.as('customer');
const tracked = (await bookedAndPaid(customer.connect)).deliveryId;
const [trackedRow] = await db.select().from(deliveries).where(eq(deliveries.id, tracked));
const rated = (await bookedAndPaid(customer.connect)).deliveryId;
const [driver] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'driver@demo.test'));
const [ratedRow] = await db.update(deliveries).set({ logisticStatusId: 30001 }).where(eq(deliveries.id, rated)).returning();
const [job] = await db.insert(jobs).values({ portalId: ratedRow.portalId, driverId: driver.id, jobStatusId: 4 }).returning({ id: jobs.id });
await db.insert(jobDeliveries).values({ deliveryId: rated, jobId: job.id });
const price = await server.raw(undefined, 'POST', '/public/za/price', { fromPlaceId: CAPE_TOWN.placeId, toPlaceId: STELLENBOSCH.placeId, parcelTypeId: 1, slaType: 'Standard' });
await answer({ url: server.url, waybill: trackedRow.waybill, trackedHash: trackedRow.trackingHash, ratedHash: ratedRow.trackingHash, price: price.body });
`;

interface Started { url: string; waybill: string; trackedHash: string; ratedHash: string; price: { total: number; subtotal: number; vat: number } }
const server = serverProcessForTests<Started>(SERVER_SCRIPT);
const WAIT = { timeout: 15_000 };
const signedOut = authWith(null);
const open = (path: string) => renderApp({ portal: resolvedPortal, auth: signedOut, path });
const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('the public pages', () => {
  it.each(PUBLIC_PAGES.filter((page) => page.path !== '/track-order'))('$path has its heading, title, description and the site links', async (page) => {
    const view = open(page.path);
    const heading = await screen.findByRole('heading', { level: 1 }, WAIT);
    expect(heading.textContent).not.toBe('');
    await waitFor(() => expect(description()).toBe(withCountry(page.description, 'South Africa')), WAIT);
    expect(document.title).toMatch(/Courier$/);
    const nav = within(screen.getByRole('navigation', { name: 'Site' }));
    expect(nav.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('main')).toBeTruthy();
    view.unmount();
  });

  it('/ says what we do, for whom, the service levels and how booking works, with the ways on', async () => {
    const view = open('/');
    await screen.findByRole('heading', { level: 1 }, WAIT);
    const main = within(screen.getByRole('main'));
    for (const title of ['For whom', 'Service levels', 'How booking works']) expect(main.getByRole('heading', { name: title })).toBeTruthy();
    for (const level of ['Standard', 'Priority', 'Hyperlocal', 'Emergency Relief']) expect(main.getByRole('heading', { name: level })).toBeTruthy();
    expect(main.getByRole('link', { name: 'Book a delivery' }).getAttribute('href')).toBe('/deliveries/add');
    expect(main.getByRole('link', { name: 'Track a parcel' }).getAttribute('href')).toBe('/track-order');
    expect(main.getByRole('link', { name: 'Apply' }).getAttribute('href')).toBe('/drivers');
    view.unmount();
  });

  it('/businesses leads to /business-apply and /drivers to the partner application; the shop pages say what exists', async () => {
    let view = open('/businesses');
    expect((await screen.findByRole('link', { name: 'Apply as a business' }, WAIT)).getAttribute('href')).toBe('/business-apply');
    view.unmount();
    view = open('/drivers');
    expect((await screen.findByRole('link', { name: 'Apply as a partner' }, WAIT)).getAttribute('href')).toBe('/partner-apply');
    view.unmount();
    view = open('/woocommerce');
    await screen.findByRole('heading', { level: 1 }, WAIT);
    expect(screen.getByRole('main').textContent).toContain('There is no WooCommerce app or plug-in from us yet');
    view.unmount();
  });

  it('/developers shows the webhook signature scheme and the API reference from the served contract', async () => {
    const view = open('/developers');
    await screen.findByRole('heading', { level: 1 }, WAIT);
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('X-Courier-Signature');
    expect(main.textContent).toContain('t=<unix seconds>,v1=<hex HMAC-SHA256>');
    const reference = await screen.findByTestId('api-reference', {}, WAIT);
    await waitFor(() => expect(reference.textContent).toContain('/connect/public/{cca2}/price'), WAIT);
    expect(reference.textContent).toContain('/identity/');
    expect(reference.textContent).toMatch(/public \(\d+\)/);
    view.unmount();
  });
});

describe('the price calculator (/pricing)', () => {
  it('a visitor picks From and To and sees the price the server quotes, VAT included', async () => {
    const view = open('/pricing');
    const choose = async (label: string, text: string, option: RegExp) => {
      const input = await screen.findByRole('combobox', { name: label }, WAIT);
      act(() => { fireEvent.change(input, { target: { value: text } }); });
      const list = within(await screen.findByRole('listbox', { name: label }, WAIT));
      act(() => { fireEvent.click(list.getByRole('option', { name: option })); });
    };
    await choose('From', 'Cape Town City', /^Cape Town City Centre/);
    await choose('To', 'Stellenbosch', /^Stellenbosch, Western Cape/);
    const total = await screen.findByTestId('calculator-total', {}, WAIT);
    expect(total.textContent).toBe(formatMoney(server.price.total, { currency: 'ZAR', decimals: 2 }));
    expect(screen.getByTestId('calculator-result').textContent).toContain('VAT (15%)');
    view.unmount();
  }, 30_000);
});

describe('track-order and rating', () => {
  it('/track-order/:searchTerm opens the tracking page with the right phone digits; a wrong one says no match', async () => {
    const view = open(`/track-order/${server.waybill}`);
    const phone = await screen.findByLabelText("Last 4 digits of the recipient's phone number", {}, WAIT);
    expect((screen.getByLabelText('Waybill or order reference') as HTMLInputElement).value).toBe(server.waybill);
    act(() => { fireEvent.change(phone, { target: { value: '0000' } }); });
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Track' })); });
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toBe(PUBLIC_TEXTS.trackNotFound);
    act(() => { fireEvent.change(phone, { target: { value: '4567' } }); });
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Track' })); });
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/track/${server.trackedHash}`), WAIT);
    view.unmount();
  });

  it('/rate/:hash rates once, then thanks with the review link; the link then says it was rated', async () => {
    let view = open(`/rate/${server.ratedHash}`);
    const excellent = await screen.findByRole('radio', { name: '5 Excellent' }, WAIT);
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Send rating' })); });
    expect(screen.getByText(PUBLIC_TEXTS.ratingRequired)).toBeTruthy();
    act(() => { fireEvent.click(excellent); });
    act(() => { fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Quick and friendly' } }); });
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Send rating' })); });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/google-rating-complete'), WAIT);
    const review = await screen.findByRole('link', { name: 'Write a public review' }, WAIT);
    expect(review.getAttribute('href')).toBe('https://reviews.example/courier');
    view.unmount();
    view = open(`/rate/${server.ratedHash}`);
    expect((await screen.findByTestId('already-rated', {}, WAIT)).textContent).toBe(PUBLIC_TEXTS.alreadyRated);
    view.unmount();
  });

  it('/rating-complete thanks without a review link; /google-rating-complete opened directly has none to offer', async () => {
    for (const path of ['/rating-complete', '/google-rating-complete']) {
      const view = open(path);
      expect((await screen.findByRole('heading', { level: 1 }, WAIT)).textContent).toBe('Thank you for your rating');
      expect(screen.queryByRole('link', { name: 'Write a public review' })).toBeNull();
      view.unmount();
    }
  });
});
