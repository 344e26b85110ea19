// /track-order/:searchTerm? without Chakra (issue 19, "A fast first load"): rendered ahead of time with its fields
// disabled and made live by the page's script (src/app/site-track-order.tsx), from the track-order chart's first
// snapshot. The texts are the single-page app's (src/features/public/TrackOrderPage.tsx).
import { useSelector } from '@xstate/react';
import { useEffect, useSyncExternalStore } from 'react';
import type { Actor } from 'xstate';
import type { trackOrderMachine } from '../../../machines/public/track-order.machine';

/** Where the live form goes on the page; its `data-search-term` is the path's search term, filled by the server. */
export const TRACK_ORDER_ISLAND_ID = 'track-order-form';

export const TRACK_ORDER_TEXTS = {
  title: 'Track a parcel',
  intro: 'Enter the waybill on your receipt (or the shop\'s order reference) and the last 4 digits of the recipient\'s phone number.',
  searchTerm: 'Waybill or order reference',
  phoneLast4: 'Last 4 digits of the recipient\'s phone number',
  phoneHelp: 'They keep your parcel\'s details to the people it concerns.',
  submit: 'Track',
} as const;

const noChange = () => () => undefined;
const isLive = () => true;
const isRenderedAhead = () => false;

/** The two fields, each one's message beside it, the server's answer above Track; found → `onFound(hash)`. */
export function TrackOrderFormView({ actor, onFound }: { actor: Actor<typeof trackOrderMachine>; onFound: (hash: string) => void }) {
  const searchTerm = useSelector(actor, (s) => s.context.searchTerm);
  const phoneLast4 = useSelector(actor, (s) => s.context.phoneLast4);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const found = useSelector(actor, (s) => (s.status === 'done' ? s.output?.trackingHashId ?? null : null));
  const live = useSyncExternalStore(noChange, isLive, isRenderedAhead);
  useEffect(() => {
    if (found) onFound(found);
  }, [found, onFound]);
  const invalid = (field: 'searchTerm' | 'phoneLast4') => (fieldErrors[field]
    ? { 'aria-invalid': true, 'aria-describedby': `track-${field}-error${field === 'phoneLast4' ? ' track-phoneLast4-help' : ''}` }
    : field === 'phoneLast4' ? { 'aria-describedby': 'track-phoneLast4-help' } : {});
  return (
    // noValidate: the chart's checks name each field in our words.
    <form className="site-form" aria-label={TRACK_ORDER_TEXTS.title} noValidate aria-busy={busy || undefined}
      onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'submit' }); }}>
      <fieldset className="site-fieldset" disabled={!live}>
        <div className="site-field">
          <label htmlFor="track-searchTerm">{TRACK_ORDER_TEXTS.searchTerm}</label>
          <input id="track-searchTerm" type="text" value={searchTerm} autoComplete="off" autoCapitalize="characters" required {...invalid('searchTerm')}
            onChange={(event) => actor.send({ type: 'field.change', field: 'searchTerm', value: event.currentTarget.value })} />
          {fieldErrors.searchTerm && <p id="track-searchTerm-error" className="site-field-error">{fieldErrors.searchTerm}</p>}
        </div>
        <div className="site-field">
          <label htmlFor="track-phoneLast4">{TRACK_ORDER_TEXTS.phoneLast4}</label>
          <input id="track-phoneLast4" type="text" value={phoneLast4} inputMode="numeric" maxLength={4} autoComplete="off" required {...invalid('phoneLast4')}
            onChange={(event) => actor.send({ type: 'field.change', field: 'phoneLast4', value: event.currentTarget.value.replace(/\D/g, '') })} />
          <p id="track-phoneLast4-help" className="site-muted site-help">{TRACK_ORDER_TEXTS.phoneHelp}</p>
          {fieldErrors.phoneLast4 && <p id="track-phoneLast4-error" className="site-field-error">{fieldErrors.phoneLast4}</p>}
        </div>
        {error && <div className="site-alert" role="alert">{error.message}</div>}
        <button type="submit" className="site-button" disabled={busy} aria-busy={busy || undefined}>{TRACK_ORDER_TEXTS.submit}</button>
      </fieldset>
    </form>
  );
}
