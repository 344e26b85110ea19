// Payments (001 sections 2, 4): balance, saved card and new card through the provider; idempotent by the
// Idempotency-Key (unique) under a row lock on the delivery, with at most one open payment per delivery (a
// partial unique index); every success posts one balanced ledger transaction; a confirmation lost between the
// provider and us is settled by looking the payment up, never by calling again blind.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { BOOKING_RULE_TEXTS, canPostPay, isCardExpired, isQuoteExpired } from '../../src/lib/booking-rules';
import { PAYMENT_WIDGET_DATA_BRANDS, PAYMENT_CALLBACK_PATH } from '../../src/lib/constants';
import { hasAnyRole, STAFF_ROLES } from '../../src/lib/roles';
import { LOGISTIC_STATUS, PAYMENT_STATUS } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { violatedUniqueConstraint } from '../db/errors';
import type { JobQueue } from '../jobs/queue';
import { accounts, deliveries, paymentCards, payments, portals } from '../db/schema';
import { SYSTEM_ACCOUNTS } from '../db/seed-booking';
import { HttpError, notFound } from '../http/errors';
import { amountToCents, centsToAmount, classifyResult, PaymentProviderClient, ProviderUnavailableError, type ProviderPayment } from '../payments/provider-client';
import { newTrackingHash, payableAccounts, type BookingContext } from './booking';
import { postTransaction, systemAccountId, type Posting, type Tx } from './ledger';
import { requireWithinLimit } from './money-rules';
import type { PortalData } from './portals';
import { activeQuotes, lockDelivery, paymentTotals, quoteResponse, readDelivery, type BookingQuote, type DeliveryRow } from './quotes';

type S = components['schemas'];
type PaymentRow = typeof payments.$inferSelect;

export const PAYMENT_TEXTS = {
  alreadyPaid: 'This delivery is already paid.',
  notAccepted: 'Please confirm your delivery details before paying.',
  noAccount: 'Select an account with which to pay',
  nothingDue: 'Nothing is due on this delivery.',
  keyReused: 'This Idempotency-Key was already used for another payment request.',
  providerUnavailable: 'The card payment provider could not be reached. Nothing was charged; please try again.',
  cardNotFound: 'Not found: payment card',
  inProgress: 'A payment for this delivery is already in progress. Please wait for its outcome.',
  noProviderRecord: 'the card payment provider has no record of this charge; nothing was charged',
  /** A provider record whose amount or currency differs from the request is never taken as payment. */
  amountMismatch: (expected: string, currency: string, got: string, gotCurrency: string) =>
    `the provider reported ${gotCurrency} ${got} instead of ${currency} ${expected}`,
} as const;

export interface PaymentContext extends BookingContext { provider: PaymentProviderClient }

const unprocessable = (message: string) => new HttpError(422, message);

function requirePayable(delivery: DeliveryRow) {
  if (delivery.paymentStatusId === PAYMENT_STATUS.PAID) throw new HttpError(409, PAYMENT_TEXTS.alreadyPaid);
  if (delivery.paymentStatusId !== PAYMENT_STATUS.PAYMENT_PENDING && delivery.paymentStatusId !== PAYMENT_STATUS.PAYMENT_FAILED) {
    throw unprocessable(PAYMENT_TEXTS.notAccepted);
  }
}

async function selectedOption(tx: Tx, delivery: DeliveryRow) {
  const option = (await activeQuotes(tx, delivery.id)).find((candidate) => candidate.id === delivery.selectedQuoteId);
  if (!option) throw unprocessable(PAYMENT_TEXTS.notAccepted);
  if (isQuoteExpired(option.expiresAt)) throw unprocessable(BOOKING_RULE_TEXTS.expired);
  return option;
}

/**
 * What identifies a pay request for its Idempotency-Key: caller, delivery, call and the call's parameters (the
 * saved card; the save-card choice of a checkout). A key seen with anything else is refused (422).
 */
export interface PayRequest { userId: number; deliveryId: number; operation: string; paymentCardId?: number; saveCard?: boolean }

function sameRequest(row: Pick<PaymentRow, 'userId' | 'deliveryId' | 'operation' | 'paymentCardId' | 'saveCard'>, request: PayRequest): boolean {
  return row.userId === request.userId && row.deliveryId === request.deliveryId && row.operation === request.operation
    && (request.paymentCardId === undefined || row.paymentCardId === request.paymentCardId)
    && (request.saveCard === undefined || row.saveCard === request.saveCard);
}

/** A repeat of a key answers the first request's outcome; the same key for another request is refused. */
async function existingPayment(tx: Tx, key: string, request: PayRequest): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.idempotencyKey, key));
  if (row && !sameRequest(row, request)) throw unprocessable(PAYMENT_TEXTS.keyReused);
  return row;
}

