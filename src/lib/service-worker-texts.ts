/** The service worker's console messages (000 section 8); the offline one is also shown on the start-up screen. */
export const SERVICE_WORKER_TEXTS = {
  registrationError: 'Error during service worker registration:',
  newContent: 'New content is available; please refresh.',
  cached: 'Content is cached for offline use.',
  offline: 'No internet connection found. App is running in offline mode.',
} as const;
