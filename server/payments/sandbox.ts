// The card provider sandbox we ship for development and tests: a separate Fastify instance on its own loopback
// port, shaped like COPYandPAY. It serves the widget script that draws the card form in ITS page (card details
// never reach our server), keeps checkouts, payments and registrations in memory, and maps test cards to
// result codes. Our server only talks to it through server/payments/provider-client.ts.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { PAYMENT_WIDGET_IFRAME_PX } from '../../src/lib/constants';
import { classifyResult, type ProviderPayment, type ProviderResult } from './provider-client';

export const SANDBOX_CARDS = {
  success: '4200000000000000',
  successMaster: '5454545454545454',
  declined: '4000000000000002',
  threeDSecureFailed: '4000000000003063',
  // Peach Payments' own sandbox cards (developer.peachpayments.com, test and go-live page):
  /** Visa, 3-D Secure frictionless: success. */
  peachVisa: '4200000000000091',
  /** Mastercard, 3-D Secure frictionless: success. */
  peachMaster: '5200000000000007',
  /** American Express, 3-D Secure frictionless: success (our widget offers VISA and MASTER only). */
  peachAmex: '374500262001008',
  /** Visa, 3-D Secure attempt: succeeds with a code that asks for manual review (000.400.000). */
  peachThreeDSecureAttempt: '4200000000000109',
  /**
   * Pays and is saved; every later charge of the saved card is declined (a card blocked since it was saved, as
   * Stripe's test card 4000 0000 0000 0341 behaves).
   */
  declinedWhenSaved: '4000000000000341',
} as const;

const SUCCESS_CARDS: readonly string[] = [SANDBOX_CARDS.success, SANDBOX_CARDS.successMaster, SANDBOX_CARDS.peachVisa, SANDBOX_CARDS.peachMaster, SANDBOX_CARDS.peachAmex,
  SANDBOX_CARDS.declinedWhenSaved];

export const SANDBOX_RESULTS = {
  success: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
  successReview: { code: '000.400.000', description: 'Transaction succeeded (please review manually due to fraud suspicion)' },
  checkoutCreated: { code: '000.200.100', description: 'successfully created checkout' },
  pending: { code: '000.200.000', description: 'transaction pending' },
  declined: { code: '800.100.151', description: 'transaction declined (invalid card)' },
  threeDSecureFailed: { code: '100.380.401', description: 'User Authentication Failed' },
  expired: { code: '100.100.303', description: 'card expired' },
  invalidRegistration: { code: '100.350.100', description: 'referenced registration does not exist' },
  notFound: { code: '200.300.404', description: 'invalid or missing parameter' },
  invalidFormat: { code: '200.300.404', description: 'invalid or missing parameter' },
} satisfies Record<string, ProviderResult>;

interface Checkout {
  id: string;
  amount: string;
  currency: string;
  merchantTransactionId: string;
  createRegistration: boolean;
  payment?: ProviderPayment;
}

interface Registration {
  id: string; brand: string; holder: string; last4: string; expiryMonth: string; expiryYear: string; deleted: boolean;
  /** Its charges are declined (SANDBOX_CARDS.declinedWhenSaved). */
  declinesCharges?: boolean;
}

export interface SandboxState {
  checkouts: Map<string, Checkout>;
  registrations: Map<string, Registration>;
  /** Every payment made, by merchantTransactionId (a repeated id answers the first payment). */
  payments: Map<string, ProviderPayment>;
  /** Successful charges: what the tests count. */
  charges: number;
  /** When set, the next N card submissions are kept but their redirect is dropped (a lost confirmation). */
  dropRedirects: number;
}

export interface RunningSandbox { url: string; state: SandboxState; app: FastifyInstance; close(): Promise<void> }

const newId = () => randomBytes(16).toString('hex').toUpperCase();

function brandOf(number: string): string {
  if (number.startsWith('34') || number.startsWith('37')) return 'AMEX';
  return number.startsWith('5') || number.startsWith('2') ? 'MASTER' : 'VISA';
}

