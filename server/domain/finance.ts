// The ledger as the back office and customers read it: accounts in the caller's scope with balances derived from
// their entries, an account's statement (each transaction with the amount as the account sees it and the running
// balance), and one transaction with its items. Reads only; postings live in ledger.ts and the commands that cause them.
import { and, asc, count, desc, eq, exists, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import type { components } from '../../src/api/generated/connect';
import { reversalTypeOf, TRANSACTION_TYPES } from '../../src/lib/finance-texts';
import { COMPANY_ROLES, hasAnyRole, STAFF_ROLES, STORE_ROLES, type Permissions } from '../../src/lib/roles';
import type { Database } from '../db/database';
import { accountBalances, accountCreditLimits, accounts, accountStatementLines, companies, deliveries, deliveryQuotes, ledgerEntries, ledgerTransactions, stores, users } from '../db/schema';
import { notFound } from '../http/errors';
import { rowExport, type ExportColumn } from './export';
import { after, exactCountLimit, type ListDefinition, pageOf, parseListQuery, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';

type S = components['schemas'];
type FinanceAccount = S['FinanceAccount'];
type FinanceTransaction = S['FinanceTransaction'];

/**
 * The accounts a caller may read: staff every account of the portal (the platform's too); anyone else their own,
 * plus their store's (store roles) or their company's and its stores' (company roles and partners). Always from
 * the token, never from ids the client sends.
 */
export function accountScope(permissions: Permissions): SQL | undefined {
  if (hasAnyRole(permissions, STAFF_ROLES)) return undefined;
  const own = eq(accounts.userId, permissions.id);
  if (hasAnyRole(permissions, STORE_ROLES) && permissions.storeId) return or(own, eq(accounts.storeId, permissions.storeId));
  if (hasAnyRole(permissions, [...COMPANY_ROLES, 'Partner']) && permissions.companyId) return or(own, eq(accounts.companyId, permissions.companyId));
  return own;
}

/**
 * What the account holds (cents): minus the sum of its entries, as ledger.accountBalance, for every row at once: the
 * customer account's kept balance (one row, however many entries), else the sum (system accounts, and accounts not
 * posted to since the balance was kept; ledger:verify checks both).
 */
export const balanceSql = sql<string>`coalesce((select ${accountBalances.balanceCents} from ${accountBalances} where ${accountBalances.accountId} = ${accounts.id}),
  (select -coalesce(sum(${ledgerEntries.amountCents}), 0) from ${ledgerEntries} where ${ledgerEntries.accountId} = ${accounts.id}))`;
/** The account's statement lines are kept (account_statement_lines). */
const keptSql = sql<boolean>`exists (select 1 from ${accountBalances} where ${accountBalances.accountId} = ${accounts.id})`;
const ownerSql = sql<string>`coalesce(${stores.storeName}, ${companies.companyName}, nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), ''), case when ${accounts.systemCode} is not null then 'Platform' else '' end)`;

function selectAccounts(db: Database, where: SQL | undefined) {
  return db.select({
    id: accounts.id, xmin: sql<string>`${accounts}.xmin::text`, accountName: accounts.accountName, accountType: accounts.accountType,
    ownerName: ownerSql, userId: accounts.userId, companyId: accounts.companyId, storeId: accounts.storeId,
    balance: balanceSql, creditLimit: accountCreditLimits.creditLimitCents, isActive: accounts.isActive, createdAt: accounts.createdAt, kept: keptSql,
  }).from(accounts)
    .leftJoin(accountCreditLimits, eq(accountCreditLimits.accountId, accounts.id))
    .leftJoin(users, eq(users.id, accounts.userId))
    .leftJoin(companies, eq(companies.id, accounts.companyId))
    .leftJoin(stores, eq(stores.id, accounts.storeId))
    .where(where);
}
type AccountRow = Awaited<ReturnType<typeof selectAccounts>>[number];

const publicAccount = ({ kept: _kept, ...row }: AccountRow): FinanceAccount => ({
  ...row, accountType: row.accountType as FinanceAccount['accountType'], balance: Number(row.balance), createdAt: row.createdAt.toISOString(),
});

const accountList: ListDefinition = {
  sortable: { id: accounts.id, accountName: accounts.accountName, accountType: accounts.accountType, createdAt: accounts.createdAt },
  defaultSort: accounts.accountName,
  searchable: [accounts.accountName, companies.companyName, stores.storeName, users.email],
  fullNames: [[users.firstName, users.lastName]],
  filters: {
    isActive: { kind: 'equals', column: accounts.isActive },
    accountType: { kind: 'equals', column: accounts.accountType },
    companyid: { kind: 'equals', column: accounts.companyId },
    storeid: { kind: 'equals', column: accounts.storeId },
    appuserid: { kind: 'equals', column: accounts.userId },
  },
};

const money = (cents: number) => cents / 100;

const ACCOUNT_EXPORT: ExportColumn<AccountRow>[] = [
  { header: 'Id', value: (row) => row.id, width: 8 },
  { header: 'Account', value: (row) => row.accountName, width: 28 },
  { header: 'Type', value: (row) => row.accountType, width: 10 },
  { header: 'Owner', value: (row) => row.ownerName, width: 28 },
  { header: 'Balance', value: (row) => money(Number(row.balance)), width: 14 },
  { header: 'Active', value: (row) => row.isActive, width: 8 },
  { header: 'Created', value: (row) => row.createdAt, width: 20 },
];

export async function listAccounts(db: Database, portal: PortalData, permissions: Permissions, query: Omit<QueryOf<'getaccounts'>, 'select' | 'deliveryId'>) {
  const parsed = parseListQuery(query, accountList);
  const where = whereAll(eq(accounts.portalId, portal.id), accountScope(permissions), parsed.search, parsed.filters);
  const total = async () => (await db.select({ value: count() }).from(accounts)
    .leftJoin(users, eq(users.id, accounts.userId)).leftJoin(companies, eq(companies.id, accounts.companyId)).leftJoin(stores, eq(stores.id, accounts.storeId))
    .where(where))[0]?.value ?? 0;
  if (query.exportExcel) {
    const sortName = Object.entries(accountList.sortable).find(([, column]) => column === parsed.sortColumn)?.[0] ?? 'id';
    return rowExport<AccountRow>({
      fileName: 'Accounts',
      columns: ACCOUNT_EXPORT,
      total: await total(),
      batch: (last, limit) => selectAccounts(db, whereAll(where, after(parsed, last && { id: last.id, sortValue: last[sortName as keyof AccountRow] })))
        .orderBy(...parsed.orderBy).limit(limit),
    });
  }
  const [items, totalItems] = await Promise.all([selectAccounts(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset), total()]);
  return pageOf(items.map(publicAccount), totalItems, parsed);
}

/** One account in the caller's scope; 404 otherwise (another company's account does not exist for them). */
/** The account read as the statement reads it (its SQL is what bench/ledger.ts runs through `pg`). */
export const accountQuery = (db: Database, portal: PortalData, permissions: Permissions, id: number) =>
  selectAccounts(db, whereAll(eq(accounts.portalId, portal.id), accountScope(permissions), eq(accounts.id, id)));

async function readAccountRow(db: Database, portal: PortalData, permissions: Permissions, id: number): Promise<AccountRow> {
  const [row] = await accountQuery(db, portal, permissions, id);
  if (!row) throw notFound(`account ${id}`);
  return row;
}

export async function readAccount(db: Database, portal: PortalData, permissions: Permissions, id: number): Promise<FinanceAccount> {
  return publicAccount(await readAccountRow(db, portal, permissions, id));
}

// ---- Statements ----

/** A reversal was posted for the transaction (at most one can be: a unique index on reversal_of_id). */
const reversedOf = (transactionId: SQL | AnyColumn) => exists(sql`(select 1 from ${ledgerTransactions} as reversals where reversals.reversal_of_id = ${transactionId})`);

const REVERSAL_TYPES = TRANSACTION_TYPES.map((type) => reversalTypeOf(type));
/**
 * The transactions of a kept account that a reversal was posted for. A reversal mirrors every entry of its original
 * (ledger:verify checks it), so it has lines on the same account: the set comes from the account's few reversal lines
 * (the type index) and a filtered page or count checks each line against it in memory, instead of probing the
 * ledger's reversal index once per line (10,000 probes for a capped count).
 */
const reversedOnAccount = (accountId: number) => sql`(select rt.reversal_of_id from ${accountStatementLines} as rl
  join ${ledgerTransactions} as rt on rt.id = rl.transaction_id
  where rl.account_id = ${accountId} and rl.transaction_type in (${sql.join(REVERSAL_TYPES.map((type) => sql`${type}`), sql`, `)}) and rt.reversal_of_id is not null)`;

/**
 * The account's statement lines: one per entry, with the transaction's type and date, the amount as the account sees
 * it and the balance after it (over all its entries, before any filter narrows the page). A customer account's lines
 * are kept as they are posted (account_statement_lines: a page reads its rows through an index whatever the
 * account's size); otherwise (a system account, or one not posted to since lines were kept) they are derived with a
 * running sum over all the account's entries.
 */
function statementOf(db: Database, accountId: number, kept: boolean) {
  if (kept) {
    return db.select({
      entryId: accountStatementLines.entryId, transactionId: accountStatementLines.transactionId,
      transactionType: accountStatementLines.transactionType, createdAt: accountStatementLines.createdAt,
      amount: sql<string>`-${accountStatementLines.amountCents}`.as('amount'), balanceAfter: sql<string>`${accountStatementLines.balanceAfterCents}`.as('balance_after'),
    }).from(accountStatementLines).where(eq(accountStatementLines.accountId, accountId)).as('statement');
  }
  return db.select({
    entryId: ledgerEntries.id, transactionId: ledgerEntries.transactionId, transactionType: ledgerTransactions.transactionType, createdAt: ledgerTransactions.createdAt,
    amount: sql<string>`-${ledgerEntries.amountCents}`.as('amount'),
    balanceAfter: sql<string>`-sum(${ledgerEntries.amountCents}) over (order by ${ledgerEntries.transactionId}, ${ledgerEntries.id})`.as('balance_after'),
  }).from(ledgerEntries).innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerEntries.accountId, accountId)).as('statement');
}

