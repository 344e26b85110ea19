import { describe, it, expect } from 'vitest';
import {
  BOOKING_TEXTS,
  ERROR_TEXTS,
  SEARCH_TEXTS,
  STATUS_TITLES,
  SUCCESS_TEXTS,
  UNCONFIRMED_EMAIL_BANNER,
  VALIDATION_TEXTS,
  statusTitle,
} from './error-catalogue';

describe('ERROR_TEXTS (000 §8), verbatim', () => {
  it('connection and server errors', () => {
    expect(ERROR_TEXTS.noResponse).toBe('Unable to connect to the server. Reconnecting in ...');
    expect(ERROR_TEXTS.notFound('/v1/profile')).toBe('Not found: /v1/profile');
    expect(ERROR_TEXTS.serverError).toBe(
      'An error occured communicating with the server. Oops, we were unable to complete your request. Please contact support if the issue persists.',
    );
    expect(ERROR_TEXTS.errorCode('E42')).toBe('Error code: E42');
    expect(ERROR_TEXTS.unauthorized).toBe('Unauthorized request. Please login and try again.');
    expect(ERROR_TEXTS.forbidden).toBe(
      "Access denied. You don't have the appropriate permissions to perform the current action.",
    );
    expect(ERROR_TEXTS.imageTooLarge).toBe('Unable to upload image. Image size is too large.');
  });

  it('unhandled-error and start-up screens', () => {
    expect(ERROR_TEXTS.unhandledLogged(17)).toBe('17 - An error has occured and will be fixed soon!. Trying again in');
    expect(ERROR_TEXTS.unhandledNotLogged).toBe(
      'Oops! An error has occured and we were unable to log it! Trying again in',
    );
    expect(ERROR_TEXTS.connectionLost).toBe('Connection lost. Trying to reconnect in: ');
    expect(ERROR_TEXTS.connecting).toBe('Connecting to server...');
    expect(ERROR_TEXTS.loading).toBe('Loading...');
    expect(ERROR_TEXTS.unknownHost).toBe('Unknown host ...');
    expect(ERROR_TEXTS.processingPayment).toBe('Processing payment ...');
  });
});

describe('SUCCESS_TEXTS, typos included', () => {
  it('000 §8', () => {
    expect(SUCCESS_TEXTS.loaded).toBe('Successfully loaded');
    expect(SUCCESS_TEXTS.created).toBe('Successfully created');
    expect(SUCCESS_TEXTS.updated).toBe('Successsfully updated');
    expect(SUCCESS_TEXTS.deleted).toBe('Successsfully deleted');
  });

  it('002 §8', () => {
    expect(SUCCESS_TEXTS.deletedStores(3)).toBe('deleted 3 stores.');
    expect(SUCCESS_TEXTS.syncedUser).toBe('Successfully synced user');
    expect(SUCCESS_TEXTS.fileUploaded).toBe('File uploaded sucessfully.');
    expect(SUCCESS_TEXTS.batchSubmitted).toBe('Batch submitted sucessfully.');
    expect(SUCCESS_TEXTS.batchesDeleted(2)).toBe('2 batches deleted succesfully.');
    expect(SUCCESS_TEXTS.completedTransactions).toBe('Successsfully completed transactions');
    expect(SUCCESS_TEXTS.cancelledTransactions).toBe('Successsfully cancelled transactions');
  });
});

describe('status titles', () => {
  it('has exactly the spec table', () => {
    expect(STATUS_TITLES).toEqual({
      400: 'Bad Request',
      401: 'Unauthorized',
      402: 'Payment Required',
      403: 'Insufficient Permission',
      404: 'Not Found',
      409: 'Conflict',
      422: 'Unprocessable Entity',
      423: 'Account Locked',
      429: 'Too Many Requests',
      500: 'Internal Server Error',
      503: 'Service Unavailable',
      504: 'Gateway Timeout',
    });
  });

  it('falls back to Unknown Error', () => {
    expect(statusTitle(403)).toBe('Insufficient Permission');
    expect(statusTitle(418)).toBe('Unknown Error');
    expect(statusTitle(440)).toBe('Unknown Error');
    expect(statusTitle(undefined)).toBe('Unknown Error');
  });
});

describe('SEARCH_TEXTS', () => {
  it('verbatim', () => {
    expect(SEARCH_TEXTS.minimum(3)).toBe('Minimum of 3 characters for a search...');
    expect(SEARCH_TEXTS.enterSearchTerm).toBe('Enter search term...');
    expect(SEARCH_TEXTS.noMatchingResults).toBe('No matching results.');
    expect(SEARCH_TEXTS.notFoundNoMatchingResults).toBe('Not found! No matching results.');
    expect(SEARCH_TEXTS.startTyping).toBe('Start typing...');
    expect(SEARCH_TEXTS.enterAddress).toBe('Enter an address...');
    expect(SEARCH_TEXTS.enterAccountName).toBe('Enter an account name...');
    expect(SEARCH_TEXTS.noMatchingAccounts).toBe('No matching accounts found.');
    expect(SEARCH_TEXTS.noMatchingAddresses).toBe('No matching addresses found.');
  });
});

describe('other texts', () => {
  it('unconfirmed email banner', () => {
    expect(UNCONFIRMED_EMAIL_BANNER).toBe(
      'For added security, please click here to verify your email address or contact support for assistance.',
    );
  });

  it('validation texts keep the double spaces', () => {
    expect(VALIDATION_TEXTS.startKmRequired).toBe('Start km  is required');
    expect(VALIDATION_TEXTS.endKmRequired).toBe('End km  is required');
    expect(VALIDATION_TEXTS.phoneInvalid).toBe('Phone number is not valid');
    expect(VALIDATION_TEXTS.parcelSizeBeforeContinuing).toBe('You need to select a parcel size before continuing.');
  });

  it('booking texts', () => {
    expect(BOOKING_TEXTS.paymentFailed('Card declined')).toBe(
      "Payment failed because 'Card declined'. Please try again.",
    );
    expect(BOOKING_TEXTS.subjectAdditionalCharges).toBe('Subject addtional charge(s)');
    expect(BOOKING_TEXTS.stepOf(2)).toBe('Step 2 of 6');
    expect(BOOKING_TEXTS.cancelRateUpload(9)).toBe(
      'This action cannot be undone. Are you sure you want to cancel rate upload #9?',
    );
  });
});
