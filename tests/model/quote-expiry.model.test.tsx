import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createActor } from 'xstate';
import { afterEach, expect, vi } from 'vitest';
import { system } from '../../src/ui/theme';
import { QuoteOptions } from '../../src/features/booking/QuoteOptions';
import { QUOTE_STEP_TEXTS } from '../../src/lib/booking-texts';
import { SERVICE_LEVELS } from '../../src/lib/constants';
import { quoteExpiryMachine } from '../../src/machines/booking/quote-expiry.machine';
import { QUOTE_SAMPLE_NOW, quoteExpirySamples } from '../../src/machines/booking/quote-expiry.samples';
import { chartCan, describeModel } from '../support/model-paths';
import { roleFlagsOf, type Permissions } from '../../src/lib/roles';

const customer: Permissions = {
  id: 7, companyId: null, storeId: null, email: 'customer@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false, ...roleFlagsOf(7, []),
};

afterEach(() => vi.restoreAllMocks());

const options = () => screen.getAllByTestId('quote-option');
const radio = (index: number) => within(options()[index]!).getByRole('radio') as HTMLInputElement;

let observed: typeof quoteExpiryMachine = quoteExpiryMachine;

describeModel({
  machine: quoteExpiryMachine,
  scenarios: quoteExpirySamples.scenarios,
  targets: quoteExpirySamples.targets,
  guards: true,
  start(machine, input, clock) {
    // The recalculation reads the wall clock: pinned to the samples' start plus the simulated time.
    vi.spyOn(Date, 'now').mockImplementation(() => QUOTE_SAMPLE_NOW + clock.now());
    observed = machine;
    const actor = createActor(machine, { input, clock }).start();
    // A customer: no prices, only the expiry text.
    render(
      <ChakraProvider value={system}>
        <QuoteOptions actor={actor} permissions={customer} isRoundTrip={false} isHighRisk={false} />
      </ChakraProvider>,
    );
    return {
      async send(event) {
        if (event.type === 'quote.select') fireEvent.click(radio(event.index as number));
        // A new quote response comes from the wizard, not from a click.
        else if (event.type === 'quotes.refresh') await act(async () => { actor.send(event as never); });
        else throw new Error(`No UI action for ${event.type}`);
      },
    };
  },
  states: {
    counting: (snapshot) => {
      const rows = options();
      expect(rows).toHaveLength(snapshot.context.quotes.length);
      snapshot.context.quotes.forEach((quote, index) => {
        expect(within(rows[index]!).getByText(SERVICE_LEVELS[quote.slaType])).toBeTruthy();
        const text = within(rows[index]!).getByTestId('quote-expiry').textContent!;
        const expired = Date.parse(quote.quoteExpirationUtc) <= snapshot.context.now;
        expect(text).toMatch(expired ? /^Expired$/ : /^Expires in \d+ (second|minute|hour|day)s?$/);
        expect(radio(index).disabled).toBe(expired);
        // The chart takes the choice of an open option only (selectable).
        expect(chartCan(observed, snapshot, { type: 'quote.select', index })).toBe(!expired);
        expect(radio(index).checked).toBe(snapshot.context.selectedIndex === index);
      });
      expect(screen.queryByTestId('quote-price')).toBeNull();
      expect(screen.queryByLabelText(QUOTE_STEP_TEXTS.subjectAdditionalCharges)).toBeNull();
    },
    allExpired: (snapshot) => {
      for (const row of options()) {
        expect(within(row).getByTestId('quote-expiry').textContent).toBe(QUOTE_STEP_TEXTS.expired);
        expect((within(row).getByRole('radio') as HTMLInputElement).disabled).toBe(true);
      }
      options().forEach((_, index) => expect(chartCan(observed, snapshot, { type: 'quote.select', index })).toBe(false));
      expect(screen.queryByRole('radio', { checked: true })).toBeNull();
    },
  },
});
