import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../lib/http-error-texts';
import { toApiError } from './api-error';

describe('toApiError: the error catalogue of 000 section 8', () => {
  it('404 with no body → "Not found: {url}"', () => {
    expect(toApiError(404, undefined, '/connect/x').message).toBe('Not found: /connect/x');
  });

  it('500 → the support text plus "Error code: {message}" when the server sends one', () => {
    const error = toApiError(500, { message: 'E42' }, '/x');
    expect(error.message).toBe(ERROR_TEXTS.serverError);
    expect(error.detail).toBe('Error code: E42');
    expect(error.title).toBe('Internal Server Error');
    expect(toApiError(500, undefined, '/x').detail).toBeUndefined();
  });

  it('401 and 403 with no body → the catalogue texts', () => {
    expect(toApiError(401, undefined, '/x').message).toBe('Unauthorized request. Please login and try again.');
    expect(toApiError(403, '', '/x').message).toBe("Access denied. You don't have the appropriate permissions to perform the current action.");
    expect(toApiError(403, undefined, '/x').title).toBe('Insufficient Permission');
  });

  it('413 → the image text whatever the body says', () => {
    expect(toApiError(413, { message: 'too big' }, '/x').message).toBe('Unable to upload image. Image size is too large.');
  });

  it('440 → no message, no dialog, session cleared', () => {
    const error = toApiError(440, { message: 'expired' }, '/x');
    expect(error.message).toBe('');
    expect(error.showsDialog).toBe(false);
    expect(error.sessionExpired).toBe(true);
    expect(error.clearsSession).toBe(true);
  });

  it('other statuses → the server\'s message and errors, titled by status', () => {
    const error = toApiError(409, { message: 'Changed by someone else', errors: { xmin: ['stale'] } }, '/x');
    expect(error).toMatchObject({ status: 409, title: 'Conflict', message: 'Changed by someone else', errors: { xmin: ['stale'] } });
    expect(toApiError(418, undefined, '/x').title).toBe('Unknown Error');
  });
});
