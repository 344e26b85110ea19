import { Alert, Box, Button, Field, Heading, Input, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, type HTMLInputTypeAttribute, type ReactNode, type RefObject } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { LoginRedirectState } from '../../lib/access';
import type { FieldErrors } from '../../lib/account-validation';
import { ACCOUNT_TEXTS } from '../../lib/error-catalogue';
import type { Problem } from '../../machines/auth/account-helpers';

/** One labelled input of the account forms; its error text is tied to it (aria-invalid, aria-describedby). */
export function AccountField(props: {
  name: string;
  label: string;
  idPrefix: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'text' | 'tel';
  error?: string;
  required?: boolean;
  defaultValue?: string;
  readOnly?: boolean;
  helperText?: string;
}) {
  return (
    <Field.Root
      invalid={Boolean(props.error)}
      required={props.required ?? true}
      readOnly={props.readOnly}
      mb={3}
      ids={{ control: `${props.idPrefix}-${props.name}` }}
    >
      <Field.Label>
        {props.label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        defaultValue={props.defaultValue}
        bg={props.readOnly ? 'bg.muted' : 'bg'}
      />
      {props.helperText && <Field.HelperText>{props.helperText}</Field.HelperText>}
      {props.error && <Field.ErrorText role="alert">{props.error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** A failed step: title, message and detail, announced (role=alert) and focused so keyboard users land on it. */
export function ProblemNotice({ problem, extra = [] }: { problem: Problem | null; extra?: string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = problem !== null || extra.length > 0;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [problem, shown]);
  if (!shown) return null;
  return (
    <Alert.Root status="error" role="alert" tabIndex={-1} ref={ref} mb={4}>
      <Alert.Indicator />
      <Alert.Content>
        {problem && problem.title !== problem.message && <Alert.Title>{problem.title}</Alert.Title>}
        {problem && <Alert.Description>{problem.message}</Alert.Description>}
        {problem?.detail && <Alert.Description>{problem.detail}</Alert.Description>}
        {extra.map((message) => <Alert.Description key={message}>{message}</Alert.Description>)}
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * An outcome or progress line, read out politely by screen readers. `focus`: it takes the focus when it
 * appears (an outcome that replaces the form the focus was in).
 */
export function StatusNote({ children, testId, focus = false }: { children: ReactNode; testId?: string; focus?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Text ref={ref} role="status" aria-live="polite" mb={3} data-testid={testId} tabIndex={focus ? -1 : undefined} outline="none">
      {children}
    </Text>
  );
}

/** A titled part of a page, labelled by its heading for screen readers' landmarks. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box as="section" aria-labelledby={id} bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }} mb={6}>
      <Heading as="h2" id={id} size="md" color="primary" mb={4}>{title}</Heading>
      {children}
    </Box>
  );
}

/**
 * Moves the focus to the first field (in the form's order) with an error, each time the machine reports a
 * new set of errors (a refused submit, or the server naming fields).
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, errors: FieldErrors, order: readonly string[]) {
  useEffect(() => {
    const first = order.find((name) => errors[name]);
    const element = first ? form.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
    // `order` is a constant of the form; a new errors object is a new attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);
}

/** Server messages for fields this form does not have: shown with the form's problem instead. */
export function otherErrors(errors: FieldErrors, fields: readonly string[]): string[] {
  return Object.entries(errors).flatMap(([field, message]) => (message && !fields.includes(field) ? [message] : []));
}

/** The frame of an account page: a narrow main column with its heading. */
export function AccountPage({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box as="main" mx="auto" maxW={wide ? 'container.md' : 'container.sm'} px={4} py={{ base: 6, md: 10 }}>
      <Heading as="h1" size="2xl" color="primary" mb={6}>{title}</Heading>
      {children}
    </Box>
  );
}

/** A link styled as the page's main button. */
export function ContinueLink({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild bg="secondary" color="white">
      <RouterLink to={to}>{label}</RouterLink>
    </Button>
  );
}

/** A page that needs a session: log in first, then come back here. */
export function SignInFirst({ title, path }: { title: string; path: string }) {
  const state: LoginRedirectState = { from: path };
  return (
    <AccountPage title={title}>
      <Text mb={4}>{ACCOUNT_TEXTS.signInToContinue}</Text>
      <Button asChild bg="secondary" color="white">
        <RouterLink to="/login" state={state}>Log in</RouterLink>
      </Button>
    </AccountPage>
  );
}

/**
 * Focus for a section that opens a form in place: the form's first field when it opens, the opening button
 * again when it closes (never on first render, so the page does not steal the focus on load).
 */
export function useSectionFocus(
  phase: string,
  form: RefObject<HTMLFormElement | null>,
  firstField: string,
  opener: RefObject<HTMLButtonElement | null>,
) {
  const previous = useRef(phase);
  useEffect(() => {
    if (previous.current === phase) return;
    previous.current = phase;
    if (phase === 'open') (form.current?.elements.namedItem(firstField) as HTMLElement | null)?.focus();
    if (phase === 'closed') opener.current?.focus();
  }, [phase, form, firstField, opener]);
}
