import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { FieldErrors } from '../../src/lib/account-validation';
import type { Problem } from '../../src/machines/auth/account-helpers';

/** The page's main landmark, or one titled section of it (a region named by its heading). */
export function scopeOf(section?: string): HTMLElement {
  const main = screen.getByRole('main');
  return section ? within(main).getByRole('region', { name: section }) : main;
}

function labelPattern(label: string): RegExp {
  // A required field's label ends with the (hidden) asterisk of its required indicator.
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
}

/** The input a user finds by its visible label. */
export function field(label: string, section?: string): HTMLInputElement {
  return within(scopeOf(section)).getByLabelText(labelPattern(label)) as HTMLInputElement;
}

/** Types a value into the field with this label (the whole value at once). */
export function fill(label: string, value: string, section?: string) {
  fireEvent.change(field(label, section), { target: { value } });
}

export function click(name: string | RegExp, section?: string) {
  fireEvent.click(within(scopeOf(section)).getByRole('button', { name }));
}

/** Nothing is wrong: no alert in the scope. */
export function expectNoAlert(section?: string) {
  expect(within(scopeOf(section)).queryAllByRole('alert').map((alert) => alert.textContent)).toEqual([]);
}

/**
 * Each field at fault is marked invalid and says why in an alert tied to it (aria-errormessage or
 * aria-describedby); the first of
 * them (in the form's order) has the focus. Messages for fields the form does not have appear in an alert.
 */
export function expectFieldErrors(errors: FieldErrors, order: readonly string[], labels: Record<string, string>, section?: string) {
  // The error texts are tied to their fields one render later (the field notices its error element).
  return waitFor(() => fieldErrorsShown(errors, order, labels, section));
}

function fieldErrorsShown(errors: FieldErrors, order: readonly string[], labels: Record<string, string>, section?: string) {
  const scope = scopeOf(section);
  const faulty = order.filter((name) => errors[name]);
  for (const name of faulty) {
    const input = field(labels[name]!, section);
    expect(input.getAttribute('aria-invalid'), `${name} is marked invalid`).toBe('true');
    const ids = `${input.getAttribute('aria-describedby') ?? ''} ${input.getAttribute('aria-errormessage') ?? ''}`.split(' ').filter(Boolean);
    const described = ids.map((id) => document.getElementById(id)?.textContent);
    expect(described, `${name} describes its error`).toContain(errors[name]);
  }
  const alerts = within(scope).getAllByRole('alert').map((alert) => alert.textContent ?? '');
  for (const [name, message] of Object.entries(errors)) {
    expect(alerts.some((text) => text.includes(message!)), `an alert says "${message}" (${name})`).toBe(true);
  }
  if (faulty.length > 0) expect(document.activeElement).toBe(field(labels[faulty[0]!]!, section));
}

/** The problem of a failed step: its message (and title when it says more) in an alert. */
export function expectProblem(problem: Problem, section?: string) {
  const alerts = within(scopeOf(section)).getAllByRole('alert').map((alert) => alert.textContent ?? '');
  expect(alerts.some((text) => text.includes(problem.message)), `an alert says "${problem.message}"`).toBe(true);
  if (problem.title !== problem.message) expect(alerts.some((text) => text.includes(problem.title))).toBe(true);
  if (problem.detail) expect(alerts.some((text) => text.includes(problem.detail!))).toBe(true);
}

/** Work under way: the button shows its spinner and cannot be pressed again. */
export function expectBusy(name: string, section?: string) {
  const button = within(scopeOf(section)).getByRole('button', { name });
  expect(button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true', `"${name}" is disabled while busy`).toBe(true);
  expect(button.hasAttribute('data-loading'), `"${name}" shows it is busy`).toBe(true);
}
