import type { AnyEventObject, AnyStateMachine } from 'xstate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import { FLOWS_CHANNEL, type LiveMessage } from '../../src/lib/flows/live-bridge';
import { SIGN_IN_TEXTS } from '../../src/lib/error-catalogue';
import type { MachineSamples } from '../../src/machines/samples';
import {
  DONE, replayPaths, selectPaths, shardOf, type DriverCapabilities, type ReplayPath, type Selection,
} from './chart-replay-paths';
import { apiLogin, DEMO_PASSWORD, latestCode, launchBrowser, startAppServer, type AppServer } from './support';

// Issue 24 item 4: the generated paths of the key charts (the booking wizard, pay, auth, job, task) replayed in
// Chromium through the real UI against the real server and the demo data. The paths are the model suite's (same
// generator, same samples); user events are Playwright actions, invoked actors are answered by the server (the
// replay waits for the state), and the running actor's states are read where /flows Live reads them: the
// inspector the app's root system reports to over a BroadcastChannel, listened to from a second page of the same
// browser. Which paths run, and why the others stay in jsdom, is computed from each path (chart-replay-paths.ts);
// the counts are printed. E2E_SHARD=<k>/<n> splits the runs over CI jobs.

const ADMIN = 'administrator@demo.test';
const TWO_FACTOR = 'twofactor@demo.test';
const STEP_TIMEOUT = 20_000;

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ THROTTLE_PER_ADDRESS: '100000' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** One replay in progress: its pages, the path, and where in it. */
interface Run {
  page: Page;
  context: BrowserContext;
  path: ReplayPath;
  /** Index of the step being produced. */
  step: number;
  /** The event of the step after the current one (a driver picks the request that gets that answer). */
  next(): AnyEventObject | undefined;
  /** Forgets what the recorder saw so far: the path starts now (after a driver's preparation). */
  restart(): Promise<void>;
}

interface BrowserDriver extends DriverCapabilities {
  samples: MachineSamples<AnyStateMachine>;
  /** The machine id the inspector reports the running actor under. */
  machineId: string;
  /** Opens the app where the scenario starts (the recorder listens already). */
  start(run: Run): Promise<void>;
  /** Produces a user event through the UI. */
  act(event: AnyEventObject, run: Run): Promise<void>;
  /** What the user sees in a stable state, by state path ('signedIn.active'). */
  sees: Record<string, (run: Run) => Promise<void>>;
}

const header = (page: Page) => page.locator('header');
const loginForm = (page: Page) => page.locator('form[aria-labelledby="login-heading"]');
function status(event: AnyEventObject): number | undefined {
  const { error } = event as { error?: unknown };
  return error instanceof ApiError ? error.status : undefined;
}
const output = (event: AnyEventObject) => (event as { output?: Record<string, unknown> }).output;

// ---------------------------------------------------------------------------------------------------------------
// auth: the root system's session actor. A visitor's restore is refused (401, no refresh cookie); a signed-in
// browser's reload restores; the login form gets the server's answers for a right or wrong password, the
// two-factor user's code step, a right or wrong code (read from the outbox as an administrator does).

async function authSamples() {
  // The external sign-in's callback URL is built from window.location when the chart starts (generation only).
  // `window` is read when the chart starts, so the stand-in stays until the paths are generated (below).
  if (typeof window === 'undefined') Object.assign(globalThis, { window: { location: { origin: 'http://localhost' } } });
  return (await import('../../src/machines/auth/auth.samples')).authSamples;
}

