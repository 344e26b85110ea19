// The booking wizard's views against 001 sections 2, 5, 6, 8, 9 (issue 4 "Views"): every text is compared with the
// spec's words written out here (not read back from the catalogue), so a changed text fails; and the role rules.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyActorLogic } from 'xstate';
import { defaultBookingLogic } from '../../src/features/booking/booking-logic';
import { STEP_FORM_ID } from '../../src/features/booking/booking-ui';
import { decideRouteAccess, routeRule } from '../../src/lib/access';
import { formatMoney, quoteDisplayPriceCents } from '../../src/lib/money';
import { roleFlagsOf, type Permissions, type StoredRole } from '../../src/lib/roles';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { sampleQuote } from '../../src/machines/booking/booking.samples-data';
import type { Account, AccountOption, Checkout, DeliveryQuote, Quote, SavedCard } from '../../src/machines/booking/booking.model';
import { deliveryStepMachine } from '../../src/machines/booking/delivery-step.machine';
import { detailsMachine } from '../../src/machines/booking/details.machine';
import { accountSelectLogic, payMachine } from '../../src/machines/booking/pay.machine';
import { inWizard, renderBooking } from '../support/booking-harness';

vi.setConfig({ testTimeout: 40_000 });

const WAIT = { timeout: 15_000 };
const never = () => fromPromise(() => new Promise<never>(() => undefined));
const getQuote = (quote: Quote) => fromPromise<Quote, { cca2: string; deliveryId: number }>(async () => quote);

/** Options that expire relative to the real clock the quote step counts with (Date.now), never at a fixed date. */
function liveOptions(): DeliveryQuote[] {
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const option = (id: number, slaType: DeliveryQuote['slaType'], expiresInMs: number): DeliveryQuote => ({
    id, slaType, priceExcl: 10000 + id * 2500, vatRate: 0.15, pricingTier: null,
    pickupWindowStartUtc: at(3_600_000), pickupWindowEndUtc: at(7_200_000),
    dropOffWindowStartUtc: at(10_800_000), dropOffWindowEndUtc: at(14_400_000), quoteExpirationUtc: at(expiresInMs),
  });
  return [option(11, 'Standard', 2 * 3_600_000 + 60_000), option(12, 'Priority', 2 * 3_600_000 + 60_000), option(13, 'Hyperlocal', -60_000)];
}

/** A wizard reopened on `quote`; `actors` replace the wizard's own calls. */
function wizardOn(quote: Quote, actors: Record<string, AnyActorLogic> = {}) {
  return { wizard: defaultBookingLogic.wizard.provide({ actors: { getQuote: getQuote(quote), loadTimeSlots: fromPromise(async () => []), ...actors } as never }) };
}

/** Reopen the wizard on a delivery: privileged roles through /deliveries/add, everyone else through the header's button. */
function openOn(quote: Quote, roles: readonly StoredRole[] = [], actors: Record<string, AnyActorLogic> = {}, extra: Partial<Parameters<typeof renderBooking>[0]> = {}) {
  const logic = wizardOn(quote, actors);
  return roles.length > 0
    ? renderBooking({ path: `/deliveries/add?deliveryid=${quote.deliveryId}`, logic, roles, ...extra })
    : renderBooking({ path: '/', logic, state: { bookingDeliveryId: quote.deliveryId }, ...extra });
}

/** The account searches the pay chart's search select made (term and query parameters) and the accounts selected. */
const paySearches: { term: string; params: Record<string, string | number> }[] = [];
const accountsSelected: number[] = [];

/** The pay sub-chart whose account is `account` with `cards`, answered at once; the account search filters `accounts` by name. */
function payWith(quote: Quote, account: Account, cards: SavedCard[] = [], accounts: AccountOption[] = [{ key: account.id, value: account.accountName }]) {
  paySearches.length = 0;
  accountsSelected.length = 0;
  return payMachine.provide({
    actors: {
      loadAccounts: fromPromise<AccountOption[], { cca2: string; deliveryId: number }>(async () => accounts),
      accountSelect: accountSelectLogic.provide({
        actors: {
          searchOptions: fromPromise<{ key: string; value: string }[], { term: string; params: Record<string, string | number> }>(async ({ input }) => {
            paySearches.push({ term: input.term, params: input.params });
            return accounts.filter((option) => option.value.toLowerCase().includes(input.term.toLowerCase())).map((option) => ({ key: String(option.key), value: option.value }));
          }) as never,
        },
      }) as never,
      selectAccount: fromPromise<{ quote: Quote; account: Account; cards: SavedCard[] }, { accountId: number }>(async ({ input }) => {
        accountsSelected.push(input.accountId);
        return { quote, account, cards };
      }) as never,
      paymentCheckout: fromPromise<Checkout, unknown>(async () => ({
        checkoutId: 'chk-1', widgetScriptUrl: 'about:blank', brands: 'VISA MASTER', returnUrl: '/paymentcallback?deliveryid=501',
      } as Checkout)) as never,
      loadWidget: never() as never,
    },
  });
}