const OPEN_STATUSES: string[] = ['pending', 'charging'];
const isOpen = (status: string | undefined) => status !== undefined && OPEN_STATUSES.includes(status);
/**
 * A payment replaced as the delivery's open payment: a checkout the shopper had not paid when another payment
 * was asked for. The shopper may still pay it in the widget, so a provider answer still settles it.
 */
const SUPERSEDED = 'superseded';
const isSettleable = (status: string | undefined) => isOpen(status) || status === SUPERSEDED;

/**
 * One open payment per delivery, for every method, checked under the delivery lock before a payment is
 * recorded (the partial unique index payments_one_open_per_delivery backs it up). A checkout waiting for the
 * shopper is superseded (a shopper who goes back and picks another way to pay is not refused); anything else
 * open — a saved-card charge, a checkout being created — refuses the new request.
 */
async function requireNoOpenPayment(tx: Tx, deliveryId: number) {
  const [open] = await tx.select().from(payments).where(and(eq(payments.deliveryId, deliveryId), inArray(payments.status, OPEN_STATUSES))).for('update');
  if (!open) return;
  if (open.method === 'card' && open.status === 'pending') {
    await tx.update(payments).set({ status: SUPERSEDED }).where(eq(payments.id, open.id));
    return;
  }
  throw new HttpError(409, PAYMENT_TEXTS.inProgress);
}

/** Records a payment; the database's own uniqueness rules answer as the checks before it would have. */
async function insertPayment(tx: Tx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  try {
    const [row] = await tx.insert(payments).values(values).returning();
    return row!;
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'payments_one_open_per_delivery') throw new HttpError(409, PAYMENT_TEXTS.inProgress);
    if (constraint === 'payments_idempotency_key') throw unprocessable(PAYMENT_TEXTS.keyReused);
    throw error;
  }
}

export const waybillOf = (id: number) => `WB${String(id).padStart(8, '0')}`;

async function markPaid(tx: Tx, deliveryId: number) {
  await tx.update(deliveries).set({
    paymentStatusId: PAYMENT_STATUS.PAID, logisticStatusId: LOGISTIC_STATUS.READY, paymentFailureDescription: null,
    waybill: waybillOf(deliveryId), trackingHash: newTrackingHash(), updatedAt: new Date(),
  }).where(eq(deliveries.id, deliveryId));
}

/**
 * The sale's posting: what the customer pays (card clearing and/or their account) against revenue and VAT.
 * If the delivery was already paid by another payment, the money is credited to the account instead.
 * Exported for the demo seed, whose paid deliveries are posted exactly as a real sale is.
 */
export async function postSale(tx: Tx, portalId: number, delivery: DeliveryRow, payment: PaymentRow, vatCents: number, alreadyPaid: boolean, postedAt?: Date) {
  const clearing = await systemAccountId(tx, portalId, SYSTEM_ACCOUNTS.cardClearing);
  const card = payment.method === 'balance' ? 0 : payment.amountCents;
  if (alreadyPaid) {
    if (card === 0) return;
    // The provider took the money twice: the ledger records it too, credited to the payer's account, or held in
    // suspense when the delivery has none (to be refunded or allocated from the back office).
    const creditTo = payment.accountId ?? await systemAccountId(tx, portalId, SYSTEM_ACCOUNTS.suspense);
    const description = payment.accountId ? `Overpayment of delivery ${delivery.id} credited to the account`
      : `Overpayment of delivery ${delivery.id} held in suspense: the delivery has no account to credit`;
    await postTransaction(tx, { portalId, transactionType: 'Credit', description, deliveryId: delivery.id, paymentId: payment.id,
      entries: [{ accountId: clearing, amountCents: card }, { accountId: creditTo, amountCents: -card }] });
    return;
  }
  await postTransaction(tx, salePosting(portalId, delivery, payment, vatCents, {
    clearing, revenue: await systemAccountId(tx, portalId, SYSTEM_ACCOUNTS.revenue), vat: await systemAccountId(tx, portalId, SYSTEM_ACCOUNTS.vat),
  }, postedAt));
}

/** The platform accounts a sale posts to. */
export interface SaleAccounts { clearing: number; revenue: number; vat: number }

/**
 * A first sale's posting (postSale when the delivery was not already paid): the card's and the account's share
 * against revenue and VAT. The demo seed posts its paid deliveries with these, all in one postTransactions.
 */