const transactionListOf = (statement: ReturnType<typeof statementOf>): ListDefinition => ({
  sortable: { id: statement.transactionId, createdAt: statement.createdAt, transactionType: statement.transactionType },
  defaultSort: statement.transactionId,
  searchable: [ledgerTransactions.description, deliveries.waybill],
  filters: { transactionType: { kind: 'equals', column: statement.transactionType } },
});

/** A day of the portal's calendar as the instant it starts. */
const dayStart = (portal: PortalData, date: string, plusDays = 0) => DateTime.fromISO(date, { zone: portal.timeZone }).plus({ days: plusDays }).toJSDate();

const TRANSACTION_EXPORT: ExportColumn<FinanceTransaction>[] = [
  { header: 'Id', value: (row) => row.id, width: 8 },
  { header: 'Date', value: (row) => new Date(row.createdAt), width: 20 },
  { header: 'Type', value: (row) => row.transactionType, width: 16 },
  { header: 'Status', value: (row) => row.transactionStatus, width: 10 },
  { header: 'Description', value: (row) => row.description, width: 48 },
  { header: 'Waybill', value: (row) => row.waybill, width: 14 },
  { header: 'Amount', value: (row) => money(row.amount), width: 14 },
  { header: 'Balance', value: (row) => money(row.balanceAfter), width: 14 },
];

