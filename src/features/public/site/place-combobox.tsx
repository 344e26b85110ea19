// The calculator's From and To without Chakra (issue 19): an accessible combobox over the shared search select's
// chart (publicPlaceSelectLogic). Focus stays in the input; the arrow keys move the active option
// (aria-activedescendant), Enter chooses it, Escape closes the list. The chart's messages are announced below.
import { useSelector } from '@xstate/react';
import { useState, type KeyboardEvent } from 'react';
import type { Actor } from 'xstate';
import { SEARCH_TEXTS } from '../../../lib/search-texts';
import type { publicPlaceSelectLogic } from '../../../machines/public/public-place-select';

export interface PlaceComboboxProps {
  /** A fixed id (the page rendered ahead of time and the live island must agree: no useId). */
  id: string;
  label: string;
  actor: Actor<typeof publicPlaceSelectLogic>;
  placeholder: string;
}

export function PlaceCombobox({ id, label, actor, placeholder }: PlaceComboboxProps) {
  const term = useSelector(actor, (s) => s.context.term);
  const options = useSelector(actor, (s) => s.context.options);
  const selected = useSelector(actor, (s) => s.context.selected);
  const minLength = useSelector(actor, (s) => s.context.minLength);
  const inEmpty = useSelector(actor, (s) => s.matches('empty'));
  const inFailed = useSelector(actor, (s) => s.matches('failed'));
  const inNoResults = useSelector(actor, (s) => s.matches('noResults'));
  const inTooShort = useSelector(actor, (s) => s.matches('tooShort'));
  const searching = useSelector(actor, (s) => s.hasTag('loading'));
  // The highlighted option, and whether the list is open (Escape closes it until the next key).
  const [active, setActive] = useState(-1);
  const [closed, setClosed] = useState(false);
  const open = options.length > 0 && !closed;
  const listId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const message = searching ? 'Searching…'
    : inEmpty ? (selected ? undefined : SEARCH_TEXTS.enterSearchTerm)
    : inTooShort ? SEARCH_TEXTS.minimum(minLength)
    : inNoResults ? SEARCH_TEXTS.noMatchingResults
    : inFailed ? SEARCH_TEXTS.notFoundNoMatchingResults
    : undefined;
  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    actor.send({ type: 'select.choose', option });
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setClosed(false);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => (at < 0 ? (step > 0 ? 0 : options.length - 1) : (at + step + options.length) % options.length));
    } else if (event.key === 'Enter') {
      // Enter chooses the highlighted option; it never submits the calculator (which has nothing to submit).
      event.preventDefault();
      if (open && active >= 0) choose(active);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setClosed(true);
      setActive(-1);
    }
  };
  const activeId = open && active >= 0 && active < options.length ? optionId(active) : undefined;
  return (
    <div className="site-field site-combobox">
      <label htmlFor={id}>{label}</label>
      {selected && (
        <div className="site-combobox-selected">
          <span data-testid="search-select-selected">{selected.value}</span>
          <button type="button" className="site-link-button" aria-label={`Clear ${label}`}
            onClick={() => { actor.send({ type: 'select.clear' }); document.getElementById(id)?.focus(); }}>×</button>
        </div>
      )}
      <input id={id} type="text" role="combobox" autoComplete="off" spellCheck={false} value={term} placeholder={placeholder}
        aria-autocomplete="list" aria-expanded={open} aria-controls={listId} aria-activedescendant={activeId} aria-describedby={statusId}
        onKeyDown={onKeyDown}
        onChange={(event) => { setClosed(false); setActive(-1); actor.send({ type: 'select.type', term: event.currentTarget.value }); }} />
      <div id={statusId} className="site-small site-muted" aria-live="polite">{message}</div>
      <ul id={listId} role="listbox" aria-label={label} className="site-listbox" hidden={!open}>
        {open && options.map((option, index) => (
          <li key={option.key} id={optionId(index)} role="option" aria-selected={index === active}
            className={index === active ? 'site-option site-option-active' : 'site-option'}
            // mousedown would move focus off the input before the click: keep it there.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}>
            {option.value}
          </li>
        ))}
      </ul>
    </div>
  );
}
