// A card provider client shaped like Peach Payments COPYandPAY: checkouts, the widget script, payment status
// lookup, registrations (saved cards), charging a stored registration, and a query by merchantTransactionId for
// reconciliation. Amounts go over the wire as decimal strings ('123.45'); ours are cents.

import type { AppContext } from '../context';

export interface ProviderResult { code: string; description: string }

export interface ProviderPayment {
  id?: string;
  result: ProviderResult;
  amount?: string;
  currency?: string;
  merchantTransactionId?: string;
  registrationId?: string;
  paymentBrand?: string;
  paymentType?: string;
  card?: { bin?: string; last4Digits?: string; holder?: string; expiryMonth?: string; expiryYear?: string };
}

export type ResultClass = 'success' | 'pending' | 'rejected';

/** The provider's result categories, each with its documented pattern (COPYandPAY "result codes"), in test order. */
export const RESULT_PATTERNS = {
  success: /^(000\.000\.|000\.100\.1|000\.[36]|000\.400\.[1][12]0)/,
  successReview: /^(000\.400\.0[^3]|000\.400\.100)/,
  pending: /^(000\.200)/,
  pendingLong: /^(800\.400\.5|100\.400\.500)/,
  rejected3DSecure: /^(000\.400\.[1][0-9][1-9]|000\.400\.2)/,
  rejectedBank: /^(800\.[17]00|800\.800\.[123])/,
  rejectedCommunication: /^(900\.[1234]00|000\.400\.030)/,
  rejectedSystem: /^(800\.[56]|999\.|600\.1|800\.800\.[84])/,
  rejectedValidation: /^(200\.[123]|100\.[53][07]|800\.900|100\.[69]00\.500)/,
  softDecline: /^(300\.100\.100)/,
} as const;

/** The category of a result code; 'rejected' for a code no pattern names (e.g. 100.100.303 card expired). */
export type ResultKind = keyof typeof RESULT_PATTERNS | 'rejected';

export function resultKindOf(code: string): ResultKind {
  for (const [kind, pattern] of Object.entries(RESULT_PATTERNS)) if (pattern.test(code)) return kind as ResultKind;
  return 'rejected';
}

/**
 * What a result means for the order: success (a success needing review is paid, its code kept on the payment
 * for manual review), pending (short or long: left open for the reconciliation pass), else rejected.
 */
export function classifyResult(code: string): ResultClass {
  const kind = resultKindOf(code);
  if (kind === 'success' || kind === 'successReview') return 'success';
  if (kind === 'pending' || kind === 'pendingLong') return 'pending';
  return 'rejected';
}

/** Integer cents from the provider's decimal amount ('92.00'); NaN when absent or malformed. */
export const amountToCents = (amount: string | undefined): number => (amount !== undefined && /^\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : Number.NaN);

export const centsToAmount = (cents: number): string => (cents / 100).toFixed(2);

export class ProviderUnavailableError extends Error {}

export interface CheckoutRequest {
  amountCents: number;
  currency: string;
  merchantTransactionId: string;
  createRegistration: boolean;
}

export class PaymentProviderClient {
  constructor(readonly baseUrl: string, private readonly token: string, private readonly entityId: string) {}

  widgetScriptUrl(checkoutId: string): string {
    return `${this.baseUrl}/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(checkoutId)}`;
  }

  private async call(method: string, path: string, form?: Record<string, string>): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${this.token}`, ...(form && { 'Content-Type': 'application/x-www-form-urlencoded' }) },
        body: form ? new URLSearchParams(form).toString() : undefined,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`payment provider unreachable: ${(error as Error).message}`);
    }
    if (response.status >= 500) throw new ProviderUnavailableError(`payment provider answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ id: string; result: ProviderResult }> {
    const body = await this.call('POST', '/v1/checkouts', {
      entityId: this.entityId,
      amount: centsToAmount(request.amountCents),
      currency: request.currency,
      paymentType: 'DB',
      merchantTransactionId: request.merchantTransactionId,
      ...(request.createRegistration && { createRegistration: 'true' }),
    });
    if (typeof body.id !== 'string') throw new ProviderUnavailableError(`checkout refused: ${JSON.stringify(body.result)}`);
    return { id: body.id, result: body.result as ProviderResult };
  }

  /** The payment of a checkout (the resourcePath of the redirect), looked up server to server. */
  async checkoutPayment(checkoutId: string): Promise<ProviderPayment> {
    return (await this.call('GET', `/v1/checkouts/${encodeURIComponent(checkoutId)}/payment?entityId=${encodeURIComponent(this.entityId)}`)) as unknown as ProviderPayment;
  }

  /** Charges a stored registration (saved card); the provider dedups on merchantTransactionId. */
  async chargeRegistration(registrationId: string, amountCents: number, currency: string, merchantTransactionId: string): Promise<ProviderPayment> {
    return (await this.call('POST', `/v1/registrations/${encodeURIComponent(registrationId)}/payments`, {
      entityId: this.entityId, amount: centsToAmount(amountCents), currency, paymentType: 'DB', merchantTransactionId,
    })) as unknown as ProviderPayment;
  }

  async deleteRegistration(registrationId: string): Promise<void> {
    await this.call('DELETE', `/v1/registrations/${encodeURIComponent(registrationId)}?entityId=${encodeURIComponent(this.entityId)}`);
  }

  /** Payments the provider holds for one merchantTransactionId (reconciliation of a lost confirmation). */
  async queryByMerchantTransactionId(merchantTransactionId: string): Promise<ProviderPayment[]> {
    const body = await this.call('GET', `/v1/query?entityId=${encodeURIComponent(this.entityId)}&merchantTransactionId=${encodeURIComponent(merchantTransactionId)}`);
    return (body.payments as ProviderPayment[] | undefined) ?? [];
  }
}

/** The card provider's base URL: PAYMENT_PROVIDER_URL, or the sandbox `npm start` runs on its default port. */
export function providerUrlOf(context: AppContext): string {
  return (context.config.paymentProviderUrl ?? `http://127.0.0.1:${context.config.paymentSandboxPort}`).replace(/\/$/, '');
}

export function paymentProviderOf(context: AppContext): PaymentProviderClient {
  return new PaymentProviderClient(providerUrlOf(context), context.config.paymentProviderToken, context.config.paymentProviderEntityId);
}