/**
 * The statement's statements (a page's rows and their count, capped at exactCountLimit() + 1 matching lines) for an
 * account already read in the caller's scope; exported so the benchmark runs the very same SQL through `pg`.
 */
export function statementQueries(db: Database, portal: PortalData, accountId: number, kept: boolean, query: QueryOf<'getaccounttransactions'>) {
  const statement = statementOf(db, accountId, kept);
  const list = transactionListOf(statement);
  // A statement reads newest first unless a sort is asked for: by date, the line order (transaction, entry) breaking
  // ties, so a date range starts its scan at its date (account_statement_lines_dated, _type_dated) however far back.
  const parsed = parseListQuery({ ...query, sortby: query.sortby ?? 'createdAt', sortdirection: query.sortby ? query.sortdirection : 'desc' }, list);
  const isReversed = kept ? sql`${statement.transactionId} in ${reversedOnAccount(accountId)}` : reversedOf(statement.transactionId);
  const status = query.transactionStatus === 'Reversed' ? isReversed : query.transactionStatus === 'Posted' ? sql`not (${isReversed})` : undefined;
  const narrowing = whereAll(
    parsed.filters, status,
    query.startDate ? sql`${statement.createdAt} >= ${dayStart(portal, query.startDate)}` : undefined,
    query.endDate ? sql`${statement.createdAt} < ${dayStart(portal, query.endDate, 1)}` : undefined,
  );
  const where = whereAll(parsed.search, narrowing);
  // Joined (one row at most: reversal_of_id is unique) rather than an exists() in the select list, which the planner
  // may answer by hashing every reversal of the ledger.
  const reversals = alias(ledgerTransactions, 'reversal');
  const rows = (condition: SQL | undefined) => db.select({
    id: statement.transactionId, createdAt: statement.createdAt, transactionType: statement.transactionType,
    reversed: sql<boolean>`${reversals.id} is not null`, description: ledgerTransactions.description, deliveryId: ledgerTransactions.deliveryId,
    waybill: deliveries.waybill, reversalOfId: ledgerTransactions.reversalOfId, amount: statement.amount, balanceAfter: statement.balanceAfter,
  }).from(statement)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, statement.transactionId))
    .leftJoin(deliveries, eq(deliveries.id, ledgerTransactions.deliveryId))
    .leftJoin(reversals, eq(reversals.reversalOfId, statement.transactionId))
    .where(condition);
  // The transaction and delivery are joined for the count only when a search reads them.
  const matching = () => (parsed.search
    ? db.select({ one: sql`1` }).from(statement).innerJoin(ledgerTransactions, eq(ledgerTransactions.id, statement.transactionId))
      .leftJoin(deliveries, eq(deliveries.id, ledgerTransactions.deliveryId)).where(where)
    : db.select({ one: sql`1` }).from(statement).where(where));
  // Nothing narrows a kept statement: its total is the account's kept entry count (exact, one row); else the count
  // of the matching lines, capped.
  const unfiltered = where === undefined && kept;
  const count = () => (unfiltered
    ? db.select({ value: accountBalances.entries }).from(accountBalances).where(eq(accountBalances.accountId, accountId))
    : db.select({ value: sql<number>`count(*)`.mapWith(Number) }).from(matching().limit(exactCountLimit() + 1).as('matching')));
  return {
    parsed, list, where, rows, count, unfiltered,
    page: () => {
      const order = parsed.direction === 'desc' ? desc : asc;
      if (parsed.search) return rows(where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset);
      // No search reads the transaction or delivery: the page of lines is chosen first, and only its rows are joined
      // (joined first, every skipped line of a deep page would be).
      const lines = db.select({
        entryId: statement.entryId, transactionId: statement.transactionId, transactionType: statement.transactionType, createdAt: statement.createdAt,
        amount: sql<string>`${statement.amount}`.as('line_amount'), balanceAfter: sql<string>`${statement.balanceAfter}`.as('line_balance_after'),
      }).from(statement).where(narrowing).orderBy(...parsed.orderBy, order(statement.entryId)).limit(parsed.pageSize).offset(parsed.offset).as('page_lines');
      const sortName = Object.entries(list.sortable).find(([, column]) => column === parsed.sortColumn)?.[0];
      const sortColumn = sortName === 'createdAt' ? lines.createdAt : sortName === 'transactionType' ? lines.transactionType : lines.transactionId;
      // The page's reversals probed line by line (a lateral join: 20 index probes), not merged with the ledger's
      // reversal index from its start (the planner's merge join read ~1,000 reversals for a page of 20).
      const reversal = db.select({ id: reversals.id }).from(reversals).where(eq(reversals.reversalOfId, lines.transactionId)).limit(1).as('page_reversal');
      return db.select({
        id: lines.transactionId, createdAt: lines.createdAt, transactionType: lines.transactionType,
        reversed: sql<boolean>`${reversal.id} is not null`, description: ledgerTransactions.description, deliveryId: ledgerTransactions.deliveryId,
        waybill: deliveries.waybill, reversalOfId: ledgerTransactions.reversalOfId, amount: lines.amount, balanceAfter: lines.balanceAfter,
      }).from(lines)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, lines.transactionId))
        .leftJoin(deliveries, eq(deliveries.id, ledgerTransactions.deliveryId))
        .leftJoinLateral(reversal, sql`true`)
        .orderBy(order(sortColumn), order(lines.transactionId), order(lines.entryId));
    },
    /** The planner's estimate of the matching lines, for a total beyond the exact count. */
    estimateStatement: () => sql`explain (format json) ${matching()}`,
    estimate: async () => {
      const result: unknown = await db.execute(sql`explain (format json) ${matching()}`);
      const planRows: unknown[] = typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows) ? result.rows : [];
      const cell = typeof planRows[0] === 'object' && planRows[0] !== null ? Object.values(planRows[0])[0] : undefined;
      const plan: unknown = typeof cell === 'string' ? JSON.parse(cell) : cell;
      const estimated = Array.isArray(plan) ? Number(plan[0]?.Plan?.['Plan Rows']) : Number.NaN;
      return Number.isFinite(estimated) ? Math.round(estimated) : 0;
    },
  };
}

