import { NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SelectProps {
  /** The accessible name, unless `id` ties the select to a visible label. */
  label?: string;
  id?: string;
  value: string | number;
  onChange: (value: string) => void;
  /** The <option>s. */
  children: ReactNode;
  size?: 'xs' | 'sm' | 'md';
  width?: string | Record<string, string>;
  disabled?: boolean;
  invalid?: boolean;
  busy?: boolean;
  describedBy?: string;
}

/**
 * The one select of the app: the browser's own list (the right thing on a phone) inside the theme's field
 * frame with its chevron, so no screen shows a bare, unstyled <select>.
 */
export function Select({ label, id, value, onChange, children, size = 'sm', width = '100%', disabled, invalid, busy, describedBy }: SelectProps) {
  return (
    <NativeSelect.Root size={size} width={width} disabled={disabled} invalid={invalid}>
      <NativeSelect.Field id={id} aria-label={label} value={value} aria-busy={busy || undefined} aria-describedby={describedBy}
        onChange={(event) => onChange(event.currentTarget.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