function cardResult(number: string, month: number, year: number, now = new Date()): ProviderResult {
  if (now.getTime() >= Date.UTC(year, month, 1)) return SANDBOX_RESULTS.expired;
  if (number === SANDBOX_CARDS.declined) return SANDBOX_RESULTS.declined;
  if (number === SANDBOX_CARDS.threeDSecureFailed) return SANDBOX_RESULTS.threeDSecureFailed;
  if (number === SANDBOX_CARDS.peachThreeDSecureAttempt) return SANDBOX_RESULTS.successReview;
  if (SUCCESS_CARDS.includes(number)) return SANDBOX_RESULTS.success;
  return SANDBOX_RESULTS.declined;
}

/** Like the provider: a form-encoded body with entityId, an amount with a dot and two decimals, a currency. */
function invalidRequest(contentType: string | undefined, body: Record<string, string> | undefined): ProviderResult | undefined {
  if (!contentType?.startsWith('application/x-www-form-urlencoded') || !body) return SANDBOX_RESULTS.invalidFormat;
  if (!body.entityId || !/^\d+\.\d{2}$/.test(body.amount ?? '') || !/^[A-Z]{3}$/.test(body.currency ?? '')) return SANDBOX_RESULTS.invalidFormat;
  return undefined;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function widgetScript(base: string, checkoutId: string): string {
  // Finds <form class="paymentWidgets" action="...">, keeps its action as the shopper result URL, and draws the
  // provider's card form in an iframe of the provider's origin.
  return `(function(){
  var checkoutId = ${JSON.stringify(checkoutId)};
  function draw(){
    var forms = document.querySelectorAll('form.paymentWidgets');
    for (var i = 0; i < forms.length; i++) {
      var form = forms[i];
      if (form.getAttribute('data-drawn')) continue;
      form.setAttribute('data-drawn', 'true');
      var frame = document.createElement('iframe');
      frame.title = 'Card payment';
      frame.width = '${PAYMENT_WIDGET_IFRAME_PX.width}';
      frame.height = '${PAYMENT_WIDGET_IFRAME_PX.height}';
      frame.style.border = '0';
      frame.src = ${JSON.stringify(base)} + '/v1/checkouts/' + encodeURIComponent(checkoutId) + '/widget?shopperResultUrl=' +
        encodeURIComponent(new URL(form.getAttribute('action') || '/paymentcallback', document.baseURI).toString()) +
        '&brands=' + encodeURIComponent(form.getAttribute('data-brands') || 'VISA MASTER');
      form.appendChild(frame);
    }
  }
  // The card form asks before it submits, as the provider's widget does: the merchant's
  // wpwlOptions.onBeforeSubmitCard runs here, in the merchant's page, and false stops the payment.
  function beforeSubmit(event){
    if (event.origin !== ${JSON.stringify(new URL(base).origin)} || !event.data || event.data.wpwl !== 'beforeSubmit') return;
    var options = window.wpwlOptions || {};
    var go = typeof options.onBeforeSubmitCard === 'function' ? options.onBeforeSubmitCard() !== false : true;
    event.source.postMessage({ wpwl: 'submit', go: go }, event.origin);
  }
  if (window.wpwlBeforeSubmit) window.removeEventListener('message', window.wpwlBeforeSubmit);
  window.wpwlBeforeSubmit = beforeSubmit;
  window.addEventListener('message', beforeSubmit);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', draw); else draw();
  window.wpwlDraw = draw;
})();`;
}

function widgetPage(checkout: Checkout, shopperResultUrl: string, brands: string): string {
  const options = brands.split(/\s+/).filter(Boolean).map((brand) => `<option>${escapeHtml(brand)}</option>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card payment</title>
<style>body{font-family:sans-serif;margin:16px}label{display:block;margin:8px 0 2px}input,select{width:100%;padding:6px;box-sizing:border-box}button{margin-top:14px;padding:8px 16px}</style></head>
<body><form method="post" action="/v1/checkouts/${escapeHtml(checkout.id)}/pay">
<p>Amount: ${escapeHtml(checkout.currency)} ${escapeHtml(checkout.amount)}</p>
<input type="hidden" name="shopperResultUrl" value="${escapeHtml(shopperResultUrl)}">
<label for="brand">Brand</label><select id="brand" name="paymentBrand">${options}</select>
<label for="holder">Card holder</label><input id="holder" name="card.holder" autocomplete="cc-name" required>
<label for="number">Card number</label><input id="number" name="card.number" inputmode="numeric" autocomplete="cc-number" required>
<label for="month">Expiry month</label><input id="month" name="card.expiryMonth" inputmode="numeric" placeholder="MM" required>
<label for="year">Expiry year</label><input id="year" name="card.expiryYear" inputmode="numeric" placeholder="YYYY" required>
<label for="cvv">CVV</label><input id="cvv" name="card.cvv" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">Pay now</button></form>
<script>(function(){
  // In the merchant's page (a frame), the merchant's page is asked first (the widget script answers).
  var form = document.forms[0];
  var approved = false;
  form.addEventListener('submit', function(event){
    if (approved || window.parent === window) return;
    event.preventDefault();
    // Any origin: the question carries nothing, and only the page that framed the form can answer it.
    window.parent.postMessage({ wpwl: 'beforeSubmit' }, '*');
  });
  window.addEventListener('message', function(event){
    if (event.source !== window.parent || !event.data || event.data.wpwl !== 'submit' || !event.data.go) return;
    approved = true;
    form.submit();
  });
})();</script></body></html>`;
}

export async function startPaymentSandbox(options: { port?: number; host?: string } = {}): Promise<RunningSandbox> {
  const state: SandboxState = { checkouts: new Map(), registrations: new Map(), payments: new Map(), charges: 0, dropRedirects: 0 };
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  let base = '';
  const requireToken = (authorization: string | undefined) => !!authorization?.startsWith('Bearer ');

  app.post('/v1/checkouts', async (request, reply) => {
    if (!requireToken(request.headers.authorization)) return reply.code(401).send({ result: SANDBOX_RESULTS.notFound });
    const body = request.body as Record<string, string>;
    const invalid = invalidRequest(request.headers['content-type'], body);
    if (invalid) return reply.code(400).send({ result: invalid });
    const checkout: Checkout = {
      id: `${newId()}.sandbox`, amount: body.amount ?? '0.00', currency: body.currency ?? 'ZAR',
      merchantTransactionId: body.merchantTransactionId ?? newId(), createRegistration: body.createRegistration === 'true',
    };
    state.checkouts.set(checkout.id, checkout);
    return { result: SANDBOX_RESULTS.checkoutCreated, id: checkout.id };
  });

  app.get('/v1/paymentWidgets.js', async (request, reply) => {
    const { checkoutId } = request.query as { checkoutId?: string };
    if (!checkoutId || !state.checkouts.has(checkoutId)) return reply.code(404).type('application/javascript').send('console.error("unknown checkout");');
    return reply.type('application/javascript').header('Cache-Control', 'no-store').send(widgetScript(base, checkoutId));
  });

  app.get('/v1/checkouts/:id/widget', async (request, reply) => {
    const checkout = state.checkouts.get((request.params as { id: string }).id);
    const query = request.query as { shopperResultUrl?: string; brands?: string };
    if (!checkout) return reply.code(404).send('Unknown checkout');
    return reply.type('text/html').send(widgetPage(checkout, query.shopperResultUrl ?? '/paymentcallback', query.brands ?? 'VISA MASTER'));
  });

  // The card form posts here (the provider's page): decide, keep the payment, then send the shopper back.
  app.post('/v1/checkouts/:id/pay', async (request, reply) => {
    const checkout = state.checkouts.get((request.params as { id: string }).id);
    if (!checkout) return reply.code(404).send('Unknown checkout');
    const body = request.body as Record<string, string>;
    // A checkout takes one payment (a new attempt needs a new checkout), like the real provider.
    if (!checkout.payment) {
      const number = (body['card.number'] ?? '').replace(/\D/g, '');
      const month = Number(body['card.expiryMonth']);
      const year = Number(body['card.expiryYear']);
      const result = cardResult(number, month, year);
      const payment: ProviderPayment = {
        id: newId(), result, amount: checkout.amount, currency: checkout.currency, merchantTransactionId: checkout.merchantTransactionId,
        paymentBrand: body.paymentBrand || brandOf(number), paymentType: 'DB',
        card: { bin: number.slice(0, 6), last4Digits: number.slice(-4), holder: body['card.holder'] ?? '', expiryMonth: String(month).padStart(2, '0'), expiryYear: String(year) },
      };
      if (classifyResult(result.code) === 'success') {
        state.charges += 1;
        if (checkout.createRegistration) {
          const registration: Registration = { id: newId(), brand: payment.paymentBrand!, holder: payment.card!.holder!, last4: payment.card!.last4Digits!, expiryMonth: payment.card!.expiryMonth!, expiryYear: payment.card!.expiryYear!, deleted: false,
            declinesCharges: number === SANDBOX_CARDS.declinedWhenSaved };
          state.registrations.set(registration.id, registration);
          payment.registrationId = registration.id;
        }
      }
      checkout.payment = payment;
      state.payments.set(`${checkout.merchantTransactionId}#${payment.id}`, payment);
    }
    const target = new URL(body.shopperResultUrl ?? '/paymentcallback', base);
    target.searchParams.set('id', checkout.id);
    target.searchParams.set('resourcePath', `/v1/checkouts/${checkout.id}/payment`);
    if (state.dropRedirects > 0) {
      state.dropRedirects -= 1;
      return reply.type('text/html').send('<!doctype html><p>Connection lost.</p>');
    }
    return reply.type('text/html').send(`<!doctype html><p>Redirecting…</p><script>window.top.location.href = ${JSON.stringify(target.toString())};</script>`);
  });

  app.get('/v1/checkouts/:id/payment', async (request, reply) => {
    if (!requireToken(request.headers.authorization)) return reply.code(401).send({ result: SANDBOX_RESULTS.notFound });
    const checkout = state.checkouts.get((request.params as { id: string }).id);
    if (!checkout) return reply.code(404).send({ result: SANDBOX_RESULTS.notFound });
    return checkout.payment ?? { result: SANDBOX_RESULTS.pending, merchantTransactionId: checkout.merchantTransactionId };
  });

  app.post('/v1/registrations/:id/payments', async (request, reply) => {
    if (!requireToken(request.headers.authorization)) return reply.code(401).send({ result: SANDBOX_RESULTS.notFound });
    const body = request.body as Record<string, string>;
    const invalid = invalidRequest(request.headers['content-type'], body);
    if (invalid) return reply.code(400).send({ result: invalid });
    const merchantTransactionId = body.merchantTransactionId ?? newId();
    const earlier = [...state.payments.entries()].find(([key]) => key.startsWith(`${merchantTransactionId}#`));
    if (earlier) return earlier[1];
    const registration = state.registrations.get((request.params as { id: string }).id);
    const now = new Date();
    const result = !registration || registration.deleted ? SANDBOX_RESULTS.invalidRegistration
      : now.getTime() >= Date.UTC(Number(registration.expiryYear), Number(registration.expiryMonth), 1) ? SANDBOX_RESULTS.expired
        : registration.declinesCharges ? SANDBOX_RESULTS.declined : SANDBOX_RESULTS.success;
    const payment: ProviderPayment = {
      id: newId(), result, amount: body.amount, currency: body.currency, merchantTransactionId, registrationId: registration?.id,
      paymentBrand: registration?.brand, paymentType: 'DB',
    };
    if (result.code === SANDBOX_RESULTS.success.code) state.charges += 1;
    state.payments.set(`${merchantTransactionId}#${payment.id}`, payment);
    return payment;
  });

  app.delete('/v1/registrations/:id', async (request) => {
    const registration = state.registrations.get((request.params as { id: string }).id);
    if (registration) registration.deleted = true;
    return { result: SANDBOX_RESULTS.success };
  });

  app.get('/v1/query', async (request, reply) => {
    if (!requireToken(request.headers.authorization)) return reply.code(401).send({ result: SANDBOX_RESULTS.notFound });
    const { merchantTransactionId } = request.query as { merchantTransactionId?: string };
    const payments = [...state.payments.entries()].filter(([key]) => key.startsWith(`${merchantTransactionId}#`)).map(([, payment]) => payment);
    return { result: SANDBOX_RESULTS.success, payments };
  });

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  base = address.replace('0.0.0.0', '127.0.0.1');
  return { url: base, state, app, close: () => app.close() };
}
