// The public face in a real browser against npm start's server (issue 19): no serious or critical axe-core
// violation on any public page at desktop and phone sizes, and the contact form reaches the operators' list; the
// tracking page and the chat widget follow live over the hubs (an operator's change shows without a reload).
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import createClient from 'openapi-fetch';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '../../src/lib/public-pages';
import { CALCULATOR_TEXTS } from '../../src/features/public/site/price-calculator';
import { RATING_COMPLETE_TEXTS } from '../../src/features/public/site/rating-complete';
import { formatMoney } from '../../src/lib/money';
import { CONTACT_TEXTS } from '../../src/lib/contact';
import { SERVICE_WORKER_TEXTS } from '../../src/lib/error-catalogue';
import type { paths as ConnectPaths } from '../../src/api/generated/connect';
import { MESSAGING_TEXTS } from '../../src/lib/dashboard-texts';
import { PUBLIC_TEXTS } from '../../src/lib/public-texts';
import { TRACKING_TEXTS, trackingStatusName } from '../../src/lib/tracking-texts';
import { VISITOR_CHAT_TEXTS } from '../../src/lib/visitor-chat';
import { apiLogin, launchBrowser, startAppServer, submitLogin, type AppServer } from './support';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SIZES = [{ name: 'desktop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }] as const;

const REVIEW_URL = 'https://reviews.example/courier';
let server: AppServer;
let browser: Browser;
/** A stand-in analytics service on loopback: the page views the app sends (000 section 7). */
const pageViews: unknown[] = [];
const analytics = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => { body += String(chunk); });
  request.on('end', () => {
    pageViews.push({ body: JSON.parse(body), cookie: request.headers.cookie });
    response.end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => analytics.listen(0, '127.0.0.1', resolve));
  const { port } = analytics.address() as AddressInfo;
  // Every public page load asks for a session (the refresh call), all from one address: lift the per-address throttle.
  [server, browser] = await Promise.all([
    startAppServer({ THROTTLE_PER_ADDRESS: '1000', ANALYTICS_URL: `http://127.0.0.1:${port}/collect`, PUBLIC_REVIEW_URL: REVIEW_URL }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  analytics.close();
});

/** A seeded delivery's tracking hash (server/db/seed-operations.ts). */
const seededHash = (waybill: string) => createHash('sha256').update(`courier-demo:${waybill}`).digest('hex').slice(0, 24);

interface Violation { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }
declare global {
  interface Window { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }
}

/** axe-core's serious and critical violations of the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    return (await window.axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('public pages are accessible (axe-core)', { timeout: 240_000 }, () => {
  it.each(SIZES)('no serious or critical violation at $name size', async (size) => {
    // bypassCSP: our policy forbids inline scripts, and axe is injected as one.
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, bypassCSP: true });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    // With the seeded links of a delivery on its way (WBJ0005) and of a delivered one (WBJ0006).
    for (const { path } of [...PUBLIC_PAGES, { path: '/rating-complete' }, { path: '/google-rating-complete' }, { path: `/track/${seededHash('WBJ0005')}` }, { path: `/rate/${seededHash('WBJ0006')}` }]) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[path] = violations;
    }
    await context.close();
    expect(found).toEqual({});
  });
});

/** Every script the page loads until the network is idle, by file name. */
async function scriptsOf(page: Page, url: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname.split('/').pop()!);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  return scripts;
}

/** The page is the one rendered ahead of time (the site's body and its script), not the single-page app. */
async function expectRenderedAhead(page: Page, scripts: string[]) {
  expect(await page.evaluate(() => document.body.className)).toBe('site');
  expect(await page.locator('#root').count()).toBe(0);
  expect(scripts.some((file) => file.startsWith('index-'))).toBe(false);
}

describe('the price calculator rendered ahead of time (/pricing)', { timeout: 120_000 }, () => {
  it('answers the price the server quotes from the keyboard, without the app\'s runtime', async () => {
    const search = async (term: string) => {
      const response = await fetch(`${server.url}/connect/public/za/places?search=${encodeURIComponent(term)}`);
      return (await response.json() as { placeId: string; description: string }[])[0]!;
    };
    const [from, to] = [await search('Cape Town City'), await search('Stellenbosch')];
    const quoted = await fetch(`${server.url}/connect/public/za/price`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fromPlaceId: from.placeId, toPlaceId: to.placeId, parcelTypeId: 1, slaType: 'Priority' }),
    });
    expect(quoted.status).toBe(200);
    const price = await quoted.json() as { total: number; currency: string };

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const scripts = await scriptsOf(page, `${server.url}/pricing`);
    await expectRenderedAhead(page, scripts);
    expect(scripts.some((file) => file.startsWith('site-pricing-'))).toBe(true);
    const form = page.getByRole('form', { name: CALCULATOR_TEXTS.title });
    await form.getByTestId('calculator-result').filter({ hasText: CALCULATOR_TEXTS.incomplete }).waitFor();
    const choose = async (label: string, term: string, description: string) => {
      const input = form.getByRole('combobox', { name: label });
      await input.focus();
      await page.keyboard.type(term);
      await form.getByRole('listbox', { name: label }).getByRole('option').first().waitFor();
      await page.keyboard.press('ArrowDown');
      expect(await input.getAttribute('aria-activedescendant')).toBe(`${await input.getAttribute('id')}-option-0`);
      await page.keyboard.press('Enter');
      await form.getByText(description, { exact: true }).waitFor();
    };
    await choose(CALCULATOR_TEXTS.from, 'Cape Town City', from.description);
    await choose(CALCULATOR_TEXTS.to, 'Stellenbosch', to.description);
    await form.getByTestId('calculator-total').waitFor();
    await form.getByLabel(CALCULATOR_TEXTS.level).selectOption('Priority');
    await form.getByTestId('calculator-result').filter({ hasText: 'Priority ·' }).waitFor();
    expect(await form.getByTestId('calculator-total').textContent()).toBe(formatMoney(price.total, { currency: price.currency, decimals: 2 }));
    expect(await form.getByTestId('calculator-result').textContent()).toContain('VAT (15%)');
    await context.close();
  });
});