export function salePosting(portalId: number, delivery: Pick<DeliveryRow, 'id'>, payment: PaymentRow, vatCents: number, accounts: SaleAccounts, postedAt?: Date): Posting {
  const card = payment.method === 'balance' ? 0 : payment.amountCents;
  const onAccount = payment.method === 'balance' ? payment.amountCents : payment.creditAppliedCents;
  const total = card + onAccount;
  return {
    portalId, transactionType: 'Invoice', description: `Delivery ${delivery.id} (${waybillOf(delivery.id)})`, deliveryId: delivery.id, paymentId: payment.id, postedAt,
    entries: [
      { accountId: accounts.clearing, amountCents: card },
      ...(payment.accountId && onAccount ? [{ accountId: payment.accountId, amountCents: onAccount }] : []),
      { accountId: accounts.revenue, amountCents: -(total - vatCents) },
      { accountId: accounts.vat, amountCents: -vatCents },
    ],
  };
}

/**
 * Applies a provider answer to an open or superseded payment exactly once (the caller holds the delivery lock).
 * A superseded checkout's failure leaves the delivery alone: another payment has its place.
 */
async function settle(tx: Tx, delivery: DeliveryRow, payment: PaymentRow, answer: ProviderPayment): Promise<void> {
  const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
  if (!current || !isSettleable(current.status)) return;
  const kind = classifyResult(answer.result.code);
  if (kind === 'pending') return;
  // The provider's record must be for what we asked: the same amount and currency (the note's lookup rule).
  const mismatch = kind === 'success' && (amountToCents(answer.amount) !== current.amountCents || answer.currency !== current.currency);
  const succeeded = kind === 'success' && !mismatch;
  const description = mismatch ? PAYMENT_TEXTS.amountMismatch(centsToAmount(current.amountCents), current.currency, answer.amount ?? '?', answer.currency ?? '?') : answer.result.description;
  await tx.update(payments).set({
    status: succeeded ? 'succeeded' : 'failed', providerPaymentId: answer.id ?? null, resultCode: answer.result.code,
    resultDescription: description, settledAt: new Date(),
  }).where(eq(payments.id, payment.id));
  const [fresh] = await tx.select().from(deliveries).where(eq(deliveries.id, delivery.id));
  const alreadyPaid = fresh!.paymentStatusId === PAYMENT_STATUS.PAID;
  if (succeeded) {
    const vat = await vatOf(tx, delivery);
    await postSale(tx, delivery.portalId, delivery, current, vat, alreadyPaid);
    if (!alreadyPaid) await markPaid(tx, delivery.id);
    if (current.saveCard && answer.registrationId && current.accountId) {
      const card = answer.card ?? {};
      await tx.insert(paymentCards).values({
        accountId: current.accountId, userId: current.userId, registrationId: answer.registrationId, paymentBrand: answer.paymentBrand ?? 'VISA',
        paymentType: answer.paymentType ?? 'DB', holder: card.holder ?? '', lastFourDigits: card.last4Digits ?? '',
        expiryMonth: Number(card.expiryMonth ?? 0), expiryYear: Number(card.expiryYear ?? 0),
      }).onConflictDoNothing();
    }
  } else if (!alreadyPaid && current.status !== SUPERSEDED) {
    await tx.update(deliveries).set({ paymentStatusId: PAYMENT_STATUS.PAYMENT_FAILED, paymentFailureDescription: description, updatedAt: new Date() })
      .where(eq(deliveries.id, delivery.id));
  }
}

async function vatOf(tx: Tx, delivery: DeliveryRow): Promise<number> {
  const option = (await activeQuotes(tx, delivery.id)).find((candidate) => candidate.id === delivery.selectedQuoteId);
  return (await paymentTotals(tx, delivery, option)).vat;
}

async function respond(ctx: BookingContext, tx: Tx, id: number): Promise<BookingQuote> {
  return quoteResponse(tx, await readDelivery(tx, ctx.portal, ctx.permissions, id), ctx.permissions);
}

async function accountOf(tx: Tx, ctx: BookingContext, delivery: DeliveryRow) {
  if (!delivery.accountId) throw new HttpError(400, PAYMENT_TEXTS.noAccount, { accountId: [PAYMENT_TEXTS.noAccount] });
  const payable = await payableAccounts(tx, ctx.portal, ctx.permissions, delivery);
  const account = payable.find((candidate) => candidate.id === delivery.accountId);
  if (!account) throw new HttpError(400, PAYMENT_TEXTS.noAccount, { accountId: [PAYMENT_TEXTS.noAccount] });
  return account;
}

function newPayment(ctx: BookingContext, delivery: DeliveryRow, values: Partial<typeof payments.$inferInsert> & Pick<typeof payments.$inferInsert, 'method' | 'operation' | 'idempotencyKey' | 'amountCents' | 'status'>) {
  return {
    portalId: ctx.portal.id, deliveryId: delivery.id, userId: ctx.permissions.id, currency: ctx.portal.currency,
    merchantTransactionId: `D${delivery.id}-${randomUUID()}`, accountId: delivery.accountId, ...values,
  } satisfies typeof payments.$inferInsert;
}

