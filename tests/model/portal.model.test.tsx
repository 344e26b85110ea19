import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { ApiError } from '../../src/api';
import { toApiError, noResponseError } from '../../src/api/api-error';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { portalMachine, type Portal } from '../../src/machines/portal/portal.machine';
import { describeModel } from '../support/model-paths';
import { renderApp } from '../support/render-app';

const za: Portal = { cca2: 'ZA', name: 'South Africa', currency: 'ZAR', currencyDecimals: 2, timeZone: 'Africa/Johannesburg', vatRate: 0.15 };

const lookupEvents = [
  { type: 'xstate.done.actor.lookupPortal', output: za },
  { type: 'xstate.error.actor.lookupPortal', error: toApiError(404, { message: 'Not found: country za' }, '/connect/countries/za') },
  { type: 'xstate.error.actor.lookupPortal', error: noResponseError() },
];

describeModel({
  machine: portalMachine,
  scenarios: [
    { name: 'loopback host (default portal ZA)', input: { hostname: 'localhost', defaultPortal: 'ZA' }, events: lookupEvents },
    { name: 'host without a portal code', input: { hostname: 'www.example.com', defaultPortal: 'ZA' } },
  ],
  start(machine, input, clock) {
    renderApp({ portal: machine, hostname: input.hostname, defaultPortal: input.defaultPortal, clock });
    return {
      send(event) {
        if (event.type === 'portal.retry') fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        else throw new Error(`No UI action for ${event.type}`);
      },
    };
  },
  states: {
    resolving: () => {
      expect(screen.getByRole('status').textContent).toBe(ERROR_TEXTS.loading);
    },
    retrying: (snapshot) => {
      expect(screen.getByRole('status').textContent).toBe(ERROR_TEXTS.loading);
      expect(snapshot.context.error).toBeInstanceOf(ApiError);
    },
    connectionError: () => {
      expect(screen.getByRole('alert').textContent).toBe(ERROR_TEXTS.noResponse);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    ready: async () => {
      expect((await screen.findByTestId('portal-cca2')).textContent).toBe('ZA');
      expect(await screen.findByRole('heading', { level: 1, name: /South Africa/ })).toBeTruthy();
      expect(screen.queryByText(ERROR_TEXTS.loading)).toBeNull();
    },
    unknownHost: () => {
      expect(screen.getByRole('heading', { name: ERROR_TEXTS.unknownHost })).toBeTruthy();
      expect(screen.queryByTestId('portal-cca2')).toBeNull();
    },
  },
});
