import { priceCalculatorMachine } from '../../machines/public/price-calculator.machine';
import { publicPlaceSelectLogic } from '../../machines/public/public-place-select';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { PublicLayout } from '../../ui/public/PublicLayout';
import { placeSelectInput, PriceCalculatorView as SitePriceCalculatorView } from './site/price-calculator';
import { PricingIntro, ServiceLevels } from './site/pricing-page';
import './site/site.css';

/** The live calculator: the view the page rendered ahead of time also uses. */
export const PriceCalculatorView = SitePriceCalculatorView;

/**
 * /pricing inside the app (a signed-in visitor, in-app navigation, offline): the service levels and the live price
 * calculator. Online, a visitor gets the page rendered ahead of time (src/features/public/site/pricing-page.tsx).
 */
function PricingPage() {
  const portal = usePortal();
  const calculator = useScreenActor(priceCalculatorMachine, { cca2: portal.cca2 });
  const from = useScreenActor(publicPlaceSelectLogic, placeSelectInput(portal.cca2));
  const to = useScreenActor(publicPlaceSelectLogic, placeSelectInput(portal.cca2));
  return (
    <PublicLayout path="/pricing">
      <div className="site-content">
        <PricingIntro portal={portal} />
        <PriceCalculatorView calculator={calculator} from={from} to={to} portal={portal} />
        <ServiceLevels />
      </div>
    </PublicLayout>
  );
}

export const Component = PricingPage;
