// First, before anything creates the app's clients (they keep the fetch they were created with): requests for the
// page's own origin go on to a file's real server when it has one (real-server.ts), and are left alone otherwise.
import './forward-fetch';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setAccessToken } from '../../src/api/session';
import { toaster } from '../../src/app/toaster-store';

// jsdom lacks these; Chakra's components read them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => undefined, removeListener: () => undefined,
    addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
  }) as MediaQueryList;
}
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
window.scrollTo ??= () => undefined;

// A lazy screen's first render goes through the transform, past testing-library's 1 s on a busy 2-core machine;
// what is awaited still fails, only later. No view test waits for something to stay absent.
configure({ asyncUtilTimeout: 5_000 });

// The model project shares a worker's modules between files (vitest.config.ts): the app's one-per-tab state starts
// empty for each test, as in a new tab.
afterEach(() => {
  cleanup();
  toaster.remove();
  setAccessToken(undefined);
});
