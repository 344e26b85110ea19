// The finance back office's commands (issue 15): accounts added and edited with their credit limits, bank accounts
// (a partner's own; numbers masked except to administrators), withdrawals and advances requested by their owners and
// completed or cancelled by administrators and management, and funds received by EFT allocated to a customer's
// accounts. Every command that moves money is one database transaction, idempotent by its key, and posts one
// balanced ledger transaction per movement.
import { type AnyColumn, and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { components } from '../../src/api/generated/connect';
import { COMPANY_ROLES, hasAnyRole, STAFF_ROLES, STORE_ROLES, type Permissions } from '../../src/lib/roles';
import type { Database } from '../db/database';
import { accountCreditLimits, accounts, bankAccounts, companies, fundsAllocations, fundsReceived, payoutRequests, stores, users } from '../db/schema';
import { badRequest, ConflictError, HttpError, notFound } from '../http/errors';
import { rowExport, type ExportColumn } from './export';
import { readAccount } from './finance';
import { postTransaction, systemAccountId, type Tx } from './ledger';
import { idempotent, requireWithinLimit } from './money-rules';
import { after, pageOf, parseListQuery, type ListDefinition, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';

type S = components['schemas'];

export const FINANCE_ADMIN_TEXTS = {
  completed: 'Successsfully completed transactions',
  cancelled: 'Successsfully cancelled transactions',
  oneOwner: 'Choose exactly one owner: a user, a company or a store.',
  creditLimitPostPayOnly: 'Only a PostPay account has a credit limit.',
  notRequested: (id: number, status: string) => `Request ${id} is ${status}, not requested: it cannot change again.`,
  systemAccount: 'The platform\'s own accounts cannot be paid out.',
  bankAccountNotOwners: 'The bank account must belong to the account\'s owner.',
  bankAccountInactive: 'The bank account is not active.',
  oneCustomer: 'Choose the customer: a user or a company (one of them).',
  notCustomersAccount: (account: string) => `The account "${account}" is not this customer's.`,
  aboveReceived: (remainder: string) => `The allocation is more than the unallocated amount of ${remainder}.`,
  belowAllocated: (allocated: string) => `The amount cannot be less than what is already allocated (${allocated}).`,
  customerFixed: 'The customer cannot change once funds are allocated.',
} as const;

const money = (cents: number) => (cents / 100).toFixed(2);
/** The ledger's account for the platform's bank: where EFTs arrive and payouts leave. */
export const BANK_SYSTEM_CODE = 'bank';

const isStaff = (permissions: Permissions) => hasAnyRole(permissions, STAFF_ROLES);

// ---- Accounts: add and edit with a credit limit ----

const exactlyOne = (...values: (number | null | undefined)[]) => values.filter((value) => value !== null && value !== undefined).length === 1;

async function requireOwnerInPortal(db: Database, portal: PortalData, owner: { userId?: number | null; companyId?: number | null; storeId?: number | null }) {
  if (owner.companyId) {
    const [row] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, owner.companyId), eq(companies.portalId, portal.id)));
    if (!row) throw notFound(`company ${owner.companyId}`);
  }
  if (owner.storeId) {
    const [row] = await db.select({ id: stores.id }).from(stores).where(and(eq(stores.id, owner.storeId), eq(stores.portalId, portal.id)));
    if (!row) throw notFound(`store ${owner.storeId}`);
  }
  if (owner.userId) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, owner.userId));
    if (!row) throw notFound(`user ${owner.userId}`);
  }
}

