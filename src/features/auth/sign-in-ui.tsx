import { Alert } from '@chakra-ui/react';
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import type { ApiError } from '../../api';
import { returnPathAfterLogin } from '../../lib/access';
import { homeOf } from '../../lib/menus';
import { usePermissions } from '../../machines/root/root-actor';

/** The sign-in forms use the account forms' labelled input (error tied to it, announced). */
export { AccountField as SignInField } from './account-ui';

/** A failed step's message, announced (role=alert) and focused so keyboard users land on it. */
export function ProblemAlert({ error, focus = true, testId }: { error: ApiError | string; focus?: boolean; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [error, focus]);
  const title = typeof error === 'string' ? undefined : error.title;
  const message = typeof error === 'string' ? error : error.message || error.title;
  return (
    <Alert.Root status="error" role="alert" tabIndex={-1} ref={ref} mb={4} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        {title && title !== message && <Alert.Title>{title}</Alert.Title>}
        <Alert.Description>{message}</Alert.Description>
        {typeof error !== 'string' && error.detail && <Alert.Description>{error.detail}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}

/** Reads the form's fields by name. */
export function formValues<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<K, string>;
}

/** Moves focus to the first field with an error. */
export function focusFirstError(form: HTMLFormElement, errors: Partial<Record<string, string>>, order: readonly string[]) {
  const first = order.find((name) => errors[name]);
  if (!first) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}

/**
 * The server named fields at fault: focus moves to the first, whose error text the input describes (client-side
 * errors are focused on submit).
 */
export function useFocusServerFieldErrors(
  form: RefObject<HTMLFormElement | null>,
  errors: Partial<Record<string, string>>,
  order: readonly string[],
) {
  const first = order.find((name) => errors[name]);
  const message = first ? errors[first] : undefined;
  useEffect(() => {
    if (form.current && first) focusFirstError(form.current, { [first]: message }, [first]);
  }, [form, first, message]);
}

/**
 * Where to go once signed in: the page the route guard sent the user from (location state `from`), else the
 * user's own home (homeOf: dashboard, jobs, deliveries ... from the access table), not the public home page.
 */
export function useReturnTo(): string {
  const permissions = usePermissions();
  return returnPathAfterLogin(useLocation().state, homeOf(permissions ?? null));
}
