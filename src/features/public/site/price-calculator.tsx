// The live price calculator of /pricing (issue 19) without Chakra: rendered ahead of time from the charts' first
// snapshots (fields disabled until the island is live), made live by src/app/site-pricing.tsx, and the same view
// inside the app. From, To, parcel size and service level → subtotal, VAT and total from the booking's own pricing.
import { useSelector } from '@xstate/react';
import { useEffect, useSyncExternalStore } from 'react';
import type { Actor } from 'xstate';
import { SERVICE_LEVELS } from '../../../lib/constants';
import { formatMoney, vatPercent } from '../../../lib/money';
import type { priceCalculatorMachine } from '../../../machines/public/price-calculator.machine';
import type { publicPlaceSelectLogic } from '../../../machines/public/public-place-select';
import type { PublicSlaType } from '../../../machines/public/public.actors';
import { PlaceCombobox } from './place-combobox';

export const SERVICE_LEVEL_NAMES = Object.keys(SERVICE_LEVELS) as PublicSlaType[];
type PlaceSelect = Actor<typeof publicPlaceSelectLogic>;
type Calculator = Actor<typeof priceCalculatorMachine>;

export const CALCULATOR_TEXTS = {
  title: 'Price calculator',
  from: 'From',
  to: 'To',
  placePlaceholder: 'Suburb, town or place',
  parcel: 'Parcel size',
  level: 'Service level',
  tryAgain: 'Try again',
  incomplete: 'Choose where the parcel is collected and where it goes to see the price.',
  calculating: 'Calculating…',
  subtotal: 'Subtotal',
  total: 'Total',
  note: 'One parcel, one way, at the list price. Weekend and high-risk area rates apply where they do when you book.',
} as const;

/** A place select's input: `resource` only feeds the shared select's default search, replaced by the public place search. */
export const placeSelectInput = (cca2: string) => ({ resource: 'stores' as const, cca2 });

// Live in a browser; rendered ahead of time (and while hydrating that HTML) not yet.
const noChange = () => () => undefined;
const isLive = () => true;
const isRenderedAhead = () => false;

/** Tells the calculator what a place select holds whenever its choice changes. */
function useForwardChoice(select: PlaceSelect, calculator: Calculator, type: 'from.select' | 'to.select') {
  const selected = useSelector(select, (s) => s.context.selected);
  useEffect(() => {
    calculator.send({ type, place: selected ?? null });
  }, [calculator, selected, type]);
}

/** The calculator's form and its answer (announced as it changes). */
export function PriceCalculatorView({ calculator, from, to, portal }: { calculator: Calculator; from: PlaceSelect; to: PlaceSelect; portal: { currency: string; currencyDecimals: number } }) {
  useForwardChoice(from, calculator, 'from.select');
  useForwardChoice(to, calculator, 'to.select');
  const parcelTypes = useSelector(calculator, (s) => s.context.parcelTypes);
  const parcelTypeId = useSelector(calculator, (s) => s.context.parcelTypeId);
  const slaType = useSelector(calculator, (s) => s.context.slaType);
  const price = useSelector(calculator, (s) => s.context.price);
  const error = useSelector(calculator, (s) => s.context.error);
  const busy = useSelector(calculator, (s) => s.hasTag('busy'));
  const loading = useSelector(calculator, (s) => s.hasTag('loading'));
  const inLoadFailed = useSelector(calculator, (s) => s.matches('loadFailed'));
  const inIncomplete = useSelector(calculator, (s) => s.matches('incomplete'));
  const inNotPriced = useSelector(calculator, (s) => s.matches('notPriced'));
  const live = useSyncExternalStore(noChange, isLive, isRenderedAhead);
  const money = (cents: number) => formatMoney(cents, { currency: price?.currency ?? portal.currency, decimals: portal.currencyDecimals });
  return (
    <form className="site-calculator" aria-label={CALCULATOR_TEXTS.title} onSubmit={(event) => event.preventDefault()}>
      <fieldset className="site-fieldset site-grid site-grid-2" disabled={!live}>
        <PlaceCombobox id="calculator-from" label={CALCULATOR_TEXTS.from} actor={from} placeholder={CALCULATOR_TEXTS.placePlaceholder} />
        <PlaceCombobox id="calculator-to" label={CALCULATOR_TEXTS.to} actor={to} placeholder={CALCULATOR_TEXTS.placePlaceholder} />
        <div className="site-field">
          <label htmlFor="calculator-parcel">{CALCULATOR_TEXTS.parcel}</label>
          <select id="calculator-parcel" value={parcelTypeId ?? ''} aria-busy={loading || undefined} disabled={parcelTypes.length === 0}
            onChange={(event) => calculator.send({ type: 'parcel.select', parcelTypeId: Number(event.currentTarget.value) })}>
            {parcelTypes.map((type) => (
              <option key={type.id} value={type.id}>{`${type.name} (up to ${type.length}×${type.width}×${type.height} cm, ${type.weight} kg)`}</option>
            ))}
          </select>
        </div>
        <div className="site-field">
          <label htmlFor="calculator-level">{CALCULATOR_TEXTS.level}</label>
          <select id="calculator-level" value={slaType} onChange={(event) => {
            const level = SERVICE_LEVEL_NAMES.find((name) => name === event.currentTarget.value);
            if (level) calculator.send({ type: 'level.select', slaType: level });
          }}>
            {SERVICE_LEVEL_NAMES.map((level) => <option key={level} value={level}>{`${level} (${SERVICE_LEVELS[level]})`}</option>)}
          </select>
        </div>
      </fieldset>
      <div className="site-calculator-result" aria-live="polite" data-testid="calculator-result">
        {inLoadFailed && (
          <div className="site-alert site-alert-row" role="alert">
            <p>{error?.message} </p>
            <button type="button" className="site-button" onClick={() => calculator.send({ type: 'retry' })}>{CALCULATOR_TEXTS.tryAgain}</button>
          </div>
        )}
        {inIncomplete && <p className="site-muted">{CALCULATOR_TEXTS.incomplete}</p>}
        {busy && <p role="status">{CALCULATOR_TEXTS.calculating}</p>}
        {inNotPriced && error && <p role="alert" className="site-field-error">{error.message}</p>}
        {price && !busy && (
          <div className="site-stack">
            <p>{`${price.slaType} · ${price.distanceKm} km · collection on ${price.date}`}</p>
            <table className="site-table site-price">
              <tbody>
                <tr><th scope="row">{CALCULATOR_TEXTS.subtotal}</th><td>{money(price.subtotal)}</td></tr>
                <tr><th scope="row">{`VAT (${vatPercent(price.vatRate)}%)`}</th><td>{money(price.vat)}</td></tr>
                <tr className="site-price-total"><th scope="row">{CALCULATOR_TEXTS.total}</th><td data-testid="calculator-total">{money(price.total)}</td></tr>
              </tbody>
            </table>
            <p className="site-small site-muted">{CALCULATOR_TEXTS.note}</p>
          </div>
        )}
      </div>
    </form>
  );
}
