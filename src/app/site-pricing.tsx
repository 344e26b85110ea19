// The live price calculator on /pricing rendered ahead of time (issue 19, "A fast first load"): React and the
// calculator's charts take over the form the page already shows (hydration: the same view, from the same first
// snapshots). No Chakra, router or root actor.
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { priceCalculatorMachine } from '../machines/public/price-calculator.machine';
import { publicPlaceSelectLogic } from '../machines/public/public-place-select';
import { placeSelectInput, PriceCalculatorView } from '../features/public/site/price-calculator';

export function mountPricing(container: HTMLElement, cca2: string) {
  const currency = container.dataset.currency ?? '';
  const decimals = Number(container.dataset.decimals);
  const calculator = createActor(priceCalculatorMachine, { input: { cca2 } }).start();
  const from = createActor(publicPlaceSelectLogic, { input: placeSelectInput(cca2) }).start();
  const to = createActor(publicPlaceSelectLogic, { input: placeSelectInput(cca2) }).start();
  hydrateRoot(container, (
    <StrictMode>
      <PriceCalculatorView calculator={calculator} from={from} to={to} portal={{ currency, currencyDecimals: Number.isInteger(decimals) ? decimals : 2 }} />
    </StrictMode>
  ));
}
