// The public pages (issue 19; 000 section 2): each one's description, for the document head (the router sets the
// title from the path) and for the sitemap the server serves per portal host (server/routes/site.ts). `{country}` is the portal's name.

export interface PublicPage {
  path: string;
  description: string;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', description: 'Same-day and next-day courier deliveries across {country} for people and businesses: book online, pay by card or account, track every parcel live.' },
  { path: '/pricing', description: 'What a delivery costs across {country}: the service levels and a live price calculator with VAT shown.' },
  { path: '/businesses', description: 'Courier accounts for shops and companies in {country}: post-pay or prepay accounts, stores, bulk uploads, an API and webhooks.' },
  { path: '/drivers', description: 'Drive with us in {country}: apply as a driver, or as a partner with your own fleet.' },
  { path: '/developers', description: 'Integrate with our API: API clients and keys, signed webhooks, and the full API reference.' },
  { path: '/shopify', description: 'How a Shopify shop sends its orders to us today: our API and webhooks.' },
  { path: '/woocommerce', description: 'How a WooCommerce shop sends its orders to us today: our API and webhooks.' },
  { path: '/track-order', description: 'Track a parcel with its waybill or order reference and the recipient\'s phone number.' },
  { path: '/about', description: 'Who we are: a courier and logistics platform for {country}.' },
  { path: '/faq', description: 'Answers to common questions about booking, paying, tracking and rating deliveries.' },
  { path: '/terms', description: 'The terms of using our courier service.' },
  { path: '/privacy', description: 'What personal data we keep, why, and for how long.' },
  { path: '/contact', description: 'Write to our operators in {country}: questions about a delivery, an account or working with us.' },
];

export function publicPageOf(path: string): PublicPage | undefined {
  return PUBLIC_PAGES.find((page) => page.path === path);
}

export const withCountry = (text: string, country: string) => text.replaceAll('{country}', country);