const CONTROL_ROLES = ['textbox', 'combobox', 'checkbox', 'radio', 'radiogroup', 'button', 'spinbutton', 'listbox'] as const;

/** Every form control of the wizard has an accessible name (inputs, selects, buttons, radios, checkboxes). */
function expectEveryControlNamed() {
  const dialog = within(screen.getByTestId('booking-wizard'));
  const unnamed = CONTROL_ROLES.flatMap((role) => {
    const named = new Set(dialog.queryAllByRole(role, { name: /\S/ }));
    return dialog.queryAllByRole(role).filter((control) => !named.has(control)).map((control) => `${role}: ${control.outerHTML.slice(0, 120)}`);
  });
  expect(unnamed).toEqual([]);
  // A native control without one of those roles (a date input) has a label of its own; one hidden from assistive
  // technology and the tab order (the date field's calendar picker, opened by its named button) needs none.
  const natives = screen.getByTestId('booking-wizard').querySelectorAll<HTMLInputElement>('input:not([type="hidden"]):not([aria-hidden="true"]), select, textarea, button');
  const checked = new Set<Element>(CONTROL_ROLES.flatMap((role) => dialog.queryAllByRole(role)));
  const unlabelled = [...natives].filter((control) => !checked.has(control) && !([...(control.labels ?? [])].some((label) => /\S/.test(label.textContent ?? ''))));
  expect(unlabelled.map((control) => control.outerHTML.slice(0, 120))).toEqual([]);
}

/** The control's message: it is invalid and described by the element holding `message`, which is announced. */
function expectInvalidWith(control: HTMLElement, message: string) {
  expect(control.getAttribute('aria-invalid')).toBe('true');
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const described = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  expect(described).toContain(message);
  const messageElement = ids.map((id) => document.getElementById(id)).find((element) => element?.textContent?.includes(message));
  expect(messageElement?.closest('[role="alert"], [aria-live]') ?? messageElement?.getAttribute('role')).toBeTruthy();
}

