import { contactMachine } from '../../machines/public/contact.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { PublicLayout } from '../../ui/public/PublicLayout';
import { ContactFormView } from './site/contact-form';
import { ContactIntro } from './site/contact-page';
import './site/site.css';

/** The contact form, drawn from its chart (the view the page rendered ahead of time also uses). */
export const ContactView = ContactFormView;

/**
 * /contact (000 section 2; issue 19) inside the app (dev server, offline): a form that reaches the operators. Online,
 * the server sends the page rendered ahead of time (src/features/public/site/contact-page.tsx).
 */
export function Component() {
  const portal = usePortal();
  const actor = useScreenActor(contactMachine, { cca2: portal.cca2 });
  return (
    <PublicLayout path="/contact">
      <div className="site-content">
        <ContactIntro />
        <ContactView actor={actor} />
      </div>
    </PublicLayout>
  );
}
