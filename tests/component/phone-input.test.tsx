import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { system } from '../../src/ui/theme';
import { VALIDATION_TEXTS } from '../../src/lib/error-catalogue';
import { DEFAULT_PHONE_COUNTRY, PHONE_MASK } from '../../src/lib/phone';
import { PhoneInput } from '../../src/ui/PhoneInput';

function Harness({ onChange = vi.fn(), error }: { onChange?: (value: { country: string; phone: string }) => void; error?: string }) {
  const [phone, setPhone] = useState('');
  const [country, setCountry] = useState(DEFAULT_PHONE_COUNTRY);
  return (
    <ChakraProvider value={system}>
      <PhoneInput
        value={phone}
        onValueChange={(value) => { setPhone(value); onChange({ country, phone: value }); }}
        country={country}
        onCountryChange={(value) => { setCountry(value); onChange({ country: value, phone }); }}
        error={error}
      />
    </ChakraProvider>
  );
}

const input = () => screen.getByLabelText('Phone number') as HTMLInputElement;
const select = () => screen.getByLabelText('Country code') as HTMLSelectElement;

describe('PhoneInput', () => {
  it('defaults to South Africa (+27) and shows the mask as its placeholder', () => {
    render(<Harness />);
    expect(select().value).toBe('ZA');
    expect(select().selectedOptions[0]!.textContent).toBe('South Africa (+27)');
    expect(input().placeholder).toBe(PHONE_MASK);
    expect(input().type).toBe('tel');
  });

  it('masks digits as (000) 000-0000 while typing, and drops what does not fit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), '082');
    expect(input().value).toBe('(082');
    await user.type(input(), '1234');
    expect(input().value).toBe('(082) 123-4');
    await user.type(input(), '567999');
    expect(input().value).toBe('(082) 123-4567');
    await user.type(input(), '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(input().value).toBe('(082) 12');
  });

  it('ignores letters and punctuation typed into the number', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), 'a0b8-2 1');
    expect(input().value).toBe('(082) 1');
  });

  it('changes country with the selector (keyboard reachable), keeping the number', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.type(input(), '0817654321');
    await user.selectOptions(select(), 'NA');
    expect(select().value).toBe('NA');
    expect(select().selectedOptions[0]!.textContent).toBe('Namibia (+264)');
    expect(onChange).toHaveBeenLastCalledWith({ country: 'NA', phone: '(081) 765-4321' });
    // Tab order: the country, then the number.
    select().focus();
    await user.tab();
    expect(document.activeElement).toBe(input());
  });

  it('takes a pasted international number apart: its country is selected, the rest masked', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: '+264 81 765 4321' } });
    expect(select().value).toBe('NA');
    expect(input().value).toBe('(081) 765-4321');
    fireEvent.change(input(), { target: { value: '+27821234567' } });
    expect(select().value).toBe('ZA');
    expect(input().value).toBe('(082) 123-4567');
  });

  it('ties an error to the number (aria-invalid, described, announced)', () => {
    render(<Harness error={VALIDATION_TEXTS.phoneInvalid} />);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(VALIDATION_TEXTS.phoneInvalid);
    expect(input().getAttribute('aria-describedby')).toContain(alert.id);
  });
});
