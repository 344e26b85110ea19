// The ledger proved by random use (issue 15): random sequences of money commands against the real server and database
// (paying by balance, duplicated and concurrent, cancelling paid deliveries, funds received and allocated,
// withdrawals and advances requested then completed or cancelled, price adjustments, jobs completed (paying the
// driver from cost of sales), reversed from completed and completed again) keep every transaction balanced, every
// balance equal to its entries and every command posted once (verifyLedger after each sequence), a replay with the
// same Idempotency-Key posts nothing, and every delivery's paid amount is its price plus adjustments less refunds. Bounded runs (LEDGER_PROPERTY_RUNS for a longer one); on failure
// fast-check prints the seed and the shrunk sequence to replay.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/database';
import { accounts, adjustmentItems, companies, deliveries, jobPayPostings, users } from '../../server/db/schema';
import { cancellationFeeCents } from '../../server/domain/refunds';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { verifyLedger } from '../../server/domain/ledger-verify';
import type { SeededLogin } from '../support/seeded-users';
import { bookedWithAccount } from './booking-helpers';
import { startTestServer, type Answer, type TestServer } from './support';

const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 15);
// The benchmark (bench/ledger.ts) runs many more sequences and gives them the time they need.

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

/**
 * What a sequence has made so far, for later commands to act on (indexes wrap around): the paid deliveries still open
 * (to cancel, adjust or put in a job), the jobs completed, and each paid delivery's price and payer.
 */
interface Run { paid: number[]; completedJobs: number[]; prices: Map<number, { priceCents: number; accountId: number }> }

type Command =
  | { kind: 'pay'; payer: SeededLogin; replay: boolean; concurrent: boolean }
  | { kind: 'cancel'; pick: number }
  | { kind: 'fund'; customer: 'user' | 'company' | 'payouts'; amount: number; allocatePercent: number; replay: boolean }
  | { kind: 'payout'; payoutKind: 'withdrawals' | 'advances'; amount: number; decision: 'complete' | 'cancel'; replay: boolean }
  | { kind: 'adjust'; pick: number; amount: number; isCredit: boolean; replay: boolean }
  | { kind: 'job'; pick: number; driver: SeededLogin }
  | { kind: 'reverseJob'; pick: number; completeAgain: boolean };

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
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('job' as const), pick: fc.nat(), driver: fc.constantFrom<SeededLogin>('driver3', 'driver4') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverseJob' as const), pick: fc.nat(), completeAgain: fc.boolean() }) },
);

type Task = { id: number; taskJobOrder: number; address: { coordinates: { lat: number; lon: number } } };
/** Works a task through to done as its driver: start, arrive where it is, complete it. */
async function workTask(driver: SeededLogin, task: Task, complete: 'completepickup' | 'completedropoff') {
  expectOneOf(await server.raw(driver, 'PUT', `/tasks/start/za/${task.id}`), [200], 'task start');
  expectOneOf(await server.raw(driver, 'PUT', `/tasks/arrived/za/${task.id}`, { arrivedLocation: task.address.coordinates }), [200], 'task arrived');
  expectOneOf(await server.raw(driver, 'PUT', `/tasks/${complete}/za/${task.id}`), [200], complete);
}
const payPostings = async (jobId: number) => (await server.database.db.select().from(jobPayPostings).where(eq(jobPayPostings.jobId, jobId))).length;
const driverOfJob = new Map<number, SeededLogin>();

/** Answers a command may give: the command's success, or a refusal that must have posted nothing. */
const expectOneOf = (answer: Answer, statuses: number[], what: string) => expect(statuses, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);

