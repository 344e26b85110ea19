import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import { ApiError } from '../../src/api';
import { SCREENS } from '../../src/app/screens';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { portalMachine } from '../../src/machines/portal/portal.machine';
import { portalSamples } from '../../src/machines/portal/portal.samples';
import { describeModel } from '../support/model-paths';
import { renderApp } from '../support/render-app';

// The home page is a lazy screen: its first import (transformed on demand, slow on a loaded machine) happens here,
// before any path, so \`ready\` waits for a render, not for a module load the assertion cannot see.
beforeAll(async () => {
  await SCREENS['/']();
}, 60_000);

describeModel({
  machine: portalMachine,
  scenarios: portalSamples.scenarios,
  targets: portalSamples.targets,
  guards: true,
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
