// The public pages rendered ahead of time with islands or build-time data (issue 19, "A fast first load"): the price
// calculator's plain view hydrated over its own HTML and used from the keyboard (the combobox over the place select),
// the API reference as the build reads it, and the ratings' thanks.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { siteData } from '../../scripts/render-public-pages';
import { StaticApiReference } from '../../src/features/public/site/developers';
import { CALCULATOR_TEXTS, placeSelectInput, PriceCalculatorView } from '../../src/features/public/site/price-calculator';
import { RATING_COMPLETE_TEXTS, RatingCompleteContent } from '../../src/features/public/site/rating-complete';
import { formatMoney } from '../../src/lib/money';
import { SEARCH_TEXTS } from '../../src/lib/error-catalogue';
import { priceCalculatorMachine } from '../../src/machines/public/price-calculator.machine';
import { samplePrice, sampleParcelTypes } from '../../src/machines/public/price-calculator.samples';
import { publicPlaceSelectLogic } from '../../src/machines/public/public-place-select';
import type { PublicPrice, PublicSlaType } from '../../src/machines/public/public.actors';
import type { SearchOptionsInput } from '../../src/machines/lists/search-select.types';
import type { SelectOption } from '../../src/resources/types';

const PLACES: SelectOption[] = [
  { key: 'za-cape-town-cape-town-city-centre', value: 'Cape Town City Centre, Cape Town, Western Cape, South Africa' },
  { key: 'za-cape-town-gardens', value: 'Gardens, Cape Town, Western Cape, South Africa' },
  { key: 'za-stellenbosch-stellenbosch', value: 'Stellenbosch, Western Cape, South Africa' },
];
const WAIT = { timeout: 10_000 };
type PriceInput = { cca2: string; fromPlaceId: string; toPlaceId: string; parcelTypeId: number; slaType: PublicSlaType };

