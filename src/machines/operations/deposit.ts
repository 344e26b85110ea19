import type { components } from '../../api/generated/connect';
import { DEPOSIT_TEXTS } from '../../lib/dashboard-texts';
import { toCents } from '../../lib/money';
import type { DepositForm } from './deposit.types';

// The deposit modal's rules (issue 20), pure: what the form needs and the call's body. The server checks the same
// (an amount of at least one cent, a reference, a time) and answers 400 otherwise.

export const EMPTY_DEPOSIT: DepositForm = { amount: '', reference: '', depositedAt: '', note: '' };

/** The amount typed in rands ("1250.50", "1 250,50") as integer cents; null when it is not a positive amount. */
export function depositCents(amount: string): number | null {
  try {
    const cents = toCents(amount);
    return cents > 0 && cents <= 100_000_000 ? cents : null;
  } catch {
    return null;
  }
}

export function depositErrors(form: DepositForm): Partial<Record<keyof typeof DEPOSIT_TEXTS.errors, string>> {
  return {
    ...(depositCents(form.amount) === null && { amount: DEPOSIT_TEXTS.errors.amount }),
    ...(form.reference.trim() === '' && { reference: DEPOSIT_TEXTS.errors.reference }),
    ...(Number.isNaN(new Date(form.depositedAt).getTime()) && { depositedAt: DEPOSIT_TEXTS.errors.depositedAt }),
  };
}

export function depositBody(form: DepositForm, idempotencyKey: string): components['schemas']['DriverDepositForm'] {
  return {
    amountCents: depositCents(form.amount)!, reference: form.reference.trim(), note: form.note.trim() || null,
    depositedAt: new Date(form.depositedAt).toISOString(), idempotencyKey,
  };
}

/** `datetime-local`'s value for a moment, in the browser's time (the modal opens on "now"). */
export function localDateTime(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