/**
 * A repeat of a request already settled (same Idempotency-Key): answered from plain reads, without queueing for
 * the delivery's row lock behind other duplicates. The same key for another delivery or call is refused.
 */
async function isSettledRepeat(ctx: BookingContext, key: string, request: PayRequest): Promise<boolean> {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.idempotencyKey, key));
  if (!row) return false;
  if (!sameRequest(row, request)) throw unprocessable(PAYMENT_TEXTS.keyReused);
  return !isOpen(row.status);
}

/** The response read after the command's transaction, so the row lock is held only for the command itself. */
const readResponse = (ctx: BookingContext, id: number) => ctx.db.transaction((tx) => respond(ctx, tx, id));

/** Requests being served in this process, by Idempotency-Key, with the caller's id. */
const requestsInFlight = new Map<string, { caller: string; promise: Promise<BookingQuote> }>();

/**
 * Duplicates that arrive while the first request with their key is being served in this process wait for it
 * (holding no connection and no row lock) and answer its result when they are the same call by the same caller
 * (user, operation, delivery); otherwise (or when it failed) they run themselves and find its outcome. Across processes the row lock and the unique key decide.
 */
async function afterFirst(key: string, caller: string, run: () => Promise<BookingQuote>): Promise<BookingQuote> {
  const first = requestsInFlight.get(key);
  if (first) {
    const result = await first.promise.catch(() => undefined);
    return result && first.caller === caller ? result : run();
  }
  const promise = run();
  requestsInFlight.set(key, { caller, promise });
  try {
    return await promise;
  } finally {
    requestsInFlight.delete(key);
  }
}

export function payByBalance(ctx: PaymentContext, id: number, key: string): Promise<BookingQuote> {
  return afterFirst(key, `${ctx.permissions.id}:payByBalance:${id}`, () => payByBalanceOnce(ctx, id, key));
}

async function payByBalanceOnce(ctx: PaymentContext, id: number, key: string): Promise<BookingQuote> {
  const request: PayRequest = { userId: ctx.permissions.id, deliveryId: id, operation: 'payByBalance' };
  if (await isSettledRepeat(ctx, key, request)) return readResponse(ctx, id);
  await resolveUnansweredCharge(ctx, id, key);
  await ctx.db.transaction(async (tx) => {
    const delivery = await lockDelivery(tx, ctx.portal, ctx.permissions, id);
    if (await existingPayment(tx, key, request)) return;
    requirePayable(delivery);
    await requireNoOpenPayment(tx, id);
    const option = await selectedOption(tx, delivery);
    const account = await accountOf(tx, ctx, delivery);
    const totals = await paymentTotals(tx, delivery, option);
    if (!canPostPay(account.accountType, totals.totalDue)) throw unprocessable(BOOKING_RULE_TEXTS.prepayCannotPostPay);
    // The one check of an account's floor (Prepay zero, PostPay its credit limit), under the account's lock.
    await requireWithinLimit(tx, account.id, totals.total);
    const payment = await insertPayment(tx, newPayment(ctx, delivery, {
      method: 'balance', operation: 'payByBalance', idempotencyKey: key, amountCents: totals.total, status: 'succeeded', settledAt: new Date(),
    }));
    await postSale(tx, ctx.portal.id, delivery, payment, totals.vat, false);
    await markPaid(tx, id);
  });
  return readResponse(ctx, id);
}

/** Provider calls in flight in this process, by payment id: duplicates wait for the one call. */
const callsInFlight = new Map<number, Promise<void>>();
/** A duplicate served by another server process polls the payment row this often, for at most this long. */
const SETTLE_POLL_MS = 100;
const SETTLE_WAIT_MS = 30_000;
/** A claim older than this outlived any provider call (its timeout is 15 s): the process that took it is gone. */
const CLAIM_STALE_MS = 60_000;

/**
 * Three short steps, no row lock held while the provider answers: (1) under the delivery lock, record the
 * intent (or find the first request's payment by its Idempotency-Key) and commit; (2) claim the charge with one
 * conditional UPDATE (pending → charging), so exactly one request calls the provider, outside any transaction;
 * (3) settle the answer under the lock, exactly once. Duplicates wait for the claimed charge (in this process
 * through a shared promise, otherwise by polling the row) and answer the same outcome. A charge whose answer
 * never arrives stays open for the reconciliation pass, which looks it up by merchantTransactionId.
 */
export function payBySavedCard(ctx: PaymentContext, id: number, key: string, form: S['BookingPayBySavedCardForm']): Promise<BookingQuote> {
  return afterFirst(key, `${ctx.permissions.id}:payBySavedCard:${id}:${form.paymentCardId}`, () => payBySavedCardOnce(ctx, id, key, form));
}

