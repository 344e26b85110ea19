import { Alert, Button, Field, Heading, Input, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { CONTACT_LIMITS, CONTACT_TEXTS } from '../../lib/contact';
import { contactMachine } from '../../machines/public/contact.machine';
import type { ContactField } from '../../machines/public/contact.types';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { PublicLayout } from '../../ui/public/PublicLayout';
import { SpamTrap } from '../../ui/public/SpamTrap';

const FIELDS: { field: ContactField; label: string; type?: string; autoComplete: string; required: boolean }[] = [
  { field: 'name', label: CONTACT_TEXTS.name, autoComplete: 'name', required: true },
  { field: 'email', label: CONTACT_TEXTS.email, type: 'email', autoComplete: 'email', required: true },
  { field: 'phone', label: CONTACT_TEXTS.phone, type: 'tel', autoComplete: 'tel', required: false },
  { field: 'subject', label: CONTACT_TEXTS.subject, autoComplete: 'off', required: true },
];

/** The contact form, drawn from its chart: each field's message beside it, the refusal above Send, the thanks after. */
export function ContactView({ actor }: { actor: Actor<typeof contactMachine> }) {
  const values = useSelector(actor, (s) => s.context.values);
  const website = useSelector(actor, (s) => s.context.website);
  const errors = useSelector(actor, (s) => s.context.errors);
  const error = useSelector(actor, (s) => s.context.error);
  const received = useSelector(actor, (s) => s.context.received);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const change = (field: ContactField, value: string) => actor.send({ type: 'field.change', field, value });
  if (received) {
    return (
      <Stack gap={4} maxW="lg" role="status">
        <Text>{received}</Text>
        <Button alignSelf="start" variant="outline" onClick={() => actor.send({ type: 'again' })}>{CONTACT_TEXTS.sendAnother}</Button>
      </Stack>
    );
  }
  return (
    // noValidate: the chart's checks name each field in our words, not the browser's bubbles.
    <chakra.form display="flex" flexDirection="column" gap={4} maxW="lg" aria-label={CONTACT_TEXTS.title} noValidate aria-busy={busy || undefined}
      onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'submit' }); }}>
      {FIELDS.map(({ field, label, type, autoComplete, required }) => (
        <Field.Root key={field} invalid={Boolean(errors[field])} required={required}>
          <Field.Label>{label}<Field.RequiredIndicator /></Field.Label>
          <Input type={type ?? 'text'} autoComplete={autoComplete} value={values[field]} maxLength={CONTACT_LIMITS[field]}
            onChange={(event) => change(field, event.currentTarget.value)} />
          <Field.ErrorText>{errors[field]}</Field.ErrorText>
        </Field.Root>
      ))}
      <Field.Root invalid={Boolean(errors.message)} required>
        <Field.Label>{CONTACT_TEXTS.message}<Field.RequiredIndicator /></Field.Label>
        <Textarea rows={6} value={values.message} maxLength={CONTACT_LIMITS.message} onChange={(event) => change('message', event.currentTarget.value)} />
        <Field.ErrorText>{errors.message}</Field.ErrorText>
      </Field.Root>
      <SpamTrap value={website} onChange={(value) => actor.send({ type: 'website.change', value })} />
      {error && <Alert.Root status="error" role="alert"><Alert.Description>{error.message}</Alert.Description></Alert.Root>}
      <Button type="submit" alignSelf="start" loading={busy} loadingText={CONTACT_TEXTS.sending}>{CONTACT_TEXTS.send}</Button>
    </chakra.form>
  );
}

/** /contact (000 section 2; issue 19): a form that reaches the operators. */
export function Component() {
  const portal = usePortal();
  const actor = useScreenActor(contactMachine, { cca2: portal.cca2 });
  return (
    <PublicLayout path="/contact">
      <Heading as="h1" size="3xl" color="primary" mb={4}>{CONTACT_TEXTS.title}</Heading>
      <Text mb={6} maxW="2xl">{CONTACT_TEXTS.intro}</Text>
      <ContactView actor={actor} />
    </PublicLayout>
  );
}
