import { serverProcessForTests, SERVER_MODULES, signedInWith } from '../support/real-server';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_TEXTS, MY_DELIVERIES_TEXTS } from '../../src/lib/dashboard-texts';
import { WIZARD_TEXTS } from '../../src/lib/booking-texts';
import { renderApp } from '../support/render-app';
import { resolvedPortal } from '../support/shell-harness';

// A customer's /dashboard (issue 4) against the real server (tests/support/real-server.ts, imported first):
// customer@demo.test books and pays one delivery by balance and leaves another at the quote step; the server
// answers its URL, both customers' tokens and the two delivery ids.
const SERVER_SCRIPT = `
import { startTestServer } from ${SERVER_MODULES.support};
import { book, bookedAndPaid } from ${SERVER_MODULES.booking};
const server = await startTestServer();
const customer = server.as('customer');
const { deliveryId } = await bookedAndPaid(customer.connect);
const unpaid = await book(customer.connect, { until: 'select' });
const mine = await customer.connect.GET('/deliveries/{cca2}/mine', { params: { path: { cca2: 'za' } } });
const paidRow = mine.data.items.find((item) => item.id === deliveryId);
await answer({
  url: server.url, customer: await server.tokenFor(customer.email, 3600), other: await server.tokenFor('twofactor@demo.test', 3600),
  paid: { id: deliveryId, waybill: paidRow.waybill, trackingHash: paidRow.trackingHash }, unpaid: unpaid.deliveryId,
});
`;

interface Started { url: string; customer: string; other: string; paid: { id: number; waybill: string; trackingHash: string }; unpaid: number }
const server = serverProcessForTests<Started>(SERVER_SCRIPT);

/** A real session of a plain customer (a token signed by the server), restored as the app starts. */
const signedIn = (token: string, email: string) => signedInWith(token, { email, firstName: 'Chloe', lastName: 'Customer' });

const WAIT = { timeout: 15_000 };

describe("a customer's /dashboard: My deliveries", () => {
  it('lists the paid delivery with its waybill and tracking link, and the unpaid one with Continue, which reopens the wizard', async () => {
    renderApp({ portal: resolvedPortal, auth: signedIn(server.customer, 'customer@demo.test'), path: '/dashboard' });
    const list = await screen.findByTestId('my-deliveries', {}, WAIT);
    expect(within(list).getByRole('heading', { name: MY_DELIVERIES_TEXTS.title })).toBeTruthy();
    const paid = await within(list).findByTestId(`my-delivery-${server.paid.id}`, {}, WAIT);
    expect(within(paid).getByText(server.paid.waybill)).toBeTruthy();
    expect(within(paid).getByText('Flexible')).toBeTruthy();
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).getByText(/→/).textContent).toContain('Cape Town City Centre');
    expect(within(paid).getByText(/^R\s[\d\s]+,\d{2}$/)).toBeTruthy();
    expect(within(paid).getByRole('link', { name: MY_DELIVERIES_TEXTS.trackLabel(server.paid.waybill) }).getAttribute('href'))
      .toBe(`/track/${server.paid.trackingHash}`);
    expect(within(paid).queryByRole('button', { name: MY_DELIVERIES_TEXTS.continueLabel(server.paid.id) })).toBeNull();
    // Not the operations dashboard: no deliveries/jobs/drivers tables for a customer.
    expect(screen.queryByRole('table', { name: DASHBOARD_TEXTS.deliveries })).toBeNull();
    // Newest first: the unpaid delivery is on top, without a waybill, and can be continued.
    const rows = within(list).getAllByTestId(/^my-delivery-/);
    expect(rows[0]!.getAttribute('data-testid')).toBe(`my-delivery-${server.unpaid}`);
    expect(within(rows[0]!).getByText(MY_DELIVERIES_TEXTS.unpaid)).toBeTruthy();
    act(() => { fireEvent.click(within(rows[0]!).getByRole('button', { name: MY_DELIVERIES_TEXTS.continueLabel(server.unpaid) })); });
    const wizard = await screen.findByTestId('booking-wizard', {}, WAIT);
    expect(within(wizard).getByRole('heading', { name: WIZARD_TEXTS.dialogTitle })).toBeTruthy();
    // One wizard: the header's 'New delivery' reopens it, the list does not open a second.
    expect(screen.getAllByTestId('booking-wizard')).toHaveLength(1);
  }, 90_000);

  it('a customer without deliveries gets a friendly empty state with New delivery', async () => {
    renderApp({ portal: resolvedPortal, auth: signedIn(server.other, 'twofactor@demo.test'), path: '/dashboard' });
    const empty = await screen.findByTestId('my-deliveries-empty', {}, WAIT);
    expect(within(empty).getByText(MY_DELIVERIES_TEXTS.empty)).toBeTruthy();
    act(() => { fireEvent.click(within(empty).getByRole('button', { name: WIZARD_TEXTS.newDelivery })); });
    const wizard = await screen.findByTestId('booking-wizard', {}, WAIT);
    expect(within(wizard).getByTestId('step-of').textContent).toBe('Step 1 of 6');
  }, 60_000);
  it("shows the list as it is now when /dashboard is opened again (the wizard's 'Go to dashboard')", async () => {
    const { router } = renderApp({ portal: resolvedPortal, auth: signedIn(server.customer, 'customer@demo.test'), path: '/dashboard' });
    const list = await screen.findByTestId('my-deliveries', {}, WAIT);
    await within(list).findByTestId(`my-delivery-${server.paid.id}`, {}, WAIT);
    // A new quote, booked meanwhile (as the wizard does), then /dashboard again.
    let date = DateTime.now().setZone('Africa/Johannesburg').plus({ days: 2 });
    while (date.weekday !== 3) date = date.plus({ days: 1 });
    const place = (placeId: string, description: string, lat: number, lon: number) => ({ placeId, description, coordinates: { lat, lon } });
    const response = await fetch(`${server.url}/connect/deliveries/createquotes/za`, {
      method: 'POST', headers: { Authorization: `Bearer ${server.customer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        originAddress: place('za-cape-town-cape-town-city-centre', 'Cape Town City Centre, Cape Town, Western Cape, South Africa', -33.9249, 18.4241),
        destinationAddress: place('za-cape-town-sea-point', 'Sea Point, Cape Town, Western Cape, South Africa', -33.915, 18.39),
        deliveryDate: date.toISODate(), deliveryTime: '08:00', isRoundTrip: false,
      }),
    });
    expect(response.status).toBe(201);
    const { deliveryId } = await response.json() as { deliveryId: number };
    expect(within(list).queryByTestId(`my-delivery-${deliveryId}`)).toBeNull();
    await act(async () => { await router.navigate('/dashboard'); });
    expect(await within(list).findByTestId(`my-delivery-${deliveryId}`, {}, WAIT)).toBeTruthy();
  }, 60_000);
});