async function payBySavedCardOnce(ctx: PaymentContext, id: number, key: string, form: S['BookingPayBySavedCardForm']): Promise<BookingQuote> {
  const request: PayRequest = { userId: ctx.permissions.id, deliveryId: id, operation: 'payBySavedCard', paymentCardId: form.paymentCardId };
  if (await isSettledRepeat(ctx, key, request)) return readResponse(ctx, id);
  await resolveUnansweredCharge(ctx, id, key);
  const payment = await ctx.db.transaction(async (tx) => {
    const delivery = await lockDelivery(tx, ctx.portal, ctx.permissions, id);
    const existing = await existingPayment(tx, key, request);
    if (existing) return existing;
    requirePayable(delivery);
    await requireNoOpenPayment(tx, id);
    const option = await selectedOption(tx, delivery);
    const account = await accountOf(tx, ctx, delivery);
    const [card] = await tx.select().from(paymentCards).where(and(eq(paymentCards.id, form.paymentCardId), eq(paymentCards.accountId, account.id), isNull(paymentCards.deletedAt)));
    if (!card) throw notFound('payment card');
    if (isCardExpired(card.expiryMonth, card.expiryYear)) throw unprocessable(BOOKING_RULE_TEXTS.cardExpired);
    const totals = await paymentTotals(tx, delivery, option);
    if (totals.totalDue <= 0) throw unprocessable(PAYMENT_TEXTS.nothingDue);
    return insertPayment(tx, newPayment(ctx, delivery, {
      method: 'savedCard', operation: 'payBySavedCard', idempotencyKey: key, amountCents: totals.totalDue, creditAppliedCents: totals.creditApplied,
      status: 'pending', paymentCardId: card.id,
    }));
  });
  if (isOpen(payment.status)) await chargeOnce(ctx, id, payment.id);
  return readResponse(ctx, id);
}

/**
 * Saved-card charge: one provider call for the payment (see callProviderOnce), settled under the delivery lock.
 */
function chargeOnce(ctx: PaymentContext, deliveryId: number, paymentId: number): Promise<void> {
  return callProviderOnce(ctx, deliveryId, paymentId, {
    call: async (claimed) => {
      // An earlier call's answer was lost: ask what became of it before charging (never retried blind).
      if (claimed.providerAttempts > 1) {
        const [earlier] = await ctx.provider.queryByMerchantTransactionId(claimed.merchantTransactionId);
        if (earlier) return earlier;
      }
      const [card] = await ctx.db.select().from(paymentCards).where(eq(paymentCards.id, claimed.paymentCardId!));
      return ctx.provider.chargeRegistration(card!.registrationId, claimed.amountCents, claimed.currency, claimed.merchantTransactionId);
    },
    apply: async (tx, delivery, current, answer) => settle(tx, delivery, current, answer),
  });
}

/**
 * The one shape of every provider call that changes money or a payment (a saved-card charge, a new checkout):
 * (1) claim the payment with one conditional UPDATE (pending → charging, plus `claimable`), so exactly one
 * request calls the provider; (2) call it outside any transaction, so no row lock is held while it answers;
 * (3) apply the answer under the delivery's row lock and release the claim. A failed call releases the claim
 * (a retry with the same key may call again: the provider dedups on merchantTransactionId) and answers 502 when
 * the provider was unreachable. Duplicates wait for the claimed call (in this process through a shared promise,
 * otherwise by polling the row until it is no longer claimed).
 */
async function callProviderOnce<T>(ctx: PaymentContext, deliveryId: number, paymentId: number, step: {
  claimable?: SQL;
  call: (claimed: PaymentRow) => Promise<T>;
  apply: (tx: Tx, delivery: DeliveryRow, current: PaymentRow, answer: T) => Promise<void>;
}): Promise<void> {
  const inFlight = callsInFlight.get(paymentId);
  if (inFlight) return inFlight;
  const [claimed] = await ctx.db.update(payments).set({ status: 'charging', claimedAt: new Date(), providerAttempts: sql`${payments.providerAttempts} + 1` })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending'), step.claimable)).returning();
  if (!claimed) {
    // Claimed just now in this process, or by another process: wait for its outcome.
    const again = callsInFlight.get(paymentId);
    if (again) return again;
    return waitWhileClaimed(ctx.db, paymentId);
  }
  const run = (async () => {
    let answer: T;
    try {
      answer = await step.call(claimed);
    } catch (error) {
      await ctx.db.update(payments).set({ status: 'pending', claimedAt: null }).where(and(eq(payments.id, paymentId), eq(payments.status, 'charging')));
      if (error instanceof ProviderUnavailableError) throw new HttpError(502, PAYMENT_TEXTS.providerUnavailable);
      throw error;
    }
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, deliveryId)).for('update');
      const [current] = await tx.select().from(payments).where(eq(payments.id, paymentId));
      if (row && current) await step.apply(tx, { ...row, xmin: '' }, current, answer);
      // Released: still open (pending at the provider, or a checkout awaiting the shopper) unless applied as final.
      await tx.update(payments).set({ status: 'pending', claimedAt: null }).where(and(eq(payments.id, paymentId), eq(payments.status, 'charging')));
    });
  })();
  callsInFlight.set(paymentId, run);
  try {
    await run;
  } finally {
    callsInFlight.delete(paymentId);
  }
}