describe('booking wizard views: the frame (001 section 2)', () => {
  it("shows the six headings, 'Step N of 6', earlier steps clickable, Back enabled after step 1, and 780 px / 540 px", async () => {
    openOn(sampleQuote(PAYMENT_STATUS.NOT_SELECTED, { deliveryQuotes: liveOptions() }));
    await screen.findByRole('radiogroup', { name: 'Delivery options' }, WAIT);
    expect(inWizard().getByTestId('step-of').textContent).toBe('Step 3 of 6');
    const stepper = within(inWizard().getByRole('list', { name: 'Booking steps' }));
    const buttons = stepper.getAllByRole('button') as HTMLButtonElement[];
    expect(buttons.map((button) => button.getAttribute('data-step-title'))).toEqual(['Delivery', 'Parcels', 'Quotes', 'Details', 'Accept', 'Pay']);
    expect(buttons.map((button) => button.textContent)).toEqual(['1. Delivery', '2. Parcels', '3. Quotes', '4. Details', '5. Accept', '6. Pay']);
    expect(buttons.map((button) => button.disabled)).toEqual([false, false, true, true, true, true]);
    expect(buttons[2]!.getAttribute('aria-current')).toBe('step');
    expect((inWizard().getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(false);
    expect(inWizard().getByRole('button', { name: 'Next' })).toBeTruthy();
    // The dialog's size (001 section 2): max width 780px, min height 540px.
    const dialog = screen.getByTestId('booking-wizard');
    const style = getComputedStyle(dialog);
    expect([style.maxWidth, style.minHeight]).toEqual(['780px', '540px']);
    // Going back by the stepper moves focus to 'Step N of 6' (the new step starts there).
    fireEvent.click(stepper.getByRole('button', { name: '2. Parcels' }));
    await waitFor(() => expect(inWizard().getByTestId('step-of').textContent).toBe('Step 2 of 6'));
    await waitFor(() => expect(document.activeElement).toBe(inWizard().getByTestId('step-of')));
  });

  it("shows a spinner while the quote loads on a step other than 1", async () => {
    renderBooking({ path: '/', logic: { wizard: defaultBookingLogic.wizard.provide({ actors: { getQuote: never() } as never }) }, state: { bookingDeliveryId: 501 } });
    await screen.findByTestId('booking-wizard', {}, WAIT);
    const status = await inWizard().findByRole('status', {}, WAIT);
    expect(status.textContent).toBe('Loading...');
    expect(status.querySelector('.chakra-spinner, [class*="spinner"]')).toBeTruthy();
    expect(inWizard().queryByTestId('step-of')).toBeNull();
  });

  it("shows the success summary when PAID: 'Go to dashboard' opens /dashboard, 'Place another order' starts again", async () => {
    const [option] = liveOptions();
    const paid = sampleQuote(PAYMENT_STATUS.PAID, {
      waybill: 'WB0000501', trackingHash: 'abc123', selectedDeliveryQuoteId: 11,
      deliveryQuotes: [{ ...option!, pickupWindowStartUtc: '2030-03-04T06:00:00Z', pickupWindowEndUtc: '2030-03-04T08:00:00Z' }],
    });
    const { router } = openOn(paid);
    const success = within(await screen.findByTestId('booking-success', {}, WAIT));
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H3'));
    expect(success.getByRole('heading', { name: 'Your delivery is paid' })).toBeTruthy();
    expect(within(success.getByTestId('booking-success-summary')).getAllByRole('definition').map((node) => node.textContent))
      .toEqual(['WB0000501', 'Flexible', 'Mon 4 Mar 08:00–10:00']);
    expect(success.getByRole('link', { name: 'Track your delivery' }).getAttribute('href')).toBe('/track/abc123');
    expect(success.getByRole('button', { name: 'Place another order' })).toBeTruthy();
    fireEvent.click(success.getByRole('button', { name: 'Go to dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("shows 'Delivery failed' out of the wizard's range, with 'Reattempt your delivery' calling reattempt", async () => {
    const reattempts: unknown[] = [];
    openOn(sampleQuote(PAYMENT_STATUS.EXPIRED), [], {
      reattempt: fromPromise(async ({ input }: { input: unknown }) => { reattempts.push(input); return new Promise<never>(() => undefined); }),
    });
    const failed = within(await screen.findByTestId('delivery-failed', {}, WAIT));
    expect(failed.getByRole('heading', { name: 'Delivery failed' })).toBeTruthy();
    expect(failed.getByText('Oops, your delivery has expired. No fear, we have you covered!')).toBeTruthy();
    fireEvent.click(failed.getByRole('button', { name: 'Reattempt your delivery' }));
    await waitFor(() => expect(reattempts).toHaveLength(1));
  });

  it('shows the unconfirmed-email banner inside the wizard, its link to /confirm-email', async () => {
    openOn(sampleQuote(PAYMENT_STATUS.NOT_SELECTED, { deliveryQuotes: liveOptions() }), [], {}, {
      permissions: { emailConfirmed: false }, profile: { emailConfirmed: false },
    });
    await screen.findByRole('radiogroup', { name: 'Delivery options' }, WAIT);
    const link = inWizard().getByRole('link', { name: 'click here' });
    expect(link.getAttribute('href')).toBe('/confirm-email');
    expect(link.parentElement?.textContent).toBe('For added security, please click here to verify your email address or contact support for assistance.');
  });
});

describe('booking wizard views: step 1 (001 sections 2, 5, 9)', () => {
  it('draws the map with markers A and B and no tiles, and keeps every control named', async () => {
    const quote = sampleQuote(PAYMENT_STATUS.ITEMS_OUTSTANDING);
    const deliveryStep = deliveryStepMachine.provide({
      actors: { loadStores: never(), loadDates: never(), loadTimeSlots: fromPromise(async () => []), resolveAddress: never() } as never,
    });
    openOn(quote, ['Administrator'], { loadParcelTypes: fromPromise(async () => []), deliveryStep });
    await screen.findByRole('heading', { name: 'Add your consignment' }, WAIT);
    fireEvent.click(inWizard().getByRole('button', { name: '1. Delivery' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Show map' }, WAIT));
    const stops = await screen.findByRole('list', { name: /^Route map: / }, WAIT);
    expect(within(stops).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['A: 1 Long Street, Cape Town', 'B: 10 Main Road, Claremont']);
    expect(inWizard().getByRole('checkbox', { name: 'Round trip' })).toBeTruthy();
    // Administrators pick any date, shown DD-MM-YYYY (the form holds YYYY-MM-DD).
    expect((inWizard().getByLabelText(/^Date/) as HTMLInputElement).value).toBe('04-03-2025');
    expectEveryControlNamed();
  });
});

describe('booking wizard views: step 1 dates and times', () => {
  it("labels pick-up dates by day ('Tue 4 Mar'; the value stays YYYY-MM-DD) and the default time 'First available'", async () => {
    const deliveryStep = deliveryStepMachine.provide({
      actors: { loadStores: never(), loadDates: fromPromise(async () => ['2025-03-04', '2025-03-05']), loadTimeSlots: never(), resolveAddress: never() } as never,
    });
    renderBooking({ path: '/', logic: { wizard: defaultBookingLogic.wizard.provide({ actors: { deliveryStep } as never }) } });
    fireEvent.click(await screen.findByRole('button', { name: 'New delivery' }, WAIT));
    const date = await screen.findByRole('combobox', { name: /^Date/ }, WAIT) as HTMLSelectElement;
    await waitFor(() => expect([...date.options].map((option) => [option.value, option.textContent]))
      .toEqual([['', ''], ['2025-03-04', 'Tue 4 Mar'], ['2025-03-05', 'Wed 5 Mar']]), WAIT);
    const time = inWizard().getByRole('combobox', { name: /^Time slot/ }) as HTMLSelectElement;
    expect([time.value, time.selectedOptions[0]?.textContent]).toEqual(['02:00', 'First available']);
  });
});

describe('booking wizard views: quotes (001 sections 2, 4, 6)', () => {
  it('shows the day of a window that ends after the pick-up day', async () => {
    const [first] = liveOptions();
    const option: DeliveryQuote = {
      ...first!, slaType: 'Priority',
      // 08:00–10:00 on Mon 4 Mar 2030 in Johannesburg; drop-off 10:00 to 04:00 the next morning.
      pickupWindowStartUtc: '2030-03-04T06:00:00Z', pickupWindowEndUtc: '2030-03-04T08:00:00Z',
      dropOffWindowStartUtc: '2030-03-04T08:00:00Z', dropOffWindowEndUtc: '2030-03-05T02:00:00Z',
    };
    openOn(sampleQuote(PAYMENT_STATUS.NOT_SELECTED, { deliveryQuotes: [option], readyForCollectionTimeSlotLocal: '02:00' }));
    const card = within((await screen.findAllByTestId('quote-option', {}, WAIT))[0]!);
    expect(card.getByText(/^Pick-up/).textContent).toBe('Pick-up 08:00–10:00 · Drop-off 10:00–Tue 5 Mar 04:00');
    const slot = card.getByRole('combobox', { name: 'First available timeslot' }) as HTMLSelectElement;
    expect(slot.selectedOptions[0]?.textContent).toBe('First available');
  });

  it('shows a customer no prices, only the service levels, windows and expiry; an expired option is disabled', async () => {
    openOn(sampleQuote(PAYMENT_STATUS.NOT_SELECTED, { deliveryQuotes: liveOptions(), isRoundTrip: true, isHighRisk: true }));
    const group = within(await screen.findByRole('radiogroup', { name: 'Delivery options' }, WAIT));
    expect(group.getAllByRole('radio')).toEqual(['Flexible', 'Precise', 'Near'].map((name) => group.getByRole('radio', { name })));
    expect(inWizard().queryByTestId('quote-price')).toBeNull();
    expect(inWizard().queryByText(/Subject addtional charge/)).toBeNull();
    const expiries = inWizard().getAllByTestId('quote-expiry').map((node) => node.textContent);
    expect(expiries[0]).toMatch(/^Expires in (2 hours|1 hour|\d+ minutes)$/);
    expect(expiries[2]).toBe('Expired');
    expect((group.getByRole('radio', { name: 'Near' }) as HTMLInputElement).disabled).toBe(true);
    // The footnotes of a round trip and of a high-risk delivery.
    expect(inWizard().getByText('* Subject to collect on delivery double charge')).toBeTruthy();
    expect(inWizard().getByText('* Subject to surcharges')).toBeTruthy();
    // Priority's time-slot picker.
    expect(inWizard().getByRole('combobox', { name: 'First available timeslot' })).toBeTruthy();
    // Next with nothing chosen: the message, announced and tied to the options.
    fireEvent.click(inWizard().getByRole('button', { name: 'Next' }));
    const message = await screen.findByTestId('quote-error');
    expect(message.textContent).toBe('Please select your preferred quote to continue.');
    expectInvalidWith(inWizard().getByRole('radiogroup', { name: 'Delivery options' }), 'Please select your preferred quote to continue.');
    expectEveryControlNamed();
  });

  for (const role of ['Administrator', 'ManagementOperator', 'StaffOperator'] as const) {
    it(`shows ${role} the prices with the 'Subject addtional charge(s)' tooltip`, async () => {
      const options = liveOptions();
      openOn(sampleQuote(PAYMENT_STATUS.NOT_SELECTED, { deliveryQuotes: options, isRoundTrip: true }), [role]);
      await screen.findByRole('radiogroup', { name: 'Delivery options' }, WAIT);
      const prices = inWizard().getAllByTestId('quote-price');
      expect(prices).toHaveLength(3);
      // (priceExcl + VAT) x 2 for a round trip (001 section 9).
      expect(prices[0]!.textContent).toContain(formatMoney(quoteDisplayPriceCents(options[0]!.priceExcl!, 0.15, true)));
      expect(formatMoney(quoteDisplayPriceCents(12500, 0.15, true))).toBe(formatMoney(28750));
      const marker = within(prices[0]!).getByTestId('price-marker');
      expect(marker.getAttribute('title')).toBe('Subject addtional charge(s)');
      expect(marker.textContent).toBe('*Subject addtional charge(s)');
      // The radio is described by its windows, expiry and price.
      const radio = within(inWizard().getByRole('radiogroup')).getByRole('radio', { name: 'Flexible' });
      expect(radio.getAttribute('aria-describedby')).toContain('quote-option-11-price');
    });
  }

  it('shows no prices to company and store users', async () => {
    openOn(sampleQuote(PAYMENT_STATUS.NOT_SELECTED, { deliveryQuotes: liveOptions() }), ['CompanyAdministrator']);
    await screen.findByRole('radiogroup', { name: 'Delivery options' }, WAIT);
    expect(inWizard().queryByTestId('quote-price')).toBeNull();
  });
});

describe('booking wizard views: details (001 sections 2, 3, 5)', () => {
  it('labels every field, tells why my details are unusable, defaults to residential, disables the email, and ties messages to fields', async () => {
    openOn(sampleQuote(PAYMENT_STATUS.DETAILS_OUTSTANDING), [], {}, { permissions: { phoneNumberConfirmed: false } });
    const origin = within(await screen.findByTestId('contact-origin', {}, WAIT));
    const steps = within(inWizard().getByRole('list', { name: 'Contact details steps' }));
    expect(steps.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Pick-up', 'Drop-off', 'Additional details (optional)']);
    const myDetails = origin.getByRole('checkbox', { name: 'Use my details' }) as HTMLInputElement;
    expect(myDetails.disabled).toBe(true);
    expect(document.getElementById(myDetails.getAttribute('aria-describedby')!)?.textContent)
      .toBe('Confirm your phone number in your profile to use your details.');
    expect((origin.getByRole('radio', { name: 'Residential' }) as HTMLInputElement).checked).toBe(true);
    expect((origin.getByRole('radio', { name: 'Business' }) as HTMLInputElement).checked).toBe(false);
    const phone = origin.getByRole('textbox', { name: /^Phone number/ }) as HTMLInputElement;
    expect(phone.placeholder).toBe('(000) 000-0000');
    const country = origin.getByRole('combobox', { name: /^Country code/ }) as HTMLSelectElement;
    expect(country.selectedOptions[0]?.textContent).toBe('South Africa (+27)');
    expectEveryControlNamed();
    // Next with nothing typed: 'Name is required', 'Phone number is required'; a bad number: 'Phone number is not valid'.
    const form = within(document.getElementById(STEP_FORM_ID)!);
    fireEvent.click(form.getByRole('button', { name: 'Next' }));
    await waitFor(() => expectInvalidWith(origin.getByRole('textbox', { name: /^Name/ }), 'Name is required'));
    expectInvalidWith(phone, 'Phone number is required');
    fireEvent.change(phone, { target: { value: '12' } });
    fireEvent.click(form.getByRole('button', { name: 'Next' }));
    await waitFor(() => expectInvalidWith(origin.getByRole('textbox', { name: /^Phone number/ }), 'Phone number is not valid'));
  });

  it("offers 'Use my details' to a user with a confirmed phone, and shows the signed-in email disabled on Additional details", async () => {
    const quote = sampleQuote(PAYMENT_STATUS.DETAILS_OUTSTANDING);
    const saved = fromPromise<Quote, unknown>(async () => quote);
    openOn(quote, [], { details: detailsMachine.provide({ actors: { saveOrigin: saved, saveDestination: saved, saveAdditional: never() } as never }) });
    const origin = within(await screen.findByTestId('contact-origin', {}, WAIT));
    const myDetails = origin.getByRole('checkbox', { name: 'Use my details' }) as HTMLInputElement;
    expect(myDetails.disabled).toBe(false);
    expect(myDetails.checked).toBe(true);
    expect(origin.queryByTestId('my-details-hint')).toBeNull();
    expect((origin.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Thandi Nkosi');
    const form = () => within(document.getElementById(STEP_FORM_ID)!);
    fireEvent.click(form().getByRole('button', { name: 'Next' }));
    const destination = within(await screen.findByTestId('contact-destination', {}, WAIT));
    fireEvent.change(destination.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Sipho Dube' } });
    fireEvent.change(destination.getByRole('textbox', { name: /^Phone number/ }), { target: { value: '(083) 555-1234' } });
    fireEvent.click(form().getByRole('button', { name: 'Next' }));
    const additional = within(await screen.findByTestId('contact-additional', {}, WAIT));
    const email = additional.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect([email.value, email.disabled]).toEqual(['customer@demo.test', true]);
    expect(additional.getByRole('textbox', { name: 'Order reference' })).toBeTruthy();
    expect(additional.getByRole('textbox', { name: 'Customer identifier' })).toBeTruthy();
    // The footer's Next saves the last sub-step.
    expect(within(inWizard().getByTestId('wizard-footer')).getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it("says 'Missing phone number' when 'Use my details' is ticked and the user has no phone number", async () => {
    openOn(sampleQuote(PAYMENT_STATUS.DETAILS_OUTSTANDING), [], {}, { profile: { phoneNumber: null } });
    const origin = within(await screen.findByTestId('contact-origin', {}, WAIT));
    expect((origin.getByRole('checkbox', { name: 'Use my details' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(document.getElementById(STEP_FORM_ID)!).getByRole('button', { name: 'Next' }));
    await waitFor(() => expectInvalidWith(origin.getByRole('textbox', { name: /^Phone number/ }), 'Missing phone number'));
  });
});

describe('booking wizard views: accept (001 sections 2, 6)', () => {
  for (const [role, sees] of [['StaffOperator', true], ['ManagementOperator', true], ['CompanyAdministrator', false], ['StoreOperator', false]] as const) {
    it(`${sees ? 'shows' : 'hides'} the price breakdown for ${role}`, async () => {
      openOn(sampleQuote(PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE, { selectedDeliveryQuoteId: 12 }), [role]);
      await screen.findByRole('heading', { name: 'Please confirm your delivery details' }, WAIT);
      expect(inWizard().queryByTestId('accept-total') !== null).toBe(sees);
      expect(inWizard().queryByText('VAT (15%)') !== null).toBe(sees);
    });
  }
});

describe('booking wizard views: pay (001 sections 2, 6, 9)', () => {
  const account = (overrides: Partial<Account> = {}): Account => ({ id: 31, accountName: 'Thandi Nkosi', accountType: 'PostPay', balance: 2500, xmin: '1', ...overrides });

  it("labels the account choice 'Select an account with which to pay' with 'Enter an account name', and says when there is none", async () => {
    const quote = sampleQuote(PAYMENT_STATUS.PAYMENT_PENDING);
    openOn(quote, [], { pay: payWith(quote, account(), [], []) });
    const choice = within(await screen.findByTestId('pay-account', {}, WAIT));
    const select = choice.getByRole('combobox', { name: /^Select an account with which to pay/ }) as HTMLInputElement;
    expect(select.placeholder).toBe('Enter an account name');
    await waitFor(() => expectInvalidWith(select, 'No matching accounts found.'));
    // The search select's own messages: 'Enter an account name...' while empty, the minimum, and no match.
    expect(choice.getByText('Enter an account name...')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'Th' } });
    expect(choice.getByText('Minimum of 3 characters for a search...')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'Thandi' } });
    // After the 500 ms debounce the search answers nothing: the select says so too.
    await waitFor(() => expect(choice.getAllByText('No matching accounts found.')).toHaveLength(2), WAIT);
    expect((choice.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(inWizard().getByRole('list', { name: 'Payment steps' })).getAllByRole('listitem').map((item) => item.textContent))
      .toEqual(['Account', 'Details', 'Payment']);
  });

  it('chooses the paying account by typing part of its name and picking it from the payable accounts of the delivery', async () => {
    const quote = sampleQuote(PAYMENT_STATUS.PAYMENT_PENDING);
    const accounts = [{ key: 31, value: 'Thandi Nkosi' }, { key: 32, value: 'Nkosi Trading' }];
    openOn(quote, [], { pay: payWith(quote, account({ id: 32, accountName: 'Nkosi Trading' }), [], accounts) });
    const choice = within(await screen.findByTestId('pay-account', {}, WAIT));
    const select = await choice.findByRole('combobox', { name: /^Select an account with which to pay/ }, WAIT) as HTMLInputElement;
    await waitFor(() => expect(select.disabled).toBe(false), WAIT);
    // Two payable accounts and none preselected: nothing is chosen, Next waits for a choice.
    const next = choice.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'Nkosi' } });
    const listbox = await choice.findByRole('listbox', {}, WAIT);
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Thandi Nkosi', 'Nkosi Trading']);
    // The search is the payable-accounts call of this delivery with what was typed.
    expect(paySearches).toEqual([{ term: 'Nkosi', params: { deliveryId: quote.deliveryId } }]);
    // Keyboard: ArrowDown moves to the options.
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Thandi Nkosi');
    fireEvent.click(within(listbox).getByRole('button', { name: 'Nkosi Trading' }));
    expect(choice.getByTestId('search-select-selected').textContent).toBe('Nkosi Trading');
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    await screen.findByTestId('pay-details', {}, WAIT);
    expect(accountsSelected).toEqual([32]);
    // Back: the chosen account is still chosen.
    fireEvent.click(within(inWizard().getByTestId('pay-details')).getByRole('button', { name: 'Back' }));
    const again = within(await screen.findByTestId('pay-account', {}, WAIT));
    expect(again.getByTestId('search-select-selected').textContent).toBe('Nkosi Trading');
  });

  it('shows a customer the Total Due but no totals or balance; Prepay with a total due cannot post-pay', async () => {
    const quote = sampleQuote(PAYMENT_STATUS.PAYMENT_PENDING, { paymentOutStanding: 1000 });
    openOn(quote, [], { pay: payWith(quote, account({ accountType: 'Prepay' })) });
    const details = within(await screen.findByTestId('pay-details', {}, WAIT));
    expect(details.getByRole('heading', { name: 'Delivery payment details' })).toBeTruthy();
    expect(details.getByTestId('total-due').textContent).toBe(`Total Due: ${formatMoney(14375)}`);
    expect(details.queryByTestId('pay-totals')).toBeNull();
    expect(details.queryByText('Credit Applied')).toBeNull();
    expect(details.queryByTestId('account-balance')).toBeNull();
    expect(details.getByRole('button', { name: 'Pay by card' })).toBeTruthy();
    expect(details.queryByRole('button', { name: 'Post pay' })).toBeNull();
    expect(details.getByText('Visa, Mastercard, American Express, Diners Club')).toBeTruthy();
    expectEveryControlNamed();
    // Paying with a new card: 'Total Due', 'Save card details *' and Back.
    fireEvent.click(details.getByRole('button', { name: 'Pay by card' }));
    const payment = within(await screen.findByTestId('pay-payment', {}, WAIT));
    expect(payment.getByTestId('payment-total-due').textContent).toBe(`Total Due: ${formatMoney(14375)}`);
    expect(payment.getByRole('checkbox', { name: 'Save card details *' })).toBeTruthy();
    expect(payment.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(payment.getByRole('form', { name: 'Card details' }).getAttribute('data-brands')).toBe('VISA MASTER');
    // The wizard's Next is 'Finish' on step 6, disabled until paid.
    expect((within(inWizard().getByTestId('wizard-footer')).getByRole('button', { name: 'Finish' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows an administrator Total, Credit Applied, Outstanding only when above 0, Total Due and 'Current Balance'", async () => {
    const quote = sampleQuote(PAYMENT_STATUS.PAYMENT_PENDING, { paymentTotal: 20000, paymentCreditApplied: 5625, paymentOutStanding: 0, paymentTotalDue: 14375 });
    const cards = [{ id: 1, paymentBrand: 'VISA', paymentType: 'DB', holder: 'T Nkosi', lastFourDigits: '1234', expiryMonth: 7, expiryYear: 2030, expired: false }] as SavedCard[];
    openOn(quote, ['Administrator'], { pay: payWith(quote, account(), cards) });
    const details = within(await screen.findByTestId('pay-details', {}, WAIT));
    const terms = within(details.getByTestId('pay-totals')).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Total', 'Credit Applied']);
    expect(details.getByTestId('account-balance').textContent).toBe(`Current Balance: ${formatMoney(2500)}`);
    expect(details.getByRole('heading', { name: 'Charge the last credit card you used' })).toBeTruthy();
    expect(details.getByTestId('saved-card').textContent).toContain('VISA DB T Nkosi xxxx-xxxx-xxxx-1234 07/2030');
    // With saved cards the new-card button reads 'Pay with new card'; a post-pay account 'Post pay'.
    expect(details.getByRole('button', { name: 'Pay with new card' })).toBeTruthy();
    expect(details.getByRole('button', { name: 'Post pay' })).toBeTruthy();
    // Back to the account: the chosen account's balance shows there too.
    fireEvent.click(details.getByRole('button', { name: 'Back' }));
    const choice = within(await screen.findByTestId('pay-account', {}, WAIT));
    expect(choice.getByTestId('account-balance').textContent).toBe(`Current Balance: ${formatMoney(2500)}`);
  });

  it("shows Outstanding when above 0, hides the card button when nothing is due and names the post-pay button 'Pay'", async () => {
    const quote = sampleQuote(PAYMENT_STATUS.PAYMENT_PENDING, { paymentTotal: 14375, paymentCreditApplied: 14375, paymentOutStanding: 300, paymentTotalDue: 0 });
    openOn(quote, ['StaffOperator'], { pay: payWith(quote, account({ accountType: 'Prepay' })) });
    const details = within(await screen.findByTestId('pay-details', {}, WAIT));
    expect(within(details.getByTestId('pay-totals')).getAllByRole('term').map((term) => term.textContent)).toEqual(['Total', 'Credit Applied', 'Outstanding']);
    expect(details.queryByRole('button', { name: /^Pay (by|with new) card$/ })).toBeNull();
    expect(details.getByRole('button', { name: 'Pay' })).toBeTruthy();
  });
});

describe('booking wizard views: who books (001 section 6, 000 section 6)', () => {
  const permissionsOf = (roles: StoredRole[]): Permissions => ({
    id: 7, companyId: 2, storeId: 3, email: 'x@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false, ...roleFlagsOf(7, roles),
  });

  it('opens /deliveries/add for staff, company and store roles, not for partners, drivers or plain customers', () => {
    const rule = routeRule('/deliveries/add');
    const allowed = (roles: StoredRole[]) => decideRouteAccess(rule, permissionsOf(roles));
    for (const roles of [['Administrator'], ['ManagementOperator'], ['StaffOperator'], ['CompanyAdministrator'], ['CompanyOperator'], ['CompanyUser'],
      ['StoreAdministrator'], ['StoreOperator'], ['StoreUser']] as StoredRole[][]) {
      expect([roles[0], allowed(roles)]).toEqual([roles[0], 'allowed']);
    }
    for (const roles of [['Partner'], ['Driver'], []] as StoredRole[][]) expect([roles[0], allowed(roles)]).not.toEqual([roles[0], 'allowed']);
  });

  for (const [roles, shown] of [[[], true], [['StoreOperator'], true], [['StoreAdministrator'], true], [['StoreUser'], false]] as const) {
    it(`${shown ? 'shows' : 'hides'} the 'New delivery' button for ${roles[0] ?? 'a customer'}`, async () => {
      renderBooking({ path: '/', logic: defaultBookingLogic, roles: [...roles] });
      await screen.findByRole('banner', {}, WAIT);
      if (shown) {
        expect(await screen.findByRole('button', { name: 'New delivery' }, WAIT)).toBeTruthy();
      } else {
        await act(async () => { await new Promise((resolve) => setTimeout(resolve, 100)); });
        expect(screen.queryByRole('button', { name: 'New delivery' })).toBeNull();
      }
    });
  }
});
