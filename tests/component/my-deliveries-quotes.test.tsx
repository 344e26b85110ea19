import { serverProcessForTests, SERVER_MODULES, signedInWith } from '../support/real-server';
import { resolve } from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAID_TEXTS } from '../../src/lib/booking-texts';
import { MY_DELIVERIES_TEXTS } from '../../src/lib/dashboard-texts';
import { renderApp } from '../support/render-app';
import { resolvedPortal } from '../support/shell-harness';

// Issue 21, items 6 and 7, on a customer's /dashboard against the real server: a paid delivery offers its receipt;
// an unpaid quote can be cancelled (then leaves the list); expired and cancelled quotes show only when asked.
const SERVER_SCRIPT = `
import { eq } from ${JSON.stringify(resolve('node_modules/drizzle-orm/index.js'))};
import { deliveryQuotes } from ${JSON.stringify(resolve('server/db/schema.ts'))};
import { startTestServer } from ${SERVER_MODULES.support};
import { book, bookedAndPaid } from ${SERVER_MODULES.booking};
const server = await startTestServer();
const customer = server.as('customer');
const { deliveryId } = await bookedAndPaid(customer.connect);
const refunded = await bookedAndPaid(customer.connect);
await server.as('staff').connect.PUT('/deliveries/canceldelivery/{cca2}/{id}', { params: { path: { cca2: 'za', id: refunded.deliveryId } } });
const expired = await book(customer.connect, { until: 'select' });
await server.database.db.update(deliveryQuotes).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(deliveryQuotes.deliveryId, expired.deliveryId));
const open = await book(customer.connect, { until: 'select' });
const mine = await customer.connect.GET('/deliveries/{cca2}/mine', { params: { path: { cca2: 'za' } } });
const paidRow = mine.data.items.find((item) => item.id === deliveryId);
const refundedRow = mine.data.items.find((item) => item.id === refunded.deliveryId);
await answer({
  url: server.url, customer: await server.tokenFor(customer.email, 3600),
  paid: { id: deliveryId, waybill: paidRow.waybill }, refunded: { id: refunded.deliveryId, waybill: refundedRow.waybill }, expired: expired.deliveryId, open: open.deliveryId,
});
`;

interface Started { url: string; customer: string; paid: { id: number; waybill: string }; refunded: { id: number; waybill: string }; expired: number; open: number }
const server = serverProcessForTests<Started>(SERVER_SCRIPT);

const WAIT = { timeout: 15_000 };
afterEach(() => { vi.restoreAllMocks(); });

describe("a customer's /dashboard: receipts, cancelled and expired quotes (issue 21)", () => {
  it('downloads the receipt of a paid delivery, cancels an open quote, and shows dead quotes only when asked', async () => {
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => { saved.push(blob); return 'blob:receipt'; });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp({ portal: resolvedPortal, auth: signedInWith(server.customer, { email: 'customer@demo.test', firstName: 'Chloe', lastName: 'Customer' }), path: '/dashboard' });
    const list = await screen.findByTestId('my-deliveries', {}, WAIT);
    const paid = await within(list).findByTestId(`my-delivery-${server.paid.id}`, {}, WAIT);
    // The expired quote is hidden; the open one is listed with Cancel; the paid one has no Cancel.
    expect(within(list).queryByTestId(`my-delivery-${server.expired}`)).toBeNull();
    const open = within(list).getByTestId(`my-delivery-${server.open}`);
    expect(within(paid).queryByRole('button', { name: MY_DELIVERIES_TEXTS.cancelLabel(server.paid.id) })).toBeNull();

    act(() => { fireEvent.click(within(paid).getByRole('button', { name: PAID_TEXTS.receiptLabel(server.paid.waybill) })); });
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1), WAIT);
    expect(saved[0]!.type).toBe('application/pdf');
    expect(new TextDecoder().decode((await saved[0]!.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(`Receipt-${server.paid.waybill}.pdf`);
    // A delivery refunded since keeps its receipt (which shows the refund).
    const refunded = within(list).getByTestId(`my-delivery-${server.refunded.id}`);
    expect(within(refunded).getByRole('button', { name: PAID_TEXTS.receiptLabel(server.refunded.waybill) })).toBeTruthy();

    act(() => { fireEvent.click(within(open).getByRole('button', { name: MY_DELIVERIES_TEXTS.cancelLabel(server.open) })); });
    const dialog = within(await screen.findByRole('alertdialog', {}, WAIT));
    expect(dialog.getByText(MY_DELIVERIES_TEXTS.cancelConfirm(`#${server.open}`))).toBeTruthy();
    act(() => { fireEvent.click(dialog.getByRole('button', { name: 'Yes' })); });
    await waitFor(() => expect(within(list).queryByTestId(`my-delivery-${server.open}`)).toBeNull(), WAIT);

    act(() => { fireEvent.click(within(list).getByRole('checkbox', { name: MY_DELIVERIES_TEXTS.showExpired })); });
    const expired = await within(list).findByTestId(`my-delivery-${server.expired}`, {}, WAIT);
    expect(within(expired).getByText(MY_DELIVERIES_TEXTS.expired)).toBeTruthy();
    const cancelled = await within(list).findByTestId(`my-delivery-${server.open}`, {}, WAIT);
    expect(within(cancelled).getByText('Quote cancelled')).toBeTruthy();
    expect(within(cancelled).queryByRole('button', { name: MY_DELIVERIES_TEXTS.cancelLabel(server.open) })).toBeNull();
  }, 120_000);
});
