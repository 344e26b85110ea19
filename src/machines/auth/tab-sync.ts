/**
 * Auth across the tabs of one browser: a Web Lock around every refresh (two tabs presenting the same refresh
 * cookie at once would look like token reuse and revoke the family), and a BroadcastChannel that shares new
 * access tokens and logout. Both degrade to single-tab behaviour where the browser (or jsdom) lacks them.
 */
export const AUTH_CHANNEL_NAME = 'courier-auth';
export const REFRESH_LOCK_NAME = 'courier-auth-refresh';

export type AuthTabMessage =
  /** Another tab refreshed or signed in: adopt its access token. */
  | { type: 'token'; token: string }
  /** Another tab logged out. */
  | { type: 'logout' }
  /** Another tab stopped impersonating: restore the main login from the cookie. */
  | { type: 'restore' };

let channel: BroadcastChannel | null | undefined;

/** One channel per tab: a BroadcastChannel never receives its own messages, so posting and listening share it. */
export function authChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(AUTH_CHANNEL_NAME) : null;
    // Node's BroadcastChannel (tests) would otherwise keep the process alive.
    (channel as { unref?: () => void } | null)?.unref?.();
  }
  return channel;
}

export function postAuthMessage(message: AuthTabMessage): void {
  try {
    authChannel()?.postMessage(message);
  } catch {
    // A closed channel: other tabs catch up on their next request.
  }
}

/** Listens to the other tabs; returns how to stop. */
export function onAuthMessage(listener: (message: AuthTabMessage) => void): () => void {
  const current = authChannel();
  if (!current) return () => undefined;
  const handler = (event: MessageEvent) => {
    const data = event.data as AuthTabMessage | undefined;
    if (data && typeof data === 'object' && typeof data.type === 'string') listener(data);
  };
  current.addEventListener('message', handler as EventListener);
  return () => current.removeEventListener('message', handler as EventListener);
}

/** Runs `task` holding the cross-tab refresh lock (or directly where Web Locks are missing). */
export async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks?.request) return task();
  return locks.request(REFRESH_LOCK_NAME, { mode: 'exclusive' }, task) as Promise<T>;
}