async function waitWhileClaimed(db: Database, paymentId: number): Promise<void> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  while (Date.now() < deadline) {
    const [row] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
    if (row?.status !== 'charging') return;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

/** The shopper's return address with its delivery (001: the query carries deliveryid), set once even if the client's address has it. */
function withDeliveryId(address: string, deliveryId: number): string {
  const placeholder = 'http://relative.invalid';
  const url = new URL(address, placeholder);
  url.searchParams.set('deliveryid', String(deliveryId));
  return url.origin === placeholder ? `${url.pathname}${url.search}` : url.toString();
}

/**
 * A checkout for a new card, in the same three steps as a saved-card charge (callProviderOnce): the intent is
 * recorded under the delivery lock, the checkout is created at the provider with no lock held, and its id is
 * stored under the lock. A repeat of the key answers the same checkout.
 */
export async function paymentCheckout(ctx: PaymentContext, id: number, key: string, form: S['BookingCheckoutForm']): Promise<S['BookingCheckout']> {
  const returnUrl = withDeliveryId(form.returnUrl ?? PAYMENT_CALLBACK_PATH, id);
  const request: PayRequest = { userId: ctx.permissions.id, deliveryId: id, operation: 'paymentCheckout', saveCard: form.saveCard ?? false };
  const answer = (payment: PaymentRow) => ({
    checkoutId: payment.checkoutId!, widgetScriptUrl: ctx.provider.widgetScriptUrl(payment.checkoutId!), amount: payment.amountCents,
    currency: payment.currency, brands: PAYMENT_WIDGET_DATA_BRANDS, returnUrl,
  });
  await resolveUnansweredCharge(ctx, id, key);
  const intent = await ctx.db.transaction(async (tx) => {
    const delivery = await lockDelivery(tx, ctx.portal, ctx.permissions, id);
    const existing = await existingPayment(tx, key, request);
    if (existing) return existing;
    requirePayable(delivery);
    await requireNoOpenPayment(tx, id);
    const option = await selectedOption(tx, delivery);
    if (delivery.accountId) await accountOf(tx, ctx, delivery);
    const totals = await paymentTotals(tx, delivery, option);
    if (totals.totalDue <= 0) throw unprocessable(PAYMENT_TEXTS.nothingDue);
    return insertPayment(tx, newPayment(ctx, delivery, {
      method: 'card', operation: 'paymentCheckout', idempotencyKey: key, amountCents: totals.totalDue, creditAppliedCents: totals.creditApplied,
      status: 'pending', saveCard: request.saveCard,
    }));
  });
  if (intent.checkoutId) return answer(intent);
  await callProviderOnce(ctx, id, intent.id, {
    claimable: isNull(payments.checkoutId),
    call: (claimed) => ctx.provider.createCheckout({ amountCents: claimed.amountCents, currency: claimed.currency, merchantTransactionId: claimed.merchantTransactionId, createRegistration: claimed.saveCard }),
    apply: async (tx, _delivery, current, checkout) => {
      if (current.checkoutId) return;
      await tx.update(payments).set({ checkoutId: checkout.id }).where(eq(payments.id, current.id));
      await tx.update(deliveries).set({ checkoutId: checkout.id, updatedAt: new Date() }).where(eq(deliveries.id, id));
    },
  });
  const [created] = await ctx.db.select().from(payments).where(eq(payments.id, intent.id));
  if (!created?.checkoutId) throw new HttpError(502, PAYMENT_TEXTS.providerUnavailable);
  return answer(created);
}

/** The return from the provider: look the checkout's payment up (never trusting the redirect) and settle it once. */
export async function processCardPayment(ctx: PaymentContext, id: number, form: S['BookingCardResultForm'], failure?: string): Promise<BookingQuote> {
  // The checkout's payment, within the caller's scope (404 otherwise); no lock while the provider is asked.
  const payment = await ctx.db.transaction(async (tx) => {
    await readDelivery(tx, ctx.portal, ctx.permissions, id);
    const [row] = await tx.select().from(payments).where(and(eq(payments.checkoutId, form.id), eq(payments.deliveryId, id)));
    if (!row) throw notFound(`checkout ${form.id}`);
    return row;
  });
  if (isSettleable(payment.status)) {
    let answer: ProviderPayment;
    try {
      answer = await ctx.provider.checkoutPayment(form.id);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw new HttpError(502, PAYMENT_TEXTS.providerUnavailable);
      throw error;
    }
    // Settled under the lock, exactly once: a duplicate return finds the payment no longer open.
    await ctx.db.transaction(async (tx) => {
      const delivery = await lockDelivery(tx, ctx.portal, ctx.permissions, id);
      const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id));
      await settle(tx, delivery, current!, answer);
      // Still pending at the provider but the widget reported a failure: show it; reconciliation may still settle it.
      if (classifyResult(answer.result.code) === 'pending' && failure !== undefined && delivery.paymentStatusId !== PAYMENT_STATUS.PAID) {
        await tx.update(deliveries).set({ paymentStatusId: PAYMENT_STATUS.PAYMENT_FAILED, paymentFailureDescription: failure, updatedAt: new Date() }).where(eq(deliveries.id, id));
      }
    });
  }
  return readResponse(ctx, id);
}

