import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { TransactionDetailView } from '../../src/features/finance/TransactionDetailView';
import { FINANCE_TEXTS } from '../../src/lib/finance-texts';
import { transactionDetailMachine } from '../../src/machines/finance/transaction-detail.machine';
import { transactionDetailSamples } from '../../src/machines/finance/transaction-detail.samples';
import { system } from '../../src/ui/theme';
import { describeModel } from '../support/model-paths';

const shown = (label: string) => screen.getByTestId(`transaction-${label}`).textContent;

describeModel({
  machine: transactionDetailMachine,
  scenarios: transactionDetailSamples.scenarios,
  targets: transactionDetailSamples.targets,
  guards: true,
  start(machine, input, clock) {
    const actor = createActor(machine, { input, clock }).start();
    render(
      <ChakraProvider value={system}>
        <TransactionDetailView actor={actor} timeZone="Africa/Johannesburg" money={{ currency: 'ZAR', decimals: 2 }} exportRequest={async () => new Response('')} />
      </ChakraProvider>,
    );
    return {
      send(event) {
        act(() => {
          if (event.type === 'detail.retry') fireEvent.click(screen.getByRole('button', { name: FINANCE_TEXTS.retry }));
          else throw new Error(`No UI action for ${event.type}`);
        });
      },
    };
  },
  states: {
    loading: () => expect(screen.getByRole('status').textContent).toBe(FINANCE_TEXTS.loading),
    loadFailed: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toBe(snapshot.context.problem);
      expect(screen.getByRole('button', { name: FINANCE_TEXTS.retry })).toBeTruthy();
    },
    notFound: () => expect(screen.getByRole('alert').textContent).toBe(FINANCE_TEXTS.notFound),
    shown: (snapshot) => {
      const { transaction, items, total } = snapshot.context.detail!;
      expect(shown(FINANCE_TEXTS.date)).toBe('20-11-2026 10:15');
      expect(shown(FINANCE_TEXTS.transactionType)).toBe(transaction.transactionType);
      expect(shown(FINANCE_TEXTS.amount)).toMatch(/^-R\s?138[,.]00$/);
      expect(shown(FINANCE_TEXTS.total)).toMatch(new RegExp(`R\\s?${total / 100}[,.]00$`));
      const rows = within(screen.getByRole('region', { name: FINANCE_TEXTS.items })).getAllByRole('row').slice(1);
      expect(rows.map((row) => row.textContent)).toEqual(items.map((item) => expect.stringContaining(item.description)));
      expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    },
  },
});
