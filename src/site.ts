// The one script of the public pages rendered ahead of time (issue 19, "A fast first load"; the pages themselves are
// HTML from the server, src/features/public/site): the service worker (000 section 2), the page view (000 section 7),
// and the chat button, whose widget loads when pressed. No React, router, Chakra or XState on a first load.
import { registerServiceWorker } from './app/service-worker';
import './features/public/site/site.css';
import { sendPageView } from './lib/analytics';

const { portal = '', analytics = '', page = '/' } = document.documentElement.dataset;

registerServiceWorker();
if (analytics) sendPageView(analytics, { page, portal });

// The contact form, rendered ahead of time with its fields disabled, comes alive at once.
const contact = document.getElementById('contact-form');
if (contact) void import('./app/site-contact').then(({ mountContact }) => mountContact(contact, portal));

// The price calculator on /pricing, likewise.
const pricing = document.getElementById('price-calculator');
if (pricing) void import('./app/site-pricing').then(({ mountPricing }) => mountPricing(pricing, portal));
// The routes with parameters (/track-order/:searchTerm?, /track/:hash, /rate/:hash): their island comes alive at once.
const trackOrder = document.getElementById('track-order-form');
if (trackOrder) void import('./app/site-track-order').then(({ mountTrackOrder }) => mountTrackOrder(trackOrder, portal));
const tracking = document.getElementById('tracking');
if (tracking) void import('./app/site-tracking').then(({ mountTracking }) => mountTracking(tracking, portal));
const rating = document.getElementById('rating');
if (rating) void import('./app/site-rating').then(({ mountRating }) => mountRating(rating, portal));

const chat = document.getElementById('visitor-chat');
const opener = chat?.querySelector('button');
if (chat && opener) {
  const load = () => import('./app/site-chat');
  // Pointer over or focus on the button: start loading, so pressing it opens the widget sooner.
  opener.addEventListener('pointerenter', () => void load(), { once: true });
  opener.addEventListener('focus', () => void load(), { once: true });
  opener.addEventListener('click', () => {
    opener.disabled = true;
    opener.setAttribute('aria-busy', 'true');
    void load().then(({ mountChat }) => mountChat(chat, portal));
  });
}
