import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { QuoteCancelView } from '../../src/features/dashboard/QuoteCancelView';
import { MY_DELIVERIES_TEXTS } from '../../src/lib/dashboard-texts';
import type { QuoteCancelTarget } from '../../src/machines/dashboard/quote-cancel.types';
import { quoteCancelSamples } from '../../src/machines/dashboard/quote-cancel.samples';
import { system } from '../../src/ui/theme';
import { describeModel } from '../support/model-paths';

// The dashboard's quote cancel (issue 21) through its dialog. The row's Cancel button, which sends cancel.request,
// is the dashboard's (tests/component/my-deliveries-quotes.test.tsx clicks it against the real server).
let done: number[] = [];

describeModel({
  machine: quoteCancelSamples.machine,
  scenarios: quoteCancelSamples.scenarios,
  targets: quoteCancelSamples.targets,
  guards: true,
  start(machine, input, clock) {
    done = [];
    const actor = createActor(machine, { input, clock });
    actor.on('cancel.done', (event) => done.push(event.id));
    actor.start();
    render(<ChakraProvider value={system}><QuoteCancelView cancel={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'cancel.request': actor.send({ type: 'cancel.request', target: event.target as QuoteCancelTarget }); break;
            case 'cancel.no': fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'No' })); break;
            case 'cancel.yes': fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' })); break;
            case 'cancel.dismiss': fireEvent.click(screen.getByRole('button', { name: MY_DELIVERIES_TEXTS.dismiss })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    idle: (snapshot) => {
      expect(screen.queryByRole('alertdialog')?.getAttribute('data-state') ?? 'closed').toBe('closed');
      expect(screen.queryByTestId('cancel-quote-error')).toBeNull();
      expect(snapshot.context.target).toBeUndefined();
      // Every cancel that reached the server told the dashboard to reload.
      expect(done.every((id) => id === 501)).toBe(true);
    },
    confirming: (snapshot) => {
      expect(screen.getByRole('alertdialog').textContent).toContain(MY_DELIVERIES_TEXTS.cancelConfirm(snapshot.context.target!.label));
    },
    cancelling: () => {
      expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: /Yes/ }).hasAttribute('disabled')).toBe(true);
    },
    failed: (snapshot) => {
      expect(screen.getByTestId('cancel-quote-error').textContent).toContain(snapshot.context.error!.message);
      // The dialog is closing (its exit animation may keep it in the document a moment).
      expect(screen.queryByRole('alertdialog')?.getAttribute('data-state') ?? 'closed').toBe('closed');
    },
  },
});