describe('/developers and the ratings\' thanks rendered ahead of time', { timeout: 120_000 }, () => {
  it('/developers has the whole API reference with no request for it', async () => {
    const page = await browser.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const scripts = await scriptsOf(page, `${server.url}/developers`);
    await expectRenderedAhead(page, scripts);
    const reference = page.getByTestId('api-reference');
    const publicTag = reference.locator('summary', { hasText: /^public \(\d+\)$/ });
    await publicTag.focus();
    await page.keyboard.press('Enter');
    // Shown (visible) once the disclosure is open.
    await reference.getByRole('listitem').filter({ hasText: /^POST\/connect\/public\/\{cca2\}\/price/ }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain('Calls of this portal go to /connect/…/za/…');
    expect(asked.filter((path) => path.startsWith('/openapi/'))).toEqual([]);
    await page.close();
  });

  it('/google-rating-complete offers the configured review link; /rating-complete does not', async () => {
    const page = await browser.newPage();
    await expectRenderedAhead(page, await scriptsOf(page, `${server.url}/google-rating-complete`));
    await page.getByRole('heading', { level: 1, name: RATING_COMPLETE_TEXTS.title }).waitFor();
    expect(await page.getByRole('link', { name: RATING_COMPLETE_TEXTS.reviewLink }).getAttribute('href')).toBe(REVIEW_URL);
    await page.goto(`${server.url}/rating-complete`);
    await page.getByRole('heading', { level: 1, name: RATING_COMPLETE_TEXTS.title }).waitFor();
    expect(await page.getByRole('link', { name: RATING_COMPLETE_TEXTS.reviewLink }).count()).toBe(0);
    await page.close();
  });
});

describe('the contact form', { timeout: 120_000 }, () => {
  it('names the missing fields, then sends by keyboard and thanks the visitor; the operators see the message', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/contact`);
    const form = page.getByRole('form', { name: CONTACT_TEXTS.title });
    await form.getByRole('button', { name: CONTACT_TEXTS.send }).click();
    await page.getByText(CONTACT_TEXTS.required(CONTACT_TEXTS.name)).waitFor();
    await page.getByText(CONTACT_TEXTS.required(CONTACT_TEXTS.message)).waitFor();
    const subject = `Boxes from the office ${Date.now()}`;
    await page.getByLabel(CONTACT_TEXTS.name).fill('Thandi Nkosi');
    await page.getByLabel(CONTACT_TEXTS.email).fill('thandi@example.test');
    await page.getByLabel(CONTACT_TEXTS.subject).fill(subject);
    await page.getByLabel(CONTACT_TEXTS.message).fill('Can a driver collect three boxes on Friday morning?');
    await page.getByLabel(CONTACT_TEXTS.message).press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: CONTACT_TEXTS.received }).waitFor();

    const staff = await browser.newPage();
    await submitLogin(staff, server.url, 'staff@demo.test');
    await staff.getByRole('link', { name: 'Logout' }).waitFor();
    await staff.goto(`${server.url}/contact-messages?answered=false`);
    await staff.getByRole('cell', { name: subject, exact: true }).waitFor();
    // Read-only: no row links to an edit screen.
    expect(await staff.getByRole('link', { name: new RegExp(`^Edit ${subject}`) }).count()).toBe(0);
    expect(await staff.getByRole('cell', { name: 'thandi@example.test', exact: true }).count()).toBeGreaterThan(0);
  });
});

describe('tracking and rating rendered ahead of time', { timeout: 120_000 }, () => {
  it('/track-order/:searchTerm? comes pre-filled from the path (escaped), names the missing field, and answers no match without telling why', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/track-order/${encodeURIComponent('WB<1>')}`);
    expect(await response!.text()).toContain('value="WB&#60;1&#62;"');
    const form = page.getByRole('form', { name: 'Track a parcel' });
    const searchTerm = form.getByLabel('Waybill or order reference');
    await expect.poll(() => searchTerm.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await searchTerm.inputValue()).toBe('WB<1>');
    await form.getByRole('button', { name: 'Track' }).click();
    await page.getByText(PUBLIC_TEXTS.phoneLast4).waitFor();
    expect(await form.getByLabel("Last 4 digits of the recipient's phone number").getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel("Last 4 digits of the recipient's phone number").fill('1234');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: PUBLIC_TEXTS.trackNotFound }).waitFor();
    await page.close();
  });

  it('/track/:hash shows the loading state in its HTML, then the delivery; an unknown link is not found', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/track/${seededHash('WBJ0004')}`);
    expect(await response!.text()).toContain(TRACKING_TEXTS.loading);
    await page.getByTestId('tracking-waybill').filter({ hasText: 'WBJ0004' }).waitFor();
    await page.goto(`${server.url}/track/no-such-link`);
    await page.getByTestId('tracking-not-found').waitFor();
    await page.close();
  });

  it('/rate/:hash rates a delivered delivery once, then opens the thanks page; the link then says it has been rated', async () => {
    const page = await browser.newPage();
    const path = `/rate/${seededHash('WBJ0006')}`;
    await page.goto(`${server.url}${path}`);
    const form = page.getByRole('form', { name: 'Rate your delivery' });
    await form.getByRole('button', { name: 'Send rating' }).click();
    await page.getByText(PUBLIC_TEXTS.ratingRequired).waitFor();
    await form.getByRole('radio', { name: '3 Ok' }).check();
    await form.getByLabel('Comment').fill('On time.');
    await form.getByRole('button', { name: 'Send rating' }).click();
    await page.waitForURL(`${server.url}/rating-complete`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${server.url}${path}`);
    await page.getByTestId('already-rated').waitFor();
    await page.close();
  });
});