const authDriver = async (): Promise<BrowserDriver> => ({
  samples: await authSamples(),
  machineId: 'auth',
  starts: () => true,
  actions: new Set(['auth.login', 'auth.logout', 'auth.twoFactor.verify', 'auth.twoFactor.resend', 'auth.impersonate']),
  answers: {
    'xstate.done.actor.restoreSession': () => true,
    'xstate.error.actor.restoreSession': (event) => status(event) === 401,
    'xstate.done.actor.login': () => true,
    'xstate.error.actor.login': (event) => status(event) === 401,
    'xstate.done.actor.twoFactorVerify': () => true,
    'xstate.error.actor.twoFactorVerify': (event) => status(event) === 401,
    'xstate.done.actor.twoFactorResend': () => true,
    'xstate.done.actor.loadProfile': () => true,
    'xstate.done.actor.impersonate': () => true,
  },
  async start(run) {
    if (run.next()?.type === 'xstate.done.actor.restoreSession') {
      // A session to restore: sign in, then the path starts with the reload.
      await signIn(run.page, ADMIN);
      await run.restart();
      await run.page.reload();
    } else {
      await run.page.goto(`${server.url}/login`);
    }
  },
  async act(event, run) {
    const { page } = run;
    const next = run.next();
    switch (event.type) {
      case 'auth.login': {
        const twoFactor = next?.type === 'xstate.done.actor.login' && Boolean(output(next)?.twoFactorHash);
        const wrong = next?.type === 'xstate.error.actor.login';
        const form = loginForm(page);
        await form.getByLabel('Email').fill(twoFactor ? TWO_FACTOR : ADMIN);
        await form.getByLabel('Password').fill(wrong ? `${DEMO_PASSWORD}-wrong` : DEMO_PASSWORD);
        await form.getByRole('button', { name: 'Log in' }).click();
        return;
      }
      case 'auth.logout':
        await header(page).getByRole('link', { name: 'Logout' }).click();
        return;
      case 'auth.twoFactor.verify': {
        const code = await latestCode(server, TWO_FACTOR);
        // A wrong code: the right one with its last digit changed.
        const wrong = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
        await page.getByLabel(SIGN_IN_TEXTS.code).fill(next?.type === 'xstate.error.actor.twoFactorVerify' ? wrong : code);
        await page.getByRole('button', { name: SIGN_IN_TEXTS.verifyButton }).click();
        return;
      }
      case 'auth.twoFactor.resend':
        await page.getByRole('button', { name: SIGN_IN_TEXTS.resendButton }).click();
        return;
      case 'auth.impersonate': {
        const storeUser = await apiLogin(server, 'store.user@demo.test');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByLabel('User id').fill(String(storeUser.id));
        await page.getByRole('button', { name: 'Impersonate' }).click();
        return;
      }
      default: throw new Error(`no UI action for ${event.type}`);
    }
  },
  sees: {
    'signedOut.idle': async ({ page }) => header(page).getByRole('link', { name: SIGN_IN_TEXTS.screenTitle }).waitFor({ timeout: STEP_TIMEOUT }),
    'signedIn.active': async ({ page }) => header(page).getByRole('link', { name: 'My profile' }).waitFor({ timeout: STEP_TIMEOUT }),
    'twoFactor.entering': async ({ page }) => page.getByRole('heading', { name: SIGN_IN_TEXTS.twoFactorHeading }).waitFor({ timeout: STEP_TIMEOUT }),
  },
});

async function signIn(page: Page, email: string) {
  await page.goto(`${server.url}/login`);
  const form = loginForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await header(page).getByRole('link', { name: 'My profile' }).waitFor({ timeout: STEP_TIMEOUT });
}

// ---------------------------------------------------------------------------------------------------------------
// The recorder: a second page of the same browser context listens on the app's inspector channel (as /flows Live
// does) and keeps, per machine id, every state value the running actors report, in order; a final state shows as
// the actor stopping.

interface Seen { machineId: string; state: string }

async function openRecorder(context: BrowserContext): Promise<Page> {
  const listener = await context.newPage();
  // A same-origin document that is not the app (no actors of its own): a public JSON answer of the server.
  await listener.goto(`${server.url}/connect/countries/za`);
  await listener.evaluate((name) => {
    const seen: Seen[] = [];
    const machines = new Map<string, string>();
    const sortKeys = (item: unknown): unknown => (item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => [key, sortKeys(inner)]))
      : item);
    const channel = new BroadcastChannel(name);
    channel.onmessage = (message: MessageEvent<LiveMessage>) => {
      const data = message.data;
      if (data.kind === 'snapshot') {
        machines.set(data.sessionId, data.machineId);
        seen.push({ machineId: data.machineId, state: JSON.stringify(sortKeys(data.value)) });
      } else if (data.kind === 'stopped') {
        const machineId = machines.get(data.sessionId);
        if (machineId) seen.push({ machineId, state: '(done)' });
      }
    };
    Object.assign(window, { chartReplaySeen: seen });
  }, FLOWS_CHANNEL);
  return listener;
}

