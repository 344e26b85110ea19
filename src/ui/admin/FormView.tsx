import { Alert, Button, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { useResource } from '../use-resources';
import { FORM_TEXTS, LIST_TEXTS } from '../../lib/resource-texts';
import type { FieldDef } from '../../resources/types';
import { formFieldAllowed } from '../../resources/field-access';
import type { Permissions } from '../../lib/roles';
import type { formMachine } from '../../machines/lists/form.machine';
import { ConfirmDialog } from '../LazyConfirmDialog';
import { DateInput } from '../DateInput';
import { FieldError } from '../FieldError';
import { Select } from '../Select';
import { LookupField } from './LookupField';
import { MaskedPhoneField } from '../PhoneInput';

const shown = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'boolean' ? (value ? LIST_TEXTS.yes : LIST_TEXTS.no) : String(value));

/**
 * The add/edit form of a resource, drawn from its form actor. Given the user's permissions, a lookup they may not
 * search is left out (its `impliedText` shown instead): the server fills it in.
 */
export function FormView({ actor, permissions }: { actor: Actor<typeof formMachine>; permissions?: Permissions | null }) {
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const current = useSelector(actor, (s) => s.context.current);
  const id = useSelector(actor, (s) => s.context.resource);
  const error = useSelector(actor, (s) => s.context.error);
  const record = useSelector(actor, (s) => s.context.record);
  const inConfirmingDelete = useSelector(actor, (s) => s.matches('confirmingDelete'));
  const inConflict = useSelector(actor, (s) => s.matches('conflict'));
  const inDeleting = useSelector(actor, (s) => s.matches('deleting'));
  const inLoadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const inSaving = useSelector(actor, (s) => s.matches('saving'));
  const busyTag = useSelector(actor, (s) => s.hasTag('busy'));
  const loadingTag = useSelector(actor, (s) => s.hasTag('loading'));
  const resource = useResource(id);
  const editing = useSelector(actor, (s) => s.context.id !== undefined);
  const busy = busyTag;
  if (loadingTag) return <div role="status">{LIST_TEXTS.loading}</div>;
  if (inLoadFailed) {
    return (
      <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{error?.message}</Alert.Title>
        <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'form.retry' })}>{LIST_TEXTS.tryAgain}</Button>
      </Alert.Root>
    );
  }
  const field = (definition: FieldDef) => {
    if (definition.createOnly && editing) return null;
    if (permissions !== undefined && !formFieldAllowed(definition, permissions)) {
      return definition.impliedText ? <Text key={definition.name} fontSize="sm" data-testid={`implied-${definition.name}`}>{definition.impliedText}</Text> : null;
    }
    // A value that is another entity's id: the search select over that entity's names.
    if (definition.kind === 'lookup' && definition.resource) return <LookupField key={definition.name} form={actor} field={definition} busy={busy} />;
    const inputId = `field-${definition.name}`;
    const value = values[definition.name];
    const error = fieldErrors[definition.name];
    const theirs = current ? shown(current[definition.name]) : undefined;
    const control = definition.kind === 'boolean' ? (
      <input id={inputId} type="checkbox" checked={value === true} disabled={busy}
        onChange={(event) => actor.send({ type: 'form.change', name: definition.name, value: event.currentTarget.checked })} />
    ) : definition.kind === 'date' ? (
      <DateInput id={inputId} label={definition.label} value={String(value ?? '')} disabled={busy} required={definition.required}
        onChange={(next) => actor.send({ type: 'form.change', name: definition.name, value: next ?? '' })} />
    ) : definition.kind === 'enum' ? (
      <Select id={inputId} value={String(value ?? '')} disabled={busy} invalid={Boolean(error)} describedBy={error ? `${inputId}-error` : undefined}
        onChange={(next) => actor.send({ type: 'form.change', name: definition.name, value: next || null })}>
        <option value="" />
        {definition.options?.map((option) => <option key={option} value={option}>{definition.optionLabels?.[option] ?? option}</option>)}
      </Select>
    ) : definition.kind === 'phone' ? (
      <MaskedPhoneField id={inputId} size="sm" disabled={busy} aria-invalid={Boolean(error) || undefined} aria-describedby={error ? `${inputId}-error` : undefined}
        value={value === null || value === undefined ? '' : String(value)}
        onValueChange={(typed) => actor.send({ type: 'form.change', name: definition.name, value: typed })} />
    ) : (
      <Input id={inputId} size="sm" disabled={busy} aria-invalid={Boolean(error) || undefined} aria-describedby={error ? `${inputId}-error` : undefined}
        type={definition.kind === 'email' ? 'email' : 'text'}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(event) => actor.send({ type: 'form.change', name: definition.name, value: event.currentTarget.value })} />
    );
    const label = <chakra.label htmlFor={inputId} fontSize="sm" fontWeight="medium">{definition.label}{definition.required ? ' *' : ''}</chakra.label>;
    return (
      <Stack key={definition.name} gap={1}>
        {/* A checkbox sits before its label, as everywhere else; alone in the column it would float in the middle. */}
        {definition.kind === 'boolean' ? <HStack gap={2}>{control}{label}</HStack> : <>{label}{control}</>}
        {error && <FieldError id={`${inputId}-error`}>{error}</FieldError>}
        {theirs !== undefined && shown(value) !== theirs && (
          <Text fontSize="sm" data-testid={`current-${definition.name}`}>{`${FORM_TEXTS.currentValue}: ${theirs}`}</Text>
        )}
      </Stack>
    );
  };
  return (
    <chakra.form maxW="600px" noValidate onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'form.submit' }); }}>
      <Stack gap={3}>
        {inConflict && (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{FORM_TEXTS.conflictTitle}</Alert.Title>
              <Alert.Description>{FORM_TEXTS.conflictMessage}</Alert.Description>
              <HStack mt={2} gap={2}>
                <Button size="xs" onClick={() => actor.send({ type: 'form.keepMine' })}>{FORM_TEXTS.keepMine}</Button>
                <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'form.takeCurrent' })}>{FORM_TEXTS.takeCurrent}</Button>
              </HStack>
            </Alert.Content>
          </Alert.Root>
        )}
        {resource.fields.map(field)}
        <HStack gap={2}>
          <Button type="submit" bg="brand.solid" color="brand.contrast" loading={inSaving} loadingText={FORM_TEXTS.save} disabled={busy || inConflict}>{FORM_TEXTS.save}</Button>
          {editing && resource.api.remove && (
            <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'form.delete' })}>{FORM_TEXTS.delete}</Button>
          )}
        </HStack>
      </Stack>
      <ConfirmDialog open={inConfirmingDelete || inDeleting} busy={inDeleting}
        title={FORM_TEXTS.deleteTitle} message={FORM_TEXTS.deleteQuestion(record ? resource.label(record) : resource.singular)}
        onNo={() => actor.send({ type: 'form.confirmNo' })} onYes={() => actor.send({ type: 'form.confirmYes' })} />
    </chakra.form>
  );
}
