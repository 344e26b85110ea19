import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';

export type DriverDeposit = components['schemas']['DriverDeposit'];

/** What the deposit modal's fields hold, as typed (the amount in rands is turned into cents before the call). */
export interface DepositForm {
  amount: string;
  reference: string;
  /** A `datetime-local` value (the browser's time), sent in UTC. */
  depositedAt: string;
  note: string;
}

export interface DepositInput {
  cca2: string;
}

export interface DepositContext {
  cca2: string;
  driverId: number | null;
  driverName: string;
  form: DepositForm;
  /** One key per opened modal: a retry after a lost answer records the deposit (and its ledger postings) once. */
  idempotencyKey: string;
  recorded: DriverDeposit | null;
  error: ApiError | null;
}

export type DepositEvent =
  | { type: 'deposit.open'; driverId: number; driverName: string; now: string; key: string }
  | { type: 'deposit.change'; fields: Partial<DepositForm> }
  | { type: 'deposit.submit' }
  | { type: 'deposit.cancel' };

/** The driver's details reload their deposits once one is recorded. */
export type DepositEmitted = { type: 'deposit.recorded'; driverId: number; deposit: DriverDeposit };

/** The machine's types for `setup({ types })`: one schema (context, events, input, emitted). */
export interface DepositSchema {
  input: DepositInput;
  context: DepositContext;
  events: DepositEvent;
  emitted: DepositEmitted;
}
