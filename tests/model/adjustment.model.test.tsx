import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { AdjustmentDialog } from '../../src/ui/finance/AdjustmentDialog';
import { ADJUSTMENT_TEXTS } from '../../src/lib/finance-texts';
import { adjustmentMachine, checkAdjustment } from '../../src/machines/finance/adjustment.machine';
import { adjustmentSamples } from '../../src/machines/finance/adjustment.samples';
import { system } from '../../src/ui/theme';
import { describeModel } from '../support/model-paths';

let done = 0;
let gone = 0;
/** The last user event: the dialog closes on Cancel, or on an answer (done, 404) after the user's last step. */
let lastUser: string | undefined;
const form = () => screen.getByRole('form');
/** The confirmation is not open (Chakra keeps a closing dialog in the DOM for its exit animation). */
const confirmationClosed = () => expect(screen.queryByRole('alertdialog')?.getAttribute('data-state') ?? 'closed').toBe('closed');
const FIELDS = { amount: ADJUSTMENT_TEXTS.amount, description: ADJUSTMENT_TEXTS.reason } as const;

describeModel({
  machine: adjustmentMachine,
  scenarios: adjustmentSamples.scenarios,
  targets: adjustmentSamples.targets,
  guards: true,
  start(machine, input, clock) {
    done = 0;
    gone = 0;
    lastUser = undefined;
    const actor = createActor(machine, { input, clock });
    actor.on('adjustment.done', () => { done += 1; });
    actor.on('adjustment.notFound', () => { gone += 1; });
    actor.start();
    render(<ChakraProvider value={system}><AdjustmentDialog actor={actor} currentExcl={input.target === 'delivery' ? 100_00 : null} /></ChakraProvider>);
    return {
      send(event) {
        // What the answer to this step emits is counted afresh.
        done = 0;
        gone = 0;
        lastUser = event.type;
        act(() => {
          switch (event.type) {
            case 'adjustment.open': fireEvent.click(screen.getByRole('button', { name: event.isCredit ? ADJUSTMENT_TEXTS.credit : ADJUSTMENT_TEXTS.debit })); break;
            case 'adjustment.close': fireEvent.click(within(form()).getByRole('button', { name: ADJUSTMENT_TEXTS.cancel })); break;
            case 'adjustment.submit': fireEvent.submit(form()); break;
            case 'adjustment.back': fireEvent.click(screen.getByRole('button', { name: 'No' })); break;
            case 'adjustment.confirm': fireEvent.click(screen.getByRole('button', { name: 'Yes' })); break;
            case 'adjustment.change': fireEvent.change(within(form()).getByLabelText(FIELDS[event.field as keyof typeof FIELDS]), { target: { value: event.value } }); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    closed: (snapshot) => {
      expect(screen.queryByRole('form')).toBeNull();
      confirmationClosed();
      expect(screen.getByRole('button', { name: ADJUSTMENT_TEXTS.debit })).toBeTruthy();
      expect(screen.getByRole('button', { name: ADJUSTMENT_TEXTS.credit })).toBeTruthy();
      // Closed by the user (or never opened): nothing is reported to the screen.
      if (lastUser === undefined || lastUser === 'adjustment.close') {
        expect([done, gone]).toEqual([0, 0]);
        return;
      }
      // Otherwise both dialogs closed after a success (the screen reloads) or a 404 (the screen goes to /404).
      expect(done + gone).toBe(1);
      if (snapshot.context.form.description === 'Waited an hour at the gate') expect(done).toBe(1);
      if (snapshot.context.form.description === 'Toll road' && snapshot.context.currentExcl === 80_00) expect(gone).toBe(1);
    },
    loading: () => {
      expect(form().getAttribute('aria-busy')).toBe('true');
    },
    editing: (snapshot) => {
      expect(form().getAttribute('aria-busy')).toBe('false');
      confirmationClosed();
      const alerts = within(form()).queryAllByRole('alert').map((node) => node.textContent);
      if (snapshot.context.error) expect(alerts).toContain(snapshot.context.error.message);
      for (const message of Object.values(snapshot.context.invalid)) if (message) expect(alerts).toContain(message);
      const { context } = snapshot;
      const belowZero = checkAdjustment(context.form, context.isCredit, context.currentExcl, context.target).newAmount;
      expect(within(form()).getByRole('button', { name: ADJUSTMENT_TEXTS.next }).hasAttribute('disabled')).toBe(Boolean(belowZero));
      if (belowZero) expect(alerts).toContain('New cost excl cannot be less than 0.');
    },
    confirming: (snapshot) => {
      const dialog = screen.getByRole('alertdialog');
      expect(dialog.textContent).toContain(ADJUSTMENT_TEXTS.cannotBeUndone);
      expect(dialog.textContent).toContain(snapshot.context.target === 'delivery' ? 'increase the delivery price' : 'the driver pay');
      expect(dialog.textContent).toContain('VAT exclusive');
    },
    submitting: () => {
      expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }).hasAttribute('disabled')).toBe(true);
    },
  },
});
