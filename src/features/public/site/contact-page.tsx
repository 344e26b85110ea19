// /contact rendered ahead of time (issue 19): its words, and the form as it first shows, which the page's script
// takes over (src/app/site-contact.tsx). The form's chart is created here without being started: only its first
// snapshot is drawn, the same one the script starts from, so the page's HTML and the live form agree.
import { createActor } from 'xstate';
import { CONTACT_TEXTS } from '../../../lib/contact';
import { contactMachine } from '../../../machines/public/contact.machine';
import { ContactFormView } from './contact-form';

/** Where the live form goes on the page. */
export const CONTACT_ISLAND_ID = 'contact-form';

export function ContactIntro() {
  return (
    <>
      <h1>{CONTACT_TEXTS.title}</h1>
      <p className="site-intro">{CONTACT_TEXTS.intro}</p>
    </>
  );
}

export function ContactContent() {
  return (
    <>
      <ContactIntro />
      <div id={CONTACT_ISLAND_ID}><ContactFormView actor={createActor(contactMachine, { input: { cca2: '' } })} /></div>
    </>
  );
}
