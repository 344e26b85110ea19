import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { PayoutRequestForm } from '../../src/features/finance/PayoutsPage';
import { FINANCE_ADMIN_TEXTS } from '../../src/lib/finance-admin-texts';
import { payoutRequestMachine } from '../../src/machines/finance/payout-request.machine';
import { payoutRequestSamples } from '../../src/machines/finance/payout-request.samples';
import type { PayoutKind } from '../../src/machines/finance/payout-request.types';
import { system } from '../../src/ui/theme';
import { describeModel } from '../support/model-paths';

let requested = 0;
let kind: PayoutKind = 'withdrawals';
const form = () => screen.getByRole('form', { name: FINANCE_ADMIN_TEXTS.request(kind) });
const FIELDS = { accountId: FINANCE_ADMIN_TEXTS.account, bankAccountId: FINANCE_ADMIN_TEXTS.bankAccountField, amount: FINANCE_ADMIN_TEXTS.amountField, reason: FINANCE_ADMIN_TEXTS.reason } as const;

describeModel({
  machine: payoutRequestMachine,
  scenarios: payoutRequestSamples.scenarios,
  targets: payoutRequestSamples.targets,
  guards: true,
  start(machine, input, clock) {
    requested = 0;
    kind = input.kind;
    const actor = createActor(machine, { input, clock });
    actor.on('payout.requested', () => { requested += 1; });
    actor.start();
    render(<ChakraProvider value={system}><PayoutRequestForm actor={actor} kind={input.kind} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'payout.open': fireEvent.click(screen.queryByRole('button', { name: FINANCE_ADMIN_TEXTS.retry }) ?? screen.getByRole('button', { name: FINANCE_ADMIN_TEXTS.request(kind) })); break;
            case 'payout.close': fireEvent.click(screen.getByRole('button', { name: FINANCE_ADMIN_TEXTS.close })); break;
            case 'payout.submit': fireEvent.submit(form()); break;
            case 'payout.change': fireEvent.change(within(form()).getByLabelText(FIELDS[event.field as keyof typeof FIELDS]), { target: { value: event.value } }); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    closed: (snapshot) => {
      expect(screen.queryByRole('form')).toBeNull();
      expect(screen.getByRole('button', { name: FINANCE_ADMIN_TEXTS.request(kind) })).toBeTruthy();
      if (snapshot.context.form.amount === '250.00') expect(requested).toBe(1);
    },
    loadFailed: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toContain(snapshot.context.error!.message);
      expect(screen.queryByRole('form')).toBeNull();
    },
    loading: () => {
      expect(form().getAttribute('aria-busy')).toBe('true');
    },
    editing: (snapshot) => {
      expect(form().getAttribute('aria-busy')).toBe('false');
      const alerts = within(form()).queryAllByRole('alert').map((node) => node.textContent);
      if (snapshot.context.error) expect(alerts).toContain(snapshot.context.error.message);
      for (const message of Object.values(snapshot.context.invalid)) if (message) expect(alerts).toContain(message);
      expect(within(form()).getAllByRole('option').length).toBe(2 + snapshot.context.accounts.length + snapshot.context.bankAccounts.length);
    },
    submitting: () => {
      expect(within(form()).getByRole('button', { name: FINANCE_ADMIN_TEXTS.submit }).hasAttribute('disabled')).toBe(true);
    },
  },
});
