import { serverProcessForTests, SERVER_MODULES } from '../support/real-server';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRACKING_STEPS, TRACKING_TEXTS, trackingStepIndex } from '../../src/lib/tracking-texts';
import { renderApp } from '../support/render-app';
import { resolvedPortal } from '../support/shell-harness';

// The public tracking page /track/:hash against the real server (tests/support/real-server.ts, imported first):
// customer@demo.test books and pays one delivery by balance; a signed-out visitor opens its tracking link.
const SERVER_SCRIPT = `
import { startTestServer } from ${SERVER_MODULES.support};
import { bookedAndPaid } from ${SERVER_MODULES.booking};
const server = await startTestServer();
const customer = server.as('customer').connect;
const { deliveryId } = await bookedAndPaid(customer);
const mine = await customer.GET('/deliveries/{cca2}/mine', { params: { path: { cca2: 'za' } } });
const row = mine.data.items.find((item) => item.id === deliveryId);
await answer({ url: server.url, waybill: row.waybill, trackingHash: row.trackingHash, logisticStatusId: row.logisticStatusId });
`;

interface Started { url: string; waybill: string; trackingHash: string; logisticStatusId: number }
const server = serverProcessForTests<Started>(SERVER_SCRIPT);

const WAIT = { timeout: 15_000 };

describe('the public tracking page /track/:hash', () => {
  it('shows a signed-out visitor the waybill, the progress with the current step, and from → to', async () => {
    renderApp({ portal: resolvedPortal, path: `/track/${server.trackingHash}` });
    const waybill = await screen.findByTestId('tracking-waybill', {}, WAIT);
    expect(waybill.textContent).toBe(server.waybill);
    expect(screen.getByRole('heading', { level: 1, name: TRACKING_TEXTS.title })).toBeTruthy();
    const steps = within(screen.getByTestId('tracking-steps')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(TRACKING_STEPS.map((step, index) => `${index + 1}. ${step}`));
    const current = trackingStepIndex(server.logisticStatusId);
    expect(current).not.toBeNull();
    expect(steps[current!]!.getAttribute('aria-current')).toBe('step');
    expect(screen.getByTestId('tracking-from').textContent).toContain('Cape Town City Centre');
    expect(screen.getByTestId('tracking-to').textContent).toContain('Sea Point');
    expect(screen.getByTestId('tracking-pickup-window').textContent).toMatch(/^\w{3} \d{1,2} \w{3} \d{2}:\d{2}–\d{2}:\d{2}$/);
    expect(screen.getByTestId('tracking-driver').textContent).toBe(TRACKING_TEXTS.driverNotAssigned);
    expect(screen.getByRole('img', { name: TRACKING_TEXTS.mapLabel })).toBeTruthy();
  }, 60_000);

  it('an unknown link shows the not-found view', async () => {
    renderApp({ portal: resolvedPortal, path: '/track/no-such-tracking-hash' });
    const notFound = await screen.findByTestId('tracking-not-found', {}, WAIT);
    expect(notFound.textContent).toContain('We could not find a delivery for this tracking link.');
    expect(screen.queryByTestId('tracking-summary')).toBeNull();
  }, 60_000);
});
