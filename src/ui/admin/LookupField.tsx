import { Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import type { Actor } from 'xstate';
import { loadResource } from '../../resources';
import { FORM_TEXTS } from '../../lib/resource-texts';
import type { FieldDef, SelectOption } from '../../resources/types';
import type { formMachine } from '../../machines/lists/form.machine';
import { searchSelectMachine } from '../../machines/lists/search-select.machine';
import { FieldError } from '../FieldError';
import { SearchSelect } from '../SearchSelect';

const keyOf = (value: unknown) => (value === null || value === undefined || value === '' ? '' : String(value));

/**
 * A lookup field of the generic form (a value that is another entity's id): the shared search select over the
 * field's resource's select endpoint, showing the value's name. Choosing sends the id and its name to the form;
 * clearing sends null. When the value changes from outside (loaded, saved, the current version taken, set by the
 * page), the select starts over from it. A value that came without its name (set by the page) is named as the
 * list filters name a shared link's id: read once with the resource's get (its id stays shown if that fails).
 */
export function LookupField({ form, field, busy }: { form: Actor<typeof formMachine>; field: FieldDef; busy: boolean }) {
  const { name } = field;
  const key = useSelector(form, (snapshot) => keyOf(snapshot.context.values[name]));
  const label = useSelector(form, (snapshot) => snapshot.context.labels[name]);
  const error = useSelector(form, (snapshot) => snapshot.context.fieldErrors[name]);
  const cca2 = useSelector(form, (snapshot) => snapshot.context.cca2);
  const theirs = useSelector(form, (snapshot) => snapshot.context.current);
  // The value the select shows, and a generation that starts the select over when the value came from elsewhere.
  const [shown, setShown] = useState({ key, generation: 0 });
  if (shown.key !== key) setShown({ key, generation: shown.generation + 1 });
  const onPick = useCallback((option: SelectOption | null) => {
    setShown((now) => ({ ...now, key: option?.key ?? '' }));
    form.send({ type: 'form.change', name, value: option ? Number(option.key) : null, ...(option && { label: option.value }) });
  }, [form, name]);
  // Starts the select over once a name read for the value arrives.
  const [named, setNamed] = useState(0);
  useEffect(() => {
    if (key === '' || label !== undefined) return;
    let live = true;
    loadResource(field.resource!)
      .then(async (resource) => resource.label(await resource.api.get(cca2, Number(key))))
      .then((text) => {
        if (!live) return;
        form.send({ type: 'form.change', name, value: Number(key), label: text });
        setNamed((n) => n + 1);
      })
      .catch(() => undefined);
    return () => { live = false; };
  }, [form, field.resource, cca2, name, key, label]);
  const errorId = error ? `field-${name}-error` : undefined;
  const theirKey = theirs ? keyOf(theirs[name]) : undefined;
  const theirName = theirs && theirKey ? String((field.nameField && theirs[field.nameField]) || `#${theirKey}`) : '';
  return (
    <Stack gap={1} data-testid={`lookup-${name}`}>
      <LookupSelect key={`${shown.generation}-${named}`} field={field} cca2={cca2} busy={busy} errorId={errorId}
        selected={key === '' ? null : { key, value: label ?? `#${key}` }} onPick={onPick} />
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {theirKey !== undefined && theirKey !== key && (
        <Text fontSize="sm" data-testid={`current-${name}`}>{`${FORM_TEXTS.currentValue}: ${theirName}`}</Text>
      )}
    </Stack>
  );
}

function LookupSelect({ field, cca2, busy, errorId, selected, onPick }: {
  field: FieldDef; cca2: string; busy: boolean; errorId: string | undefined; selected: SelectOption | null; onPick(option: SelectOption | null): void;
}) {
  const select = useActorRef(searchSelectMachine, { input: { resource: field.resource!, cca2, selected } });
  useEffect(() => {
    let last = select.getSnapshot().context.selected?.key ?? '';
    const subscription = select.subscribe((snapshot) => {
      const option = snapshot.context.selected;
      if ((option?.key ?? '') === last) return;
      last = option?.key ?? '';
      onPick(option);
    });
    return () => subscription.unsubscribe();
  }, [select, onPick]);
  return <SearchSelect label={`${field.label}${field.required ? ' *' : ''}`} actor={select} errorId={errorId} disabled={busy} />;
}
