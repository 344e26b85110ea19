import { FORM_TEXTS } from '../lib/resource-texts';
import type { FieldDef, FormValues } from './types';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's messages per field (empty when valid); the server checks the same limits through the contract. */
export function validateFields(fields: readonly FieldDef[], values: FormValues, mode: 'create' | 'edit'): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.createOnly && mode === 'edit') continue;
    const value = values[field.name];
    const text = typeof value === 'string' ? value.trim() : value;
    if (field.required && (text === '' || text === null || text === undefined)) {
      errors[field.name] = FORM_TEXTS.required(field.label);
    } else if (typeof text === 'string' && field.maxLength && text.length > field.maxLength) {
      errors[field.name] = `${field.label} must be at most ${field.maxLength} characters`;
    } else if (field.kind === 'email' && typeof text === 'string' && text !== '' && !EMAIL.test(text)) {
      errors[field.name] = FORM_TEXTS.invalidEmail;
    }
  }
  return errors;
}

/** The form's starting values: the record's fields, or blanks (and Active) for a new one. */
export function initialValues(fields: readonly FieldDef[], record?: Record<string, unknown>): FormValues {
  return Object.fromEntries(fields.map((field) => {
    const value = record?.[field.name];
    if (field.kind === 'boolean') return [field.name, typeof value === 'boolean' ? value : field.name === 'isActive'];
    if (field.kind === 'lookup') return [field.name, typeof value === 'number' ? value : null];
    return [field.name, typeof value === 'string' ? value : ''];
  }));
}
