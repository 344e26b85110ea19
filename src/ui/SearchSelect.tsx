import { Box, HStack, Input, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useId, useRef, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { SEARCH_TEXTS } from '../lib/search-texts';
import type { searchSelectMachine } from '../machines/lists/search-select.machine';

export interface SearchSelectProps {
  label: string;
  /** The select's actor: an invoked child (its parent's `children` map) or one the screen holds. */
  actor: ActorRefFrom<typeof searchSelectMachine>;
  /** Show the Include / Exclude choice (filters). */
  includeExclude?: boolean;
  /** The select's own texts where the spec gives them (addresses: 'Enter an address...', 'No matching addresses found.'). */
  texts?: { placeholder?: string; empty?: string; noResults?: string };
  /** The id of the field's error message, when there is one: the input is then invalid and described by it. */
  errorId?: string | undefined;
  /** A form field while its form saves. */
  disabled?: boolean;
}

/**
 * The searchable select (000 section 5): a combobox whose messages come from the machine's state; the
 * options are a listbox of buttons, usable from the keyboard and announced as they change.
 */
export function SearchSelect({ label, actor, includeExclude, texts, errorId, disabled }: SearchSelectProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Arrow keys move between the input and the options; Escape goes back to the input.
  const move = (event: KeyboardEvent) => {
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = event.key === 'ArrowDown' ? buttons[Math.min(at + 1, buttons.length - 1)]
      : event.key === 'ArrowUp' ? (at <= 0 ? input.current : buttons[at - 1])
      : event.key === 'Escape' && at >= 0 ? input.current : undefined;
    if (!next) return;
    event.preventDefault();
    next.focus();
  };
  const term = useSelector(actor, (s) => s.context.term);
  const options = useSelector(actor, (s) => s.context.options);
  const selected = useSelector(actor, (s) => s.context.selected);
  const mode = useSelector(actor, (s) => s.context.mode);
  const minLength = useSelector(actor, (s) => s.context.minLength);
  const allowCreate = useSelector(actor, (s) => s.context.allowCreate);
  const inEmpty = useSelector(actor, (s) => s.matches('empty'));
  const inFailed = useSelector(actor, (s) => s.matches('failed'));
  const inNoResults = useSelector(actor, (s) => s.matches('noResults'));
  const inTooShort = useSelector(actor, (s) => s.matches('tooShort'));
  const loadingTag = useSelector(actor, (s) => s.hasTag('loading'));
  const send = actor.send;
  // The prompt to type is for an empty select: under a chosen value it reads as if nothing were chosen.
  const message = inEmpty ? (selected ? undefined : texts?.empty ?? SEARCH_TEXTS.enterSearchTerm)
    : inTooShort ? SEARCH_TEXTS.minimum(minLength)
    : inNoResults ? texts?.noResults ?? SEARCH_TEXTS.noMatchingResults
    : inFailed ? SEARCH_TEXTS.notFoundNoMatchingResults
    : undefined;
  // The spec's empty-input message is shown below the input; the same words again as placeholder would say it twice.
  const placeholder = texts?.placeholder ?? SEARCH_TEXTS.enterSearchTerm;
  const statusId = `${id}-status`;
  return (
    <Stack gap={1}>
      <chakra.label htmlFor={`${id}-input`} fontWeight="medium" fontSize="sm">{label}</chakra.label>
      {(selected || term) && (
        <HStack gap={2} fontSize="sm">
          {selected && <Text data-testid="search-select-selected">{selected.value}</Text>}
          <chakra.button type="button" textDecoration="underline" disabled={disabled} onClick={() => { send({ type: 'select.clear' }); input.current?.focus(); }} aria-label={`Clear ${label}`}>×</chakra.button>
        </HStack>
      )}
      <Input ref={input} id={`${id}-input`} size="sm" role="combobox" disabled={disabled} onKeyDown={move} aria-expanded={options.length > 0} aria-controls={`${id}-list`}
        aria-autocomplete="list" aria-invalid={errorId ? true : undefined} aria-describedby={errorId ? `${errorId} ${statusId}` : statusId} value={term}
        placeholder={placeholder === message ? undefined : placeholder}
        onChange={(event) => send({ type: 'select.type', term: event.currentTarget.value })} />
      {includeExclude && (
        <HStack role="radiogroup" aria-label={`${label}: include or exclude`} gap={3} fontSize="sm">
          {(['include', 'exclude'] as const).map((value) => (
            <chakra.label key={value} display="flex" gap={1} alignItems="center">
              <input type="radio" name={`${id}-mode`} checked={mode === value} onChange={() => send({ type: 'select.mode', mode: value })} />
              {value === 'include' ? 'Include' : 'Exclude'}
            </chakra.label>
          ))}
        </HStack>
      )}
      <Box id={statusId} aria-live="polite" fontSize="sm" color="fg.muted">
        {loadingTag ? <Spinner size="xs" aria-label="Searching" /> : message}
        {inNoResults && allowCreate && (
          <chakra.button type="button" ml={2} textDecoration="underline" onClick={() => send({ type: 'select.create' })}>{`Create "${term}"`}</chakra.button>
        )}
      </Box>
      {options.length > 0 && (
        <chakra.ul ref={list} onKeyDown={move} id={`${id}-list`} role="listbox" aria-label={label} listStyleType="none" borderWidth="1px" borderRadius="sm" maxH="240px" overflow="auto">
          {options.map((option) => (
            <li key={option.key} role="option" aria-selected={selected?.key === option.key}>
              <chakra.button type="button" width="100%" textAlign="left" px={2} py={1} _hover={{ bg: 'gray.100' }} _focus={{ bg: 'gray.100' }}
                onClick={() => { send({ type: 'select.choose', option }); input.current?.focus(); }}>
                {option.value}
              </chakra.button>
            </li>
          ))}
        </chakra.ul>
      )}
    </Stack>
  );
}