export async function paymentFailed(ctx: PaymentContext, id: number, form: S['BookingPaymentFailedForm']): Promise<BookingQuote> {
  const description = form.description?.trim() || 'The payment was not completed';
  if (form.id) return processCardPayment(ctx, id, { id: form.id, resourcePath: form.resourcePath }, description);
  return ctx.db.transaction(async (tx) => {
    const delivery = await lockDelivery(tx, ctx.portal, ctx.permissions, id);
    requirePayable(delivery);
    await tx.update(deliveries).set({ paymentStatusId: PAYMENT_STATUS.PAYMENT_FAILED, paymentFailureDescription: description, updatedAt: new Date() }).where(eq(deliveries.id, id));
    return respond(ctx, tx, id);
  });
}

/** How long the provider keeps a checkout open for the shopper (about 30 minutes, per the provider's docs). */
export const CHECKOUT_LIFETIME_MS = 30 * 60_000;

/** What the provider knows of a payment: its checkout's payment, or the charge made under its merchantTransactionId. */
async function providerRecordOf(provider: PaymentProviderClient, payment: PaymentRow): Promise<ProviderPayment | undefined> {
  if (payment.checkoutId) return provider.checkoutPayment(payment.checkoutId);
  return (await provider.queryByMerchantTransactionId(payment.merchantTransactionId))[0];
}

/**
 * Settles one payment from the provider's record, under the delivery lock. A saved-card charge the provider has
 * no record of was never made: it fails, so that the delivery can be paid again. A payment claimed by a live
 * request (a fresh claim) is that request's to settle.
 */
async function reconcilePayment(db: Database, provider: PaymentProviderClient, payment: PaymentRow, now: Date): Promise<boolean> {
  let answer: ProviderPayment | undefined;
  try {
    answer = await providerRecordOf(provider, payment);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return false;
    throw error;
  }
  const neverCharged = !payment.checkoutId && !answer;
  if (!neverCharged && (!answer || classifyResult(answer.result.code) === 'pending')) return false;
  // A checkout the shopper has not paid yet has no payment at the provider (the real one answers an error
  // code, not 'pending'): it is left open until the checkout has expired.
  if (payment.checkoutId && !answer?.id && now.getTime() - payment.createdAt.getTime() < CHECKOUT_LIFETIME_MS) return false;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, payment.deliveryId)).for('update');
    const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id));
    if (!row || !current || !isSettleable(current.status)) return false;
    if (current.status === 'charging' && !isStaleClaim(current, now)) return false;
    await settle(tx, { ...row, xmin: '' }, current, answer ?? { result: { code: NO_PROVIDER_RECORD, description: PAYMENT_TEXTS.noProviderRecord } });
    return true;
  });
}

/** Our own result code for a charge the provider has no record of (classified as rejected). */
const NO_PROVIDER_RECORD = 'courier.no-record';

const isStaleClaim = (payment: PaymentRow, now: Date) => !payment.claimedAt || now.getTime() - payment.claimedAt.getTime() > CLAIM_STALE_MS;

/**
 * Before a new pay request: a saved-card charge of this delivery whose provider call failed without an answer
 * is looked up first (settled if it went through, failed if the provider never saw it), so that the customer's
 * next try neither waits for the reconciliation pass nor charges a second time.
 */
