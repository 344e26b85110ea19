import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { FundsAllocationView } from '../../src/features/finance/FundsAllocationPage';
import { FINANCE_ADMIN_TEXTS } from '../../src/lib/finance-admin-texts';
import { formatMoney } from '../../src/lib/money';
import { fundsAllocationMachine, remainderAfter } from '../../src/machines/finance/funds-allocation.machine';
import { fundsAllocationSamples, LOADED } from '../../src/machines/finance/funds-allocation.samples';
import { system } from '../../src/ui/theme';
import { describeModel } from '../support/model-paths';

let notFound = 0;
let allocated = 0;
const accountName = (id: number) => LOADED.accounts.find((account) => account.id === id)!.accountName;
const allocateButton = () => screen.getByRole('button', { name: FINANCE_ADMIN_TEXTS.allocateButton });

/** The running chart (the one the view renders), to ask what it would take now. */
let running: ReturnType<typeof createActor<typeof fundsAllocationMachine>> | undefined;

describeModel({
  machine: fundsAllocationMachine,
  scenarios: fundsAllocationSamples.scenarios,
  targets: fundsAllocationSamples.targets,
  guards: true,
  start(machine, input, clock) {
    notFound = 0;
    allocated = 0;
    const actor = createActor(machine, { input, clock });
    actor.on('allocation.notFound', () => { notFound += 1; });
    actor.on('allocation.allocated', () => { allocated += 1; });
    actor.start();
    running = actor;
    render(<ChakraProvider value={system}><FundsAllocationView actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'allocation.change': fireEvent.change(screen.getByLabelText(FINANCE_ADMIN_TEXTS.allocationFor(accountName(event.accountId as number))), { target: { value: event.value } }); break;
            // A disabled button cannot be clicked: the form's submit is what the keyboard's Enter sends.
            case 'allocation.submit': fireEvent.submit(screen.getByRole('form')); break;
            case 'allocation.retry': fireEvent.click(screen.getByRole('button', { name: FINANCE_ADMIN_TEXTS.retry })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    loading: (snapshot) => {
      if (!snapshot.context.funds) expect(screen.getByRole('status').textContent).toBe(FINANCE_ADMIN_TEXTS.loading);
      else {
        expect(screen.getByRole('form').getAttribute('aria-busy')).toBe('true');
        expect(allocated).toBe(1);
      }
    },
    loadFailed: (snapshot) => {
      if (snapshot.context.error) expect(screen.getByRole('alert').textContent).toContain(snapshot.context.error.message);
      else expect(notFound).toBe(1);
    },
    ready: (snapshot) => {
      const remainder = remainderAfter(snapshot.context);
      expect(screen.getByTestId('remainder').textContent).toBe(`${FINANCE_ADMIN_TEXTS.remainder}: ${formatMoney(remainder)}`);
      expect(screen.queryByText(FINANCE_ADMIN_TEXTS.overAllocated) !== null).toBe(remainder < 0);
      if (remainder < 0) expect(allocateButton().hasAttribute('disabled')).toBe(true);
      // The running chart agrees with the button: it takes Allocate exactly when the button offers it (its guard).
      expect(running!.getSnapshot().can({ type: 'allocation.submit' })).toBe(!allocateButton().hasAttribute('disabled'));
      if (snapshot.context.error) expect(screen.getAllByRole('alert').map((node) => node.textContent)).toContain(snapshot.context.error.message);
    },
    allocating: () => {
      expect(allocateButton().hasAttribute('disabled')).toBe(true);
    },
  },
});