export async function createAccount(db: Database, portal: PortalData, permissions: Permissions, form: S['FinanceAccountForm']) {
  if (!exactlyOne(form.userId, form.companyId, form.storeId)) throw badRequest('owner', FINANCE_ADMIN_TEXTS.oneOwner);
  if (form.accountType !== 'PostPay' && form.creditLimit) throw badRequest('creditLimit', FINANCE_ADMIN_TEXTS.creditLimitPostPayOnly);
  await requireOwnerInPortal(db, portal, form);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(accounts).values({
      portalId: portal.id, accountName: form.accountName.trim(), accountType: form.accountType,
      userId: form.userId ?? null, companyId: form.companyId ?? null, storeId: form.storeId ?? null, isActive: form.isActive ?? true,
    }).returning({ id: accounts.id });
    if (form.accountType === 'PostPay' && form.creditLimit !== null && form.creditLimit !== undefined) {
      await tx.insert(accountCreditLimits).values({ accountId: row!.id, creditLimitCents: form.creditLimit });
    }
    return row!.id;
  });
  return readAccount(db, portal, permissions, id);
}

export async function updateAccount(db: Database, portal: PortalData, permissions: Permissions, id: number, form: S['FinanceAccountUpdate']) {
  const current = await readAccount(db, portal, permissions, id);
  if (current.accountType === 'System') throw notFound(`account ${id}`);
  if (current.accountType !== 'PostPay' && form.creditLimit) throw badRequest('creditLimit', FINANCE_ADMIN_TEXTS.creditLimitPostPayOnly);
  const saved = await db.transaction(async (tx) => {
    const updated = await tx.update(accounts).set({ accountName: form.accountName.trim(), isActive: form.isActive ?? current.isActive })
      .where(and(eq(accounts.id, id), sql`${accounts}.xmin::text = ${form.xmin}`)).returning({ id: accounts.id });
    if (!updated.length) return false;
    if (form.creditLimit === undefined || current.accountType !== 'PostPay') return true;
    if (form.creditLimit === null) await tx.delete(accountCreditLimits).where(eq(accountCreditLimits.accountId, id));
    else {
      await tx.insert(accountCreditLimits).values({ accountId: id, creditLimitCents: form.creditLimit })
        .onConflictDoUpdate({ target: accountCreditLimits.accountId, set: { creditLimitCents: form.creditLimit, updatedAt: new Date() } });
    }
    return true;
  });
  // The 409 carries the account as it is now (another edit has just changed it), not as it was read above.
  if (!saved) throw new ConflictError('Someone else changed this account since you opened it.', await readAccount(db, portal, permissions, id));
  return readAccount(db, portal, permissions, id);
}

// ---- Bank accounts ----

/** Like accountScope: staff all; a partner, company or store role its own (and a company its stores'); anyone else their own. */
function bankScope(permissions: Permissions): SQL | undefined {
  if (isStaff(permissions)) return undefined;
  const own = eq(bankAccounts.userId, permissions.id);
  if (hasAnyRole(permissions, STORE_ROLES) && permissions.storeId) return or(own, eq(bankAccounts.storeId, permissions.storeId));
  if (hasAnyRole(permissions, [...COMPANY_ROLES, 'Partner']) && permissions.companyId) {
    return or(own, eq(bankAccounts.companyId, permissions.companyId),
      sql`${bankAccounts.storeId} in (select ${stores.id} from ${stores} where ${stores.companyId} = ${permissions.companyId})`);
  }
  return own;
}

const bankOwnerSql = sql<string>`coalesce(${stores.storeName}, ${companies.companyName}, nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), ''), ${users.email}, '')`;

function selectBankAccounts(db: Database | Tx, where: SQL | undefined) {
  return db.select({
    id: bankAccounts.id, xmin: sql<string>`${bankAccounts}.xmin::text`, userId: bankAccounts.userId, companyId: bankAccounts.companyId, storeId: bankAccounts.storeId, ownerName: bankOwnerSql,
    accountHolder: bankAccounts.accountHolder, bankName: bankAccounts.bankName, branchCode: bankAccounts.branchCode,
    accountNumber: bankAccounts.accountNumber, bankAccountType: bankAccounts.bankAccountType, isActive: bankAccounts.isActive, createdAt: bankAccounts.createdAt,
  }).from(bankAccounts)
    .leftJoin(users, eq(users.id, bankAccounts.userId))
    .leftJoin(companies, eq(companies.id, bankAccounts.companyId))
    .leftJoin(stores, eq(stores.id, bankAccounts.storeId))
    .where(where);
}
type BankRow = Awaited<ReturnType<typeof selectBankAccounts>>[number];