describe('offline after a first visit (the service worker)', { timeout: 180_000 }, () => {
  it('caches the shell but no API answer; offline the page still opens and says so, and goes on once back online', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.goto(server.url);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => logs, { timeout: 60_000 }).toContain(SERVICE_WORKER_TEXTS.cached);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) urls.push(...(await (await caches.open(name)).keys()).map((request) => request.url));
      return urls;
    });
    expect(cached.some((url) => url.includes('/assets/index-'))).toBe(true);
    expect(cached.filter((url) => /\/(connect|identity|hubs)\//.test(url))).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: SERVICE_WORKER_TEXTS.offline }).waitFor();
    expect(logs).toContain(SERVICE_WORKER_TEXTS.offline);

    await context.setOffline(false);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    await context.close();
  });
});

describe('page-view analytics (000 section 7)', { timeout: 120_000 }, () => {
  it('sends each route change as its pattern and portal only: no hash, id, search term or cookie', async () => {
    const page = await browser.newPage();
    pageViews.length = 0;
    await page.goto(`${server.url}/pricing`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${server.url}/track-order/WB123456`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => pageViews.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(pageViews).toEqual([
      { body: { page: '/pricing', portal: 'ZA' }, cookie: undefined },
      { body: { page: '/track-order/:searchTerm?', portal: 'ZA' }, cookie: undefined },
    ]);
    expect(JSON.stringify(pageViews)).not.toContain('WB123456');
    await page.close();
  });
});

/** Every text frame the page receives on a hub's sockets (to tell a pushed change from a poll). */
function hubFrames(page: Page, hub: string): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes(`/hubs/${hub}`)) return;
    socket.on('framereceived', (frame) => { frames.push(String(frame.payload)); });
  });
  return frames;
}

describe('live over the hubs, without a reload', { timeout: 120_000 }, () => {
  it('the tracking page shows the status an operator just set, pushed on the tracking hub', async () => {
    // A seeded delivery, Ready and in no job (server/db/seed-operations.ts), with its tracking hash as seeded.
    const hash = createHash('sha256').update('courier-demo:WBJ0010').digest('hex').slice(0, 24);
    const page = await browser.newPage();
    const frames = hubFrames(page, 'tracking');
    await page.goto(`${server.url}/track/${hash}`);
    await page.getByTestId('tracking-waybill').filter({ hasText: 'WBJ0010' }).waitFor();
    expect(await page.getByTestId('tracking-status').count()).toBe(0);
    // Gone after a reload: proves the page was not reloaded.
    await page.evaluate(() => { (window as Window & { stillHere?: boolean }).stillHere = true; });
    await expect.poll(() => frames.some((frame) => frame.startsWith('{}')), { timeout: 15_000 }).toBe(true);

    const { jwtToken } = await apiLogin(server, 'management@demo.test');
    const connect = createClient<ConnectPaths>({ baseUrl: `${server.url}/connect`, headers: { Authorization: `Bearer ${jwtToken}` } });
    const { data: found } = await connect.GET('/deliveries/{cca2}', { params: { path: { cca2: 'za' }, query: { search: 'WBJ0010' } } });
    // The list answers JSON here (an Excel export is the other shape).
    const rows = found && typeof found === 'object' ? found.items : [];
    const id = rows.find((row) => row.waybill === 'WBJ0010')!.id;
    const cancelled = await connect.PUT('/deliveries/canceldelivery/{cca2}/{id}', { params: { path: { cca2: 'za', id } } });
    expect(cancelled.response.status).toBe(200);

    // Well within the 60 s poll: only the hub can have brought it.
    await page.getByTestId('tracking-status').filter({ hasText: `${TRACKING_TEXTS.status}: ${trackingStatusName(cancelled.data!.logisticStatusId)}` })
      .waitFor({ timeout: 20_000 });
    expect(frames.some((frame) => frame.includes('trackingUpdate') && frame.includes(`"logisticStatusId":${cancelled.data!.logisticStatusId}`))).toBe(true);
    expect(await page.evaluate(() => (window as Window & { stillHere?: boolean }).stillHere)).toBe(true);
    await page.close();
  });

  it("the tracking page follows the driver's position as the driver app sends it, on the tracking hub", async () => {
    // A seeded delivery whose pick-up is in progress with driver2 (server/db/seed-operations.ts).
    const hash = createHash('sha256').update('courier-demo:WBJ0005').digest('hex').slice(0, 24);
    const page = await browser.newPage();
    const frames = hubFrames(page, 'tracking');
    await page.goto(`${server.url}/track/${hash}`);
    await page.getByTestId('tracking-waybill').filter({ hasText: 'WBJ0005' }).waitFor();
    await page.evaluate(() => { (window as Window & { stillHere?: boolean }).stillHere = true; });
    await expect.poll(() => frames.some((frame) => frame.startsWith('{}')), { timeout: 15_000 }).toBe(true);
    const driverMarker = page.locator(`[data-testid="map-marker"][data-label="${TRACKING_TEXTS.driverMarker}"]`);
    const placeOf = async () => (await driverMarker.count()) === 0 ? null
      : driverMarker.evaluate((marker) => (marker.parentElement as HTMLElement).style.transform);
    const before = await placeOf();

    // The driver app reports a position near the pick-up (Rosebank), a few hundred metres from anything seeded.
    const { jwtToken } = await apiLogin(server, 'driver2@demo.test');
    const driver = createClient<ConnectPaths>({ baseUrl: `${server.url}/connect`, headers: { Authorization: `Bearer ${jwtToken}` } });
    const moved = await driver.PUT('/drivers/location/{cca2}', { params: { path: { cca2: 'za' } }, body: { lat: -26.1467, lon: 28.0436 } });
    expect(moved.response.status).toBe(200);

    await expect.poll(() => frames.some((frame) => frame.includes('trackingUpdate') && frame.includes('-26.1467')), { timeout: 20_000 }).toBe(true);
    await expect.poll(placeOf, { timeout: 20_000 }).not.toBe(before);
    expect(await placeOf()).not.toBeNull();
    expect(await page.evaluate(() => (window as Window & { stillHere?: boolean }).stillHere)).toBe(true);
    await page.close();
  });

  it('a visitor chats from the home page; an operator answers in the messaging window; the answer arrives on the chat hub', async () => {
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    const frames = hubFrames(page, 'chat');
    await page.goto(server.url);
    await page.getByRole('button', { name: VISITOR_CHAT_TEXTS.open }).click();
    const chat = page.getByRole('dialog', { name: VISITOR_CHAT_TEXTS.title });
    const email = `visitor${Date.now()}@example.test`;
    await chat.getByLabel(VISITOR_CHAT_TEXTS.name).fill('Thandi Nkosi');
    await chat.getByLabel(VISITOR_CHAT_TEXTS.email).fill(email);
    await chat.getByRole('textbox', { name: VISITOR_CHAT_TEXTS.message }).fill('Do you deliver on Saturdays?');
    await chat.getByRole('button', { name: VISITOR_CHAT_TEXTS.start }).click();
    const log = chat.getByRole('log');
    await log.getByText('Do you deliver on Saturdays?').waitFor();
    await expect.poll(() => frames.some((frame) => frame.startsWith('{}')), { timeout: 15_000 }).toBe(true);

    // The operator, in a context of their own, answers from the dashboard's messaging window.
    const operatorContext = await browser.newContext();
    const operator = await operatorContext.newPage();
    await submitLogin(operator, server.url, 'management@demo.test');
    await operator.getByRole('link', { name: 'Logout' }).waitFor();
    await operator.goto(`${server.url}/dashboard`);
    const messaging = operator.getByRole('region', { name: MESSAGING_TEXTS.title });
    await messaging.getByRole('button', { name: new RegExp(`^${VISITOR_CHAT_TEXTS.visitor}: Thandi Nkosi.*${email.replace(/\./g, '\\.')}`) }).click();
    await messaging.getByText('Do you deliver on Saturdays?').waitFor();
    await messaging.getByRole('textbox', { name: MESSAGING_TEXTS.draft }).fill('Yes, until 13:00.');
    await messaging.getByRole('button', { name: MESSAGING_TEXTS.send, exact: true }).click();
    await messaging.getByText('Yes, until 13:00.').waitFor();

    await log.getByText('Yes, until 13:00.').waitFor({ timeout: 15_000 });
    expect(frames.some((frame) => frame.includes('visitorChatMessage') && frame.includes('Yes, until 13:00.'))).toBe(true);
    await operatorContext.close();
    await visitor.close();
  });
});
