// The public pages that are only words and links (issue 19, "A fast first load"): plain elements and class names of
// site.css, no Chakra, no router, no actor. The build renders them to HTML (scripts/render-public-pages.tsx) that the
// server fills with the portal of the host; the single-page app renders the same components (dev server, offline).
import type { ReactNode } from 'react';
import { SERVICE_LEVELS } from '../../../lib/constants';

/** What a page says about its portal: the host's country, its currency and time zone. */
export interface SitePortal {
  name: string;
  currency: string;
  timeZone: string;
}

/** What each service level promises, in a visitor's words (the windows of server/domain/pricing.ts). */
export const SERVICE_LEVEL_TEXTS: Record<keyof typeof SERVICE_LEVELS, string> = {
  Standard: 'Delivered within a day of collection, through our hubs where that is quicker. The lowest price.',
  Priority: 'Straight from pick-up to drop-off, from an hour after collection.',
  Hyperlocal: 'Short hops across town by the nearest driver, from 30 minutes after collection.',
  'Emergency Relief': 'Relief parcels carried within two days of collection.',
};

/**
 * A call-to-action link styled as a button (a link: it navigates). Always a full page load: the public pages and the
 * back office are two different apps.
 */
export function ActionLink({ to, children, variant = 'solid' }: { to: string; children: ReactNode; variant?: 'solid' | 'outline' }) {
  return <a href={to} className={`site-action site-action-${variant}`}>{children}</a>;
}

