// The ledger proved by random use (issue 15): random sequences of money commands against the real server and database
// (paying by balance, duplicated and concurrent, cancelling paid deliveries, funds received and allocated,
// withdrawals and advances requested then completed or cancelled, price adjustments) keep every transaction balanced,
// every balance equal to its entries and every command posted once (verifyLedger after each sequence), and a replay
// with the same Idempotency-Key posts nothing. Bounded runs (LEDGER_PROPERTY_RUNS for a longer one); on failure
// fast-check prints the seed and the shrunk sequence to replay.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/database';
import { accounts, companies, users } from '../../server/db/schema';
import { verifyLedger } from '../../server/domain/ledger-verify';
import type { SeededLogin } from '../support/seeded-users';
import { bookedWithAccount } from './booking-helpers';
import { startTestServer, type Answer, type TestServer } from './support';

const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 15);

let server: TestServer;
let customerUser: number;
let acme: number;
let blue: number;
/** Blue Crane's own Prepay account and its bank account: what withdrawals and advances are paid from and to. */
let payout: { accountId: number; bankAccountId: number };

const key = () => `prop-${randomUUID()}`;
const withKey = (value: string) => ({ 'Idempotency-Key': value });

async function transactionCount(): Promise<number> {
  const [row] = await rowsOf<{ n: unknown }>(server.database.db, sql`select count(*) as n from ledger_transactions`);
  return Number(row!.n);
}

/** Sends a money command, then the same again with the same key: the replay answers alike and posts nothing. */
async function withReplay(send: () => Promise<Answer>, replay: boolean): Promise<Answer> {
  const first = await send();
  if (!replay) return first;
  const before = await transactionCount();
  const again = await send();
  expect(again.status, `replay of a ${first.status}: ${JSON.stringify(again.body)}`).toBe(first.status);
  expect(await transactionCount(), 'a replay posted').toBe(before);
  return first;
}

const companyId = async (name: string) => (await server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.companyName, name)))[0]!.id;
async function ownAccounts(owner: { userId: number } | { companyId: number }): Promise<number[]> {
  const where = 'userId' in owner ? eq(accounts.userId, owner.userId) : eq(accounts.companyId, owner.companyId);
  return (await server.database.db.select({ id: accounts.id }).from(accounts).where(and(where, isNull(accounts.systemCode)))).map((row) => row.id);
}

beforeAll(async () => {
  server = await startTestServer();
  customerUser = (await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'customer@demo.test')))[0]!.id;
  acme = await companyId('Acme Retail');
  blue = await companyId('Blue Crane Foods');
  const account = await server.raw('administrator', 'POST', '/accounts/za/manage', { accountName: 'Blue payouts', accountType: 'Prepay', companyId: blue });
  const bank = await server.raw('administrator', 'POST', '/bankaccounts/za', {
    companyId: blue, accountHolder: 'Blue Crane Foods', bankName: 'First Bank', branchCode: '250655', accountNumber: '62001234567', bankAccountType: 'Cheque',
  });
  expect([account.status, bank.status]).toEqual([201, 201]);
  payout = { accountId: account.body.id as number, bankAccountId: bank.body.id as number };
  // Money to pay out: withdrawals and advances debit a Prepay account, which never goes below zero.
  const funds = await server.raw('administrator', 'POST', '/fundsreceived/za', { companyId: blue, amount: 2_000_00, reference: 'EFT payouts', receivedOn: '2026-11-26' });
  const allocated = await server.raw('administrator', 'POST', `/fundsreceived/za/${funds.body.id}/allocation`, { allocations: [{ accountId: payout.accountId, amount: 2_000_00 }] }, withKey(key()));
  expect(allocated.status).toBe(200);
  expect((await verifyLedger(server.database.db)).violations).toEqual([]);
}, 120_000);
afterAll(async () => { await server.close(); });

/** What a sequence has made so far, for later commands to act on (indexes wrap around). */
interface Run { paid: number[] }

type Command =
  | { kind: 'pay'; payer: SeededLogin; replay: boolean; concurrent: boolean }
  | { kind: 'cancel'; pick: number }
  | { kind: 'fund'; customer: 'user' | 'company' | 'payouts'; amount: number; allocatePercent: number; replay: boolean }
  | { kind: 'payout'; payoutKind: 'withdrawals' | 'advances'; amount: number; decision: 'complete' | 'cancel'; replay: boolean }
  | { kind: 'adjust'; pick: number; amount: number; isCredit: boolean; replay: boolean };

const amount = fc.integer({ min: 1, max: 300_00 });
const pay = fc.record({ kind: fc.constant('pay' as const), payer: fc.constantFrom<SeededLogin>('customer', 'company.admin'), replay: fc.boolean(), concurrent: fc.boolean() });
const firstPayment: fc.Arbitrary<Command> = pay;
// Paying weighs most: cancellations and adjustments act on the deliveries a sequence paid.
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: pay },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fund' as const), customer: fc.constantFrom('user' as const, 'company' as const, 'payouts' as const), amount, allocatePercent: fc.integer({ min: 0, max: 100 }), replay: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('payout' as const), payoutKind: fc.constantFrom('withdrawals' as const, 'advances' as const), amount, decision: fc.constantFrom('complete' as const, 'cancel' as const), replay: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('adjust' as const), pick: fc.nat(), amount: fc.integer({ min: 1, max: 50_00 }), isCredit: fc.boolean(), replay: fc.boolean() }) },
);

