import type { SnapshotFrom } from 'xstate';
import type { searchSelectMachine } from '../lists/search-select.machine';
import type { Account, AccountOption, BookingViewer, Checkout, Quote, SavedCard } from './booking.model';

export interface PayInput {
  quote: Quote;
  viewer: BookingViewer;
}

export interface PayContext {
  quote: Quote;
  viewer: BookingViewer;
  accounts: AccountOption[];
  accountId: number | null;
  account: Account | null;
  cards: SavedCard[];
  checkout: Checkout | null;
  saveCard: boolean;
  problem: string | null;
}

export type PayEvent =
  | { type: 'pay.next' }
  | { type: 'pay.back' }
  | { type: 'pay.postPay' }
  | { type: 'pay.savedCard'; cardId: number }
  | { type: 'pay.removeCard'; cardId: number }
  | { type: 'pay.newCard' }
  | { type: 'pay.saveCard'; checked: boolean }
  | { type: 'pay.submitted' }
  | { type: 'pay.reset' };

export type AccountSelectSnapshot = SnapshotFrom<typeof searchSelectMachine>;

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface PaySchema {
  input: PayInput;
  context: PayContext;
  events: PayEvent;
  output: { result: 'paid'; quote: Quote };
  tags: 'busy' | 'loading';
}