/** The calculator's charts with the server's answers stood in; what was asked is kept. */
function liveCharts() {
  const priced: PriceInput[] = [];
  const calculator = createActor(priceCalculatorMachine.provide({
    actors: {
      loadParcelTypes: fromPromise(async () => sampleParcelTypes),
      calculatePrice: fromPromise<PublicPrice, PriceInput>(async ({ input }) => { priced.push(input); return samplePrice; }),
    },
  }), { input: { cca2: 'ZA' } });
  const search = fromPromise<SelectOption[], SearchOptionsInput>(async ({ input }) => PLACES.filter((place) => place.value.toLowerCase().includes(input.term.toLowerCase())));
  const select = () => createActor(publicPlaceSelectLogic.provide({ actors: { searchOptions: search } }), { input: placeSelectInput('ZA') });
  return { calculator, from: select(), to: select(), priced };
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the price calculator island (/pricing)', () => {
  it('hydrates the HTML rendered ahead of time without a mismatch, then answers the price from the keyboard', async () => {
    // As the build renders it: the charts' first snapshots, not started, fields disabled.
    const ahead = { calculator: createActor(priceCalculatorMachine, { input: { cca2: '' } }), from: createActor(publicPlaceSelectLogic, { input: placeSelectInput('') }), to: createActor(publicPlaceSelectLogic, { input: placeSelectInput('') }) };
    const container = document.createElement('div');
    container.innerHTML = renderToString(<PriceCalculatorView {...ahead} portal={{ currency: 'ZAR', currencyDecimals: 2 }} />);
    document.body.appendChild(container);
    expect((container.querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    const renderedInput = container.querySelector('#calculator-from');

    const errors = vi.spyOn(console, 'error');
    const { calculator, from, to, priced } = liveCharts();
    for (const actor of [calculator, from, to]) actor.start();
    act(() => { root = hydrateRoot(container, <StrictMode><PriceCalculatorView calculator={calculator} from={from} to={to} portal={{ currency: 'ZAR', currencyDecimals: 2 }} /></StrictMode>); });
    await waitFor(() => expect((container.querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(false), WAIT);
    // Hydrated, not replaced: the very elements the page showed.
    expect(container.querySelector('#calculator-from')).toBe(renderedInput);
    expect(errors).not.toHaveBeenCalled();

    const form = within(screen.getByRole('form', { name: CALCULATOR_TEXTS.title }));
    await waitFor(() => expect(form.getByLabelText(CALCULATOR_TEXTS.parcel).getAttribute('aria-busy')).toBeNull(), WAIT);
    expect(form.getByTestId('calculator-result').textContent).toBe(CALCULATOR_TEXTS.incomplete);

    // From: type, arrow down twice, Enter.
    const fromInput = form.getByRole('combobox', { name: CALCULATOR_TEXTS.from });
    expect(fromInput.getAttribute('aria-describedby')).toBe('calculator-from-status');
    expect(document.getElementById('calculator-from-status')!.textContent).toBe(SEARCH_TEXTS.enterSearchTerm);
    act(() => { fireEvent.change(fromInput, { target: { value: 'Ca' } }); });
    expect(document.getElementById('calculator-from-status')!.textContent).toBe(SEARCH_TEXTS.minimum(3));
    act(() => { fireEvent.change(fromInput, { target: { value: 'Cape Town' } }); });
    const fromList = await screen.findByRole('listbox', { name: CALCULATOR_TEXTS.from }, WAIT);
    expect(within(fromList).getAllByRole('option').map((option) => option.textContent)).toEqual([PLACES[0]!.value, PLACES[1]!.value]);
    expect(fromInput.getAttribute('aria-expanded')).toBe('true');
    expect(fromInput.getAttribute('aria-activedescendant')).toBeNull();
    act(() => { fireEvent.keyDown(fromInput, { key: 'ArrowDown' }); });
    act(() => { fireEvent.keyDown(fromInput, { key: 'ArrowDown' }); });
    expect(fromInput.getAttribute('aria-activedescendant')).toBe('calculator-from-option-1');
    expect(document.getElementById('calculator-from-option-1')!.getAttribute('aria-selected')).toBe('true');
    act(() => { fireEvent.keyDown(fromInput, { key: 'ArrowUp' }); });
    expect(fromInput.getAttribute('aria-activedescendant')).toBe('calculator-from-option-0');
    act(() => { fireEvent.keyDown(fromInput, { key: 'Enter' }); });
    expect(from.getSnapshot().context.selected).toEqual(PLACES[0]);
    expect(fromInput.getAttribute('aria-expanded')).toBe('false');

    // To: Escape closes the list, the arrow opens it again; a click chooses too.
    const toInput = form.getByRole('combobox', { name: CALCULATOR_TEXTS.to });
    act(() => { fireEvent.change(toInput, { target: { value: 'Stellen' } }); });
    await screen.findByRole('listbox', { name: CALCULATOR_TEXTS.to }, WAIT);
    act(() => { fireEvent.keyDown(toInput, { key: 'Escape' }); });
    expect(toInput.getAttribute('aria-expanded')).toBe('false');
    act(() => { fireEvent.keyDown(toInput, { key: 'ArrowDown' }); });
    expect(toInput.getAttribute('aria-activedescendant')).toBe('calculator-to-option-0');
    act(() => { fireEvent.click(screen.getByRole('option', { name: PLACES[2]!.value })); });

    const total = await form.findByTestId('calculator-total', {}, WAIT);
    expect(total.textContent).toBe(formatMoney(samplePrice.total, { currency: 'ZAR', decimals: 2 }));
    const result = form.getByTestId('calculator-result').textContent;
    expect(result).toContain('VAT (15%)');
    expect(result).toContain(`Standard · ${samplePrice.distanceKm} km · collection on ${samplePrice.date}`);
    expect(priced).toEqual([{ cca2: 'ZA', fromPlaceId: PLACES[0]!.key, toPlaceId: PLACES[2]!.key, parcelTypeId: 1, slaType: 'Standard' }]);

    // The native selects price again; clearing From asks for it again.
    act(() => { fireEvent.change(form.getByLabelText(CALCULATOR_TEXTS.level), { target: { value: 'Priority' } }); });
    await waitFor(() => expect(priced).toHaveLength(2), WAIT);
    expect(priced[1]).toMatchObject({ slaType: 'Priority' });
    act(() => { fireEvent.click(form.getByRole('button', { name: `Clear ${CALCULATOR_TEXTS.from}` })); });
    expect(document.activeElement).toBe(fromInput);
    await waitFor(() => expect(form.getByTestId('calculator-result').textContent).toBe(CALCULATOR_TEXTS.incomplete), WAIT);
  });
});

describe('/developers rendered ahead of time', () => {
  it('lists every operation of openapi/*.yaml by tag in native disclosures', () => {
    const { reference } = siteData(process.cwd());
    render(<StaticApiReference groups={reference} />);
    const shown = screen.getByTestId('api-reference');
    const connect = within(shown).getByRole('heading', { name: 'connect API (OpenAPI YAML)' });
    expect(within(connect).getByRole('link', { name: '(OpenAPI YAML)' }).getAttribute('href')).toBe('/openapi/connect.yaml');
    expect(within(shown).getByRole('heading', { name: 'identity API (OpenAPI YAML)' })).toBeTruthy();
    const publicTag = reference[0]!.tags.find((tag) => tag.tag === 'public')!;
    const details = within(shown).getByText(`public (${publicTag.operations.length})`).closest('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('/connect/public/{cca2}/price');
    expect(shown.textContent).toContain('/identity/');
    expect(shown.querySelectorAll('li')).toHaveLength(reference.flatMap((group) => group.tags.flatMap((tag) => tag.operations)).length);
  });
});

describe('/rating-complete and /google-rating-complete', () => {
  it('thanks, with the review link only when there is one, opened in a new tab', () => {
    const view = render(<RatingCompleteContent reviewUrl={null} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(RATING_COMPLETE_TEXTS.title);
    expect(screen.queryByRole('link', { name: RATING_COMPLETE_TEXTS.reviewLink })).toBeNull();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Book a delivery' }).getAttribute('href')).toBe('/deliveries/add');
    view.unmount();
    render(<RatingCompleteContent reviewUrl="https://reviews.example/courier" />);
    const link = screen.getByRole('link', { name: RATING_COMPLETE_TEXTS.reviewLink });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual(['https://reviews.example/courier', '_blank', 'noopener noreferrer']);
    expect(link.parentElement!.textContent).toBe(`${RATING_COMPLETE_TEXTS.review} ${RATING_COMPLETE_TEXTS.reviewLink}`);
  });
});