/** Only administrators see a whole account number; everyone else the last four digits. */
export const maskAccountNumber = (number: string) => `••••${number.slice(-4)}`;

function publicBank(row: BankRow, permissions: Permissions): S['BankAccount'] {
  return {
    ...row, bankAccountType: row.bankAccountType as S['BankAccountType'], createdAt: row.createdAt.toISOString(),
    accountNumber: hasAnyRole(permissions, ['Administrator']) ? row.accountNumber : maskAccountNumber(row.accountNumber),
  };
}

const bankList: ListDefinition = {
  sortable: { id: bankAccounts.id, accountHolder: bankAccounts.accountHolder, bankName: bankAccounts.bankName, createdAt: bankAccounts.createdAt },
  defaultSort: bankAccounts.accountHolder,
  searchable: [bankAccounts.accountHolder, bankAccounts.bankName, companies.companyName, stores.storeName, users.email],
  filters: { isActive: { kind: 'equals', column: bankAccounts.isActive } },
};

export async function listBankAccounts(db: Database, portal: PortalData, permissions: Permissions, query: QueryOf<'getbankaccounts'>) {
  const parsed = parseListQuery(query, bankList);
  const where = whereAll(eq(bankAccounts.portalId, portal.id), bankScope(permissions), parsed.search, parsed.filters);
  if (query.select) {
    const rows = await selectBankAccounts(db, whereAll(where, eq(bankAccounts.isActive, true))).orderBy(...parsed.orderBy).limit(parsed.pageSize);
    return rows.map((row) => ({ key: String(row.id), value: `${row.bankName} ${publicBank(row, permissions).accountNumber} (${row.accountHolder})` }));
  }
  const total = async () => (await db.select({ value: count() }).from(bankAccounts)
    .leftJoin(users, eq(users.id, bankAccounts.userId)).leftJoin(companies, eq(companies.id, bankAccounts.companyId)).leftJoin(stores, eq(stores.id, bankAccounts.storeId))
    .where(where))[0]?.value ?? 0;
  if (query.exportExcel) {
    const sortName = Object.entries(bankList.sortable).find(([, column]) => column === parsed.sortColumn)?.[0] ?? 'id';
    const columns: ExportColumn<S['BankAccount']>[] = [
      { header: 'Id', value: (row) => row.id, width: 8 },
      { header: 'Owner', value: (row) => row.ownerName, width: 28 },
      { header: 'Account holder', value: (row) => row.accountHolder, width: 28 },
      { header: 'Bank', value: (row) => row.bankName, width: 20 },
      { header: 'Branch code', value: (row) => row.branchCode, width: 12 },
      { header: 'Account number', value: (row) => row.accountNumber, width: 20 },
      { header: 'Account type', value: (row) => row.bankAccountType, width: 14 },
      { header: 'Active', value: (row) => row.isActive, width: 8 },
    ];
    return rowExport<S['BankAccount']>({
      fileName: 'BankAccounts', columns, total: await total(),
      batch: async (last, limit) => (await selectBankAccounts(db, whereAll(where, after(parsed, last && {
        id: last.id, sortValue: sortName === 'createdAt' ? new Date(last.createdAt) : last[sortName as keyof S['BankAccount']],
      }))).orderBy(...parsed.orderBy).limit(limit)).map((row) => publicBank(row, permissions)),
    });
  }
  const [items, totalItems] = await Promise.all([selectBankAccounts(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset), total()]);
  return pageOf(items.map((row) => publicBank(row, permissions)), totalItems, parsed);
}

async function bankRow(db: Database | Tx, portal: PortalData, permissions: Permissions, id: number): Promise<BankRow> {
  const [row] = await selectBankAccounts(db, whereAll(eq(bankAccounts.portalId, portal.id), bankScope(permissions), eq(bankAccounts.id, id)));
  if (!row) throw notFound(`bank account ${id}`);
  return row;
}

