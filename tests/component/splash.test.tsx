import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Splash } from '../../src/app/StartupScreens';
import { ERROR_TEXTS, SERVICE_WORKER_TEXTS } from '../../src/lib/error-catalogue';
import { system } from '../../src/ui/theme';

const original = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');
function servedByServiceWorker(served: boolean) {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: served ? {} : null } });
}
afterEach(() => {
  if (original) Object.defineProperty(navigator, 'serviceWorker', original);
  else Reflect.deleteProperty(navigator, 'serviceWorker');
});

const status = () => screen.getByRole('status').textContent;
const renderSplash = (noAnswer?: boolean) => render(<ChakraProvider value={system}><Splash noAnswer={noAnswer} /></ChakraProvider>);

describe('the start-up splash', () => {
  it('says Loading... while the lookup is on its way', () => {
    servedByServiceWorker(true);
    renderSplash();
    expect(status()).toBe(ERROR_TEXTS.loading);
  });

  it('says the app runs offline when nothing answered and the service worker served the app', () => {
    servedByServiceWorker(true);
    renderSplash(true);
    expect(status()).toBe(SERVICE_WORKER_TEXTS.offline);
  });

  it('keeps Loading... when nothing answered but the app came from the network (no offline copy to run)', () => {
    servedByServiceWorker(false);
    renderSplash(true);
    expect(status()).toBe(ERROR_TEXTS.loading);
  });
});