/** A titled section of a public page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="site-section" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

const Actions = ({ children }: { children: ReactNode }) => <div className="site-actions">{children}</div>;

/** `/`: what we do, for whom, the service levels, how booking works (000 section 2). */
export function HomeContent({ portal }: { portal: SitePortal }) {
  return (
    <>
      <div className="site-stack">
        <h1>Deliveries across {portal.name}, booked in minutes</h1>
        <p className="site-lead site-muted">
          Same-day and next-day courier deliveries for people, shops and companies. Prices in {portal.currency}; times shown in {portal.timeZone}.
        </p>
        <Actions>
          <ActionLink to="/deliveries/add">Book a delivery</ActionLink>
          <ActionLink to="/pricing" variant="outline">See prices</ActionLink>
          <ActionLink to="/track-order" variant="outline">Track a parcel</ActionLink>
        </Actions>
      </div>
      <Section title="For whom">
        <div className="site-grid site-grid-3">
          <div><h3>People</h3><p>Send a parcel across town or across the country, pay by card, follow it live.</p></div>
          <div><h3>Businesses</h3><p>Accounts for companies and stores, bulk uploads and an API.</p><ActionLink to="/businesses" variant="outline">For businesses</ActionLink></div>
          <div><h3>Drivers and partners</h3><p>Carry our deliveries with your own vehicle or fleet.</p><ActionLink to="/drivers" variant="outline">Apply</ActionLink></div>
        </div>
      </Section>
      <Section title="Service levels">
        <ul className="site-grid site-grid-4 site-cards">
          {Object.entries(SERVICE_LEVELS).map(([name, label]) => (
            <li key={name} className="site-card">
              <h3>{name}</h3>
              <p className="site-muted">{label}</p>
              <p>{SERVICE_LEVEL_TEXTS[name as keyof typeof SERVICE_LEVELS]}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="How booking works">
        <ol className="site-list">
          <li>Enter where the parcel is collected and where it goes, and the day.</li>
          <li>Add your parcels (small, medium, large, or your own sizes).</li>
          <li>Choose a quote: each service level with its price and its collection and delivery windows.</li>
          <li>Give the contact details at both ends, accept the quote and pay by card or from your account.</li>
          <li>Follow the delivery live with its tracking link, then rate the driver.</li>
        </ol>
        <Actions>
          <ActionLink to="/deliveries/add">Book now</ActionLink>
          <ActionLink to="/register" variant="outline">Create an account</ActionLink>
        </Actions>
      </Section>
    </>
  );
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h1>{title}</h1>
      <div className="site-stack">{children}</div>
    </>
  );
}

/** /businesses: accounts for companies and stores; applying leads to /business-apply (sign-in first). */
export function BusinessesContent({ portal }: { portal: SitePortal }) {
  return (
    <Page title="Deliveries for your business">
      <p className="site-lead">Shops, restaurants and companies across {portal.name} send with us every day.</p>
      <Section title="What a business account gives you">
        <ul className="site-list">
          <li>A company account with post-pay or prepay billing, statements and transactions.</li>
          <li>Stores with their own staff, addresses and collection windows.</li>
          <li>Bulk uploads of deliveries, and your own rates where agreed.</li>
          <li>An API and signed webhooks to book and follow deliveries from your systems (see For developers).</li>
          <li>Reports of your deliveries, exports to Excel, and ratings of every driver.</li>
        </ul>
      </Section>
      <Section title="Apply">
        <p>Sign in (or create an account), then fill in the business application. We review it and set up your company.</p>
        <Actions>
          <ActionLink to="/business-apply">Apply as a business</ActionLink>
          <ActionLink to="/developers" variant="outline">For developers</ActionLink>
        </Actions>
      </Section>
    </Page>
  );
}

/** /drivers: the driver and partner applications. */
export function DriversContent() {
  return (
    <Page title="Drive with us">
      <p className="site-lead">Carry deliveries with your own vehicle, or bring your fleet as a partner.</p>
      <Section title="Drivers">
        <p>Drivers are invited by a partner or by us: the invitation link opens the driver application. You need a driving licence, an identity document and proof of address.</p>
      </Section>
      <Section title="Partners">
        <p>A partner runs drivers and vehicles and is paid per job. Apply with your company details, vehicles and bank account; we review every document.</p>
        <Actions>
          <ActionLink to="/partner-apply">Apply as a partner</ActionLink>
        </Actions>
      </Section>
      <Section title="How it works">
        <ol className="site-list">
          <li>Apply and upload your documents (sign-in first).</li>
          <li>We review them and approve your account.</li>
          <li>Jobs are offered to you; collect, deliver, and get paid into your bank account.</li>
        </ol>
      </Section>
    </Page>
  );
}

/** /shopify and /woocommerce: what exists today, plainly (no plug-in: our API and webhooks). */
export function ShopContent({ shop }: { shop: 'Shopify' | 'WooCommerce' }) {
  return (
    <Page title={`${shop} deliveries`}>
      <p className="site-lead">
        There is no {shop} app or plug-in from us yet. What exists today is our API and our webhooks, and a {shop} shop connects through them.
      </p>
      <Section title="How a shop connects">
        <ol className="site-list">
          <li>Open a business account and ask us for an API client; its key authenticates your calls.</li>
          <li>When an order is paid in {shop}, your integration (a small app or an automation service) calls our API to quote and book the delivery, with the order number as its order reference.</li>
          <li>Register a webhook: we call your address when the delivery's status changes, signed so you can check it came from us.</li>
          <li>Give your customer the tracking link; they can also track with the order reference and their phone number.</li>
        </ol>
        <Actions>
          <ActionLink to="/developers">API and webhooks</ActionLink>
          <ActionLink to="/businesses" variant="outline">Business accounts</ActionLink>
        </Actions>
      </Section>
    </Page>
  );
}

/** /about. */
export function AboutContent({ portal }: { portal: SitePortal }) {
  return (
    <Page title="About us">
      <p>We run a courier and logistics platform for {portal.name}: customers book and pay online, and our operators, partners and drivers carry every parcel from pick-up to drop-off, live.</p>
      <p>Every delivery has a waybill and a tracking link; every driver is rated by the people they deliver to.</p>
      <Actions><ActionLink to="/faq" variant="outline">FAQ</ActionLink><ActionLink to="/pricing" variant="outline">Pricing</ActionLink></Actions>
    </Page>
  );
}

const FAQ: readonly (readonly [string, string])[] = [
  ['How much does a delivery cost?', 'It depends on the distance, the parcel size, the service level and the day. The calculator on the pricing page gives the price, VAT included.'],
  ['Which service levels are there?', Object.entries(SERVICE_LEVEL_TEXTS).map(([name, text]) => `${name}: ${text}`).join(' ')],
  ['How do I track a parcel?', 'Open the tracking link we sent, or enter the waybill (or order reference) and the last 4 digits of the recipient\'s phone number on the tracking page.'],
  ['How do I pay?', 'By card when you book, or from your account\'s balance. Business accounts can be post-paid.'],
  ['Can I rate my driver?', 'Yes: once your parcel is delivered, the rating link lets you rate the delivery from 1 (Useless) to 5 (Excellent), once.'],
  ['Can I cancel a delivery?', 'An unpaid quote can be cancelled from your dashboard. Once paid, contact us.'],
];

/** /faq. */
export function FaqContent() {
  return (
    <Page title="Frequently asked questions">
      {FAQ.map(([question, answer]) => (
        <Section key={question} title={question}><p>{answer}</p></Section>
      ))}
    </Page>
  );
}

/** /terms. */
export function TermsContent() {
  return (
    <Page title="Terms">
      <p>By booking a delivery you accept these terms.</p>
      <Section title="Bookings and prices"><p>A quote is valid until its expiry; the price shown when you accept it is the price you pay, VAT included. Round trips are charged both ways.</p></Section>
      <Section title="Parcels"><p>Parcels must fit the size and weight booked and hold nothing unlawful or dangerous. Fragile items must be marked as such.</p></Section>
      <Section title="Collection and delivery"><p>We collect and deliver within the windows of the chosen service level. If nobody is there to receive a parcel it may be returned to the sender at a cost.</p></Section>
      <Section title="Refunds"><p>Cancelled or failed deliveries are refunded to the account or card they were paid from.</p></Section>
    </Page>
  );
}

/** /privacy. */
export function PrivacyContent() {
  return (
    <Page title="Privacy">
      <Section title="What we keep"><p>Your account details, the addresses and contact details of your deliveries, payments, and ratings you give. Drivers' positions are kept while they carry jobs.</p></Section>
      <Section title="Why"><p>To collect, deliver and bill your parcels, to tell recipients where their parcel is, and to keep the service safe.</p></Section>
      <Section title="Who sees it"><p>Our operators, and the driver and partner carrying your delivery. A tracking link shows no names, phone numbers or emails. Card details are held by our card provider, never by us.</p></Section>
      <Section title="Your rights"><p>You may see, correct or delete your account's data from your profile, or ask us.</p></Section>
    </Page>
  );
}

/** The pages rendered ahead of time, by path, with what each shows. */
export const STATIC_PUBLIC_PAGES: Record<string, (props: { portal: SitePortal }) => ReactNode> = {
  '/': HomeContent,
  '/businesses': BusinessesContent,
  '/drivers': DriversContent,
  '/shopify': () => <ShopContent shop="Shopify" />,
  '/woocommerce': () => <ShopContent shop="WooCommerce" />,
  '/about': AboutContent,
  '/faq': FaqContent,
  '/terms': TermsContent,
  '/privacy': PrivacyContent,
};
