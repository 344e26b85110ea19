// /pricing (issue 19) without Chakra: the service levels and the live price calculator. Rendered ahead of time with
// the calculator drawn from its charts' first snapshots (created, not started), the same ones the page's script
// starts from (src/app/site-pricing.tsx), so the page's HTML and the live calculator agree.
import { createActor } from 'xstate';
import { SERVICE_LEVELS } from '../../../lib/constants';
import { priceCalculatorMachine } from '../../../machines/public/price-calculator.machine';
import { publicPlaceSelectLogic } from '../../../machines/public/public-place-select';
import { SERVICE_LEVEL_TEXTS, Section, type SitePortal } from './content';
import { placeSelectInput, PriceCalculatorView, SERVICE_LEVEL_NAMES } from './price-calculator';

/** Where the live calculator goes on the page. */
export const PRICING_ISLAND_ID = 'price-calculator';

export function PricingIntro({ portal }: { portal: SitePortal }) {
  return (
    <>
      <h1>Pricing</h1>
      <p className="site-lead site-intro">What a delivery costs across {portal.name}, in {portal.currency} with VAT shown. The same prices as when you book.</p>
    </>
  );
}

export function ServiceLevels() {
  return (
    <Section title="Service levels">
      <ul className="site-grid site-grid-2 site-cards">
        {SERVICE_LEVEL_NAMES.map((level) => (
          <li key={level} className="site-card">
            <h3>{`${level} · ${SERVICE_LEVELS[level]}`}</h3>
            <p>{SERVICE_LEVEL_TEXTS[level]}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The page rendered ahead of time; the island's element carries the portal's currency and its decimals. */
export function PricingContent({ portal, decimals }: { portal: SitePortal; decimals: string }) {
  const calculator = createActor(priceCalculatorMachine, { input: { cca2: '' } });
  const from = createActor(publicPlaceSelectLogic, { input: placeSelectInput('') });
  const to = createActor(publicPlaceSelectLogic, { input: placeSelectInput('') });
  return (
    <>
      <PricingIntro portal={portal} />
      <div id={PRICING_ISLAND_ID} data-currency={portal.currency} data-decimals={decimals}>
        <PriceCalculatorView calculator={calculator} from={from} to={to} portal={{ currency: portal.currency, currencyDecimals: 2 }} />
      </div>
      <ServiceLevels />
    </>
  );
}
