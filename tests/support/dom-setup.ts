import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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

afterEach(() => cleanup());
