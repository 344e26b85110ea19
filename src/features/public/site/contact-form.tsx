// The contact form (issue 19) without Chakra: rendered ahead of time on /contact and made live there by the page's
// script (src/app/site-contact.tsx), and the same view inside the app. Drawn from the contact chart, which decides.
import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import type { Actor } from 'xstate';
import { CONTACT_LIMITS, CONTACT_TEXTS } from '../../../lib/contact';
import type { contactMachine } from '../../../machines/public/contact.machine';
import type { ContactField } from '../../../machines/public/contact.types';

const FIELDS: { field: ContactField; label: string; type?: string; autoComplete: string; required: boolean }[] = [
  { field: 'name', label: CONTACT_TEXTS.name, autoComplete: 'name', required: true },
  { field: 'email', label: CONTACT_TEXTS.email, type: 'email', autoComplete: 'email', required: true },
  { field: 'phone', label: CONTACT_TEXTS.phone, type: 'tel', autoComplete: 'tel', required: false },
  { field: 'subject', label: CONTACT_TEXTS.subject, autoComplete: 'off', required: true },
];

// Live in a browser; rendered ahead of time (and while hydrating that HTML) not yet.
const noChange = () => () => undefined;
const isLive = () => true;
const isRenderedAhead = () => false;

function Label({ htmlFor, text, required }: { htmlFor: string; text: string; required: boolean }) {
  return <label htmlFor={htmlFor}>{text}{required && <span className="site-required" aria-hidden="true"> *</span>}</label>;
}

/**
 * The form, each field's message beside it, the refusal above Send, the thanks after. Until the script has taken the
 * page over, the fields are disabled (as rendered ahead of time): nothing typed before then could reach the chart.
 */
export function ContactFormView({ actor }: { actor: Actor<typeof contactMachine> }) {
  const values = useSelector(actor, (s) => s.context.values);
  const website = useSelector(actor, (s) => s.context.website);
  const errors = useSelector(actor, (s) => s.context.errors);
  const error = useSelector(actor, (s) => s.context.error);
  const received = useSelector(actor, (s) => s.context.received);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const live = useSyncExternalStore(noChange, isLive, isRenderedAhead);
  const change = (field: ContactField, value: string) => actor.send({ type: 'field.change', field, value });
  if (received) {
    return (
      <div className="site-stack site-form" role="status">
        <p>{received}</p>
        <button type="button" className="site-button site-button-outline" onClick={() => actor.send({ type: 'again' })}>{CONTACT_TEXTS.sendAnother}</button>
      </div>
    );
  }
  const invalid = (field: ContactField) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `contact-${field}-error` } : {});
  return (
    // noValidate: the chart's checks name each field in our words, not the browser's bubbles.
    <form className="site-form" aria-label={CONTACT_TEXTS.title} noValidate aria-busy={busy || undefined}
      onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'submit' }); }}>
      <fieldset className="site-fieldset" disabled={!live}>
        {FIELDS.map(({ field, label, type, autoComplete, required }) => (
          <div key={field} className="site-field">
            <Label htmlFor={`contact-${field}`} text={label} required={required} />
            <input id={`contact-${field}`} type={type ?? 'text'} autoComplete={autoComplete} value={values[field]} maxLength={CONTACT_LIMITS[field]}
              required={required} {...invalid(field)} onChange={(event) => change(field, event.currentTarget.value)} />
            {errors[field] && <p id={`contact-${field}-error`} className="site-field-error">{errors[field]}</p>}
          </div>
        ))}
        <div className="site-field">
          <Label htmlFor="contact-message" text={CONTACT_TEXTS.message} required />
          <textarea id="contact-message" rows={6} value={values.message} maxLength={CONTACT_LIMITS.message} required {...invalid('message')}
            onChange={(event) => change('message', event.currentTarget.value)} />
          {errors.message && <p id="contact-message-error" className="site-field-error">{errors.message}</p>}
        </div>
        {/* The spam trap: off screen and out of the accessibility tree, so only a bot fills it. */}
        <div className="site-trap" aria-hidden="true">
          <label>{CONTACT_TEXTS.website}
            <input type="text" name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(event) => actor.send({ type: 'website.change', value: event.currentTarget.value })} />
          </label>
        </div>
        {error && <div className="site-alert" role="alert">{error.message}</div>}
        <button type="submit" className="site-button" disabled={busy} aria-busy={busy || undefined}>{busy ? CONTACT_TEXTS.sending : CONTACT_TEXTS.send}</button>
      </fieldset>
    </form>
  );
}
