// The live contact form on /contact rendered ahead of time (issue 19, "A fast first load"): React and the contact
// chart take over the form the page already shows (hydration: the same view, from the same first snapshot).
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { contactMachine } from '../machines/public/contact.machine';
import { ContactFormView } from '../features/public/site/contact-form';

export function mountContact(container: HTMLElement, cca2: string) {
  const actor = createActor(contactMachine, { input: { cca2 } }).start();
  hydrateRoot(container, <StrictMode><ContactFormView actor={actor} /></StrictMode>);
}
