import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DATE_INPUT_TEXTS, DateInput } from '../../src/ui/DateInput';
import { Filters } from '../../src/ui/Filters';
import { system } from '../../src/ui/theme';

function Controlled({ initial, onChange }: { initial: string; onChange: (value: string | undefined) => void }) {
  const [value, setValue] = useState(initial);
  return <DateInput label="From" value={value} onChange={(next) => { onChange(next); setValue(next ?? ''); }} />;
}

const renderInput = (initial: string, onChange = vi.fn()) => {
  render(<ChakraProvider value={system}><Controlled initial={initial} onChange={onChange} /></ChakraProvider>);
  return { input: screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement, onChange };
};

describe('the date field (000 section 9: DD-MM-YYYY)', () => {
  it('shows a yyyy-MM-dd value as DD-MM-YYYY, with DD-MM-YYYY as its hint', () => {
    const { input } = renderInput('2026-11-26');
    expect(input.value).toBe('26-11-2026');
    expect(input.placeholder).toBe('DD-MM-YYYY');
  });

  it('puts the dashes in while typing and hands over yyyy-MM-dd once the date is whole', () => {
    const { input, onChange } = renderInput('');
    fireEvent.change(input, { target: { value: '0112' } });
    expect(input.value).toBe('01-12');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '01-12-2026' } });
    expect(input.value).toBe('01-12-2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-01');
  });

  it('says how to write a date that is not one, and hands nothing over', () => {
    const { input, onChange } = renderInput('');
    fireEvent.change(input, { target: { value: '31-02-2026' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe(DATE_INPUT_TEXTS.invalid);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('hands over undefined once cleared', () => {
    const { input, onChange } = renderInput('2026-11-26');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("is what a list's date filter shows: the URL value as DD-MM-YYYY, not the browser's mm/dd/yyyy", async () => {
    const onChange = vi.fn();
    render(
      <ChakraProvider value={system}>
        <Filters filters={[{ kind: 'date', name: 'startDate', label: 'From' }]} values={{ startDate: '2026-03-04' }} onChange={onChange} onClear={vi.fn()} />
      </ChakraProvider>,
    );
    // The list's date field loads with the first list that has one (src/ui/LazyDateInput.tsx).
    const input = await screen.findByRole('textbox', { name: 'From' }) as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toBe('04-03-2026');
    fireEvent.change(input, { target: { value: '05032026' } });
    expect(onChange).toHaveBeenLastCalledWith('startDate', '2026-03-05');
  });
});
