import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise, SimulatedClock, type AnyActorLogic } from 'xstate';
import { addressSelectLogic, deliveryStepMachine } from '../../src/machines/booking/delivery-step.machine';
import { defaultBookingLogic } from '../../src/features/booking/booking-logic';
import { STEP_FORM_ID } from '../../src/features/booking/booking-ui';
import { ACCEPT_STEP_TEXTS, cardExpiry, DETAILS_STEP_TEXTS, maskedCardNumber, PAY_STEP_TEXTS, WIZARD_TEXTS } from '../../src/lib/booking-texts';
import { formatMoney } from '../../src/lib/money';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { detailsMachine } from '../../src/machines/booking/details.machine';
import { accountSelectLogic, payMachine } from '../../src/machines/booking/pay.machine';
import { sampleQuote } from '../../src/machines/booking/booking.samples-data';
import type { Account, AccountOption, Quote, SavedCard } from '../../src/machines/booking/booking.model';
import { inWizard, renderBooking, wizardDialog } from '../support/booking-harness';


const never = () => fromPromise(() => new Promise<never>(() => undefined));

/** The wizard whose step 1 lookups are the given ones (the others never answer). */
function wizardWith(lookups: Record<string, AnyActorLogic>) {
  const deliveryStep = deliveryStepMachine.provide({
    actors: { loadStores: never(), loadDates: never(), loadTimeSlots: never(), resolveAddress: never(), ...lookups } as never,
  });
  return defaultBookingLogic.wizard.provide({ actors: { deliveryStep } as never });
}