type StatementRow = Awaited<ReturnType<ReturnType<typeof statementQueries>['rows']>>[number];
const publicLine = (line: StatementRow): FinanceTransaction => ({
  id: line.id, createdAt: line.createdAt.toISOString(), transactionType: line.transactionType, transactionStatus: line.reversed ? 'Reversed' : 'Posted',
  description: line.description, deliveryId: line.deliveryId, waybill: line.waybill, reversalOfId: line.reversalOfId,
  amount: Number(line.amount), balanceAfter: Number(line.balanceAfter),
});

/**
 * A page of a statement, read in one round trip: the page's lines, their count and (filtered) the planner's estimate
 * for a count that stops at its cap all at once; with `account`, the account read in scope alongside them.
 */
async function statementPage(statements: ReturnType<typeof statementQueries>, account?: Promise<AccountRow[]>) {
  const estimated = statements.unfiltered ? undefined : statements.estimate();
  estimated?.catch(() => undefined);
  const [rows, items, counted] = await Promise.all([account, statements.page(), statements.count()]);
  const exact = counted[0]?.value ?? 0;
  const lines = items.map(publicLine);
  if (!estimated || exact <= exactCountLimit()) return { rows, paged: pageOf(lines, exact, statements.parsed) };
  // Beyond the exact count: the planner's estimate of the matching lines, flagged.
  return { rows, paged: pageOf(lines, Math.max(exact, await estimated), statements.parsed, true) };
}