async function recorded(listener: Page, machineId: string): Promise<string[]> {
  const seen = await listener.evaluate(() => Reflect.get(window, 'chartReplaySeen') as Seen[]);
  return seen.filter((entry) => entry.machineId === machineId).map((entry) => entry.state);
}

// ---------------------------------------------------------------------------------------------------------------

async function replay(driver: BrowserDriver, path: ReplayPath): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const trail: string[] = [];
  try {
    const listener = await openRecorder(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => trail.push(`pageerror ${error.message}`));
    page.on('response', (response) => { if (response.status() >= 400) trail.push(`${response.status()} ${response.request().method()} ${response.url()}`); });
    let base = 0;
    const run: Run = {
      page, context, path, step: 0,
      next: () => path.steps[run.step + 1]?.event,
      restart: async () => { base = (await recorded(listener, driver.machineId)).length; },
    };
    const states = async () => (await recorded(listener, driver.machineId)).slice(base);
    await driver.start(run);
    let cursor = 0;
    for (const [index, step] of path.steps.entries()) {
      run.step = index;
      const { type } = step.event;
      const answer = type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.');
      trail.push(`step ${index}: ${type}${answer ? ' (the server answers)' : ''} ⇒ ${step.state}`);
      if (index > 0 && !answer) await driver.act(step.event, run);
      // The running actor reaches the step's state, at or after where the previous step left it.
      let found = -1;
      await expect.poll(async () => {
        const seen = await states();
        found = seen.findIndex((state, at) => at >= cursor && state === step.state);
        return found;
      }, { timeout: STEP_TIMEOUT, message: `${driver.machineId} never reached ${step.state} after step ${index} (${type})` }).toBeGreaterThanOrEqual(0);
      cursor = found;
      // What the user sees, in states the actor stays in until the next user event.
      const seen = await states();
      if (seen.at(-1) === step.state && step.state !== DONE) {
        for (const active of step.active) await driver.sees[active]?.(run);
      }
    }
  } catch (error) {
    console.error(`${driver.machineId} path ${path.index} failed:\n${trail.join('\n')}`);
    throw error;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------

const drivers = [await authDriver()];
const selections = new Map<BrowserDriver, Selection>(drivers.map((driver) => [driver, selectPaths(replayPaths(driver.samples), driver)]));
Reflect.deleteProperty(globalThis, 'window');

const shard = shardOf(process.env.E2E_SHARD);
const allRuns = drivers.flatMap((driver) => selections.get(driver)!.runs.map((run) => ({ driver, ...run })));
const mine = allRuns.filter((_, index) => index % shard.count === shard.index);

for (const driver of drivers) {
  const selection = selections.get(driver)!;
  const runs = mine.filter((run) => run.driver === driver);
  const covered = runs.reduce((sum, run) => sum + 1 + run.covers.length, 0);
  const lines = [
    `chart replay: ${driver.machineId}: ${selection.generated} paths generated, ${selection.replayable} replayable in the browser`
      + ` as ${selection.runs.length} runs (shorter ones inside longer ones); this shard (${shard.index + 1}/${shard.count}) runs ${runs.length}, covering ${covered} paths`,
    ...[...selection.leftToJsdom].map(([reason, paths]) => `  left to jsdom: ${paths.length} — ${reason}`),
  ];
  console.log(lines.join('\n'));
}

describe('the key charts replayed in Chromium against the real server', () => {
  for (const { driver, path, covers } of mine) {
    const also = covers.length > 0 ? ` (and ${covers.length} shorter path(s) inside it)` : '';
    it(`${driver.machineId} #${path.index} ${path.scenarioName}: ${path.label} ⇒ ${path.target}${also}`, () => replay(driver, path), 120_000);
  }
});