describe('booking wizard', () => {
  it("opens from the header's 'New delivery' button for a customer at 'Step 1 of 6'", async () => {
    renderBooking({ path: '/', logic: { wizard: wizardWith({ loadDates: never() }) } });
    fireEvent.click(await screen.findByRole('button', { name: WIZARD_TEXTS.newDelivery }, { timeout: 5000 }));
    await wizardDialog();
    expect(inWizard().getByRole('heading', { name: WIZARD_TEXTS.dialogTitle })).toBeTruthy();
    expect(inWizard().getByTestId('step-of').textContent).toBe('Step 1 of 6');
    expect(inWizard().getByRole('button', { name: WIZARD_TEXTS.back }).hasAttribute('disabled')).toBe(true);
    // Next without addresses or date: the spec's three messages (001 section 5).
    await screen.findByTestId('address-originAddress', {}, { timeout: 5000 });
    fireEvent.click(inWizard().getByRole('button', { name: WIZARD_TEXTS.next }));
    await waitFor(() => expect(inWizard().getAllByRole('alert').map((node) => node.textContent)).toEqual(
      expect.arrayContaining(['Pick-up address is required', 'Drop-off is required', 'Date is required'])));
    // The time select is disabled until a date is chosen; no email banner for a confirmed email.
    expect((inWizard().getByLabelText(/^Time slot/) as HTMLSelectElement).disabled).toBe(true);
    expect(inWizard().queryByText(/For added security/)).toBeNull();
  });

  it("searches addresses after 500 ms from 3 characters, resolves the choice, and rejects it when the resolve fails", async () => {
    const clock = new SimulatedClock();
    const searches: string[] = [];
    const resolves: unknown[] = [];
    let failResolve = false;
    const wizard = wizardWith({
      loadDates: fromPromise(async () => ['2025-03-04']),
      resolveAddress: fromPromise(async ({ input }: { input: { cca2: string; option: { placeId: string; description: string } } }) => {
        resolves.push(input);
        if (failResolve) throw new Error('Not found: address za-1');
        return { placeId: input.option.placeId, description: input.option.description, coordinates: { lat: -33.92, lon: 18.42 } };
      }),
      addressSelect: addressSelectLogic.provide({
        actors: {
          searchOptions: fromPromise(async ({ input }: { input: { term: string } }) => {
            searches.push(input.term);
            return input.term === 'Nowhere' ? [] : [{ key: 'za-1', value: '1 Long Street, Cape Town' }];
          }) as never,
        },
      }),
    });
    renderBooking({ path: '/', logic: { wizard }, clock });
    fireEvent.click(await screen.findByRole('button', { name: WIZARD_TEXTS.newDelivery }, { timeout: 5000 }));
    const box = within(await screen.findByTestId('address-originAddress', {}, { timeout: 5000 }));
    const input = box.getByRole('combobox', { name: 'Pick-up address' }) as HTMLInputElement;
    expect(input.placeholder).toBe('Enter an address...');
    expect(box.getByText('Start typing...')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Lo' } });
    expect(box.getByText('Minimum of 3 characters for a search...')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Nowhere' } });
    await act(async () => { clock.increment(499); });
    expect(searches).toEqual([]);
    await act(async () => { clock.increment(1); });
    expect(await box.findByText('No matching addresses found.')).toBeTruthy();
    expect(searches).toEqual(['Nowhere']);
    fireEvent.change(input, { target: { value: 'Long' } });
    await act(async () => { clock.increment(500); });
    fireEvent.click(await box.findByRole('button', { name: '1 Long Street, Cape Town' }));
    await waitFor(() => expect(resolves).toEqual([{ cca2: 'ZA', option: { placeId: 'za-1', description: '1 Long Street, Cape Town' } }]));
    await waitFor(() => expect(box.getByTestId('search-select-selected').textContent).toBe('1 Long Street, Cape Town'));
    // The wizard holds it: Next no longer asks for the pick-up address.
    fireEvent.click(inWizard().getByRole('button', { name: WIZARD_TEXTS.next }));
    const messages = inWizard().getAllByRole('alert').map((node) => node.textContent);
    expect(messages).not.toContain('Pick-up address is required');
    expect(messages).toContain('Drop-off is required');
    // A failed resolve shows its message and rejects the selection (001 section 8).
    failResolve = true;
    const drop = within(inWizard().getByTestId('address-destinationAddress'));
    fireEvent.change(drop.getByRole('combobox', { name: 'Drop-off address' }), { target: { value: 'Long' } });
    await act(async () => { clock.increment(500); });
    fireEvent.click(await drop.findByRole('button', { name: '1 Long Street, Cape Town' }));
    expect((await drop.findByTestId('destinationAddress-error')).textContent).toBe('Not found: address za-1');
    expect(drop.queryByTestId('search-select-selected')).toBeNull();
  });

  it('loads the stores for a store user and starts with their store as the pick-up store; shows the email banner', async () => {
    const stores: unknown[] = [];
    const wizard = wizardWith({
      loadStores: fromPromise(async ({ input }: { input: unknown }) => { stores.push(input); return [{ key: '3', value: 'Sea Point store' }, { key: '4', value: 'Claremont store' }]; }),
      loadDates: fromPromise(async () => ['2025-03-04', '2025-03-05']),
    });
    renderBooking({ path: '/deliveries/add', logic: { wizard }, roles: ['StoreOperator'], permissions: { storeId: 3, companyId: 2, emailConfirmed: false }, profile: { emailConfirmed: false } });
    const picker = await screen.findByRole('combobox', { name: 'Pick-up store' }, { timeout: 5000 }) as HTMLSelectElement;
    expect(stores).toEqual([{ cca2: 'ZA' }]);
    expect(picker.value).toBe('3');
    expect([...picker.options].map((option) => option.textContent)).toEqual(['', 'Sea Point store', 'Claremont store']);
    expect((inWizard().getByRole('combobox', { name: 'Drop-off store' }) as HTMLSelectElement).value).toBe('');
    // The date comes from the available dates.
    const date = inWizard().getByLabelText(/^Date/) as HTMLSelectElement;
    await waitFor(() => expect([...date.options].map((option) => option.value)).toEqual(['', '2025-03-04', '2025-03-05']));
    expect(inWizard().getByText(/For added security, please/).textContent).toContain('click here');
  });

  it("says 'No dates available' when no pick-up date is open", async () => {
    renderBooking({ path: '/', logic: { wizard: wizardWith({ loadDates: fromPromise(async () => []) }) } });
    fireEvent.click(await screen.findByRole('button', { name: WIZARD_TEXTS.newDelivery }, { timeout: 5000 }));
    expect(await screen.findByText('No dates available', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('offers the parcel types from the server plus Custom, and adds a custom parcel', async () => {
    const quote = sampleQuote(PAYMENT_STATUS.ITEMS_OUTSTANDING);
    const updates: unknown[] = [];
    const wizard = defaultBookingLogic.wizard.provide({
      actors: {
        getQuote: fromPromise<Quote, { cca2: string; deliveryId: number }>(async () => quote),
        loadParcelTypes: fromPromise(async () => [
          { id: 1, name: 'Small', length: 20, width: 20, height: 10, weight: 2 }, { id: 4, name: 'Custom', length: 0, width: 0, height: 0, weight: 0 },
        ]),
        updateParcels: fromPromise(async ({ input }: { input: { parcels: unknown } }) => { updates.push(input.parcels); return sampleQuote(PAYMENT_STATUS.NOT_SELECTED); }),
      } as never,
    });
    renderBooking({ path: '/deliveries/add?deliveryid=501', logic: { wizard }, roles: ['Administrator'] });
    await screen.findByRole('heading', { name: 'Add your consignment' }, { timeout: 5000 });
    await waitFor(() => expect(inWizard().getAllByTestId('parcel-type').map((tile) => tile.textContent?.split(/\d/)[0])).toEqual(['Small', 'Custom']));
    expect(inWizard().getByText('Please select a parcel size.')).toBeTruthy();
    fireEvent.click(inWizard().getByRole('button', { name: WIZARD_TEXTS.next }));
    expect(inWizard().getByTestId('parcels-error').textContent).toBe('You need to select a parcel size before continuing.');
    fireEvent.click(inWizard().getByRole('button', { name: 'Custom' }));
    const form = within(inWizard().getByTestId('custom-parcel'));
    fireEvent.click(form.getByRole('button', { name: 'Add custom package' }));
    expect(form.getAllByRole('alert').length).toBeGreaterThan(0);
    fireEvent.change(form.getByLabelText(/^Name/), { target: { value: 'Documents' } });
    for (const [label, value] of [['Length', '30'], ['Width', '20'], ['Height', '5'], ['Weight', '1.5']]) {
      fireEvent.change(form.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    }
    fireEvent.click(form.getByRole('button', { name: 'Add custom package' }));
    expect(inWizard().getByTestId('parcel-count').textContent).toBe('1 parcel(s)');
    expect(inWizard().getByTestId('parcel-sizes').textContent).toBe('sm 0 · md 0 · lg 0 · l* 1');
    fireEvent.click(inWizard().getByRole('checkbox', { name: 'Is it fragile' }));
    // 'Edit package': a predefined size fills the sizes.
    fireEvent.click(inWizard().getByRole('button', { name: 'Edit Documents' }));
    const edit = within(inWizard().getByTestId('custom-parcel'));
    expect(edit.getAllByText('Edit package')).toHaveLength(2);
    expect((edit.getByLabelText(/^Length/) as HTMLInputElement).value).toBe('30');
    fireEvent.click(edit.getByRole('button', { name: 'Small' }));
    expect((edit.getByLabelText(/^Length/) as HTMLInputElement).value).toBe('20');
    fireEvent.click(edit.getByRole('button', { name: 'Edit package' }));
    expect(inWizard().queryByTestId('custom-parcel')).toBeNull();
    fireEvent.click(inWizard().getByRole('button', { name: WIZARD_TEXTS.next }));
    await waitFor(() => expect(updates).toEqual([[{
      name: 'Custom', parcelType: 4, deliveryItemName: 'Documents', length: 20, width: 20, height: 10, weight: 2, isFragile: true,
    }]]));
  });

  it("refuses a barcode used twice in the delivery: 'Barcode already added.'", async () => {
    const quote = sampleQuote(PAYMENT_STATUS.ITEMS_OUTSTANDING);
    const updates: unknown[] = [];
    const wizard = defaultBookingLogic.wizard.provide({
      actors: {
        getQuote: fromPromise<Quote, { cca2: string; deliveryId: number }>(async () => quote),
        loadParcelTypes: fromPromise(async () => [{ id: 1, name: 'Small', length: 20, width: 20, height: 10, weight: 2 }]),
        updateParcels: fromPromise(async ({ input }: { input: { parcels: unknown } }) => { updates.push(input.parcels); return sampleQuote(PAYMENT_STATUS.NOT_SELECTED); }),
      } as never,
    });
    renderBooking({ path: '/deliveries/add?deliveryid=501', logic: { wizard }, roles: ['Administrator'] });
    const small = await screen.findByRole('button', { name: /^Small/ }, { timeout: 5000 });
    fireEvent.click(small);
    fireEvent.click(small);
    expect(inWizard().getByTestId('parcel-count').textContent).toBe('2 parcel(s)');
    expect(inWizard().getByTestId('parcel-sizes').textContent).toBe('sm 2 · md 0 · lg 0 · l* 0');
    for (const field of inWizard().getAllByRole('textbox', { name: 'Barcode Small' })) fireEvent.change(field, { target: { value: 'ABC-1' } });
    fireEvent.click(inWizard().getByRole('button', { name: WIZARD_TEXTS.next }));
    expect(inWizard().getByTestId('parcels-error').textContent).toBe('Barcode already added.');
    expect(updates).toEqual([]);
  });

  it("gives step 4's Pick-up and Drop-off their own Next (the footer a spacer), the footer's Next to Additional details, and a spacer with a polite status while saving", async () => {
    const quote = sampleQuote(PAYMENT_STATUS.DETAILS_OUTSTANDING);
    const pending: Record<string, (quote: Quote) => void> = {};
    const saving = (id: string) => fromPromise<Quote, unknown>(() => new Promise((resolve) => { pending[id] = resolve; }));
    const wizard = defaultBookingLogic.wizard.provide({
      actors: {
        getQuote: fromPromise<Quote, { cca2: string; deliveryId: number }>(async () => quote),
        details: detailsMachine.provide({ actors: { saveOrigin: saving('origin'), saveDestination: saving('destination'), saveAdditional: saving('additional') } as never }),
      },
    });
    renderBooking({ path: '/deliveries/add?deliveryid=501', logic: { wizard }, roles: ['Administrator'] });
    await screen.findByTestId('contact-origin', {}, { timeout: 5000 });
    const footer = () => within(inWizard().getByTestId('wizard-footer'));
    const form = () => within(document.getElementById(STEP_FORM_ID)!);
    const status = () => footer().getByRole('status');
    const field = (label: string) => form().getByLabelText(new RegExp(`^${label}`));
    const fillContact = (name: string, phone: string) => {
      fireEvent.change(field(DETAILS_STEP_TEXTS.name), { target: { value: name } });
      fireEvent.change(field(DETAILS_STEP_TEXTS.phone), { target: { value: phone } });
    };
    const settle = async (id: string) => { await act(async () => { pending[id]!(quote); }); };
    expect(status().getAttribute('aria-live')).toBe('polite');
    for (const [side, id, name] of [['origin', 'origin', 'Thandi Nkosi'], ['destination', 'destination', 'Sipho Dube']] as const) {
      await screen.findByTestId(`contact-${side}`);
      // The sub-step's own Next in the details view; the footer holds an empty spacer in its place.
      expect(footer().queryByRole('button', { name: WIZARD_TEXTS.next })).toBeNull();
      expect(footer().getByTestId('next-spacer').getAttribute('aria-hidden')).toBe('true');
      expect(status().textContent).toBe('');
      fillContact(name, '(083) 555-1234');
      const subStepNext = form().getByRole('button', { name: WIZARD_TEXTS.next });
      subStepNext.focus();
      fireEvent.click(subStepNext);
      // Saving: no Next anywhere, spacers instead, 'Loading...' announced.
      await waitFor(() => expect(status().textContent).toBe(WIZARD_TEXTS.loading));
      expect(inWizard().queryByRole('button', { name: WIZARD_TEXTS.next })).toBeNull();
      expect(form().getByTestId('details-next-spacer')).toBeTruthy();
      expect(footer().getByTestId('next-spacer')).toBeTruthy();
      await settle(id);
      // The pressed Next is gone: focus is not lost, it lands on 'Step N of 6' and Tab continues into the step.
      await waitFor(() => expect(document.activeElement).toBe(inWizard().getByTestId('step-of')));
    }
    // Additional details (optional), the last sub-step: the footer's Next submits it.
    await waitFor(() => expect(inWizard().getByText(DETAILS_STEP_TEXTS.subSteps[2]).getAttribute('aria-current')).toBe('step'));
    expect(form().queryByRole('button', { name: WIZARD_TEXTS.next })).toBeNull();
    expect(footer().queryByTestId('next-spacer')).toBeNull();
    const next = footer().getByRole('button', { name: WIZARD_TEXTS.next });
    expect(next.getAttribute('form')).toBe(STEP_FORM_ID);
    fireEvent.click(next);
    await waitFor(() => expect(status().textContent).toBe(WIZARD_TEXTS.loading));
    expect(inWizard().queryByRole('button', { name: WIZARD_TEXTS.next })).toBeNull();
    expect(footer().getByTestId('next-spacer')).toBeTruthy();
    await settle('additional');
    await screen.findByRole('heading', { name: ACCEPT_STEP_TEXTS.heading });
    expect(status().textContent).toBe('');
    expect(footer().getByRole('button', { name: WIZARD_TEXTS.next })).toBeTruthy();
  });

  it('shows the contact details on Accept, and the price breakdown (subtotal, VAT, total) to staff only', async () => {
    const quote = sampleQuote(PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE, {
      selectedDeliveryQuoteId: 12, originContactName: 'Thandi Nkosi', originPhoneNumber: '+27821234567', destinationContactName: 'Sipho Dube',
    });
    const logic = { wizard: defaultBookingLogic.wizard.provide({ actors: { getQuote: fromPromise<Quote, { cca2: string; deliveryId: number }>(async () => quote) } }) };
    renderBooking({ path: '/deliveries/add?deliveryid=501', logic, roles: ['Administrator'] });
    await screen.findByRole('heading', { name: ACCEPT_STEP_TEXTS.heading }, { timeout: 5000 });
    expect(inWizard().getByTestId('accept-origin').textContent).toContain('1 Long Street, Cape Town');
    expect(inWizard().getByTestId('accept-origin').textContent).toContain('Thandi Nkosi · +27821234567');
    expect(inWizard().getByTestId('accept-destination').textContent).toContain('Sipho Dube');
    // Priority: 400.00 excl., VAT 15 % 60.00, total 460.00.
    expect(inWizard().getByTestId('accept-subtotal').textContent).toBe(formatMoney(40000));
    expect(inWizard().getByText('VAT (15%)')).toBeTruthy();
    expect(inWizard().getByTestId('accept-vat').textContent).toBe(formatMoney(6000));
    expect(inWizard().getByTestId('accept-total').textContent).toBe(formatMoney(46000));
  });

  it('shows no price breakdown to a customer on Accept', async () => {
    const quote = sampleQuote(PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE, { selectedDeliveryQuoteId: 12 });
    const logic = { wizard: defaultBookingLogic.wizard.provide({ actors: { getQuote: fromPromise<Quote, { cca2: string; deliveryId: number }>(async () => quote) } }) };
    renderBooking({ path: '/', logic, state: { bookingDeliveryId: 501 } });
    await screen.findByRole('heading', { name: ACCEPT_STEP_TEXTS.heading }, { timeout: 5000 });
    expect(inWizard().getByTestId('step-of').textContent).toBe('Step 5 of 6');
    expect(inWizard().queryByTestId('accept-total')).toBeNull();
    expect(inWizard().queryByText(/VAT/)).toBeNull();
  });

  it("has no 'New delivery' button for a store user", async () => {
    renderBooking({ path: '/', logic: defaultBookingLogic, roles: ['StoreUser'] });
    await screen.findByRole('banner', {}, { timeout: 5000 });
    // The session is restored a moment later: give the header the time to show what it would.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: WIZARD_TEXTS.newDelivery })).toBeNull();
  });

  it('lets an administrator choose the account by typing and picking, then shows totals and saved cards as xxxx-xxxx-xxxx-1234 MM/YYYY, Expired', async () => {
    const quote = sampleQuote(PAYMENT_STATUS.PAYMENT_PENDING);
    const account: Account = { id: 31, accountName: 'Thandi Nkosi', accountType: 'PostPay', balance: 0, xmin: '1' };
    const cards = [
      { id: 1, paymentBrand: 'VISA', paymentType: 'DB', holder: 'T Nkosi', lastFourDigits: '1234', expiryMonth: 7, expiryYear: 2030, expired: false },
      { id: 2, paymentBrand: 'MASTER', paymentType: 'DB', holder: 'T Nkosi', lastFourDigits: '0004', expiryMonth: 1, expiryYear: 2020, expired: true },
    ] as SavedCard[];
    const wizard = defaultBookingLogic.wizard.provide({
      actors: {
        getQuote: fromPromise<Quote, { cca2: string; deliveryId: number }>(async () => quote),
        pay: payMachine.provide({
          actors: {
            // Two payable accounts, none preselected: the administrator chooses one.
            loadAccounts: fromPromise<AccountOption[], { cca2: string; deliveryId: number }>(async () => [{ key: 31, value: 'Thandi Nkosi' }, { key: 32, value: 'Acme Retail' }]),
            accountSelect: accountSelectLogic.provide({
              actors: {
                searchOptions: fromPromise<{ key: string; value: string }[], { term: string }>(async ({ input }) =>
                  [{ key: '31', value: 'Thandi Nkosi' }, { key: '32', value: 'Acme Retail' }].filter((option) => option.value.includes(input.term))) as never,
              },
            }) as never,
            selectAccount: fromPromise<{ quote: Quote; account: Account; cards: SavedCard[] }, { accountId: number }>(async ({ input }) => {
              expect(input.accountId).toBe(31);
              return { quote, account, cards };
            }) as never,
          },
        }),
      },
    });
    renderBooking({ path: '/deliveries/add?deliveryid=501', logic: { wizard }, roles: ['Administrator'] });
    const choice = within(await screen.findByTestId('pay-account', {}, { timeout: 5000 }));
    const select = choice.getByRole('combobox', { name: /^Select an account with which to pay/ }) as HTMLInputElement;
    await waitFor(() => expect(select.disabled).toBe(false), { timeout: 5000 });
    expect(select.placeholder).toBe(PAY_STEP_TEXTS.accountPlaceholder);
    fireEvent.change(select, { target: { value: 'Thandi' } });
    fireEvent.click(await choice.findByRole('button', { name: 'Thandi Nkosi' }, { timeout: 5000 }));
    fireEvent.click(choice.getByRole('button', { name: PAY_STEP_TEXTS.next }));
    const details = await screen.findByTestId('pay-details', {}, { timeout: 5000 });
    expect(inWizard().getByTestId('step-of').textContent).toBe('Step 6 of 6');
    expect(within(details).getByText(PAY_STEP_TEXTS.creditApplied)).toBeTruthy();
    const rows = within(details).getAllByTestId('saved-card').map((row) => row.textContent);
    expect(maskedCardNumber('1234')).toBe('xxxx-xxxx-xxxx-1234');
    expect(cardExpiry(7, 2030)).toBe('07/2030');
    expect(rows[0]).toContain('xxxx-xxxx-xxxx-1234 07/2030');
    expect(rows[0]).not.toContain(PAY_STEP_TEXTS.expired);
    expect(rows[1]).toContain('xxxx-xxxx-xxxx-0004 01/2020');
    expect(rows[1]).toContain(PAY_STEP_TEXTS.expired);
    expect(within(details).getByRole('button', { name: `${PAY_STEP_TEXTS.payNow} xxxx-xxxx-xxxx-0004` }).hasAttribute('disabled')).toBe(true);
    expect(within(details).getByRole('button', { name: PAY_STEP_TEXTS.postPay })).toBeTruthy();
  });
});