export async function accountTransactions(db: Database, portal: PortalData, permissions: Permissions, accountId: number, query: QueryOf<'getaccounttransactions'>) {
  if (query.exportExcel) {
    const row = await readAccountRow(db, portal, permissions, accountId);
    const { parsed, list, where, rows } = statementQueries(db, portal, accountId, row.kept, query);
    const sortName = Object.entries(list.sortable).find(([, column]) => column === parsed.sortColumn)?.[0] ?? 'id';
    const [total] = await db.select({ value: count() }).from(rows(where).as('all_lines'));
    return rowExport<FinanceTransaction>({
      fileName: 'Transactions',
      columns: TRANSACTION_EXPORT,
      total: total?.value ?? 0,
      batch: async (last, limit) => (await rows(whereAll(where, after(parsed, last && {
        id: last.id, sortValue: sortName === 'createdAt' ? new Date(last.createdAt) : last[sortName as keyof FinanceTransaction],
      }))).orderBy(...parsed.orderBy).limit(limit)).map(publicLine),
    });
  }
  // A customer account's statement is kept: its page is read with the account (scope, kept or not) in one round trip
  // rather than after it. Nothing read leaves unless the account is in scope (else 404); an account whose lines are
  // not kept (a system account, or one not posted to since lines were kept) is read again its own way.
  const first = await statementPage(statementQueries(db, portal, accountId, true, query), accountQuery(db, portal, permissions, accountId));
  const row = first.rows?.[0];
  if (!row) throw notFound(`account ${accountId}`);
  const { paged } = row.kept ? first : await statementPage(statementQueries(db, portal, accountId, false, query));
  return { account: publicAccount(row), ...paged };
}

// ---- One transaction and its items ----

/** Item types of a transaction that is not a delivery's invoice: the money itself, one line. */
const TRANSACTION_ITEM_TYPE = { price: 1, other: 99 } as const;

interface QuoteItem { description: string; quantity: number; amountExcl: number; transactionItemTypeId: number }