async function run(step: Command, state: Run): Promise<void> {
  const before = await transactionCount();
  switch (step.kind) {
    case 'pay': {
      const { deliveryId, accountId, selected } = await bookedWithAccount(server.as(step.payer).connect);
      const payKey = key();
      const pay = () => server.raw(step.payer, 'PUT', `/deliveries/payByBalance/za/${deliveryId}`, undefined, withKey(payKey));
      // Concurrent duplicates of one key: one charge, the same answer for all (or in flight, 409).
      const answers = step.concurrent ? await Promise.all([pay(), pay(), pay()]) : [await withReplay(pay, step.replay)];
      const first = answers.find((answer) => answer.status !== 409) ?? answers[0]!;
      expectOneOf(first, [200, 422], 'payByBalance');
      if (first.status === 200) {
        state.paid.push(deliveryId);
        state.prices.set(deliveryId, { priceCents: selected.paymentTotal, accountId });
      }
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
    case 'job': {
      // A paid delivery goes out in a job of its own and is delivered: completing the job pays its driver once.
      if (state.paid.length === 0) return;
      const [deliveryId] = state.paid.splice(step.pick % state.paid.length, 1);
      const driverId = (await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, `${step.driver}@demo.test`)))[0]!.id;
      const created = await server.raw('administrator', 'POST', '/jobs/createjob/za', { deliveryIds: [deliveryId], driverId });
      expectOneOf(created, [201], 'createjob');
      const jobId = created.body.job.id as number;
      const tasks = [...(created.body.tasks as Task[])].sort((a, b) => a.taskJobOrder - b.taskJobOrder);
      for (const [index, task] of tasks.entries()) await workTask(step.driver, task, index < tasks.length / 2 ? 'completepickup' : 'completedropoff');
      expect(await payPostings(jobId), 'a completed job is paid once').toBe(1);
      expect(await transactionCount() - before, 'completing a job posts its driver pay').toBe(1);
      // Completing it again is refused and pays nothing more.
      expectOneOf(await server.raw(step.driver, 'PUT', `/tasks/completedropoff/za/${tasks.at(-1)!.id}`), [409], 'complete again');
      expect(await transactionCount() - before).toBe(1);
      state.completedJobs.push(jobId);
      driverOfJob.set(jobId, step.driver);
      return;
    }
    case 'reverseJob': {
      // Taking a completed job back reverses its pay (a reversal, never an edit); completing it again pays it again.
      if (state.completedJobs.length === 0) return;
      const jobId = state.completedJobs.splice(step.pick % state.completedJobs.length, 1)[0]!;
      const reversed = await server.raw('administrator', 'PUT', `/jobs/reverseJobStatus/za/${jobId}`);
      expectOneOf(reversed, [200], 'reverseJobStatus');
      expect(await transactionCount() - before, 'a reversal posts once').toBe(1);
      expectOneOf(await server.raw('administrator', 'PUT', `/jobs/reverseJobStatus/za/${jobId}`), [409], 'reverse again');
      expect(await transactionCount() - before, 'reversing again posts nothing').toBe(1);
      if (!step.completeAgain) return;
      const reopened = (reversed.body.tasks as Array<Task & { taskStatusId: number }>).sort((a, b) => b.taskJobOrder - a.taskJobOrder)[0]!;
      expectOneOf(await server.raw(driverOfJob.get(jobId)!, 'PUT', `/tasks/completedropoff/za/${reopened.id}`), [200], 'complete after reversal');
      expect(await transactionCount() - before, 'completing again pays again').toBe(2);
      state.completedJobs.push(jobId);
      return;
    }
  }
}

/**
 * What the payer's account paid for the delivery in the ledger equals its price (the quote's total) plus its price
 * adjustments (incl. VAT, from adjustment_items) less what its cancellation refunded (all, or all but the fee, as its
 * payment status says).
 */
async function expectPaidAsPriced(deliveryId: number, priceCents: number, accountId: number) {
  const db = server.database.db;
  const [paid] = await rowsOf<{ cents: unknown }>(db, sql`select coalesce(sum(e.amount_cents), 0) as cents from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id where t.delivery_id = ${deliveryId} and e.account_id = ${accountId}`);
  const adjustments = (await db.select().from(adjustmentItems).where(eq(adjustmentItems.deliveryId, deliveryId)))
    .reduce((sum, item) => sum + (item.isCredit ? -1 : 1) * (item.amountExclCents + item.vatCents), 0);
  const [delivery] = await db.select({ status: deliveries.paymentStatusId }).from(deliveries).where(eq(deliveries.id, deliveryId));
  const refund = delivery!.status === PAYMENT_STATUS.FULL_REFUND ? priceCents
    : delivery!.status === PAYMENT_STATUS.REFUND_LESS_FEE ? priceCents - cancellationFeeCents(priceCents) : 0;
  expect(Number(paid!.cents), `delivery ${deliveryId}: paid = price ${priceCents} + adjustments ${adjustments} - refund ${refund}`).toBe(priceCents + adjustments - refund);
}

describe('the ledger under random money commands', () => {
  it('stays balanced, every balance its entries, every command posted once; replays post nothing', async () => {
    // Each sequence starts with a payment, so its cancellations and adjustments have a paid delivery to act on.
    await fc.assert(fc.asyncProperty(firstPayment, fc.array(command, { minLength: 0, maxLength: 7 }), async (first, steps) => {
      // Judged on what this sequence broke: a failed run leaves its rows, and shrinking must not blame the next one.
      const known = new Set((await verifyLedger(server.database.db)).violations.map((violation) => violation.message));
      const state: Run = { paid: [], completedJobs: [], prices: new Map() };
      for (const step of [first, ...steps]) await run(step, state);
      const report = await verifyLedger(server.database.db);
      expect(report.violations.filter((violation) => !known.has(violation.message))).toEqual([]);
      for (const [deliveryId, { priceCents, accountId }] of state.prices) await expectPaidAsPriced(deliveryId, priceCents, accountId);
    }), { numRuns: RUNS });
  }, Number(process.env.LEDGER_PROPERTY_TIMEOUT_MS ?? 240_000));
});
