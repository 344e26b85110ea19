// Issue 21 item 5: every phone input masks '(000) 000-0000' while typing (000 section 5, 001 section 5). The
// booking details' phone was a raw input of its own; all phone inputs now share the masked field of src/ui.
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { defaultBookingLogic } from '../../src/features/booking/booking-logic';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { sampleQuote } from '../../src/machines/booking/booking.samples-data';
import { getQuote, loadTimeSlots } from '../../src/machines/booking/booking.actors';
import { MaskedPhoneField } from '../../src/ui/PhoneInput';
import { system } from '../../src/ui/theme';
import { renderBooking, stubActor } from '../support/booking-harness';

vi.setConfig({ testTimeout: 40_000 });

function Harness() {
  const [value, setValue] = useState('');
  return <ChakraProvider value={system}><MaskedPhoneField aria-label="Phone" value={value} onValueChange={setValue} /></ChakraProvider>;
}

describe('phone fields are masked while typing', () => {
  it('the shared field shows typed 0821234567 as (082) 123-4567 and keeps an international number as typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;
    await user.type(input, '0821234567');
    expect(input.value).toBe('(082) 123-4567');
    await user.clear(input);
    await user.type(input, '+27 82 123 4567');
    expect(input.value).toBe('+27 82 123 4567');
  });

  it("the booking details' phone shows typed 0821234567 as (082) 123-4567", async () => {
    const quote = sampleQuote(PAYMENT_STATUS.DETAILS_OUTSTANDING);
    const logic = { wizard: defaultBookingLogic.wizard.provide({ actors: { getQuote: stubActor(getQuote, async () => quote), loadTimeSlots: stubActor(loadTimeSlots, async () => []) } }) };
    renderBooking({ path: '/', logic, state: { bookingDeliveryId: quote.deliveryId }, permissions: { phoneNumberConfirmed: false } });
    const origin = within(await screen.findByTestId('contact-origin', {}, { timeout: 15_000 }));
    const phone = origin.getByRole('textbox', { name: /^Phone number/ }) as HTMLInputElement;
    await userEvent.setup().type(phone, '0821234567');
    expect(phone.value).toBe('(082) 123-4567');
  });
});
