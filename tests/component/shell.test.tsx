import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { portalMachine } from '../../src/machines/portal/portal.machine';
import type { Portal } from '../../src/machines/portal/portal.types';
import { renderApp } from '../support/render-app';

const za: Portal = { cca2: 'ZA', name: 'South Africa', currency: 'ZAR', currencyDecimals: 2, timeZone: 'Africa/Johannesburg', vatRate: 0.15 };
const resolvedPortal = portalMachine.provide({ actors: { lookupPortal: fromPromise(async () => za) } });

describe('the shell', () => {
  it('shows the country code beside the logo and the environment badge off production', async () => {
    renderApp({ portal: resolvedPortal, hostname: 'staging-za.courier.example' });
    expect((await screen.findByTestId('portal-cca2')).textContent).toBe('ZA');
    expect(screen.getByTestId('environment-badge').textContent).toBe('staging');
    expect(screen.getByRole('link', { name: 'Courier home, South Africa' })).toBeTruthy();
  });

  it('shows no environment badge in production', async () => {
    renderApp({ portal: resolvedPortal, hostname: 'za.courier.example' });
    await screen.findByTestId('portal-cca2');
    expect(screen.queryByTestId('environment-badge')).toBeNull();
  });

  it('renders the home page with the portal\'s currency and time zone', async () => {
    renderApp({ portal: resolvedPortal });
    expect(await screen.findByRole('heading', { level: 1, name: 'Deliveries across South Africa, booked in minutes' })).toBeTruthy();
    expect(screen.getByText(/Prices in ZAR; times shown in Africa\/Johannesburg/)).toBeTruthy();
    // The service levels first (name and tier), then how booking works.
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items.slice(0, 4).map((text) => text!.split(/(?<=Flexible|Precise|Near|Free)/)[0])).toEqual([
      'StandardFlexible', 'PriorityPrecise', 'HyperlocalNear', 'Emergency ReliefFree',
    ]);
    expect(items.length).toBeGreaterThan(4);
  });

  it('shows the error screen for an unmatched path', async () => {
    renderApp({ portal: resolvedPortal, path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('Not found: /no/such/page')).toBeTruthy();
  });
});