export async function readBankAccount(db: Database, portal: PortalData, permissions: Permissions, id: number) {
  return publicBank(await bankRow(db, portal, permissions, id), permissions);
}

export async function createBankAccount(db: Database, portal: PortalData, permissions: Permissions, form: S['BankAccountForm']) {
  // A partner's bank account is its own: its company's, or its own when it has none. Staff name the owner.
  const owner = isStaff(permissions)
    ? { userId: form.userId ?? null, companyId: form.companyId ?? null, storeId: form.storeId ?? null }
    : permissions.companyId ? { userId: null, companyId: permissions.companyId, storeId: null } : { userId: permissions.id, companyId: null, storeId: null };
  if (!exactlyOne(owner.userId, owner.companyId, owner.storeId)) throw badRequest('owner', FINANCE_ADMIN_TEXTS.oneOwner);
  await requireOwnerInPortal(db, portal, owner);
  const [row] = await db.insert(bankAccounts).values({
    portalId: portal.id, ...owner, accountHolder: form.accountHolder.trim(), bankName: form.bankName.trim(), branchCode: form.branchCode,
    accountNumber: form.accountNumber, bankAccountType: form.bankAccountType, isActive: form.isActive ?? true,
  }).returning({ id: bankAccounts.id });
  return readBankAccount(db, portal, permissions, row!.id);
}

export async function updateBankAccount(db: Database, portal: PortalData, permissions: Permissions, id: number, form: S['BankAccountUpdate']) {
  const current = await bankRow(db, portal, permissions, id);
  const updated = await db.update(bankAccounts).set({
    accountHolder: form.accountHolder.trim(), bankName: form.bankName.trim(), branchCode: form.branchCode, bankAccountType: form.bankAccountType,
    ...(form.accountNumber !== undefined && { accountNumber: form.accountNumber }),
    ...(form.isActive !== undefined && { isActive: form.isActive }), updatedAt: new Date(),
  }).where(and(eq(bankAccounts.id, id), sql`${bankAccounts}.xmin::text = ${form.xmin}`)).returning({ id: bankAccounts.id });
  // The 409 carries the row as it is now (another edit has just changed it), not as it was read above.
  if (!updated.length) throw new ConflictError('Someone else changed this bank account since you opened it.', await readBankAccount(db, portal, permissions, current.id));
  return readBankAccount(db, portal, permissions, id);
}

// ---- Withdrawals and advances ----

export type PayoutKind = 'withdrawals' | 'advances';
const KIND: Record<PayoutKind, 'Withdrawal' | 'Advance'> = { withdrawals: 'Withdrawal', advances: 'Advance' };
const TRANSACTION_TYPE = { Withdrawal: 'Withdraw', Advance: 'Advance' } as const;

/** The requests of accounts the caller may read (the accounts' own scope rule). */
function payoutScope(permissions: Permissions): SQL | undefined {
  if (isStaff(permissions)) return undefined;
  const own = eq(accounts.userId, permissions.id);
  if (hasAnyRole(permissions, STORE_ROLES) && permissions.storeId) return or(own, eq(accounts.storeId, permissions.storeId));
  if (hasAnyRole(permissions, [...COMPANY_ROLES, 'Partner']) && permissions.companyId) {
    return or(own, eq(accounts.companyId, permissions.companyId),
      sql`${accounts.storeId} in (select ${stores.id} from ${stores} where ${stores.companyId} = ${permissions.companyId})`);
  }
  return own;
}

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');
const personName = (firstName: AnyColumn, lastName: AnyColumn, email: AnyColumn) => sql<string>`coalesce(nullif(concat_ws(' ', ${firstName}, ${lastName}), ''), ${email})`;

