import { describe, expect, it } from 'vitest';
import { toApiError } from '../../src/api/api-error';
import {
  fieldErrorsOf, validateChangeEmail, validateChangePassword, validateCode, validateEmailRequest, validatePasswordReset,
  validateProfileDetails,
} from '../../src/lib/account-validation';
import { SIGN_IN_TEXTS, VALIDATION_TEXTS } from '../../src/lib/error-catalogue';

const details = { firstName: 'Thandi', lastName: 'Nkosi', phoneNumber: '(082) 123-4567', contactCountryCode: 'ZA', unitName: '', unitNumber: '' };

describe('account form checks', () => {
  it('profile details: names required, the phone optional but valid, units limited', () => {
    expect(validateProfileDetails(details)).toEqual({});
    expect(validateProfileDetails({ ...details, phoneNumber: '' })).toEqual({});
    expect(validateProfileDetails({ ...details, firstName: ' ', lastName: '', phoneNumber: '(082) 12', unitNumber: '9'.repeat(101) })).toEqual({
      firstName: SIGN_IN_TEXTS.firstNameRequired,
      lastName: SIGN_IN_TEXTS.lastNameRequired,
      phoneNumber: VALIDATION_TEXTS.phoneInvalid,
      unitNumber: VALIDATION_TEXTS.tooLong('Unit number', 100),
    });
  });

  it('email, codes and passwords', () => {
    expect(validateEmailRequest({ email: '' })).toEqual({ email: SIGN_IN_TEXTS.emailRequired });
    expect(validateEmailRequest({ email: 'a@b' })).toEqual({ email: SIGN_IN_TEXTS.emailInvalid });
    expect(validateCode({ code: ' 123456 ' })).toEqual({});
    expect(validateCode({ code: '12345a' })).toEqual({ code: SIGN_IN_TEXTS.codeInvalid });
    expect(validatePasswordReset({ code: '', password: 'short', confirmPassword: 'other' })).toEqual({
      code: VALIDATION_TEXTS.codeRequired,
      password: VALIDATION_TEXTS.passwordTooShort('New password', 8),
      confirmPassword: VALIDATION_TEXTS.passwordsDoNotMatch,
    });
    expect(validateChangePassword({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: VALIDATION_TEXTS.currentPasswordRequired,
      newPassword: VALIDATION_TEXTS.newPasswordRequired,
      confirmPassword: VALIDATION_TEXTS.confirmPasswordRequired,
    });
    expect(validateChangeEmail({ email: 'new@demo.test', password: '' })).toEqual({ password: SIGN_IN_TEXTS.passwordRequired });
  });

  it('reads the server\'s messages per field, first message each', () => {
    const error = toApiError(400, { message: 'Invalid request', errors: { code: ['The code is incorrect or has expired.', 'again'], body: [] } }, '/x');
    expect(fieldErrorsOf(error)).toEqual({ code: 'The code is incorrect or has expired.' });
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});