/** Answers a command may give: the command's success, or a refusal that must have posted nothing. */
const expectOneOf = (answer: Answer, statuses: number[], what: string) => expect(statuses, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);

async function run(step: Command, state: Run): Promise<void> {
  const before = await transactionCount();
  switch (step.kind) {
    case 'pay': {
      const { deliveryId } = await bookedWithAccount(server.as(step.payer).connect);
      const payKey = key();
      const pay = () => server.raw(step.payer, 'PUT', `/deliveries/payByBalance/za/${deliveryId}`, undefined, withKey(payKey));
      // Concurrent duplicates of one key: one charge, the same answer for all (or in flight, 409).
      const answers = step.concurrent ? await Promise.all([pay(), pay(), pay()]) : [await withReplay(pay, step.replay)];
      const first = answers.find((answer) => answer.status !== 409) ?? answers[0]!;
      expectOneOf(first, [200, 422], 'payByBalance');
      if (first.status === 200) state.paid.push(deliveryId);
      expect(await transactionCount() - before, 'a payment posts one Invoice').toBe(first.status === 200 ? 1 : 0);
      return;
    }
    case 'cancel': {
      if (state.paid.length === 0) return;
      const [deliveryId] = state.paid.splice(step.pick % state.paid.length, 1);
      const cancel = () => server.raw('staff', 'PUT', `/deliveries/canceldelivery/za/${deliveryId}`);
      expectOneOf(await cancel(), [200], 'cancel');
      expect(await transactionCount() - before, 'a cancellation refunds once').toBe(1);
      expectOneOf(await cancel(), [409], 'cancel again');
      expect(await transactionCount() - before, 'cancelling again refunds nothing').toBe(1);
      return;
    }
    case 'fund': {
      const owner = step.customer === 'user' ? { userId: customerUser } : { companyId: step.customer === 'company' ? acme : blue };
      const funds = await server.raw('administrator', 'POST', '/fundsreceived/za', { ...owner, amount: step.amount, reference: `EFT ${randomUUID().slice(0, 8)}`, receivedOn: '2026-11-26' });
      expectOneOf(funds, [201], 'fundsreceived');
      const accountId = step.customer === 'payouts' ? payout.accountId : (await ownAccounts(owner))[0];
      const allocate = Math.floor(step.amount * step.allocatePercent / 100);
      if (allocate === 0) return;
      const allocationKey = key();
      const allocated = await withReplay(() => server.raw('administrator', 'POST', `/fundsreceived/za/${funds.body.id}/allocation`,
        { allocations: [{ accountId, amount: allocate }] }, withKey(allocationKey)), step.replay);
      expectOneOf(allocated, [200], 'allocation');
      expect(allocated.body.unallocated).toBe(step.amount - allocate);
      // More than what is left: refused, nothing posted.
      const over = await server.raw('administrator', 'POST', `/fundsreceived/za/${funds.body.id}/allocation`, { allocations: [{ accountId, amount: step.amount - allocate + 1 }] }, withKey(key()));
      expectOneOf(over, [422], 'allocation beyond what was received');
      expect(await transactionCount() - before).toBe(1);
      return;
    }
    case 'payout': {
      const requestKey = key();
      const requested = await withReplay(() => server.raw('administrator', 'POST', `/payoutrequests/za/${step.payoutKind}`,
        { ...payout, amount: step.amount, reason: 'Property' }, withKey(requestKey)), step.replay);
      expectOneOf(requested, [201, 422], 'payout request');
      if (requested.status !== 201) return;
      const decisionKey = key();
      const decided = await withReplay(() => server.raw('management', 'POST', `/payoutrequests/za/${step.payoutKind}/${step.decision}`,
        { ids: [requested.body.id] }, withKey(decisionKey)), step.replay);
      expectOneOf(decided, [200], `payout ${step.decision}`);
      expect(await transactionCount() - before).toBe(step.decision === 'complete' ? 1 : 0);
      return;
    }
    case 'adjust': {
      if (state.paid.length === 0) return;
      const deliveryId = state.paid[step.pick % state.paid.length];
      const adjustKey = key();
      const adjusted = await withReplay(() => server.raw('management', 'POST', '/transactions/createDeliveryTransactionItem/za',
        { deliveryId, amount: step.amount, description: 'Property adjustment', isCredit: step.isCredit }, withKey(adjustKey)), step.replay);
      // A credit below a zero price is refused (400), a debit beyond the account's floor too (422).
      expectOneOf(adjusted, [201, 400, 422], 'adjustment');
      expect(await transactionCount() - before).toBe(adjusted.status === 201 ? 1 : 0);
      return;
    }
  }
}

describe('the ledger under random money commands', () => {
  it('stays balanced, every balance its entries, every command posted once; replays post nothing', async () => {
    // Each sequence starts with a payment, so its cancellations and adjustments have a paid delivery to act on.
    await fc.assert(fc.asyncProperty(firstPayment, fc.array(command, { minLength: 0, maxLength: 7 }), async (first, steps) => {
      // Judged on what this sequence broke: a failed run leaves its rows, and shrinking must not blame the next one.
      const known = new Set((await verifyLedger(server.database.db)).violations.map((violation) => violation.message));
      const state: Run = { paid: [] };
      for (const step of [first, ...steps]) await run(step, state);
      const report = await verifyLedger(server.database.db);
      expect(report.violations.filter((violation) => !known.has(violation.message))).toEqual([]);
    }), { numRuns: RUNS });
  }, 240_000);
});
