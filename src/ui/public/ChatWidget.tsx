import { Alert, Box, Button, Field, Heading, Input, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { Actor } from 'xstate';
import { VISITOR_CHAT_LIMITS, VISITOR_CHAT_STORAGE_KEY, VISITOR_CHAT_TEXTS } from '../../lib/visitor-chat';
import { visitorChatMachine } from '../../machines/public/visitor-chat.machine';
import type { VisitorChatField } from '../../machines/public/visitor-chat.types';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { SpamTrap } from './SpamTrap';

const FIELDS: { field: VisitorChatField; label: string; type: string; autoComplete: string }[] = [
  { field: 'name', label: VISITOR_CHAT_TEXTS.name, type: 'text', autoComplete: 'name' },
  { field: 'email', label: VISITOR_CHAT_TEXTS.email, type: 'email', autoComplete: 'email' },
];

/** The widget drawn from its chart: a button, and when open a dialog-like panel with the form or the conversation. */
export function VisitorChatView({ actor }: { actor: Actor<typeof visitorChatMachine> }) {
  const open = useSelector(actor, (s) => s.matches('opened'));
  const chatting = useSelector(actor, (s) => s.matches({ opened: 'chatting' }));
  const { values, website, errors, error, messages, draft } = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const opener = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves into the panel when it opens and back to the button when it closes.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) heading.current?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (!open) {
    // On a phone (below md) the button is in the page's flow, at the end of its content, not floating: floating,
    // it covered whatever scrolled under it (the tracking map's controls, the footer's links). Wider, it floats
    // in the bottom right corner.
    return (
      <Button ref={opener} position={{ base: 'static', md: 'fixed' }} bottom={{ md: 4 }} right={{ md: 4 }} zIndex={{ md: 'overlay' }}
        display={{ base: 'flex', md: 'inline-flex' }} ml={{ base: 'auto', md: 0 }} mt={{ base: 8, md: 0 }}
        borderRadius="full" bg="primary" color="white" data-testid="visitor-chat-opener"
        aria-haspopup="dialog" onClick={() => actor.send({ type: 'open' })}>{VISITOR_CHAT_TEXTS.open}</Button>
    );
  }
  const change = (field: VisitorChatField, value: string) => actor.send({ type: 'field.change', field, value });
  return (
    <Box role="dialog" aria-labelledby="visitor-chat-title" position="fixed" bottom={{ base: 0, sm: 4 }} right={{ base: 0, sm: 4 }}
      w={{ base: '100%', sm: '22rem' }} maxH={{ base: '85vh', sm: '32rem' }} overflowY="auto" zIndex="overlay" bg="bg" borderWidth="1px"
      borderRadius={{ base: 0, sm: 'lg' }} boxShadow="lg" p={4} onKeyDown={(event) => { if (event.key === 'Escape') actor.send({ type: 'close' }); }}>
      <Stack direction="row" justify="space-between" align="center" mb={2}>
        <Heading as="h2" size="md" id="visitor-chat-title" ref={heading} tabIndex={-1}>{VISITOR_CHAT_TEXTS.title}</Heading>
        <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'close' })}>{VISITOR_CHAT_TEXTS.close}</Button>
      </Stack>
      <Text fontSize="sm" color="fg.muted" mb={3}>{VISITOR_CHAT_TEXTS.intro}</Text>
      {chatting ? (
        <Stack gap={3}>
          <chakra.ol role="log" aria-live="polite" aria-label={VISITOR_CHAT_TEXTS.title} listStyleType="none" display="flex" flexDirection="column" gap={2}>
            {messages.map((message) => (
              <chakra.li key={message.id} alignSelf={message.fromVisitor ? 'end' : 'start'} bg={message.fromVisitor ? 'bg.muted' : 'bg.subtle'} borderRadius="md" px={3} py={2} maxW="85%">
                <Text fontSize="xs" color="fg.muted">{message.fromVisitor ? VISITOR_CHAT_TEXTS.you : message.senderName}</Text>
                <Text whiteSpace="pre-wrap">{message.body}</Text>
              </chakra.li>
            ))}
          </chakra.ol>
          {error && <Alert.Root status="error" role="alert"><Alert.Description>{error.message}</Alert.Description></Alert.Root>}
          <chakra.form display="flex" gap={2} aria-busy={busy || undefined} onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'send' }); }}>
            <Field.Root>
              <Field.Label srOnly>{VISITOR_CHAT_TEXTS.message}</Field.Label>
              <Input value={draft} maxLength={VISITOR_CHAT_LIMITS.message} onChange={(event) => actor.send({ type: 'draft.change', value: event.currentTarget.value })} />
            </Field.Root>
            <Button type="submit" loading={busy} loadingText={VISITOR_CHAT_TEXTS.sending}>{VISITOR_CHAT_TEXTS.send}</Button>
          </chakra.form>
        </Stack>
      ) : (
        // noValidate: the chart's checks name each field in our words.
        <chakra.form display="flex" flexDirection="column" gap={3} aria-label={VISITOR_CHAT_TEXTS.title} noValidate aria-busy={busy || undefined}
          onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'submit' }); }}>
          {FIELDS.map(({ field, label, type, autoComplete }) => (
            <Field.Root key={field} invalid={Boolean(errors[field])} required>
              <Field.Label>{label}<Field.RequiredIndicator /></Field.Label>
              <Input type={type} autoComplete={autoComplete} value={values[field]} maxLength={VISITOR_CHAT_LIMITS[field]} onChange={(event) => change(field, event.currentTarget.value)} />
              <Field.ErrorText>{errors[field]}</Field.ErrorText>
            </Field.Root>
          ))}
          <Field.Root invalid={Boolean(errors.message)} required>
            <Field.Label>{VISITOR_CHAT_TEXTS.message}<Field.RequiredIndicator /></Field.Label>
            <Textarea recipe={textareaRecipe} rows={3} value={values.message} maxLength={VISITOR_CHAT_LIMITS.message} onChange={(event) => change('message', event.currentTarget.value)} />
            <Field.ErrorText>{errors.message}</Field.ErrorText>
          </Field.Root>
          <SpamTrap value={website} onChange={(value) => actor.send({ type: 'website.change', value })} />
          {error && <Alert.Root status="error" role="alert"><Alert.Description>{error.message}</Alert.Description></Alert.Root>}
          <Button type="submit" alignSelf="start" loading={busy} loadingText={VISITOR_CHAT_TEXTS.sending}>{VISITOR_CHAT_TEXTS.start}</Button>
        </chakra.form>
      )}
    </Box>
  );
}

function keptToken(): string | null {
  try { return sessionStorage.getItem(VISITOR_CHAT_STORAGE_KEY); } catch { return null; }
}

/** The chat widget of /, /track-order and /track/:hash (000 section 1): ours, answered from the back office. */
export function ChatWidget() {
  const portal = usePortal();
  const actor = useScreenActor(visitorChatMachine, { cca2: portal.cca2, token: keptToken() });
  return <VisitorChatView actor={actor} />;
}
