// Client-side checks of the sign-in forms; the limits are the identity contract's (Password minLength 8 for a
// new password, Code ^[0-9]{6}$). Each message names its field; the server checks the same through its schema.
import { codeError, fieldErrorsOf, PASSWORD_MIN_LENGTH, type FieldErrors } from '../../lib/account-validation';
import { SIGN_IN_TEXTS } from '../../lib/shell-texts';

export { fieldErrorsOf, type FieldErrors };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function compact(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message));
}

function emailError(value: string): string | undefined {
  if (!value.trim()) return SIGN_IN_TEXTS.emailRequired;
  return EMAIL_PATTERN.test(value.trim()) ? undefined : SIGN_IN_TEXTS.emailInvalid;
}

export interface LoginValues {
  email: string;
  password: string;
}

/** Login only needs both fields: an old account's password may predate today's rules. */
export function validateLogin(values: LoginValues): FieldErrors {
  return compact({
    email: values.email.trim() ? undefined : SIGN_IN_TEXTS.emailRequired,
    password: values.password ? undefined : SIGN_IN_TEXTS.passwordRequired,
  });
}

export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function validateRegister(values: RegisterValues): FieldErrors {
  return compact({
    firstName: values.firstName.trim() ? undefined : SIGN_IN_TEXTS.firstNameRequired,
    lastName: values.lastName.trim() ? undefined : SIGN_IN_TEXTS.lastNameRequired,
    email: emailError(values.email),
    password: !values.password ? SIGN_IN_TEXTS.passwordRequired
      : values.password.length < PASSWORD_MIN_LENGTH ? SIGN_IN_TEXTS.passwordTooShort : undefined,
  });
}

export function validateTwoFactorCode(values: { code: string }): FieldErrors {
  return compact({ code: codeError(values.code) });
}
