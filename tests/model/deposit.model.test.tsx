import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { DepositButton, DepositModal } from '../../src/features/dashboard/DepositModal';
import { DEPOSIT_TEXTS } from '../../src/lib/dashboard-texts';
import { formatMoney } from '../../src/lib/money';
import { depositSamples } from '../../src/machines/operations/deposit.samples';
import type { DepositEvent, DepositForm } from '../../src/machines/operations/deposit.types';
import { system } from '../../src/ui/theme';
import { describeModel } from '../support/model-paths';

// The deposit modal (issue 20) through its Chakra dialog, opened from a driver's details.
const LABELS: Record<keyof DepositForm, string> = {
  amount: DEPOSIT_TEXTS.amount, reference: DEPOSIT_TEXTS.reference, depositedAt: DEPOSIT_TEXTS.depositedAt, note: DEPOSIT_TEXTS.note,
};
let recorded: number[] = [];
/** The running chart (the one the view renders), to ask what it would take now. */
let running: ReturnType<typeof createActor<typeof depositSamples.machine>> | undefined;
const dialog = () => within(screen.getAllByRole('dialog').find((element) => element.getAttribute('data-state') === 'open')!);
const field = (label: string) => dialog().getByLabelText(label) as HTMLInputElement;

describeModel({
  machine: depositSamples.machine,
  scenarios: depositSamples.scenarios,
  targets: depositSamples.targets,
  guards: true,
  start(machine, input, clock) {
    recorded = [];
    const actor = createActor(machine, { input, clock });
    actor.on('deposit.recorded', (event) => recorded.push(event.deposit.amountCents));
    actor.start();
    running = actor;
    render(<ChakraProvider value={system}><DepositButton actor={actor} driverId={7} driverName="Dan Driver" /><DepositModal actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          const typed = event as DepositEvent;
          switch (typed.type) {
            // The button makes its own time and key; the path's are the chart's business.
            case 'deposit.open': fireEvent.click(screen.getByRole('button', { name: DEPOSIT_TEXTS.open })); break;
            case 'deposit.change':
              for (const [name, value] of Object.entries(typed.fields)) fireEvent.change(field(LABELS[name as keyof DepositForm]), { target: { value } });
              break;
            case 'deposit.submit': {
              const button = dialog().getByRole('button', { name: DEPOSIT_TEXTS.submit });
              // Disabled while the form is incomplete: the chart is sent the press and must ignore it.
              if (button.hasAttribute('disabled')) actor.send(typed);
              else fireEvent.click(button);
              break;
            }
            case 'deposit.cancel': {
              const name = actor.getSnapshot().matches('recorded') ? DEPOSIT_TEXTS.close : DEPOSIT_TEXTS.cancel;
              fireEvent.click(dialog().getByRole('button', { name }));
              break;
            }
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    closed: () => {
      expect(screen.getByRole('button', { name: DEPOSIT_TEXTS.open })).toBeTruthy();
      // Gone, or on its way out (the dialog's closing animation).
      const shown = screen.queryByRole('dialog');
      expect(shown === null || shown.getAttribute('data-state') === 'closed').toBe(true);
    },
    editing: (snapshot) => {
      expect(dialog().getByText(DEPOSIT_TEXTS.title('Dan Driver'))).toBeTruthy();
      expect(field(DEPOSIT_TEXTS.amount).value).toBe(snapshot.context.form.amount);
      // Opened on now: the time field is filled in.
      expect(field(DEPOSIT_TEXTS.depositedAt).value).not.toBe('');
      const complete = snapshot.context.form.amount !== '0' && snapshot.context.form.amount !== '' && snapshot.context.form.reference !== '';
      expect(dialog().getByRole('button', { name: DEPOSIT_TEXTS.submit }).hasAttribute('disabled')).toBe(!complete);
      // The running chart agrees with the button: it takes Record exactly when the form is complete (its guard).
      expect(running!.getSnapshot().can({ type: 'deposit.submit' })).toBe(complete);
      expect(Boolean(dialog().queryByText(DEPOSIT_TEXTS.errors.amount))).toBe(snapshot.context.form.amount === '0');
      if (snapshot.context.error) expect(dialog().getByText(snapshot.context.error.message)).toBeTruthy();
      // The key stays the one made on opening (a retry records once).
      expect(snapshot.context.idempotencyKey.length).toBeGreaterThanOrEqual(8);
    },
    saving: () => {
      expect(dialog().getByText(DEPOSIT_TEXTS.saving)).toBeTruthy();
      expect(dialog().getByRole('button', { name: DEPOSIT_TEXTS.submit }).hasAttribute('disabled')).toBe(true);
    },
    recorded: (snapshot) => {
      const deposit = snapshot.context.recorded!;
      expect(dialog().getByRole('status').textContent).toBe(DEPOSIT_TEXTS.recorded(formatMoney(deposit.amountCents), deposit.reference));
      // Told once, however many tries it took.
      expect(recorded).toEqual([deposit.amountCents]);
    },
  },
});