function selectPayouts(db: Database | Tx, where: SQL | undefined) {
  return db.select({
    id: payoutRequests.id, kind: payoutRequests.kind, accountId: payoutRequests.accountId, accountName: accounts.accountName,
    bankAccountId: payoutRequests.bankAccountId, bankName: bankAccounts.bankName, accountNumber: bankAccounts.accountNumber,
    amount: payoutRequests.amountCents, reason: payoutRequests.reason, status: payoutRequests.status,
    requestedBy: personName(requester.firstName, requester.lastName, requester.email), requestedAt: payoutRequests.requestedAt,
    decidedBy: sql<string | null>`case when ${decider.id} is null then null else ${personName(decider.firstName, decider.lastName, decider.email)} end`, decidedAt: payoutRequests.decidedAt,
    ledgerTransactionId: payoutRequests.ledgerTransactionId,
  }).from(payoutRequests)
    .innerJoin(accounts, eq(accounts.id, payoutRequests.accountId))
    .innerJoin(bankAccounts, eq(bankAccounts.id, payoutRequests.bankAccountId))
    .innerJoin(requester, eq(requester.id, payoutRequests.requestedByUserId))
    .leftJoin(decider, eq(decider.id, payoutRequests.decidedByUserId))
    .where(where);
}
type PayoutRow = Awaited<ReturnType<typeof selectPayouts>>[number];