export async function transactionItems(db: Database, portal: PortalData, permissions: Permissions, transactionId: number, accountId?: number) {
  // The transaction's entries on accounts the caller may read; none → it does not exist for them.
  const visible = await db.select({ accountId: ledgerEntries.accountId }).from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(whereAll(eq(ledgerEntries.transactionId, transactionId), eq(accounts.portalId, portal.id), accountScope(permissions),
      accountId ? eq(ledgerEntries.accountId, accountId) : undefined))
    .orderBy(ledgerEntries.id);
  const viewer = visible[0]?.accountId;
  if (viewer === undefined) throw notFound(`transaction ${transactionId}`);
  const [transaction] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, transactionId));
  const entries = await db.select({ amountCents: ledgerEntries.amountCents, accountId: ledgerEntries.accountId, systemCode: accounts.systemCode })
    .from(ledgerEntries).innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId)).where(eq(ledgerEntries.transactionId, transactionId));
  const total = entries.filter((entry) => entry.amountCents > 0).reduce((sum, entry) => sum + entry.amountCents, 0);
  const vat = Math.abs(entries.filter((entry) => entry.systemCode === 'vat').reduce((sum, entry) => sum + entry.amountCents, 0));
  const subtotal = total - vat;
  const own = entries.filter((entry) => entry.accountId === viewer).reduce((sum, entry) => sum - entry.amountCents, 0);
  const [balance] = await db.select({ value: sql<string>`-sum(${ledgerEntries.amountCents})` }).from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, viewer), sql`${ledgerEntries.transactionId} <= ${transactionId}`));
  const [reversal] = await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.reversalOfId, transactionId));
  const [delivery] = transaction!.deliveryId
    ? await db.select({ waybill: deliveries.waybill, isRoundTrip: deliveries.isRoundTrip, tipCents: deliveries.tipCents, items: deliveryQuotes.items })
      .from(deliveries).leftJoin(deliveryQuotes, eq(deliveryQuotes.id, deliveries.selectedQuoteId)).where(eq(deliveries.id, transaction!.deliveryId))
    : [];
  const line = (index: number, item: QuoteItem): S['FinanceTransactionItem'] => ({ id: index + 1, transactionId, ...item });
  let items: S['FinanceTransactionItem'][];
  if (transaction!.transactionType === 'Invoice' && Array.isArray(delivery?.items)) {
    // The quote's price lines; a round trip doubles quantity and amount (002 section 9); what they leave is the tip.
    const factor = delivery.isRoundTrip ? 2 : 1;
    const quoted = (delivery.items as QuoteItem[]).map((item) => ({ ...item, quantity: item.quantity * factor, amountExcl: item.amountExcl * factor }));
    const rest = subtotal - quoted.reduce((sum, item) => sum + item.amountExcl, 0);
    items = [...quoted, ...(rest !== 0 ? [{ description: delivery.tipCents === rest ? 'Tip' : 'Other', quantity: 1, amountExcl: rest, transactionItemTypeId: TRANSACTION_ITEM_TYPE.other }] : [])]
      .map((item, index) => line(index, item));
  } else {
    items = [line(0, { description: transaction!.description, quantity: 1, amountExcl: subtotal, transactionItemTypeId: TRANSACTION_ITEM_TYPE.price })];
  }
  return {
    transaction: {
      id: transactionId, createdAt: transaction!.createdAt.toISOString(), transactionType: transaction!.transactionType,
      transactionStatus: reversal ? 'Reversed' as const : 'Posted' as const, description: transaction!.description,
      deliveryId: transaction!.deliveryId, waybill: delivery?.waybill ?? null, reversalOfId: transaction!.reversalOfId,
      amount: own, balanceAfter: Number(balance?.value ?? 0),
    },
    items, subtotal, vat, total,
  };
}

type TransactionDetail = Awaited<ReturnType<typeof transactionItems>>;
type ItemRow = S['FinanceTransactionItem'];

const ITEM_EXPORT: ExportColumn<ItemRow>[] = [
  { header: 'Description', value: (row) => row.description, width: 48 },
  { header: 'Quantity', value: (row) => row.quantity, width: 10 },
  { header: 'Amount excl', value: (row) => money(row.amountExcl), width: 14 },
  { header: 'Item type', value: (row) => row.transactionItemTypeId, width: 10 },
];

/** The file "Transaction Id {id}" (002 section 7): the transaction's items. */
export function transactionItemsExport(detail: TransactionDetail) {
  return rowExport<ItemRow>({
    fileName: `Transaction Id ${detail.transaction.id}`,
    columns: ITEM_EXPORT,
    total: detail.items.length,
    batch: async (last) => (last ? [] : detail.items),
    batchSize: Math.max(1, detail.items.length + 1),
  });
}
