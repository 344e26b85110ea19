import { SERVICE_WORKER_TEXTS } from '../lib/service-worker-texts';

const LOCAL_HOST = /^(localhost|\[::1\]|127(?:\.\d{1,3}){3})$/;

/**
 * Registers the service worker on load (000 section 2). On a local host the file is checked first: a missing or
 * non-JavaScript file (a dev server answering its HTML) unregisters an old worker and reloads. A new version waits
 * and is only logged; the first install logs that the app shell is cached for offline use.
 */
export function registerServiceWorker(url = '/service-worker.js') {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  window.addEventListener('load', () => {
    void (LOCAL_HOST.test(window.location.hostname) ? checkServiceWorker(url) : register(url));
  });
}

async function register(url: string) {
  try {
    const registration = await navigator.serviceWorker.register(url);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state !== 'installed') return;
        // A controller already there means an older worker serves this page: the new one waits for a reload.
        console.log(navigator.serviceWorker.controller ? SERVICE_WORKER_TEXTS.newContent : SERVICE_WORKER_TEXTS.cached);
      });
    });
  } catch (error) {
    console.error(SERVICE_WORKER_TEXTS.registrationError, error);
  }
}

async function checkServiceWorker(url: string) {
  let response: Response;
  try {
    response = await fetch(url, { headers: { 'Service-Worker': 'script' }, cache: 'no-store' });
  } catch {
    console.log(SERVICE_WORKER_TEXTS.offline);
    return;
  }
  if (response.status === 404 || !(response.headers.get('content-type') ?? '').includes('javascript')) {
    const registration = await navigator.serviceWorker.getRegistration();
    if (registration && await registration.unregister()) window.location.reload();
    return;
  }
  await register(url);
}
