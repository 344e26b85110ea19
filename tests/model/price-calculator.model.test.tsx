import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { PriceCalculatorView } from '../../src/features/public/PricingPage';
import { formatMoney } from '../../src/lib/money';
import type { SelectOption } from '../../src/resources/types';
import { priceCalculatorSamples } from '../../src/machines/public/price-calculator.samples';
import { publicPlaceSelectLogic } from '../../src/machines/public/public-place-select';
import { system } from '../../src/ui/theme';
import { describeModel } from '../support/model-paths';

// The live price calculator of /pricing (issue 19). From and To are the shared search select (its own model test);
// their choice reaches the calculator as from.select / to.select, sent here as the select would.
describeModel({
  machine: priceCalculatorSamples.machine,
  scenarios: priceCalculatorSamples.scenarios,
  targets: priceCalculatorSamples.targets,
  guards: true,
  start(machine, input, clock) {
    const actor = createActor(machine, { input, clock }).start();
    const from = createActor(publicPlaceSelectLogic, { input: { resource: 'stores', cca2: 'za' } }).start();
    const to = createActor(publicPlaceSelectLogic, { input: { resource: 'stores', cca2: 'za' } }).start();
    render(<ChakraProvider value={system}><PriceCalculatorView calculator={actor} from={from} to={to} portal={{ currency: 'ZAR', currencyDecimals: 2 }} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'from.select': case 'to.select': actor.send({ type: event.type, place: event.place as SelectOption | null }); break;
            case 'parcel.select': fireEvent.change(screen.getByLabelText('Parcel size'), { target: { value: String(event.parcelTypeId) } }); break;
            case 'level.select': fireEvent.change(screen.getByLabelText('Service level'), { target: { value: event.slaType } }); break;
            case 'retry': {
              // After a refused price, Try again is the level select's change; after a failed load, the button.
              const button = screen.queryByRole('button', { name: 'Try again' });
              if (button) fireEvent.click(button);
              else actor.send({ type: 'retry' });
              break;
            }
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    loading: () => expect(screen.getByLabelText('Parcel size').getAttribute('aria-busy')).toBe('true'),
    loadFailed: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toContain(snapshot.context.error!.message);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    incomplete: () => expect(screen.getByTestId('calculator-result').textContent).toContain('Choose where the parcel is collected'),
    pricing: () => expect(screen.getByRole('status').textContent).toBe('Calculating…'),
    priced: (snapshot) => {
      const price = snapshot.context.price!;
      expect(screen.getByTestId('calculator-total').textContent).toBe(formatMoney(price.total, { currency: 'ZAR', decimals: 2 }));
      expect(screen.getByTestId('calculator-result').textContent).toContain('VAT (15%)');
      expect(screen.getByTestId('calculator-result').textContent).toContain(`${price.distanceKm} km`);
    },
    notPriced: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error!.message);
      expect(screen.queryByTestId('calculator-total')).toBeNull();
    },
  },
});
