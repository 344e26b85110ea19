import { Box, Input, Stack, chakra } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';
import { displayDateToIso, isoDateToDisplay, maskDisplayDate } from '../lib/date-format';
import { DATE_INPUT_TEXTS } from '../lib/resource-texts';
import { FieldError } from './FieldError';

export { DATE_INPUT_TEXTS };

export interface DateInputProps {
  /** The field's accessible name. */
  label: string;
  /** The wall date 'yyyy-MM-dd' (what the API and the URL carry), or '' for none. */
  value: string;
  /** Called with the wall date once typed in full (or picked), undefined once cleared. */
  onChange: (isoDate: string | undefined) => void;
  id?: string;
  size?: 'xs' | 'sm' | 'md';
  width?: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * One date field for the whole app: it shows and takes DD-MM-YYYY whatever the browser's locale (a native date
 * input would show mm/dd/yyyy in an American browser), puts the dashes in while typing, and hands 'yyyy-MM-dd'
 * to its caller. The calendar button opens the browser's own date picker on a hidden native input.
 */
export function DateInput({ label, value, onChange, id, size = 'sm', width = '150px', required, disabled }: DateInputProps) {
  const errorId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => isoDateToDisplay(value));
  const [shown, setShown] = useState(value);
  const [invalid, setInvalid] = useState(false);
  // A new value from outside (the URL, a cleared filter) replaces what is typed.
  if (shown !== value) {
    setShown(value);
    setText(isoDateToDisplay(value));
    setInvalid(false);
  }
  const commit = (typed: string) => {
    if (typed.trim() === '') {
      setInvalid(false);
      if (value !== '') onChange(undefined);
      return;
    }
    const iso = displayDateToIso(typed);
    setInvalid(iso === null);
    if (iso !== null && iso !== value) onChange(iso);
  };
  return (
    <Stack gap={1} width={width}>
      <Box position="relative">
        <Input id={id} size={size} width="100%" pe={8} inputMode="numeric" autoComplete="off" aria-label={label}
          placeholder={DATE_INPUT_TEXTS.placeholder} value={text} required={required} disabled={disabled}
          aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            const masked = maskDisplayDate(event.currentTarget.value);
            setText(masked);
            // A full date applies at once (the way a picked one does); a partial one waits for the blur.
            if (displayDateToIso(masked) !== null) commit(masked);
          }}
          onBlur={(event) => commit(event.currentTarget.value)}
          onKeyDown={(event) => { if (event.key === 'Enter') commit(event.currentTarget.value); }} />
        <chakra.button type="button" position="absolute" insetEnd={1} top="50%" transform="translateY(-50%)" px={1}
          aria-label={DATE_INPUT_TEXTS.pick(label)} disabled={disabled} color="fg.muted" _hover={{ color: 'fg' }} lineHeight={1}
          onClick={() => {
            // showPicker throws where the browser has none (or the input is not rendered); typing still works.
            try { picker.current?.showPicker(); } catch { picker.current?.focus(); }
          }}>
          {/* Drawn, not an emoji: a browser without an emoji font would show an empty box. */}
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5">
            <rect x="2" y="3" width="12" height="11" rx="1.5" /><path d="M2 6.5h12M5.5 1.5v3M10.5 1.5v3" />
          </svg>
        </chakra.button>
        <input ref={picker} type="date" tabIndex={-1} aria-hidden="true" value={value} disabled={disabled}
          style={{ position: 'absolute', insetInlineEnd: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
          onChange={(event) => onChange(event.currentTarget.value || undefined)} />
      </Box>
      {invalid && <FieldError id={errorId}>{DATE_INPUT_TEXTS.invalid}</FieldError>}
    </Stack>
  );
}
