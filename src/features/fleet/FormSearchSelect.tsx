import { Stack } from '@chakra-ui/react';
import { FieldError } from '../../ui/FieldError';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { Actor } from 'xstate';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import type { ResourceId, SelectOption } from '../../resources/types';
import type { formMachine } from '../../machines/lists/form.machine';
import type { searchSelectMachine } from '../../machines/lists/search-select.machine';
import { SearchSelect, type SearchSelectProps } from '../../ui/SearchSelect';

/**
 * One field of a form chosen through the shared searchable select: the choice becomes the form's value
 * (`valueOf`), clearing it sends null when `clearable`; the server's message for the field shows under it.
 */
export function FormSearchSelect({ form, name, label, logic, resource, initial, valueOf, clearable = false, texts }: {
  form: Actor<typeof formMachine>;
  name: string;
  label: string;
  logic: typeof searchSelectMachine;
  resource: ResourceId;
  initial: SelectOption | null;
  valueOf: (option: SelectOption) => string | number;
  clearable?: boolean;
  texts?: SearchSelectProps['texts'];
}) {
  const portal = usePortal();
  const select = useScreenActor(logic, { resource, cca2: portal.cca2, selected: initial });
  const error = useSelector(form, (snapshot) => snapshot.context.fieldErrors[name]);
  const last = useRef(initial?.key);
  useEffect(() => {
    const subscription = select.subscribe((snapshot) => {
      const option = snapshot.context.selected;
      if (option?.key === last.current || (!option && !clearable)) return;
      last.current = option?.key;
      form.send({ type: 'form.change', name, value: option ? valueOf(option) : null });
    });
    return () => subscription.unsubscribe();
  }, [select, form, name, valueOf, clearable]);
  return (
    <Stack gap={1} data-testid={`select-${name}`}>
      <SearchSelect label={label} actor={select} texts={texts} />
      {error && <FieldError>{error}</FieldError>}
    </Stack>
  );
}
