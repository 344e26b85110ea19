import { Heading, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { ActionLink, PublicLayout, Section } from '../../ui/public/PublicLayout';
import { SERVICE_LEVEL_TEXTS } from './HomePage';

function Page({ path, title, children }: { path: string; title: string; children: ReactNode }) {
  return (
    <PublicLayout path={path}>
      <Heading as="h1" size="3xl" color="primary" mb={4}>{title}</Heading>
      <Stack gap={3}>{children}</Stack>
    </PublicLayout>
  );
}

/** /businesses: accounts for companies and stores; applying leads to /business-apply (sign-in first). */
export function BusinessesPage() {
  const portal = usePortal();
  return (
    <Page path="/businesses" title="Deliveries for your business">
      <Text fontSize="lg">Shops, restaurants and companies across {portal.name} send with us every day.</Text>
      <Section title="What a business account gives you">
        <List.Root gap={2} ps={5}>
          <List.Item>A company account with post-pay or prepay billing, statements and transactions.</List.Item>
          <List.Item>Stores with their own staff, addresses and collection windows.</List.Item>
          <List.Item>Bulk uploads of deliveries, and your own rates where agreed.</List.Item>
          <List.Item>An API and signed webhooks to book and follow deliveries from your systems (see For developers).</List.Item>
          <List.Item>Reports of your deliveries, exports to Excel, and ratings of every driver.</List.Item>
        </List.Root>
      </Section>
      <Section title="Apply">
        <Text>Sign in (or create an account), then fill in the business application. We review it and set up your company.</Text>
        <Stack direction="row" gap={3} mt={3} wrap="wrap">
          <ActionLink to="/business-apply">Apply as a business</ActionLink>
          <ActionLink to="/developers" variant="outline">For developers</ActionLink>
        </Stack>
      </Section>
    </Page>
  );
}

/** /drivers: the driver and partner applications. */
export function DriversPage() {
  return (
    <Page path="/drivers" title="Drive with us">
      <Text fontSize="lg">Carry deliveries with your own vehicle, or bring your fleet as a partner.</Text>
      <Section title="Drivers">
        <Text>Drivers are invited by a partner or by us: the invitation link opens the driver application. You need a driving licence, an identity document and proof of address.</Text>
      </Section>
      <Section title="Partners">
        <Text>A partner runs drivers and vehicles and is paid per job. Apply with your company details, vehicles and bank account; we review every document.</Text>
        <Stack direction="row" gap={3} mt={3} wrap="wrap">
          <ActionLink to="/partner-apply">Apply as a partner</ActionLink>
        </Stack>
      </Section>
      <Section title="How it works">
        <List.Root as="ol" gap={2} ps={5}>
          <List.Item>Apply and upload your documents (sign-in first).</List.Item>
          <List.Item>We review them and approve your account.</List.Item>
          <List.Item>Jobs are offered to you; collect, deliver, and get paid into your bank account.</List.Item>
        </List.Root>
      </Section>
    </Page>
  );
}

/** /shopify and /woocommerce: what exists today, plainly (no plug-in: our API and webhooks). */
export function ShopPage() {
  const { pathname } = useLocation();
  const shop = pathname.startsWith('/woocommerce') ? 'WooCommerce' : 'Shopify';
  const path = shop === 'WooCommerce' ? '/woocommerce' : '/shopify';
  return (
    <Page path={path} title={`${shop} deliveries`}>
      <Text fontSize="lg">
        There is no {shop} app or plug-in from us yet. What exists today is our API and our webhooks, and a {shop} shop connects through them.
      </Text>
      <Section title="How a shop connects">
        <List.Root as="ol" gap={2} ps={5}>
          <List.Item>Open a business account and ask us for an API client; its key authenticates your calls.</List.Item>
          <List.Item>When an order is paid in {shop}, your integration (a small app or an automation service) calls our API to quote and book the delivery, with the order number as its order reference.</List.Item>
          <List.Item>Register a webhook: we call your address when the delivery's status changes, signed so you can check it came from us.</List.Item>
          <List.Item>Give your customer the tracking link; they can also track with the order reference and their phone number.</List.Item>
        </List.Root>
        <Stack direction="row" gap={3} mt={3} wrap="wrap">
          <ActionLink to="/developers">API and webhooks</ActionLink>
          <ActionLink to="/businesses" variant="outline">Business accounts</ActionLink>
        </Stack>
      </Section>
    </Page>
  );
}

/** /about. */
export function AboutPage() {
  const portal = usePortal();
  return (
    <Page path="/about" title="About us">
      <Text>We run a courier and logistics platform for {portal.name}: customers book and pay online, and our operators, partners and drivers carry every parcel from pick-up to drop-off, live.</Text>
      <Text>Every delivery has a waybill and a tracking link; every driver is rated by the people they deliver to.</Text>
      <Stack direction="row" gap={3} wrap="wrap"><ActionLink to="/faq" variant="outline">FAQ</ActionLink><ActionLink to="/pricing" variant="outline">Pricing</ActionLink></Stack>
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
export function FaqPage() {
  return (
    <Page path="/faq" title="Frequently asked questions">
      {FAQ.map(([question, answer]) => (
        <Section key={question} title={question}><Text>{answer}</Text></Section>
      ))}
    </Page>
  );
}

/** /terms. */
export function TermsPage() {
  return (
    <Page path="/terms" title="Terms">
      <Text>By booking a delivery you accept these terms.</Text>
      <Section title="Bookings and prices"><Text>A quote is valid until its expiry; the price shown when you accept it is the price you pay, VAT included. Round trips are charged both ways.</Text></Section>
      <Section title="Parcels"><Text>Parcels must fit the size and weight booked and hold nothing unlawful or dangerous. Fragile items must be marked as such.</Text></Section>
      <Section title="Collection and delivery"><Text>We collect and deliver within the windows of the chosen service level. If nobody is there to receive a parcel it may be returned to the sender at a cost.</Text></Section>
      <Section title="Refunds"><Text>Cancelled or failed deliveries are refunded to the account or card they were paid from.</Text></Section>
    </Page>
  );
}

/** /privacy. */
export function PrivacyPage() {
  return (
    <Page path="/privacy" title="Privacy">
      <Section title="What we keep"><Text>Your account details, the addresses and contact details of your deliveries, payments, and ratings you give. Drivers' positions are kept while they carry jobs.</Text></Section>
      <Section title="Why"><Text>To collect, deliver and bill your parcels, to tell recipients where their parcel is, and to keep the service safe.</Text></Section>
      <Section title="Who sees it"><Text>Our operators, and the driver and partner carrying your delivery. A tracking link shows no names, phone numbers or emails. Card details are held by our card provider, never by us.</Text></Section>
      <Section title="Your rights"><Text>You may see, correct or delete your account's data from your profile, or ask us.</Text></Section>
    </Page>
  );
}
