// User-visible texts of the specs, copied verbatim — typos ("occured") are part of the contract, do not correct them.
// Part of the error catalogue (src/lib/error-catalogue.ts re-exports them): what a failed call is mapped to.

/** Client error catalogue, 000 §8 (and the start-up texts of 000 §2). */
export const ERROR_TEXTS = {
  noResponse: 'Unable to connect to the server. Reconnecting in ...',
  notFound: (url: string): string => `Not found: ${url}`,
  serverError:
    'An error occured communicating with the server. Oops, we were unable to complete your request. Please contact support if the issue persists.',
  errorCode: (message: string): string => `Error code: ${message}`,
  unauthorized: 'Unauthorized request. Please login and try again.',
  forbidden: "Access denied. You don't have the appropriate permissions to perform the current action.",
  imageTooLarge: 'Unable to upload image. Image size is too large.',
  unhandledLogged: (id: string | number): string => `${id} - An error has occured and will be fixed soon!. Trying again in`,
  unhandledNotLogged: 'Oops! An error has occured and we were unable to log it! Trying again in',
  connectionLost: 'Connection lost. Trying to reconnect in: ',
  connecting: 'Connecting to server...',
  loading: 'Loading...',
  unknownHost: 'Unknown host ...',
  processingPayment: 'Processing payment ...',
} as const;

/** Status codes with special client handling (000 §8). 440: session expired, no dialog. */
export const SESSION_EXPIRED_STATUS = 440;
export const IMAGE_TOO_LARGE_STATUS = 413;

/** Global error dialog titles (000 §8, 002 §8). */
export const STATUS_TITLES: Readonly<Record<number, string>> = {
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
};
export const UNKNOWN_ERROR_TITLE = 'Unknown Error';

export function statusTitle(status: number | undefined): string {
  return (status !== undefined ? STATUS_TITLES[status] : undefined) ?? UNKNOWN_ERROR_TITLE;
}