function publicPayout(row: PayoutRow, permissions: Permissions): S['PayoutRequest'] {
  const number = hasAnyRole(permissions, ['Administrator']) ? row.accountNumber : maskAccountNumber(row.accountNumber);
  const { bankName, accountNumber: _number, ...rest } = row;
  return {
    ...rest, kind: row.kind as S['PayoutRequest']['kind'], status: row.status as S['PayoutStatus'], bankAccount: `${bankName} ${number}`,
    requestedAt: row.requestedAt.toISOString(), decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const payoutList: ListDefinition = {
  sortable: { id: payoutRequests.id },
  defaultSort: payoutRequests.id,
  searchable: [accounts.accountName, bankAccounts.bankName, payoutRequests.reason],
  filters: { status: { kind: 'equals', column: payoutRequests.status } },
};

export async function listPayouts(db: Database, portal: PortalData, permissions: Permissions, kind: PayoutKind, query: QueryOf<'getpayoutrequests'>) {
  const parsed = parseListQuery({ ...query, sortdirection: 'desc' }, payoutList);
  const where = whereAll(eq(payoutRequests.portalId, portal.id), eq(payoutRequests.kind, KIND[kind]), payoutScope(permissions), parsed.search, parsed.filters);
  const [items, [total]] = await Promise.all([
    selectPayouts(db, where).orderBy(desc(payoutRequests.id)).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(payoutRequests).innerJoin(accounts, eq(accounts.id, payoutRequests.accountId))
      .innerJoin(bankAccounts, eq(bankAccounts.id, payoutRequests.bankAccountId)).where(where),
  ]);
  return pageOf(items.map((row) => publicPayout(row, permissions)), total?.value ?? 0, parsed);
}

/** What the account's other open requests already promise out of it (withdrawals and advances alike). */
async function pendingOf(tx: Tx, accountId: number, exceptId?: number): Promise<number> {
  const [row] = await tx.select({ sum: sql<string | null>`sum(${payoutRequests.amountCents})` }).from(payoutRequests)
    .where(whereAll(eq(payoutRequests.accountId, accountId), eq(payoutRequests.status, 'requested'), exceptId ? sql`${payoutRequests.id} <> ${exceptId}` : undefined));
  return Number(row?.sum ?? 0);
}

export async function requestPayout(db: Database, portal: PortalData, permissions: Permissions, kind: PayoutKind, key: string, form: S['PayoutRequestForm']) {
  return idempotent(db, { key, userId: permissions.id, operation: `requestpayout:${kind}`, request: form }, async (tx) => {
    const [account] = await tx.select().from(accounts).where(whereAll(eq(accounts.portalId, portal.id), payoutScope(permissions), eq(accounts.id, form.accountId)));
    if (!account) throw notFound(`account ${form.accountId}`);
    if (account.accountType === 'System') throw new HttpError(422, FINANCE_ADMIN_TEXTS.systemAccount);
    const bank = await bankRow(tx, portal, permissions, form.bankAccountId);
    if (!sameOwner(bank, account)) throw badRequest('bankAccountId', FINANCE_ADMIN_TEXTS.bankAccountNotOwners);
    if (!bank.isActive) throw badRequest('bankAccountId', FINANCE_ADMIN_TEXTS.bankAccountInactive);
    const debit = kind === 'advances' ? 'advance' : 'withdrawal';
    await requireWithinLimit(tx, account.id, form.amount, debit, await pendingOf(tx, account.id));
    const [row] = await tx.insert(payoutRequests).values({
      portalId: portal.id, kind: KIND[kind], accountId: account.id, bankAccountId: bank.id, amountCents: form.amount,
      reason: form.reason?.trim() || null, requestedByUserId: permissions.id, idempotencyKey: key,
    }).returning({ id: payoutRequests.id });
    const [created] = await selectPayouts(tx, eq(payoutRequests.id, row!.id));
    return publicPayout(created!, permissions);
  });
}

/** A bank account pays an account when they have the same owner (a store's account may use its company's bank account). */
function sameOwner(bank: Pick<BankRow, 'userId' | 'companyId' | 'storeId'>, account: typeof accounts.$inferSelect): boolean {
  return (bank.userId !== null && bank.userId === account.userId)
    || (bank.companyId !== null && bank.companyId === account.companyId)
    || (bank.storeId !== null && bank.storeId === account.storeId);
}

/** Completes or cancels requests, all or none, in one transaction; each completed one posts its ledger transaction. */
export async function decidePayouts(db: Database, portal: PortalData, permissions: Permissions, kind: PayoutKind, decision: 'complete' | 'cancel', key: string, form: S['PayoutDecisionForm']) {
  return idempotent(db, { key, userId: permissions.id, operation: `${decision}payoutrequests:${kind}`, request: form }, async (tx) => {
    const rows = await tx.select().from(payoutRequests)
      .where(and(eq(payoutRequests.portalId, portal.id), eq(payoutRequests.kind, KIND[kind]), inArray(payoutRequests.id, form.ids)))
      .orderBy(payoutRequests.id).for('update');
    const missing = form.ids.find((id) => !rows.some((row) => row.id === id));
    if (missing !== undefined) throw notFound(`${KIND[kind].toLowerCase()} ${missing}`);
    for (const row of rows) {
      if (row.status !== 'requested') throw new HttpError(422, FINANCE_ADMIN_TEXTS.notRequested(row.id, row.status));
      let ledgerTransactionId: number | null = null;
      if (decision === 'complete') {
        await requireWithinLimit(tx, row.accountId, row.amountCents, kind === 'advances' ? 'advance' : 'withdrawal', await pendingOf(tx, row.accountId, row.id));
        // The account holds less (debit); the money leaves the platform's bank (credit).
        ledgerTransactionId = await postTransaction(tx, {
          portalId: portal.id, transactionType: TRANSACTION_TYPE[row.kind as 'Withdrawal' | 'Advance'],
          description: `${row.kind} ${row.id} paid to bank account ${row.bankAccountId}`,
          entries: [{ accountId: row.accountId, amountCents: row.amountCents }, { accountId: await systemAccountId(tx, portal.id, BANK_SYSTEM_CODE), amountCents: -row.amountCents }],
        });
      }
      await tx.update(payoutRequests).set({
        status: decision === 'complete' ? 'completed' : 'cancelled', decidedByUserId: permissions.id, decidedAt: new Date(), ledgerTransactionId,
      }).where(eq(payoutRequests.id, row.id));
    }
    const items = await selectPayouts(tx, inArray(payoutRequests.id, form.ids)).orderBy(payoutRequests.id);
    return {
      message: decision === 'complete' ? FINANCE_ADMIN_TEXTS.completed : FINANCE_ADMIN_TEXTS.cancelled,
      items: items.map((row) => publicPayout(row, permissions)),
    };
  });
}

// ---- Funds received and their allocation ----

const customerNameSql = sql<string>`coalesce(${companies.companyName}, nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), ''), ${users.email}, '')`;
const allocatedSql = sql<string>`(select coalesce(sum(${fundsAllocations.amountCents}), 0) from ${fundsAllocations} where ${fundsAllocations.fundsReceivedId} = ${fundsReceived.id})`;

function selectFunds(db: Database | Tx, where: SQL | undefined) {
  return db.select({
    id: fundsReceived.id, userId: fundsReceived.userId, companyId: fundsReceived.companyId, customerName: customerNameSql,
    amount: fundsReceived.amountCents, allocated: allocatedSql, reference: fundsReceived.reference, receivedOn: fundsReceived.receivedOn, createdAt: fundsReceived.createdAt,
  }).from(fundsReceived)
    .leftJoin(users, eq(users.id, fundsReceived.userId))
    .leftJoin(companies, eq(companies.id, fundsReceived.companyId))
    .where(where);
}
type FundsRow = Awaited<ReturnType<typeof selectFunds>>[number];

async function withAllocations(db: Database | Tx, rows: FundsRow[]): Promise<S['FundsReceived'][]> {
  const allocations = rows.length ? await db.select({
    id: fundsAllocations.id, fundsReceivedId: fundsAllocations.fundsReceivedId, accountId: fundsAllocations.accountId, accountName: accounts.accountName,
    amount: fundsAllocations.amountCents, ledgerTransactionId: fundsAllocations.ledgerTransactionId, createdAt: fundsAllocations.createdAt,
  }).from(fundsAllocations).innerJoin(accounts, eq(accounts.id, fundsAllocations.accountId))
    .where(inArray(fundsAllocations.fundsReceivedId, rows.map((row) => row.id))).orderBy(fundsAllocations.id) : [];
  return rows.map((row) => {
    const allocated = Number(row.allocated);
    return {
      ...row, allocated, unallocated: row.amount - allocated, createdAt: row.createdAt.toISOString(),
      allocations: allocations.filter((item) => item.fundsReceivedId === row.id)
        .map(({ fundsReceivedId: _funds, ...item }) => ({ ...item, createdAt: item.createdAt.toISOString() })),
    };
  });
}

const fundsList: ListDefinition = {
  sortable: { id: fundsReceived.id },
  defaultSort: fundsReceived.id,
  searchable: [fundsReceived.reference, companies.companyName, users.email],
  fullNames: [[users.firstName, users.lastName]],
};

export async function listFunds(db: Database, portal: PortalData, query: QueryOf<'getfundsreceived'>) {
  const parsed = parseListQuery({ ...query, sortdirection: 'desc' }, fundsList);
  const where = whereAll(eq(fundsReceived.portalId, portal.id), parsed.search);
  const [rows, [total]] = await Promise.all([
    selectFunds(db, where).orderBy(desc(fundsReceived.id)).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(fundsReceived).leftJoin(users, eq(users.id, fundsReceived.userId))
      .leftJoin(companies, eq(companies.id, fundsReceived.companyId)).where(where),
  ]);
  return pageOf(await withAllocations(db, rows), total?.value ?? 0, parsed);
}

export async function readFunds(db: Database | Tx, portal: PortalData, id: number, lock = false): Promise<S['FundsReceived']> {
  if (lock) await db.select({ id: fundsReceived.id }).from(fundsReceived).where(eq(fundsReceived.id, id)).for('update');
  const [row] = await selectFunds(db, and(eq(fundsReceived.portalId, portal.id), eq(fundsReceived.id, id)));
  if (!row) throw notFound(`funds received ${id}`);
  return (await withAllocations(db, [row]))[0]!;
}

export async function createFunds(db: Database, portal: PortalData, permissions: Permissions, form: S['FundsReceivedForm']) {
  if (!exactlyOne(form.userId, form.companyId)) throw badRequest('customer', FINANCE_ADMIN_TEXTS.oneCustomer);
  await requireOwnerInPortal(db, portal, form);
  const [row] = await db.insert(fundsReceived).values({
    portalId: portal.id, userId: form.userId ?? null, companyId: form.companyId ?? null, amountCents: form.amount,
    reference: form.reference.trim(), receivedOn: form.receivedOn, createdByUserId: permissions.id,
  }).returning({ id: fundsReceived.id });
  return readFunds(db, portal, row!.id);
}

export async function updateFunds(db: Database, portal: PortalData, id: number, form: S['FundsReceivedForm']) {
  if (!exactlyOne(form.userId, form.companyId)) throw badRequest('customer', FINANCE_ADMIN_TEXTS.oneCustomer);
  await requireOwnerInPortal(db, portal, form);
  return db.transaction(async (tx) => {
    const current = await readFunds(tx, portal, id, true);
    if (form.amount < current.allocated) throw new HttpError(422, FINANCE_ADMIN_TEXTS.belowAllocated(money(current.allocated)));
    const sameCustomer = (form.userId ?? null) === current.userId && (form.companyId ?? null) === current.companyId;
    if (current.allocations.length && !sameCustomer) throw new HttpError(422, FINANCE_ADMIN_TEXTS.customerFixed);
    await tx.update(fundsReceived).set({
      userId: form.userId ?? null, companyId: form.companyId ?? null, amountCents: form.amount, reference: form.reference.trim(),
      receivedOn: form.receivedOn, updatedAt: new Date(),
    }).where(eq(fundsReceived.id, id));
    return readFunds(tx, portal, id);
  });
}

/** The customer's accounts: a user's own, or a company's and its stores'. */
function customerAccounts(funds: S['FundsReceived']): SQL | undefined {
  if (funds.userId) return eq(accounts.userId, funds.userId);
  return or(eq(accounts.companyId, funds.companyId!), sql`${accounts.storeId} in (select ${stores.id} from ${stores} where ${stores.companyId} = ${funds.companyId})`);
}

export async function allocateFunds(db: Database, portal: PortalData, permissions: Permissions, id: number, key: string, form: S['FundsAllocationForm']) {
  return idempotent(db, { key, userId: permissions.id, operation: `allocatefundsreceived:${id}`, request: form }, async (tx) => {
    const funds = await readFunds(tx, portal, id, true);
    const total = form.allocations.reduce((sum, item) => sum + item.amount, 0);
    if (total > funds.unallocated) throw new HttpError(422, FINANCE_ADMIN_TEXTS.aboveReceived(money(funds.unallocated)));
    const ids = [...new Set(form.allocations.map((item) => item.accountId))];
    const owned = await tx.select({ id: accounts.id }).from(accounts)
      .where(and(eq(accounts.portalId, portal.id), inArray(accounts.id, ids), customerAccounts(funds)));
    for (const accountId of ids) {
      if (owned.some((row) => row.id === accountId)) continue;
      const [other] = await tx.select({ name: accounts.accountName }).from(accounts).where(and(eq(accounts.portalId, portal.id), eq(accounts.id, accountId)));
      if (!other) throw notFound(`account ${accountId}`);
      throw new HttpError(422, FINANCE_ADMIN_TEXTS.notCustomersAccount(other.name));
    }
    const bank = await systemAccountId(tx, portal.id, BANK_SYSTEM_CODE);
    for (const item of form.allocations) {
      // The money arrived in the platform's bank (debit) and now belongs to the customer's account (credit).
      const ledgerTransactionId = await postTransaction(tx, {
        portalId: portal.id, transactionType: 'Deposit', description: `Funds received ${funds.id} (${funds.reference})`,
        entries: [{ accountId: bank, amountCents: item.amount }, { accountId: item.accountId, amountCents: -item.amount }],
      });
      await tx.insert(fundsAllocations).values({ fundsReceivedId: funds.id, accountId: item.accountId, amountCents: item.amount, ledgerTransactionId, createdByUserId: permissions.id });
    }
    return readFunds(tx, portal, id);
  });
}
