import { Button, ChakraProvider, Field } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FieldError } from '../../src/ui/FieldError';
import { Select } from '../../src/ui/Select';
import { FIELD_ERROR_STYLE, system } from '../../src/ui/theme';

// Issue 21 item 18: one primary action style, one field-error style, one select, from the theme.
describe('the design system', () => {
  it('draws a solid button in the brand palette: the spec\'s secondary colour (#EA3659) darkened to carry white text', () => {
    const solid = system.getRecipe('button')?.variants?.variant?.solid as Record<string, unknown>;
    expect(solid.colorPalette).toBe('brand');
    expect(system.css({ colorPalette: 'brand' })['--chakra-colors-color-palette-solid']).toBe('var(--chakra-colors-brand-solid)');
    expect(system.tokens.getByName('colors.brand.solid')?.value).toBe('var(--chakra-colors-secondary-solid)');
    expect(system.token('colors.secondarySolid')).toBe('#D92B4E');
    expect(system.token('colors.secondary')).toBe('#EA3659');
  });

  it('gives Field.ErrorText, an alerting helper text and FieldError the same size and colour', () => {
    const field = system.getSlotRecipe('field')?.base as Record<string, Record<string, unknown>>;
    expect(field.errorText).toMatchObject(FIELD_ERROR_STYLE);
    expect(field.helperText!['&[role=alert]']).toEqual(FIELD_ERROR_STYLE);
    render(
      <ChakraProvider value={system}>
        <Field.Root invalid><Field.ErrorText>Chakra&apos;s</Field.ErrorText></Field.Root>
        <FieldError id="ours">Ours</FieldError>
      </ChakraProvider>,
    );
    // (The recipes' own CSS sits in a cascade layer the test DOM does not apply: the recipe is checked above.)
    expect(screen.getByText("Chakra's").className).toContain('chakra-field__errorText');
    const ours = getComputedStyle(screen.getByText('Ours'));
    expect(ours.fontSize).toBe('var(--chakra-font-sizes-sm)');
    expect(ours.color).toBe('var(--chakra-colors-fg-error)');
    expect(screen.getByText('Ours').getAttribute('role')).toBe('alert');
  });

  it('frames a select in the theme\'s field with its chevron, and reports the chosen value', () => {
    const onChange = vi.fn();
    render(
      <ChakraProvider value={system}>
        <Select label="Scenario" value="b" onChange={onChange}><option value="a">A</option><option value="b">B</option></Select>
        <Button>Go</Button>
      </ChakraProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Scenario' }) as HTMLSelectElement;
    expect(select.className).toContain('chakra-native-select__field');
    expect(select.parentElement?.querySelector('.chakra-native-select__indicator')).not.toBeNull();
    select.value = 'a';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(onChange).toHaveBeenCalledWith('a');
  });
});
