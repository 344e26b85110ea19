// The information pages inside the single-page app (dev server, offline): the same components the build renders to
// HTML for the server (src/features/public/site), in the app's public layout.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { PublicLayout } from '../../ui/public/PublicLayout';
import { AboutContent, BusinessesContent, DriversContent, FaqContent, PrivacyContent, ShopContent, TermsContent } from './site/content';
import './site/site.css';

function Page({ path, children }: { path: string; children: ReactNode }) {
  return (
    <PublicLayout path={path}>
      <div className="site-content">{children}</div>
    </PublicLayout>
  );
}

/** /businesses: accounts for companies and stores; applying leads to /business-apply (sign-in first). */
export function BusinessesPage() {
  return <Page path="/businesses"><BusinessesContent portal={usePortal()} /></Page>;
}

/** /drivers: the driver and partner applications. */
export function DriversPage() {
  return <Page path="/drivers"><DriversContent /></Page>;
}

/** /shopify and /woocommerce. */
export function ShopPage() {
  const { pathname } = useLocation();
  const shop = pathname.startsWith('/woocommerce') ? 'WooCommerce' : 'Shopify';
  return <Page path={shop === 'WooCommerce' ? '/woocommerce' : '/shopify'}><ShopContent shop={shop} /></Page>;
}

/** /about. */
export function AboutPage() {
  return <Page path="/about"><AboutContent portal={usePortal()} /></Page>;
}

/** /faq. */
export function FaqPage() {
  return <Page path="/faq"><FaqContent /></Page>;
}

/** /terms. */
export function TermsPage() {
  return <Page path="/terms"><TermsContent /></Page>;
}

/** /privacy. */
export function PrivacyPage() {
  return <Page path="/privacy"><PrivacyContent /></Page>;
}
