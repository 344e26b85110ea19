// Client-side checks of the account forms (profile, password reset and change, change email, codes). The limits
// are the identity contract's (openapi/identity.yaml: Password minLength 8, Code ^[0-9]{6}$, names 100); the
// server checks the same through its schema. Each message names its field.
import { SIGN_IN_TEXTS, VALIDATION_TEXTS } from './error-catalogue';
import { isValidPhone } from './phone';

/** The first message per field name; the names are the request's own field names. */
export type FieldErrors = Partial<Record<string, string>>;

export const PASSWORD_MIN_LENGTH = 8;
export const CODE_LENGTH = 6;
export const NAME_MAX_LENGTH = 100;
export const UNIT_MAX_LENGTH = 100;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** Messages per field from a failed call's envelope (`errors: { field: [message] }`), first message each. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const errors = (error as { errors?: Record<string, string[] | undefined> } | null | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors).flatMap(([field, messages]) => (messages?.[0] ? [[field, messages[0]]] : [])),
  );
}

function emailError(value: string): string | undefined {
  if (!value.trim()) return SIGN_IN_TEXTS.emailRequired;
  if (!EMAIL_PATTERN.test(value.trim())) return SIGN_IN_TEXTS.emailInvalid;
  return undefined;
}

function newPasswordError(value: string, label: string, required: string): string | undefined {
  if (!value) return required;
  if (value.length < PASSWORD_MIN_LENGTH) return VALIDATION_TEXTS.passwordTooShort(label, PASSWORD_MIN_LENGTH);
  return undefined;
}

function confirmError(password: string, confirm: string): string | undefined {
  if (!confirm) return VALIDATION_TEXTS.confirmPasswordRequired;
  if (confirm !== password) return VALIDATION_TEXTS.passwordsDoNotMatch;
  return undefined;
}

export function codeError(code: string): string | undefined {
  if (!code.trim()) return VALIDATION_TEXTS.codeRequired;
  if (!CODE_PATTERN.test(code.trim())) return SIGN_IN_TEXTS.codeInvalid;
  return undefined;
}

function compact(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message));
}

export function validateEmailRequest(values: { email: string }): FieldErrors {
  return compact({ email: emailError(values.email) });
}

export interface PasswordResetValues {
  code: string;
  password: string;
  confirmPassword: string;
}

export function validatePasswordReset(values: PasswordResetValues): FieldErrors {
  return compact({
    code: codeError(values.code),
    password: newPasswordError(values.password, 'New password', VALIDATION_TEXTS.newPasswordRequired),
    confirmPassword: confirmError(values.password, values.confirmPassword),
  });
}

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validateChangePassword(values: ChangePasswordValues): FieldErrors {
  return compact({
    currentPassword: values.currentPassword ? undefined : VALIDATION_TEXTS.currentPasswordRequired,
    newPassword: newPasswordError(values.newPassword, 'New password', VALIDATION_TEXTS.newPasswordRequired),
    confirmPassword: confirmError(values.newPassword, values.confirmPassword),
  });
}

export interface ChangeEmailValues {
  email: string;
  password: string;
}

export function validateChangeEmail(values: ChangeEmailValues): FieldErrors {
  return compact({
    email: emailError(values.email),
    password: values.password ? undefined : SIGN_IN_TEXTS.passwordRequired,
  });
}

export function validateCode(values: { code: string }): FieldErrors {
  return compact({ code: codeError(values.code) });
}

export interface ProfileDetailsValues {
  firstName: string;
  lastName: string;
  /** As typed, in the input's mask; '' for none. */
  phoneNumber: string;
  contactCountryCode: string;
  unitName: string;
  unitNumber: string;
}

function nameError(value: string, label: string, required: string, max: number): string | undefined {
  if (!value.trim()) return required;
  if (value.trim().length > max) return VALIDATION_TEXTS.tooLong(label, max);
  return undefined;
}

export function validateProfileDetails(values: ProfileDetailsValues): FieldErrors {
  return compact({
    firstName: nameError(values.firstName, 'First name', SIGN_IN_TEXTS.firstNameRequired, NAME_MAX_LENGTH),
    lastName: nameError(values.lastName, 'Last name', SIGN_IN_TEXTS.lastNameRequired, NAME_MAX_LENGTH),
    phoneNumber: values.phoneNumber.trim() && !isValidPhone(values.phoneNumber) ? VALIDATION_TEXTS.phoneInvalid : undefined,
    unitName: values.unitName.trim().length > UNIT_MAX_LENGTH ? VALIDATION_TEXTS.tooLong('Unit name', UNIT_MAX_LENGTH) : undefined,
    unitNumber: values.unitNumber.trim().length > UNIT_MAX_LENGTH ? VALIDATION_TEXTS.tooLong('Unit number', UNIT_MAX_LENGTH) : undefined,
  });
}
