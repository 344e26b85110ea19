// Driver pay (issue 15): completing a job pays its cost — the driver pay lines (a fee per delivery and the route's
// km) — to the driver's or the driver's partner's account, debiting the platform's cost of sales, in the same database
// transaction as the job's status change and under the job's row lock. Exactly once: a job has at most one
// unreversed pay posting, so a repeated or retried completion posts nothing more. Taking a completed job back
// reverses that posting (a reversal transaction, never an edit); completing it again pays it again.
// Job-cost adjustments (adjustments.ts) are posted when they are made, to the same accounts, so a job's cost in the
// ledger is its lines plus its adjustments.
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { accounts, companies, drivers, jobPayPostings, users } from '../db/schema';
import { SYSTEM_ACCOUNTS } from '../db/seed-booking';
import { postTransaction, postTransactions, reverseTransaction, systemAccountId, type Posting, type Tx } from './ledger';
import { jobCostLines, jobsCostLines } from './operations/job-cost';

/** The platform's account of what deliveries cost: driver pay (completions and job-cost adjustments). Gross profit reads it. */
export const COST_OF_SALES_ACCOUNT = SYSTEM_ACCOUNTS.costOfSales;

/**
 * Who a job's driver is paid through: a partner's driver through the partner company's account, any other driver
 * through their own (the first they have); either is opened on demand as a Payable account.
 */
export async function payeeAccountId(tx: Tx, portalId: number, driverId: number): Promise<number> {
  const [driver] = await tx.select({ partnerCompanyId: drivers.partnerCompanyId }).from(drivers).where(eq(drivers.userId, driverId));
  const partnerId = driver?.partnerCompanyId ?? null;
  const owner = partnerId !== null ? and(eq(accounts.companyId, partnerId), isNull(accounts.storeId)) : eq(accounts.userId, driverId);
  const [own] = await tx.select({ id: accounts.id }).from(accounts)
    .where(and(eq(accounts.portalId, portalId), owner, ne(accounts.accountType, 'System'))).orderBy(asc(accounts.id)).limit(1);
  if (own) return own.id;
  const accountName = partnerId !== null
    ? (await tx.select({ name: companies.companyName }).from(companies).where(eq(companies.id, partnerId)))[0]?.name ?? `Partner ${partnerId}`
    : (await tx.select({ name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` }).from(users).where(eq(users.id, driverId)))[0]?.name ?? `Driver ${driverId}`;
  const [created] = await tx.insert(accounts).values({
    portalId, accountType: 'Payable', accountName, ...(partnerId !== null ? { companyId: partnerId } : { userId: driverId }),
  }).returning({ id: accounts.id });
  return created!.id;
}

/** The job's pay posting that no reversal has undone yet, if any (the newest row of the job: a pay or its reversal). */
async function openPayPosting(tx: Tx, jobId: number) {
  const [last] = await tx.select().from(jobPayPostings).where(eq(jobPayPostings.jobId, jobId)).orderBy(desc(jobPayPostings.id)).limit(1);
  return last && !last.isReversal ? last : undefined;
}

export interface JobPayInput {
  portalId: number; jobId: number; driverId: number | null; userId: number;
  /** When the job completed, if not now: the demo seed pays its history's completions on their day. */
  postedAt?: Date;
}

/**
 * Pays a job that has just completed (the caller holds its row lock). Nothing when it is already paid, has no driver
 * or costs nothing. Answers the ledger transaction posted, if one was.
 */
export async function payCompletedJob(tx: Tx, input: JobPayInput): Promise<number | undefined> {
  if (input.driverId === null || await openPayPosting(tx, input.jobId)) return undefined;
  const totalCents = (await jobCostLines(tx, input.jobId)).reduce((sum, line) => sum + line.amountExcl, 0);
  if (totalCents <= 0) return undefined;
  const payee = await payeeAccountId(tx, input.portalId, input.driverId);
  const reason = `Driver pay for completed job ${input.jobId}`;
  const transactionId = await postTransaction(tx, {
    portalId: input.portalId, transactionType: 'Credit', description: reason, postedAt: input.postedAt,
    entries: [
      { accountId: await systemAccountId(tx, input.portalId, COST_OF_SALES_ACCOUNT), amountCents: totalCents },
      { accountId: payee, amountCents: -totalCents },
    ],
  });
  await tx.insert(jobPayPostings).values({
    portalId: input.portalId, jobId: input.jobId, ledgerTransactionId: transactionId, reason, createdByUserId: input.userId,
    ...(input.postedAt && { createdAt: input.postedAt }),
  });
  return transactionId;
}

/**
 * payCompletedJob for many completed jobs that have no pay posting yet (the caller checked, and holds their row locks),
 * in the given order, written with one statement per table: the same rows as paying them one by one. The demo seed
 * pays its history (over a hundred jobs) with it on a fresh start.
 */
export async function payCompletedJobs(tx: Tx, inputs: readonly JobPayInput[]): Promise<void> {
  const lines = await jobsCostLines(tx, inputs.map((input) => input.jobId));
  const paying: { input: JobPayInput; posting: Posting; reason: string }[] = [];
  // Accounts resolved in the order paying one by one would first ask for them (a payee's is opened on demand).
  const payees = new Map<string, number>();
  const costOfSales = new Map<number, number>();
  for (const input of inputs) {
    if (input.driverId === null) continue;
    const totalCents = lines.get(input.jobId)!.reduce((sum, line) => sum + line.amountExcl, 0);
    if (totalCents <= 0) continue;
    const payeeKey = `${input.portalId}:${input.driverId}`;
    const payee = payees.get(payeeKey) ?? await payeeAccountId(tx, input.portalId, input.driverId);
    payees.set(payeeKey, payee);
    const cost = costOfSales.get(input.portalId) ?? await systemAccountId(tx, input.portalId, COST_OF_SALES_ACCOUNT);
    costOfSales.set(input.portalId, cost);
    const reason = `Driver pay for completed job ${input.jobId}`;
    paying.push({ input, reason, posting: {
      portalId: input.portalId, transactionType: 'Credit', description: reason, postedAt: input.postedAt,
      entries: [{ accountId: cost, amountCents: totalCents }, { accountId: payee, amountCents: -totalCents }],
    } });
  }
  if (paying.length === 0) return;
  const transactionIds = await postTransactions(tx, paying.map((pay) => pay.posting));
  await tx.insert(jobPayPostings).values(paying.map(({ input, reason }, index) => ({
    portalId: input.portalId, jobId: input.jobId, ledgerTransactionId: transactionIds[index]!, reason, createdByUserId: input.userId,
    ...(input.postedAt && { createdAt: input.postedAt }),
  })));
}

/** Reverses a job's pay when the job is taken back from completed (the caller holds its row lock). */
export async function reverseJobPay(tx: Tx, input: Omit<JobPayInput, 'driverId'>): Promise<number | undefined> {
  const open = await openPayPosting(tx, input.jobId);
  if (!open) return undefined;
  const reason = `Job ${input.jobId} reversed from completed: its driver pay is taken back`;
  const transactionId = await reverseTransaction(tx, open.ledgerTransactionId, reason);
  await tx.insert(jobPayPostings).values({
    portalId: input.portalId, jobId: input.jobId, ledgerTransactionId: transactionId, isReversal: true, reason, createdByUserId: input.userId,
  });
  return transactionId;
}
