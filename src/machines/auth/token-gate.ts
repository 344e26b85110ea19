import type { ApiError } from '../../api/api-error';
import { isNearExpiry } from './token';

export interface TokenGateOptions {
  /** The access token as it is now. */
  current(): string | undefined;
  /** Asks the auth actor for one refresh; its outcome comes back through `settle`. */
  requestRefresh(): void;
  now?: () => number;
}

/**
 * Single-flight refresh for the API clients: a request made while the token is within the refresh margin of
 * expiry waits; the first waiter asks the auth actor to refresh, every later one joins the same wait, and the
 * one outcome (new token, or the refresh's error) answers them all.
 */
export function createTokenGate({ current, requestRefresh, now = Date.now }: TokenGateOptions) {
  let waiters: { resolve(token: string | undefined): void; reject(error: unknown): void }[] = [];
  return {
    provide(): Promise<string | undefined> {
      const token = current();
      if (!token || !isNearExpiry(token, now())) return Promise.resolve(token);
      return new Promise((resolve, reject) => {
        waiters.push({ resolve, reject });
        if (waiters.length === 1) requestRefresh();
      });
    },
    settle(outcome: { token: string | undefined } | { error: ApiError }): void {
      const answered = waiters;
      waiters = [];
      for (const waiter of answered) {
        if ('error' in outcome) waiter.reject(outcome.error);
        else waiter.resolve(outcome.token);
      }
    },
    get waiting(): number {
      return waiters.length;
    },
  };
}