async function resolveUnansweredCharge(ctx: PaymentContext, deliveryId: number, key: string): Promise<void> {
  // The request's own payment (a retry with its key) is looked up before its next call instead (chargeOnce).
  const [unanswered] = await ctx.db.select().from(payments).where(and(eq(payments.deliveryId, deliveryId), eq(payments.method, 'savedCard'),
    eq(payments.status, 'pending'), gt(payments.providerAttempts, 0), ne(payments.idempotencyKey, key)));
  if (unanswered) await reconcilePayment(ctx.db, ctx.provider, unanswered, new Date());
}

/**
 * Reconciliation: open and superseded payments older than `olderThanMs` are looked up at the provider (checkout
 * payment, or the query by merchantTransactionId for saved-card charges) and settled exactly once under the
 * delivery lock; a claim older than any provider call (its process died mid-call) is settled the same way.
 */
export async function reconcilePendingPayments(db: Database, provider: PaymentProviderClient, olderThanMs = 60_000, now = new Date()): Promise<{ checked: number; settled: number }> {
  const candidates = await db.select().from(payments).where(and(
    inArray(payments.status, [...OPEN_STATUSES, SUPERSEDED]), lt(payments.createdAt, new Date(now.getTime() - olderThanMs)),
    // Superseded checkouts only while the shopper could still pay them.
    or(inArray(payments.status, OPEN_STATUSES), gt(payments.createdAt, new Date(now.getTime() - 2 * CHECKOUT_LIFETIME_MS)))));
  let settled = 0;
  for (const payment of candidates) {
    if (payment.status === 'charging' && !isStaleClaim(payment, now)) continue;
    if (await reconcilePayment(db, provider, payment, now)) settled += 1;
  }
  return { checked: candidates.length, settled };
}

/** The reconciliation pass as a job: one run per minute across every server process (the schedule's tick). */
export const RECONCILE_JOB = 'payments-reconcile';
const RECONCILE_CRON = '* * * * *';

/**
 * Declares the reconciliation job, works it in this process and schedules it. The 'stately' policy keeps one
 * pass running at a time; a failed pass is not retried, the next tick is the retry.
 */
export async function scheduleReconciliation(jobs: JobQueue, db: Database, provider: PaymentProviderClient): Promise<void> {
  await jobs.define(RECONCILE_JOB, { policy: 'stately', retryLimit: 0 });
  await jobs.work(RECONCILE_JOB, () => reconcilePendingPayments(db, provider));
  await jobs.schedule(RECONCILE_JOB, RECONCILE_CRON);
}

// ---- Saved cards and accounts ----

export async function listCards(ctx: BookingContext, accountId: number) {
  const payable = await payableAccounts(ctx.db, ctx.portal, ctx.permissions);
  if (!payable.some((account) => account.id === accountId) && !hasAnyRole(ctx.permissions, STAFF_ROLES)) throw notFound(`account ${accountId}`);
  const rows = await ctx.db.select().from(paymentCards).where(and(eq(paymentCards.accountId, accountId), isNull(paymentCards.deletedAt))).orderBy(paymentCards.id);
  return rows.reverse().map((card) => ({
    id: card.id, paymentBrand: card.paymentBrand, paymentType: card.paymentType, holder: card.holder, lastFourDigits: card.lastFourDigits,
    expiryMonth: card.expiryMonth, expiryYear: card.expiryYear, expired: isCardExpired(card.expiryMonth, card.expiryYear),
  }));
}

export async function deleteCard(ctx: PaymentContext, cardId: number): Promise<void> {
  const [card] = await ctx.db.select().from(paymentCards).where(and(eq(paymentCards.id, cardId), isNull(paymentCards.deletedAt)));
  const payable = await payableAccounts(ctx.db, ctx.portal, ctx.permissions);
  if (!card || !payable.some((account) => account.id === card.accountId)) throw notFound(`payment card ${cardId}`);
  await ctx.db.update(paymentCards).set({ deletedAt: new Date() }).where(eq(paymentCards.id, cardId));
  await ctx.provider.deleteRegistration(card.registrationId).catch(() => undefined);
}

/** The portal of an account's row, for the paymentcards calls that have no cca2 segment. */
export async function portalOfAccount(db: Database, accountId: number): Promise<PortalData | undefined> {
  const [row] = await db.select({ portal: portals }).from(accounts).innerJoin(portals, eq(portals.id, accounts.portalId)).where(eq(accounts.id, accountId));
  if (!row) return undefined;
  const p = row.portal;
  return { id: p.id, cca2: p.cca2, name: p.name, currency: p.currency, currencyDecimals: p.currencyDecimals, timeZone: p.timeZone, vatRate: p.vatRateBasisPoints / 10_000 };
}

export async function portalOfCard(db: Database, cardId: number): Promise<PortalData | undefined> {
  const [card] = await db.select({ accountId: paymentCards.accountId }).from(paymentCards).where(eq(paymentCards.id, cardId));
  return card ? portalOfAccount(db, card.accountId) : undefined;
}
