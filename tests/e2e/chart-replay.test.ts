import createClient from 'openapi-fetch';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import { FLOWS_CHANNEL, type LiveMessage } from '../../src/lib/flows/live-bridge';
import { ACCEPT_STEP_TEXTS, PARCEL_STEP_TEXTS, PAY_STEP_TEXTS, QUOTE_STEP_TEXTS, WIZARD_TEXTS } from '../../src/lib/booking-texts';
import { AUTH_TEXTS, SESSION_ERROR_TEXTS, SIGN_IN_TEXTS, USER_MENU_TEXTS } from '../../src/lib/error-catalogue';
import { decodePermissions } from '../../src/machines/auth/token';
import { MY_DELIVERIES_TEXTS } from '../../src/lib/my-deliveries-texts';
import { JOB_ACTION_LABELS, JOB_FIGURES_TEXTS, JOB_SCREEN_TEXTS } from '../../src/lib/jobs-texts';
import { PAYMENT_STATUS, TASK_STATUS } from '../../src/lib/statuses';
import { ACCOUNT_SELECT_ID } from '../../src/machines/booking/pay.machine';
import { paySamples } from '../../src/machines/booking/pay.samples';
import { jobSnapshotOf } from '../../src/machines/operations/job.machine';
import { jobSamples } from '../../src/machines/operations/job.samples';
import { isPickUpTask, taskSnapshotOf } from '../../src/machines/operations/task.machine';
import { taskSamples } from '../../src/machines/operations/task.samples';
import { sampleCustomParcel, wizardSamples } from '../../src/machines/booking/wizard.samples';
import type { MachineSamples } from '../../src/machines/samples';
import {
  DONE, faultArming, type Fault, heldCalls, isServerError, JOB_CAPABILITIES, replayPaths, selectPaths, serverErrors, shardOf, stateKey, TASK_CAPABILITIES,
  type DriverCapabilities, type ReplayPath, type Selection,
} from './chart-replay-paths';
import { EXPIRE_SESSION_PATH, FAULT_ARM_PATH, FAULT_COOKIE } from '../../server/http/fault-switch';
import { IMPERSONATION_COOKIE, REFRESH_COOKIE, SIGNED_IN_COOKIE } from '../../server/auth/sessions';
import { SANDBOX_CARDS } from '../../server/payments/sandbox';
import type { paths as ConnectPaths } from '../../src/api/generated/connect';
import { book } from '../api/booking-helpers';
import { bearer } from '../api/support';
import { freePort } from '../support/free-port';
import { reserveTestOidcProvider, startTestOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { apiLogin, DEMO_PASSWORD, latestCode, launchBrowser, startAppServer, type AppServer } from './support';

// Issue 24 item 4: the generated paths of the key charts (the booking wizard, pay, auth, job, task) replayed in
// Chromium through the real UI against the real server and the demo data (job and task: charts the server runs,
// driven by the operator's job screen and the driver's API calls, their states read back from the server). The paths
// are the model suite's (same generator, same samples); user events are Playwright actions, invoked actors are
// answered by the server (the replay waits for the state), and the running actor's states are read where /flows Live
// reads them: the inspector the app's root system reports to over a BroadcastChannel, listened to from a second page
// of the same browser. Which paths run, and why the others stay in jsdom, is computed from each path (chart-replay-
// paths.ts); the counts are printed. E2E_SHARD=<k>/<n> splits the runs over CI jobs.

const ADMIN = 'administrator@demo.test';
/** The replay's server allows this many resends of one code step a minute (THROTTLE_PER_ACCOUNT_BY_KIND). */
const RESENDS_PER_CHALLENGE = 3;
const TWO_FACTOR = 'twofactor@demo.test';
const STEP_TIMEOUT = 20_000;
/** How long a replay's browser context may take to close before its lane goes to the next run. */
const CLOSE_TIMEOUT = 30_000;

let server: AppServer;
let browser: Browser;
/** The local OpenID Connect provider the server signs in with (external sign-in, as tests/e2e/external-login.test.ts). */
let oidc: TestOidcProvider | undefined;
const OIDC_NAME = 'Test SSO';

beforeAll(async () => {
  // The fault switch (server/http/fault-switch.ts) for the operations whose 500 the replayed paths need.
  const faults = [...new Set(drivers.flatMap((driver) => Object.values(driver.faults ?? {})))].join(',');
  // A real OpenID Connect provider on loopback, and our server configured for it (its redirect URI needs the port first).
  const settings = await reserveTestOidcProvider();
  const port = await freePort();
  const withAuth = drivers.some((driver) => driver.machineId === 'auth');
  const started = await Promise.all([
    withAuth ? startTestOidcProvider(settings, {
      redirectUris: [`http://localhost:${port}/login/external/callback`],
      account: { sub: 'replay-sso-1', email: 'replay.sso@example.test', email_verified: true, given_name: 'Replay', family_name: 'Sso' },
    }) : undefined,
    startAppServer({
      PORT: String(port), THROTTLE_PER_ADDRESS: '100000', THROTTLE_PER_ACCOUNT: '100000', FAULT_OPERATIONS: faults,
      // Sign-ins pass however many runs make them; a code step's resends stay limited (auth's 429 of resend).
      THROTTLE_PER_ACCOUNT_BY_KIND: `twoFactorResend:${RESENDS_PER_CHALLENGE}`,
      OIDC_ISSUER: settings.issuer, OIDC_CLIENT_ID: settings.clientId, OIDC_CLIENT_SECRET: settings.clientSecret, OIDC_PROVIDER_NAME: OIDC_NAME,
    }),
    launchBrowser(),
  ]);
  [oidc, server, browser] = started;
});

/** Arms the fault switch: the next call of `operationId` from the browser context holding `scope`'s cookie answers 500. */
async function armFault(scope: string, { operationId, status }: Fault) {
  const response = await fetch(`${server.url}${FAULT_ARM_PATH}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operationId, scope, status }),
  });
  if (!response.ok) throw new Error(`arming ${operationId} (${status}): ${response.status} ${await response.text()}`);
}
afterAll(async () => {
  // A server that went away mid-run says why.
  if (server && !(await fetch(`${server.url}/connect/countries/za`).then((response) => response.ok, () => false))) console.error(`the server stopped answering:\n${server.output().slice(-5000)}`);
  await browser?.close();
  await server?.stop();
  await oidc?.close();
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
  /** Runs when the replay ends, passed or failed (a driver gives back what it took). */
  onEnd(cleanup: () => void): void;
  /** The states another chart of the page has reported so far, in order (what the recorder saw). */
  statesOf(machineId: string): Promise<string[]>;
  /** Arms the fault switch for this run's context now (an answer the driver `armsItself`): a 500, or the session's end. */
  armFault(operationId: string, status?: Fault['status']): Promise<void>;
}

interface BrowserDriver extends DriverCapabilities {
  samples: MachineSamples<AnyStateMachine>;
  /** The machine id the inspector reports the running actor under. */
  machineId: string;
  /** The requests of server calls the driver can hold (rule 4), by actor id: which URLs are that call's. */
  hold?: Record<string, (url: string) => boolean>;
  /** The operationId each server-calling actor calls, for the 500s the fault switch gives (chart-replay-paths.ts rule 3). */
  faults?: Record<string, string>;
  /** A 500 or 440 of `faults` the driver arms itself, as its request leaves (`run.armFault`), not before the step that calls. */
  armsItself?(path: ReplayPath, answer: number): boolean;
  /** A 440 answer of `faults` the fault switch gives by ending the call's session as it arrives (the server's own 440). */
  endsSession?(path: ReplayPath, answer: number): boolean;
  /** Opens the app where the scenario starts (the recorder listens already). */
  start(run: Run): Promise<void>;
  /** Produces a user event through the UI. */
  act(event: AnyEventObject, run: Run): Promise<void>;
  /**
   * Answers of child actors the user produces (the wizard's details and pay steps are charts of their own: their
   * output comes from what the user does in them), by event type. Other answers come from the server alone.
   */
  produce?: Record<string, (event: AnyEventObject, run: Run) => Promise<void>>;
  /** What the user sees in a stable state, by state path ('signedIn.active'). */
  sees: Record<string, (run: Run) => Promise<void>>;
  /**
   * The state as the server stores it (job and task: charts the server runs, not the browser), keyed as the
   * path's; when given, each step's state is read here instead of from the inspector.
   */
  read?(run: Run): Promise<string>;
}

const header = (page: Page) => page.locator('header');

/**
 * Reads until the value is acceptable, or fails after STEP_TIMEOUT saying what did not happen (the tests run
 * concurrently, where vitest's `expect.poll` needs the test's own `expect`; this needs none).
 */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + STEP_TIMEOUT;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${STEP_TIMEOUT} ms waiting until ${what} (last read: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const loginForm = (page: Page) => page.locator('form[aria-labelledby="login-heading"]');
function status(event: AnyEventObject): number | undefined {
  const { error } = event as { error?: unknown };
  return error instanceof ApiError ? error.status : undefined;
}
/** A sample answer's output, and a field of an answer, read without assuming their shape. */
const output = (event: AnyEventObject): unknown => event.output;
const fieldOf = (value: unknown, key: string): unknown => (value !== null && typeof value === 'object' ? Reflect.get(value, key) : undefined);

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

/** The operations the auth chart's server calls make (the reload's first call is the refresh). */
const AUTH_FAULTS = {
  loadProfile: 'getProfile', refreshToken: 'refreshToken', reloadSession: 'refreshToken', stopImpersonation: 'stopImpersonation', logout: 'logout',
  externalAuthorize: 'externalAuthorize',
};

const authDriver = async (): Promise<BrowserDriver> => ({
  samples: await authSamples(),
  machineId: 'auth',
  faults: AUTH_FAULTS,
  armsItself: (path, answer) => path.steps[answer]!.event.type === 'xstate.error.actor.loadProfile' && path.steps[answer - 1]!.event.type === 'auth.sync.token',
  // Held from the call the path's user event falls in (the refresh a token near expiry asks for, the reload's
  // refresh, the profile after another tab's identity) until the path answers it.
  hold: {
    refreshToken: (url) => new URL(url).pathname === '/identity/v1/auth/refreshToken',
    reloadSession: (url) => new URL(url).pathname === '/identity/v1/auth/refreshToken',
    loadProfile: (url) => new URL(url).pathname === '/identity/v1/profile',
  },
  holds: new Set(['refreshToken', 'reloadSession', 'loadProfile']),
  starts: () => true,
  // The profile's 440: its session reaches its end as the call arrives (the fault switch armed with 440).
  endsSession: (path, answer) => path.steps[answer]!.event.type === 'xstate.error.actor.loadProfile' && status(path.steps[answer]!.event) === 440,

  actions: new Set(['auth.login', 'auth.logout', 'auth.twoFactor.verify', 'auth.twoFactor.resend', 'auth.impersonate', 'auth.reload',
    'auth.impersonation.stop', 'auth.token.expiring', 'auth.sync.token', 'auth.register', 'auth.passkey.login', 'auth.external.start',
    'auth.external.complete', 'auth.reset', 'auth.sync.logout', 'auth.sync.restore', 'auth.unauthorized', 'auth.sessionExpired']),
  answers: {
    ...serverErrors(AUTH_FAULTS),
    // After another tab's token, that tab (the same browser, the same cookies) loads its profile first: the 500 is
    // armed as this tab's own request leaves (armsItself).
    'xstate.error.actor.loadProfile': (event) => isServerError(event) || status(event) === 440,
    // A failed logout (the fault switch's 500) signs out as a successful one does.
    'xstate.done.actor.logout': () => true,
    'xstate.done.actor.restoreSession': () => true,
    'xstate.error.actor.restoreSession': (event) => status(event) === 401,
    'xstate.done.actor.login': () => true,
    'xstate.error.actor.login': (event) => status(event) === 401,
    'xstate.done.actor.twoFactorVerify': () => true,
    'xstate.error.actor.twoFactorVerify': (event) => status(event) === 401,
    'xstate.done.actor.twoFactorResend': () => true,
    // The code step's resends spent (the replay's server allows RESENDS_PER_CHALLENGE a minute): 429.
    'xstate.error.actor.twoFactorResend': (event) => status(event) === 429,
    'xstate.done.actor.loadProfile': () => true,
    'xstate.done.actor.impersonate': () => true,
    'xstate.error.actor.impersonate': (event) => status(event) === 403,
    'xstate.done.actor.reloadSession': () => true,
    // A 500 (the fault switch), a 401 (the browser no longer holds the refresh cookie) or a 440 (the session reached
    // its end as the refresh left): see act 'auth.reload'.
    'xstate.error.actor.reloadSession': (event) => isServerError(event) || status(event) === 401 || status(event) === 440,
    'xstate.done.actor.stopImpersonation': () => true,
    // The refresh answers for whoever the browser's refresh cookie speaks for: the identity the tab holds (the tab that
    // took another identity set the cookie too), or, once an impersonation's cookie is gone (its window over), the main
    // login's: another identity (see act 'auth.token.expiring').
    'xstate.done.actor.refreshToken': () => true,
    // A 500 (the fault switch), a 401 (the browser no longer holds the refresh cookie) or a 440 (the session reached
    // its end as the refresh left): see act 'auth.token.expiring'.
    'xstate.error.actor.refreshToken': (event) => isServerError(event) || status(event) === 401 || status(event) === 440,
    // Sign-up: a new address signs in at once, a taken one is told so; a first name past the server's 100
    // characters (the form checks only that there is one) gets the server's 400.
    'xstate.done.actor.register': () => true,
    'xstate.error.actor.register': (event) => status(event) === 400,
    // A passkey the browser's (virtual) authenticator holds signs in; with none, the browser refuses and the
    // actor answers its own 400 (cancelled or no passkey for this site).
    'xstate.done.actor.passkeyLogin': () => true,
    'xstate.error.actor.passkeyLogin': (event) => status(event) === 400,
    // The local OpenID Connect provider: its authorisation URL (or the fault switch's 500), then its answer at the
    // callback (its refusal: 401).
    'xstate.done.actor.externalAuthorize': () => true,
    'xstate.done.actor.externalLogin': () => true,
    'xstate.error.actor.externalLogin': (event) => status(event) === 401,
  },
  async start(run) {
    // A token near its expiry: the page's clock runs ahead (Playwright's clock), the server's does not.
    if (run.path.steps.some((step) => step.event.type === 'auth.token.expiring')) await run.page.clock.install();
    const passkey = run.path.steps.findIndex((step) => step.event.type === 'auth.passkey.login');
    if (passkey >= 0) {
      await passkeyReady(run, run.path.steps[passkey + 1]?.event.type === 'xstate.done.actor.passkeyLogin');
      return;
    }
    if (run.path.steps.some((step) => step.event.type === 'auth.external.complete')) {
      await backFromProvider(run);
      return;
    }
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
        const twoFactor = next?.type === 'xstate.done.actor.login' && Boolean(fieldOf(output(next), 'twoFactorHash'));
        const wrong = next?.type === 'xstate.error.actor.login';
        const form = loginForm(page);
        await form.getByLabel('Email').fill(twoFactor ? TWO_FACTOR : ADMIN);
        await form.getByLabel('Password').fill(wrong ? `${DEMO_PASSWORD}-wrong` : DEMO_PASSWORD);
        // The code step's challenge, for a path whose resend is refused (act 'auth.twoFactor.resend').
        const answered = twoFactor ? page.waitForResponse((response) => new URL(response.url()).pathname === '/identity/v1/auth/login', { timeout: STEP_TIMEOUT }) : undefined;
        await form.getByRole('button', { name: 'Log in' }).click();
        if (answered) challenges.set(run, String(fieldOf(await (await answered).json(), 'twoFactorHash')));
        return;
      }
      case 'auth.logout':
        await header(page).getByRole('link', { name: 'Logout' }).click();
        return;
      case 'auth.reset':
        // The code step's 'Back to login'.
        if (run.path.steps[run.step - 1]!.active.includes('twoFactor')) {
          await page.getByRole('button', { name: SIGN_IN_TEXTS.backToLogin }).click();
          return;
        }
        // Signed out: the browser goes to /logout in this tab's history (Back, then Forward to it: the browser's own
        // popstate, no reload), as a visitor who logged out there earlier does; the logout page finds nobody signed
        // in, resets the sign-in screen and goes home, which shows it ran.
        await page.evaluate(() => history.pushState(history.state, '', '/logout'));
        await page.goBack();
        await page.goForward();
        await until(async () => new URL(page.url()).pathname, (pathname) => pathname === '/', 'the logout page went home');
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
        // Refused: the challenge's resends are spent first (over the API, as presses earlier in the same minute
        // would have spent them), so that this press is the one past the server's limit.
        if (next?.type === 'xstate.error.actor.twoFactorResend') {
          const twoFactorHash = challenges.get(run);
          if (!twoFactorHash) throw new Error('no code step challenge recorded for this run');
          for (let sent = 0; sent < RESENDS_PER_CHALLENGE; sent++) {
            const answer = await fetch(`${server.url}/identity/v1/twoFactor/resend`, {
              method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ twoFactorHash }),
            });
            if (answer.status !== 204) throw new Error(`spending the challenge's resends: ${answer.status} ${await answer.text()}`);
          }
        }
        await page.getByRole('button', { name: SIGN_IN_TEXTS.resendButton }).click();
        return;
      case 'auth.impersonate':
        // Refused (403) for an administrator; the store user is taken on.
        if (next?.type === 'xstate.error.actor.impersonate') await impersonateUser(page, await administratorPeer());
        else await impersonateStoreUser(page);
        return;
      case 'auth.reload': {
        // Refused 401: the session's cookies are gone from the browser (they expired together while the tab was
        // open), so the reload's refresh carries none.
        if (next?.type === 'xstate.error.actor.reloadSession' && status(next) === 401) {
          for (const name of [REFRESH_COOKIE, SIGNED_IN_COOKIE]) await run.context.clearCookies({ name });
        }
        // Saving the profile's details reloads the session (new claims) and the profile.
        await header(page).getByRole('link', { name: 'My profile' }).click();
        const details = page.getByRole('form', { name: 'Details' });
        const firstName = details.getByLabel('First name');
        await firstName.fill(await firstName.inputValue());
        // Refused 440: the session reaches its end as the reload's refresh leaves (after the save, which it follows).
        if (next?.type === 'xstate.error.actor.reloadSession' && status(next) === 440) await sessionEndsAtRefresh(run);
        await details.getByRole('button', { name: 'Save' }).click();
        return;
      }
      case 'auth.impersonation.stop':
        await page.getByRole('region', { name: USER_MENU_TEXTS.impersonationBar }).getByRole('button', { name: USER_MENU_TEXTS.stopImpersonation }).click();
        return;
      case 'auth.token.expiring': {
        // Without the refresh cookie (as once it expired) the server refuses the refresh (401); a 500 is the fault
        // switch's, armed for this context's cookie, which stays.
        if (next?.type === 'xstate.error.actor.refreshToken' && status(next) === 401) await run.context.clearCookies();
        if (next?.type === 'xstate.error.actor.refreshToken' && status(next) === 440) await sessionEndsAtRefresh(run);
        // Answered with another identity: the impersonation's cookie is gone (the browser drops it when its window
        // ends, its max age), so the refresh falls back to the main login's cookie, the administrator's.
        if (next?.type === 'xstate.done.actor.refreshToken' && run.path.steps[run.step + 1]!.state === stateKey('loadingProfile')) {
          await run.context.clearCookies({ name: IMPERSONATION_COOKIE });
        }
        // Another tab's token while this tab refreshes: that tab's refresh is under way first, holding the tabs' lock.
        if (run.path.steps[run.step + 1]?.event.type === 'auth.sync.token') await otherTabRefreshesFirst(run);
        // The access token (15 minutes) within its refresh margin (5 minutes) by the page's clock; the next call
        // the page makes (the profile screen's) asks for the refresh.
        await page.clock.fastForward('11:00');
        // The timers fast-forwarded may make a call first; else opening the profile does. Once the refresh runs
        // (and, refused, signs out) the link may be gone: the click only prompts, the replay waits for the state.
        await header(page).getByRole('link', { name: 'My profile' }).click({ timeout: 5_000 }).catch(() => undefined);
        return;
      }
      case 'auth.register': {
        const form = page.locator('form[aria-labelledby="register-heading"]');
        const answer = next?.type === 'xstate.done.actor.register' ? output(next) : undefined;
        // A taken address (a demo user's) for the answer that says so; else a new one of the run's own.
        const email = fieldOf(answer, 'leadEmailTaken') ? 'customer@demo.test' : `replay-${run.path.index}-${Math.random().toString(36).slice(2, 8)}@example.test`;
        const wrong = next?.type === 'xstate.error.actor.register';
        await form.getByLabel(SIGN_IN_TEXTS.firstName).fill(wrong ? 'N'.repeat(101) : String(event.firstName));
        await form.getByLabel(SIGN_IN_TEXTS.lastName).fill(String(event.lastName));
        await form.getByLabel(SIGN_IN_TEXTS.email).fill(email);
        await form.getByLabel(SIGN_IN_TEXTS.password).fill(String(event.password));
        await form.getByRole('button', { name: SIGN_IN_TEXTS.signUpButton }).click();
        return;
      }
      case 'auth.passkey.login':
        await page.getByRole('button', { name: SIGN_IN_TEXTS.passkeyButton }).click();
        return;
      case 'auth.external.start':
        await page.getByRole('button', { name: SIGN_IN_TEXTS.externalButton(OIDC_NAME) }).click();
        return;
      case 'auth.external.complete':
        // Sent by the callback page itself once its restore settles (the provider sent the browser back: `backFromProvider`).
        return;
      case 'auth.sync.token': {
        // While this tab's refresh waits for the lock, the other tab's refresh lands and its token comes over.
        const refreshing = refreshingTabs.get(run);
        if (refreshing) {
          refreshing.release();
          await refreshing.answered;
          return;
        }
        // This tab's profile load refused (500): armed as that request leaves this page, after the other tab's own.
        if (next?.type === 'xstate.error.actor.loadProfile') {
          await page.route((url) => url.pathname === '/identity/v1/profile', async (route) => {
            await run.armFault(AUTH_FAULTS.loadProfile, status(next) === 440 ? 440 : 500);
            await route.continue();
          }, { times: 1 });
        }
        await inOtherTab(run, async (other) => {
          if (decodePermissions(String(event.token)).act) {
            // The other tab (restored from the shared cookie) impersonates: its new identity comes over.
            await other.goto(`${server.url}/`);
            await header(other).getByRole('link', { name: 'My profile' }).waitFor({ timeout: STEP_TIMEOUT });
            await impersonateStoreUser(other);
            await header(other).getByRole('button', { name: /acting as/ }).waitFor({ timeout: STEP_TIMEOUT });
          } else {
            // The other tab signs in as the administrator (the shared refresh cookie gone first, so that it starts
            // signed out, as after it expired): its token comes over.
            await run.context.clearCookies();
            await signIn(other, ADMIN);
          }
        });
        return;
      }
      case 'auth.sync.logout':
        // Another tab of the same browser (restored from the shared cookie) logs out.
        await inOtherTab(run, async (other) => {
          await other.goto(`${server.url}/`);
          await header(other).getByRole('link', { name: 'Logout' }).click({ timeout: STEP_TIMEOUT });
        });
        return;
      case 'auth.sync.restore':
        // Another tab takes on the store user and stops: its stop tells the other tabs to restore the main login.
        await inOtherTab(run, async (other) => {
          // This tab is signed out (its restore found no session): the browser's session and the impersonation are
          // made over the API first, as the sign-in and user menu's calls make them, so that no tab announces a token
          // before the stop; the other tab then restores acting as the store user.
          if (run.path.steps[run.step - 1]!.active.includes('signedOut')) await impersonatingOverApi(run.context);
          await other.goto(`${server.url}/`);
          // Restored as the main login, or already acting as the store user (another tab took it on earlier).
          const acting = header(other).getByRole('button', { name: /acting as/ });
          await header(other).getByRole('link', { name: 'My profile' }).or(acting).first().waitFor({ timeout: STEP_TIMEOUT });
          if (!(await acting.isVisible())) await impersonateStoreUser(other);
          await other.getByRole('region', { name: USER_MENU_TEXTS.impersonationBar }).getByRole('button', { name: USER_MENU_TEXTS.stopImpersonation })
            .click({ timeout: STEP_TIMEOUT });
        });
        return;
      case 'auth.unauthorized': {
        // The server ends this browser's session from outside it (its refresh token logged out, as a revocation
        // does); the identity hub closes the tab's connection saying so, and the tab signs out. The tab must be
        // listening first, or it would learn it only from its next refresh.
        await until(async () => (await run.statesOf('identityLive')).at(-1), (state) => state === '"listening"', 'the identity hub connected');
        const refreshToken = (await run.context.cookies()).find((cookie) => cookie.name === REFRESH_COOKIE)?.value;
        if (!refreshToken) throw new Error('the browser holds no refresh cookie to end');
        const out = await fetch(`${server.url}/identity/v1/auth/logout`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken }),
        });
        if (out.status !== 204) throw new Error(`ending the session: ${out.status}`);
        return;
      }
      case 'auth.sessionExpired': {
        // The session reaches its end at the server while the tab's access token is still valid (as an
        // impersonation's window closes); the tab's next call, the profile screen's, is answered 440.
        const cookies = await run.context.cookies();
        const refreshToken = (cookies.find((cookie) => cookie.name === IMPERSONATION_COOKIE) ?? cookies.find((cookie) => cookie.name === REFRESH_COOKIE))?.value;
        if (!refreshToken) throw new Error('the browser holds no refresh cookie whose session to end');
        const ended = await fetch(`${server.url}${EXPIRE_SESSION_PATH}`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken }),
        });
        if (ended.status !== 204) throw new Error(`ending the session: ${ended.status}`);
        await header(page).getByRole('link', { name: 'My profile' }).click();
        return;
      }
      default: throw new Error(`no UI action for ${event.type}`);
    }
  },
  sees: {
    'signedOut.idle': async ({ page }) => header(page).getByRole('link', { name: SIGN_IN_TEXTS.screenTitle }).waitFor({ timeout: STEP_TIMEOUT }),
    // Signed out by a 440: the session-error screen in place of every page.
    sessionExpired: async ({ page }) => page.getByRole('alert').filter({ hasText: SESSION_ERROR_TEXTS.title }).waitFor({ timeout: STEP_TIMEOUT }),
    // The header's profile link, or the menu still open on an impersonation the server refused, saying why.
    'signedIn.active': async ({ page }) => header(page).getByRole('link', { name: 'My profile' })
      .or(header(page).getByRole('button', { name: /^My profile \(acting as / }))
      .or(page.getByRole('dialog').getByText(AUTH_TEXTS.impersonatePrivileged)).first().waitFor({ timeout: STEP_TIMEOUT }),
    'twoFactor.entering': async ({ page }) => page.getByRole('heading', { name: SIGN_IN_TEXTS.twoFactorHeading }).waitFor({ timeout: STEP_TIMEOUT }),
  },
});

/**
 * The session reaches its absolute end just as the tab's next refresh leaves: that request waits in the browser while
 * the server ends the session (the fault switch's EXPIRE_SESSION_PATH, standing in for the time the server's clock
 * would take), then goes on and gets the server's own 440. Ended then, not earlier: the tab's calls with its access
 * token would meanwhile be refused 401 (the session checked on every call), which is another path.
 */
async function sessionEndsAtRefresh(run: Run) {
  await run.page.route((url) => url.pathname === '/identity/v1/auth/refreshToken', async (route) => {
    const refreshToken = (await run.context.cookies()).find((cookie) => cookie.name === REFRESH_COOKIE)?.value;
    const ended = refreshToken ? await fetch(`${server.url}${EXPIRE_SESSION_PATH}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken }),
    }).then((answer) => answer.status) : 'no refresh cookie';
    if (ended !== 204) console.error(`auth path ${run.path.index}: ending the session answered ${ended}`);
    await route.continue();
  }, { times: 1 });
}

/** Another tab's refresh under way (act 'auth.token.expiring'): let it go on, and its answer. */
const refreshingTabs = new WeakMap<Run, { release(): void; answered: Promise<unknown> }>();

/** A promise and what settles it: a request held in the browser until the replay lets it go. */
function latch(): [Promise<void>, () => void] {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return [opened, open];
}

/**
 * Another tab of the browser reloads its session (its profile saved) and its refresh is on its way, held in that
 * tab's browser page: it holds the tabs' refresh lock (a Web Lock), so this tab's refresh then waits for it, and
 * that tab's new token comes over when it lands (act 'auth.sync.token' lets it go on).
 */
async function otherTabRefreshesFirst(run: Run) {
  const [released, release] = latch();
  run.onEnd(release);
  const [leaving, left] = latch();
  await inOtherTab(run, async (other) => {
    await other.goto(`${server.url}/`);
    await header(other).getByRole('link', { name: 'My profile' }).click({ timeout: STEP_TIMEOUT });
    const details = other.getByRole('form', { name: 'Details' });
    const firstName = details.getByLabel('First name');
    await firstName.fill(await firstName.inputValue());
    const isRefresh = (url: URL) => url.pathname === '/identity/v1/auth/refreshToken';
    await other.route(isRefresh, async (route) => {
      left();
      await released;
      await route.continue().catch(() => undefined);
    }, { times: 1 });
    const answered = other.waitForResponse((response) => isRefresh(new URL(response.url())), { timeout: 3 * STEP_TIMEOUT });
    answered.catch(() => undefined);
    await details.getByRole('button', { name: 'Save' }).click();
    await Promise.race([leaving, new Promise((_, reject) => setTimeout(() => reject(new Error("the other tab's reload did not refresh")), STEP_TIMEOUT))]);
    refreshingTabs.set(run, { release, answered });
  });
}

/** The code step's challenge (twoFactorHash) each run's password login got. */
const challenges = new WeakMap<Run, string>();

/** The user who signs in with a passkey (no other replay signs in as them). */
const PASSKEY_USER = 'partner@demo.test';

/**
 * A virtual authenticator in the run's browser (Chromium's, as tests/e2e/auth.test.ts uses), like a fingerprint
 * reader; when the path signs in with it, it first holds a passkey of PASSKEY_USER's, added from the profile as a
 * person does (then signed out: the path starts at the sign-in screen). Without one the browser refuses.
 */
async function passkeyReady(run: Run, withPasskey: boolean) {
  const { page } = run;
  const cdp = await run.context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  if (withPasskey) {
    await signIn(page, PASSKEY_USER);
    await header(page).getByRole('link', { name: 'My profile' }).click();
    const passkeys = page.getByRole('list', { name: 'Your passkeys' }).getByText(/^Passkey \d{4}-\d{2}-\d{2}$/);
    // The profile screen and its passkey list load first (a preparation: more time than a step under load).
    const before = await page.getByRole('button', { name: 'Add a passkey' }).waitFor({ timeout: 3 * STEP_TIMEOUT }).then(() => passkeys.count());
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await until(() => passkeys.count(), (count) => count > before, 'the passkey added');
    await header(page).getByRole('link', { name: 'Logout' }).click();
    await header(page).getByRole('link', { name: SIGN_IN_TEXTS.screenTitle }).waitFor({ timeout: STEP_TIMEOUT });
  }
  await run.restart();
  await page.goto(`${server.url}/login`);
}

/**
 * A path that completes an external sign-in starts where the provider sends the browser back: the sign-in screen's
 * provider button takes the browser to the local provider (which signs in at once, or refuses with access_denied
 * when the path's answer is a refusal); the browser's request to the provider is held until the recorder starts
 * afresh, then the provider redirects to /login/external/callback, whose page starts the chart again (restore,
 * refused: no session) and sends auth.external.complete with the provider's answer.
 */
async function backFromProvider(run: Run) {
  const { page } = run;
  const refused = run.path.steps.some((step) => step.event.type === 'xstate.error.actor.externalLogin');
  if (refused) {
    oidc!.refuseWith = 'access_denied';
    run.onEnd(() => { oidc!.refuseWith = undefined; });
  }
  const [released, release] = latch();
  run.onEnd(release);
  const [back, arrived] = latch();
  // Routes see only the first request of a redirect chain: the provider's authorisation request, whose redirects
  // end at our callback, is the one held.
  const provider = new URL(oidc!.issuer).origin;
  await page.route((url) => url.origin === provider, async (route) => {
    arrived();
    await released;
    await route.continue().catch(() => undefined);
  });
  await page.goto(`${server.url}/login`);
  // The click waits for its navigation, which is held: not awaited before the release.
  const clicked = page.getByRole('button', { name: SIGN_IN_TEXTS.externalButton(OIDC_NAME) }).click().catch(() => undefined);
  await back;
  await run.restart();
  release();
  await clicked;
}

async function impersonateStoreUser(page: Page) {
  await impersonateUser(page, (await apiLogin(server, 'store.user@demo.test')).id);
}

/** The browser context signed in as the administrator and acting as the store user, through the identity API's cookies. */
async function impersonatingOverApi(context: BrowserContext) {
  const headers = { 'x-token-transport': 'cookie' };
  const login = await context.request.post(`${server.url}/identity/v1/auth/login`, { headers, data: { email: ADMIN, password: DEMO_PASSWORD } });
  if (!login.ok()) throw new Error(`signing in over the API: ${login.status()}`);
  const { jwtToken } = await login.json() as { jwtToken: string };
  const userId = (await apiLogin(server, 'store.user@demo.test')).id;
  const started = await context.request.post(`${server.url}/identity/v1/auth/impersonate`, { headers: { ...headers, authorization: `Bearer ${jwtToken}` }, data: { userId } });
  if (!started.ok()) throw new Error(`impersonating over the API: ${started.status()}`);
}

async function impersonateUser(page: Page, id: number) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByLabel('User id').fill(String(id));
  // Submitted from the keyboard: the drawer can still be moving when the field is filled.
  await page.getByLabel('User id').press('Enter');
}

let peerAdministrator: Promise<number> | undefined;
/**
 * A second administrator, whom the demo's may not impersonate (equal privilege: the server's 403): signed up over
 * the API, then given the role by the demo administrator as the users screen does.
 */
/** A new user signed up over the API, as the sign-up screen does: their address (a new one each call). */
async function signUp(prefix: string, firstName: string, lastName: string): Promise<string> {
  const email = `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const answer = await fetch(`${server.url}/identity/v1/auth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, firstName, lastName }),
  });
  if (!answer.ok) throw new Error(`register ${email}: ${answer.status} ${await answer.text()}`);
  return email;
}

function administratorPeer(): Promise<number> {
  peerAdministrator ??= (async () => {
    const email = await signUp('replay-admin', 'Peer', 'Administrator');
    const { id } = await apiLogin(server, email);
    const user = await call<{ xmin: string }>(ADMIN, 'GET', `/users/za/${id}`);
    await call(ADMIN, 'PUT', `/users/za/${id}`, { firstName: 'Peer', lastName: 'Administrator', roles: ['Administrator'], xmin: user.xmin });
    return id;
  })();
  return peerAdministrator;
}

/**
 * Another tab of the same browser (its tokens come over the tabs' channel). Its own actors stay out of the
 * recorder: the copy of the flows inspector's channel in that tab posts nothing (the auth tabs' channel is untouched).
 */
async function inOtherTab(run: Run, act: (other: Page) => Promise<void>) {
  const other = await run.context.newPage();
  await other.addInitScript((muted) => {
    const post = BroadcastChannel.prototype.postMessage;
    BroadcastChannel.prototype.postMessage = function postUnlessMuted(this: BroadcastChannel, message: unknown) {
      if (this.name !== muted) post.call(this, message);
    };
  }, FLOWS_CHANNEL);
  await act(other);
}

async function signIn(page: Page, email: string) {
  await page.goto(`${server.url}/login`);
  const form = loginForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await header(page).getByRole('link', { name: 'My profile' }).waitFor({ timeout: STEP_TIMEOUT });
}

// ---------------------------------------------------------------------------------------------------------------
// wizard: a company user books a local trip (Gardens to Claremont) from the header's New delivery and pays from
// the company's post-pay account, so every call is the server's own answer. The details and pay steps are child
// charts: their `done` answers are produced by filling the details and pressing Post pay.

const BOOKER = 'company.user@demo.test';
const TRIP = { from: 'Gardens', to: 'Claremont' } as const;
const wizardOf = (page: Page) => page.getByTestId('booking-wizard');
const footer = (page: Page) => wizardOf(page).getByTestId('wizard-footer');

/** A step control pressed while the wizard is busy: Next must be gone, Back or the step button disabled (and pressed). */
async function pressWithheld(page: Page, event: AnyEventObject) {
  if (event.type === 'step.submit') {
    await until(() => footer(page).getByRole('button', { name: WIZARD_TEXTS.next, exact: true }).count(), (count) => count === 0, 'Next withheld while the wizard works');
    return;
  }
  const control = event.type === 'step.back'
    ? footer(page).getByRole('button', { name: WIZARD_TEXTS.back, exact: true })
    : wizardOf(page).getByRole('button', { name: `${Number(event.step) + 1}. ${WIZARD_TEXTS.steps[Number(event.step)]}` });
  await until(() => control.isDisabled(), (disabled) => disabled, `${event.type} disabled while the wizard works`);
  // A click on a disabled button reaches no handler: the browser drops it, as it does a person's.
  await control.click({ force: true });
}

async function chooseAddress(page: Page, label: string, place: string) {
  const wizard = wizardOf(page);
  await wizard.getByRole('combobox', { name: label }).fill(place);
  await wizard.getByRole('option', { name: place }).first().click();
}

async function contact(page: Page, title: string, name: string, phone: string) {
  const wizard = wizardOf(page);
  await wizard.locator('li[aria-current="step"]', { hasText: title }).waitFor({ timeout: STEP_TIMEOUT });
  const nameField = wizard.getByRole('textbox', { name: 'Name', exact: true });
  if (!(await nameField.inputValue())) await nameField.fill(name);
  const phoneField = wizard.getByRole('textbox', { name: 'Phone number' });
  if (!(await phoneField.inputValue())) await phoneField.fill(phone);
}

/**
 * The demo user whose own deliveries the reopening scenario opens (a store user may open /deliveries/add). It may pay
 * from two accounts (Acme Retail's and its store's): a reopened delivery with no account chosen opens its pay step
 * at the account choice, where the wizard's own Back shows.
 */
const REOPENER = 'store.user@demo.test';
/** What a reopened delivery answers: expired, paid (the demo's), or its card payment failed (booked by the run). */
const REOPENED_STATUSES: readonly number[] = [PAYMENT_STATUS.EXPIRED, PAYMENT_STATUS.PAID, PAYMENT_STATUS.PAYMENT_FAILED];
interface MineBody { items: { id: number; paymentStatusId: number }[] }
let reopenPool: Promise<MineBody['items']> | undefined;
/**
 * One of the store user's deliveries: a paid one (opening it changes nothing: shared), or for the expired sample one
 * outside the steps' range, each run its own (a reattempt prices it again). The demo has no expired quote of
 * a user who may open the wizard on a delivery (quotes live 30 minutes), so a cancelled quote (QUOTE_CANCELLED)
 * stands for it: the chart reads of both only that the status is outside the steps' range (the `quoteOutOfRange`
 * guard: 'Delivery failed' with Reattempt), and the server reattempts both alike.
 */
async function reopenable(kind: 'paid' | 'expired' | 'failed', failure = ''): Promise<number> {
  if (kind === 'failed') return failedDelivery(failure);
  reopenPool ??= call<MineBody>(REOPENER, 'GET', '/deliveries/za/mine?showExpired=true&pageSize=100').then((body) => body.items);
  const pool = await reopenPool;
  if (kind === 'paid') return pool.find((item) => item.paymentStatusId === PAYMENT_STATUS.PAID)!.id;
  const at = pool.findIndex(({ paymentStatusId: status }) => status === PAYMENT_STATUS.EXPIRED || status === PAYMENT_STATUS.QUOTE_CANCELLED);
  if (at < 0) throw new Error('no expired or cancelled demo quote of the store user left to reopen');
  return pool.splice(at, 1)[0]!.id;
}

/**
 * A delivery of the store user's whose card payment failed, each run its own (a reopened one is changed): booked
 * through the wizard's calls over the API (accepted, no account chosen yet), then the failure the card widget reports
 * (paymentfailed, with the sample's description) — the server's own PAYMENT_FAILED, as after a declined card.
 */
async function failedDelivery(description: string): Promise<number> {
  const { token } = await apiUser(REOPENER);
  const connect = createClient<ConnectPaths>({ baseUrl: `${server.url}/connect`, headers: bearer(token) });
  const { deliveryId } = await book(connect);
  await call(REOPENER, 'PUT', `/deliveries/paymentfailed/za/${deliveryId}`, { description });
  return deliveryId;
}

/**
 * Whether step `index` of a reopening path is a Next refused at Quotes: the failed card payment's quote is chosen,
 * so the replay lets its quotes expire by the page's clock first (the sample has none chosen).
 */
function quotesExpired(path: ReplayPath, index: number): boolean {
  const step = path.steps[index];
  return path.scenario === 1 && step?.event.type === 'step.submit' && !step.event.quoteId
    && path.steps[index - 1]?.active.includes('steps.quotes.editing') === true && /"quotes":"invalid"/.test(step.state);
}

const stepShown = async (page: Page, step: number): Promise<void> => void await until(() => wizardOf(page).getByTestId('step-of').textContent(),
  (text) => text === WIZARD_TEXTS.stepOf(step), `the wizard shows ${WIZARD_TEXTS.stepOf(step)}`);

/** The operations the wizard's server calls make. */
const WIZARD_FAULTS = {
  createQuote: 'createquotes', updateQuote: 'updatequotes', loadParcelTypes: 'getparceltypes', updateParcels: 'updateparcel',
  selectQuote: 'selectquote', loadTimeSlots: 'getavailabletimeslots', setTimeSlot: 'settimeslot', acceptQuote: 'acceptquote',
  getQuote: 'getquotes', reattempt: 'reattempt',
};

function wizardDriver(): BrowserDriver {
  return {
    samples: wizardSamples,
    machineId: 'wizard',
    faults: WIZARD_FAULTS,
    // Reopening: the demo store user's own deliveries, opened at /deliveries/add?deliveryid= (the page a reopened
    // booking has): a paid one, or one outside the steps' range for the expired sample (see `reopenable`).
    starts: () => true,
    actions: new Set(['delivery.edit', 'delivery.resolving', 'step.submit', 'parcels.change', 'step.goto', 'step.back', 'quote.timeSlot',
      'wizard.close', 'wizard.reattempt', 'wizard.step']),
    // The calls whose requests wait in the browser while the user chooses an address or a time slot meanwhile
    // (the fields stay offered while the wizard is busy; Next, Back and the step buttons do not).
    hold: {
      // Reopening: the step prop (from the page's address) and a close come while the delivery loads.
      getQuote: (url) => url.includes('/connect/deliveries/getquotes/'),
      createQuote: (url) => url.includes('/connect/deliveries/createquotes/'),
      updateQuote: (url) => url.includes('/connect/deliveries/updatequotes/'),
      updateParcels: (url) => url.includes('/connect/deliveries/updateparcel/'),
      selectQuote: (url) => url.includes('/connect/deliveries/selectquote/'),
      acceptQuote: (url) => url.includes('/connect/deliveries/acceptquote/'),
      setTimeSlot: (url) => url.includes('/connect/deliveries/settimeslot/'),
    },
    holds: new Set(['getQuote', 'createQuote', 'updateQuote', 'updateParcels', 'selectQuote', 'acceptQuote', 'setTimeSlot']),
    answers: {
      ...serverErrors(WIZARD_FAULTS),
      'xstate.done.actor.createQuote': () => true,
      // The demo's paid and expired deliveries, and a failed card payment the run books (`reopenable`).
      'xstate.done.actor.getQuote': (event) => REOPENED_STATUSES.includes(Number(fieldOf(output(event), 'paymentStatusId'))),
      'xstate.done.actor.reattempt': () => true,
      'xstate.done.actor.updateQuote': () => true,
      'xstate.done.actor.loadParcelTypes': () => true,
      'xstate.done.actor.updateParcels': () => true,
      'xstate.done.actor.selectQuote': () => true,
      'xstate.done.actor.loadTimeSlots': () => true,
      'xstate.done.actor.setTimeSlot': () => true,
      'xstate.done.actor.acceptQuote': () => true,
      'xstate.done.actor.details': () => true,
      'xstate.done.actor.pay': (event) => fieldOf(output(event), 'result') === 'paid',
    },
    async start(run) {
      const { page } = run;
      // A path whose first event is the step prop opens the page with it (`act` then has nothing left to do).
      const first = run.next();
      const step = first?.type === 'wizard.step' ? `step=${Number(first.step) + 1}` : undefined;
      if (run.path.scenario === 1) {
        // The page's clock, so that the reopened delivery's quotes can expire by it (`quotesExpired`).
        if (run.path.steps.some((_, index) => quotesExpired(run.path, index))) await page.clock.install();
        await signIn(page, REOPENER);
        const answer = run.path.steps[step ? 2 : 1]?.event;
        const status = answer?.type === 'xstate.done.actor.getQuote' ? fieldOf(output(answer), 'paymentStatusId') : undefined;
        const kind = status === PAYMENT_STATUS.PAID ? 'paid' : status === PAYMENT_STATUS.PAYMENT_FAILED ? 'failed' : 'expired';
        const failure = String(fieldOf(output(answer ?? { type: '' }), 'paymentPeachPaymentFailureDescription') ?? '');
        await page.goto(`${server.url}/deliveries/add?deliveryid=${await reopenable(kind, failure)}${step ? `&${step}` : ''}`);
        return;
      }
      await signIn(page, BOOKER);
      // The step prop changing later comes from the page's address (see act 'wizard.step'): the page's wizard, not
      // the header's (which has no address of its own).
      const addressLater = run.path.steps.slice(2).some((later) => later.event.type === 'wizard.step');
      if (step || addressLater) await page.goto(`${server.url}/deliveries/add${step ? `?${step}` : ''}`);
      else await header(page).getByRole('button', { name: WIZARD_TEXTS.newDelivery }).click();
      await wizardOf(page).waitFor();
    },
    async act(event, run) {
      const { page } = run;
      const wizard = wizardOf(page);
      // While a call of the step runs (held in the browser) the user tries the step controls: the wizard withholds
      // them (Next gone, Back and the step buttons disabled), so the press changes nothing, which the chart's own
      // ignoring of these events stands for (the replay then checks the state has not moved).
      if (['step.submit', 'step.goto', 'step.back'].includes(event.type) && run.path.steps[run.step - 1]?.tags.includes('busy')) {
        await pressWithheld(page, event);
        return;
      }
      switch (event.type) {
        case 'delivery.edit': {
          const values = event.values as Record<string, unknown>;
          if ('originAddress' in values) await chooseAddress(page, 'Pick-up address', TRIP.from);
          else if ('destinationAddress' in values) await chooseAddress(page, 'Drop-off address', TRIP.to);
          else if ('deliveryDate' in values) {
            const date = wizard.getByRole('combobox', { name: 'Date' });
            await until(() => date.locator('option').count(), (count) => count > 1, 'delivery dates offered');
            await date.selectOption({ index: 1 });
          } else throw new Error(`no UI action for delivery.edit ${JSON.stringify(values)}`);
          return;
        }
        case 'step.submit':
          if (quotesExpired(run.path, run.step)) {
            // The user comes back after the quotes expired (30 minutes; the page's clock runs ahead, the server's
            // does not): the screen drops the chosen one (Expired, disabled) at its next count, and Next is refused.
            await page.clock.fastForward('31:00');
            await until(async () => [await wizard.getByRole('radio', { disabled: true }).count(), await wizard.getByRole('radio').count()],
              ([disabled, all]) => disabled! > 0 && disabled === all, 'every quote shown Expired');
            await until(() => wizard.getByRole('radio', { checked: true }).count(), (count) => count === 0, 'no quote chosen');
          }
          if (event.quoteId) await wizard.getByRole('radio').first().check();
          await footer(page).getByRole('button', { name: WIZARD_TEXTS.next, exact: true }).click();
          return;
        case 'parcels.change': {
          // The sample's list is the custom parcel alone: a reopened delivery's own parcels are removed first.
          const removes = wizard.getByRole('button', { name: new RegExp(`^${PARCEL_STEP_TEXTS.remove} `) });
          while (await removes.count() > 0) await removes.first().click();
          await wizard.getByRole('button', { name: PARCEL_STEP_TEXTS.custom, exact: true }).click();
          const form = wizard.getByTestId('custom-parcel');
          const field = (label: string) => form.getByLabel(new RegExp(`^${label}`));
          await field(PARCEL_STEP_TEXTS.name).fill(sampleCustomParcel.deliveryItemName);
          for (const size of ['length', 'width', 'height', 'weight'] as const) await field(PARCEL_STEP_TEXTS[size]).fill(String(sampleCustomParcel[size]));
          await form.getByRole('button', { name: PARCEL_STEP_TEXTS.addCustom }).click();
          return;
        }
        case 'step.goto': {
          const step = event.step as number;
          await wizard.getByRole('button', { name: `${step + 1}. ${WIZARD_TEXTS.steps[step]}` }).click();
          return;
        }
        case 'step.back': {
          // On the pay step a one-account booker sees the pay step's own Back (its details, the account chosen at
          // once): it goes back to the account choice, where the wizard's Back shows (the wizard's chart stays on pay).
          const wizardBack = footer(page).getByRole('button', { name: WIZARD_TEXTS.back, exact: true });
          if (!run.path.steps[run.step - 1]?.active.includes('steps.pay')) {
            await wizardBack.click();
            return;
          }
          const payBack = wizard.getByTestId('pay-details').getByRole('button', { name: PAY_STEP_TEXTS.back, exact: true });
          // The pay step may still be choosing the one account (its Back disabled) when the details show: look again.
          await until(async () => {
            if (await payBack.count()) await payBack.click({ timeout: 2_000 }).catch(() => undefined);
            else if (await wizardBack.isEnabled({ timeout: 500 }).catch(() => false)) return wizardBack.click({ timeout: 2_000 }).then(() => true, () => false);
            return false;
          }, Boolean, 'the wizard\'s Back pressed on the pay step');
          return;
        }
        case 'quote.timeSlot': {
          const slot = wizard.getByRole('combobox', { name: QUOTE_STEP_TEXTS.firstAvailableTimeslot });
          const current = await slot.inputValue();
          // The slots of the quote's date can still be arriving: wait for one other than the current.
          const values = await until(() => slot.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
            (found) => found.some((value) => value && value !== current), 'another time slot offered');
          await slot.selectOption(values.find((value) => value && value !== current)!);
          return;
        }
        case 'wizard.close':
          await wizard.getByRole('button', { name: WIZARD_TEXTS.close }).first().click();
          return;
        case 'delivery.resolving': {
          // The drop-off chosen (again) while its resolve (POST /addresses) waits in the browser until the run ends:
          // the wizard hears only that it is under way, as with a slow geocoder.
          const [released, release] = latch();
          run.onEnd(release);
          await page.route((url) => /\/connect\/addresses\/za$/i.test(url.pathname), async (route) => {
            if (route.request().method() !== 'POST') return route.fallback();
            await released;
            return route.continue().catch(() => undefined);
          });
          await chooseAddress(page, 'Drop-off address', TRIP.to);
          return;
        }
        case 'wizard.step': {
          // The first event: passed by the page's address as it opened (`start`).
          if (run.step === 1) return;
          // Later: the address changes to `?step=` while the wizard is open, by the browser's Back and Forward (the
          // page passes the step prop whenever its address changes, docs/decisions.md "The step prop follows the
          // address"). The entry ahead is put in the tab's history without the app hearing of it (standing for a
          // `?step=` address this tab visited); the traversal to it is the browser's own (popstate), not a reload.
          const target = new URL(page.url());
          target.searchParams.set('step', String(Number(event.step) + 1));
          await page.evaluate((href) => history.pushState(history.state, '', href), target.href);
          await page.goBack();
          await page.goForward();
          await until(async () => new URL(page.url()).searchParams.get('step'), (value) => value === target.searchParams.get('step'), `the address is ${target.pathname}${target.search}`);
          // The chart then stays where the path says (a busy wizard ignores the step prop): the replay's own check
          // finds that state already reported, so look again once the page has rendered the new address.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 250))));
          const expected = run.path.steps[run.step]!.state;
          await until(async () => (await run.statesOf('wizard')).at(-1), (last) => last === expected, `the wizard still ${expected} after the address changed`);
          return;
        }
        case 'wizard.reattempt':
          // 'Try again' where the delivery could not be loaded; 'Reattempt delivery' where it failed.
          await wizard.getByRole('button', { name: run.path.steps[run.step - 1]?.active.includes('loadFailed') ? WIZARD_TEXTS.retry : WIZARD_TEXTS.reattemptDelivery }).click();
          return;
        default: throw new Error(`no UI action for ${event.type}`);
      }
    },
    produce: {
      async 'xstate.done.actor.details'(event, { page }) {
        if (fieldOf(output(event), 'result') === 'back') {
          await footer(page).getByRole('button', { name: WIZARD_TEXTS.back, exact: true }).click();
          return;
        }
        const wizard = wizardOf(page);
        const subStepNext = () => wizard.locator('#booking-step-form').getByRole('button', { name: WIZARD_TEXTS.next, exact: true }).click();
        await contact(page, 'Pick-up', 'Thandi Pick-up', '0821234567');
        await subStepNext();
        await contact(page, 'Drop-off', 'Sipho Drop-off', '0831234567');
        await subStepNext();
        await wizard.locator('li[aria-current="step"]', { hasText: 'Additional details (optional)' }).waitFor({ timeout: STEP_TIMEOUT });
        await footer(page).getByRole('button', { name: WIZARD_TEXTS.next, exact: true }).click();
      },
      async 'xstate.done.actor.pay'(_event, { page }) {
        const wizard = wizardOf(page);
        const details = wizard.getByTestId('pay-details');
        const heading = details.getByRole('heading', { name: 'Delivery payment details' });
        const accountStep = wizard.getByTestId('pay-account');
        const accountNext = accountStep.getByRole('button', { name: 'Next' });
        await until(async () => {
          if (await heading.count()) return true;
          // The reopener pays from one of two accounts, none chosen yet: the first the search finds for 'Acme'.
          const search = accountStep.getByRole('combobox');
          if (await search.count() && !(await accountNext.isEnabled({ timeout: 500 }).catch(() => false))) {
            await search.fill('Acme', { timeout: 2_000 }).catch(() => undefined);
            await accountStep.getByRole('option').first().getByRole('button').click({ timeout: 2_000 }).catch(() => undefined);
          }
          // The account step can give way to the details between two looks: never wait on a button that went.
          if (await accountNext.isEnabled({ timeout: 500 }).catch(() => false)) await accountNext.click({ timeout: 2_000 }).catch(() => undefined);
          return false;
        }, Boolean, 'the payment details shown');
        await details.getByRole('button', { name: 'Post pay' }).click();
      },
    },
    sees: {
      'steps.delivery.editing': ({ page }) => stepShown(page, 1),
      'steps.delivery.invalid': async ({ page }) => {
        await stepShown(page, 1);
        await wizardOf(page).getByRole('alert').first().waitFor({ timeout: STEP_TIMEOUT });
      },
      'steps.parcels.editing': async ({ page }) => {
        await stepShown(page, 2);
        await wizardOf(page).getByRole('heading', { name: PARCEL_STEP_TEXTS.heading }).waitFor({ timeout: STEP_TIMEOUT });
      },
      'steps.parcels.invalid': async ({ page }) => {
        await stepShown(page, 2);
        await wizardOf(page).getByTestId('parcels-error').waitFor({ timeout: STEP_TIMEOUT });
      },
      'steps.quotes.editing': async ({ page }) => {
        await stepShown(page, 3);
        await wizardOf(page).getByTestId('quote-option').first().waitFor({ timeout: STEP_TIMEOUT });
      },
      'steps.quotes.invalid': async ({ page }) => {
        await stepShown(page, 3);
        await wizardOf(page).getByTestId('quote-error').waitFor({ timeout: STEP_TIMEOUT });
      },
      'steps.details': ({ page }) => stepShown(page, 4),
      'steps.accept.reviewing': async ({ page }) => {
        await stepShown(page, 5);
        await wizardOf(page).getByRole('heading', { name: ACCEPT_STEP_TEXTS.heading }).waitFor({ timeout: STEP_TIMEOUT });
      },
      'steps.pay': ({ page }) => stepShown(page, 6),
      closed: async ({ page }) => wizardOf(page).waitFor({ state: 'detached', timeout: STEP_TIMEOUT }),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// pay: the wizard's step 6, a chart of its own, started on a delivery booked over the API and reopened at step 6
// (`reopenAtPay`; its replay starts when the pay actor does). The booker's one account is PostPay and chosen at
// once; the card sandbox draws the card form. A path with a saved card gets one of its own first (see `savedCard`); a path
// whose accounts are two books as store.admin@demo.test (Acme Retail's and its store's, both PostPay).

const payDetails = (page: Page) => wizardOf(page).getByTestId('pay-details');

/**
 * The pay step opened on a delivery of the booker's that waits for its payment: booked over the API with the
 * wizard's calls up to acceptquote (no account chosen), then reopened at /deliveries/add?deliveryid= (the wizard
 * loads it and opens step 6, where the pay chart starts). The wizard's own paths book through steps 1 to 5 in the
 * UI; a pay run needs only step 6.
 */
async function reopenAtPay(run: Run, booker: string, customer: boolean) {
  const { token } = await apiUser(booker);
  const connect = createClient<ConnectPaths>({ baseUrl: `${server.url}/connect`, headers: bearer(token) });
  const { deliveryId } = await book(connect);
  await signIn(run.page, booker);
  if (customer) {
    // A customer (no back office) continues the booking from their deliveries on the dashboard.
    await run.page.goto(`${server.url}/dashboard`);
    await run.page.getByRole('button', { name: MY_DELIVERIES_TEXTS.continueLabel(deliveryId) }).click({ timeout: STEP_TIMEOUT });
  } else {
    await run.page.goto(`${server.url}/deliveries/add?deliveryid=${deliveryId}`);
  }
  await stepShown(run.page, 6);
}

/** A booker who may pay from two accounts (Acme Retail's and its store's): the pay step asks which. */
const TWO_ACCOUNT_BOOKER = 'store.admin@demo.test';

/** A post-pay the server refuses (422): the run's own PostPay account, by run, whose credit limit the finance team lowers. */
const creditAccounts = new WeakMap<Run, number>();
const refusesPostPay = (event: AnyEventObject) => event.type === 'xstate.error.actor.payByBalance' && status(event) === 422;
interface ManagedAccountBody { id: number; accountName: string; xmin: string }

/**
 * A new customer whose one account is a PostPay account of their own (added by the administrator before the
 * customer's first booking, so no personal Prepay account is opened): Post pay is offered, and refused once the
 * credit limit is lowered meanwhile (`lowerCreditLimit`). Nobody else pays from it.
 */
async function postPayCustomer(run: Run): Promise<string> {
  const email = await signUp(`replay-pay-${run.path.index}`, 'Replay', 'Customer');
  const { id: userId } = await apiUser(email);
  const account = await call<ManagedAccountBody>(ADMIN, 'POST', '/accounts/za/manage', { accountName: email, accountType: 'PostPay', userId, creditLimit: 10_000_000 });
  creditAccounts.set(run, account.id);
  return email;
}

/** The finance team lowers the run's account's credit limit to nothing (the administrator, over the API). */
async function lowerCreditLimit(run: Run): Promise<void> {
  const id = creditAccounts.get(run)!;
  const account = await call<ManagedAccountBody>(ADMIN, 'GET', `/accounts/za/manage/${id}`);
  await call(ADMIN, 'PUT', `/accounts/za/manage/${id}`, { accountName: account.accountName, creditLimit: 0, xmin: account.xmin });
}

/** The saved card a pay run made for itself, by run (its holder's name tells it from other runs' cards). */
const savedCards = new WeakMap<Run, string>();
interface CheckoutBody { checkoutId: string; widgetScriptUrl: string; returnUrl?: string }
/**
 * A card saved on BOOKER's account (Acme Retail's) under a holder's name of the run's own: a delivery booked over
 * the API is paid by card with 'Save card details' as the widget does it — the checkout from our server, the card
 * form posted to the card sandbox's page (card details never reach our server), the return processed by our server,
 * which saves the sandbox's registration. Each run its own card: a run removes or pays with it, never another's.
 */
async function savedCard(run: Run, booker: string): Promise<void> {
  const holder = `Replay ${run.path.index} ${Math.random().toString(36).slice(2, 8)}`;
  const { token } = await apiUser(booker);
  const connect = createClient<ConnectPaths>({ baseUrl: `${server.url}/connect`, headers: bearer(token) });
  const { deliveryId } = await book(connect);
  const [account] = await call<{ key: string }[]>(booker, 'GET', `/accounts/za?select=true&deliveryId=${deliveryId}`);
  await call(booker, 'PUT', `/deliveries/selectaccount/za/${deliveryId}`, { accountId: Number(account!.key) });
  const checkout = await call<CheckoutBody>(booker, 'PUT', `/deliveries/paymentCheckout/za/${deliveryId}`, { saveCard: true, returnUrl: '/paymentcallback' },
    { 'Idempotency-Key': `replay-card-${holder.replace(/\W/g, '-')}` });
  const sandbox = new URL(checkout.widgetScriptUrl).origin;
  const form = new URLSearchParams({
    shopperResultUrl: new URL(checkout.returnUrl ?? '/paymentcallback', server.url).toString(), paymentBrand: 'VISA', 'card.holder': holder,
    'card.number': declinesLater(run) ? SANDBOX_CARDS.declinedWhenSaved : SANDBOX_CARDS.success, 'card.expiryMonth': '12', 'card.expiryYear': String(new Date().getFullYear() + 3), 'card.cvv': '123',
  });
  const page = await (await fetch(`${sandbox}/v1/checkouts/${checkout.checkoutId}/pay`, { method: 'POST', body: form })).text();
  const redirect = /window\.top\.location\.href = "([^"]+)"/.exec(page)?.[1];
  if (!redirect) throw new Error(`the card sandbox did not send the shopper back: ${page}`);
  const back = new URL(redirect);
  const paid = await call<{ paymentStatusId: number }>(booker, 'PUT', `/deliveries/processCardPayment/za/${deliveryId}`,
    { id: back.searchParams.get('id'), resourcePath: back.searchParams.get('resourcePath') });
  if (paid.paymentStatusId !== PAYMENT_STATUS.PAID) throw new Error(`the card that was to be saved did not pay: ${JSON.stringify(paid)}`);
  savedCards.set(run, holder);
}

/** A new customer's personal account: Prepay with nothing on it, the whole price due. */
const newCustomerPays = (event: AnyEventObject) => {
  const account = fieldOf(output(event), 'account');
  return fieldOf(account, 'accountType') === 'Prepay' && fieldOf(account, 'balance') === 0 && Number(fieldOf(fieldOf(output(event), 'quote'), 'paymentTotalDue')) > 0;
};

/** The demo customer's Prepay account, funded when seeded: its balance covers the price, nothing is due. */
const PREPAID_CUSTOMER = 'customer@demo.test';
const balanceCovers = (event: AnyEventObject) => {
  const account = fieldOf(output(event), 'account');
  return fieldOf(account, 'accountType') === 'Prepay' && Number(fieldOf(account, 'balance')) > 0 && fieldOf(fieldOf(output(event), 'quote'), 'paymentTotalDue') === 0;
};

/** Whether the run's saved card is to be declined when the pay step charges it. */
const declinesLater = (run: Run) => run.path.steps.some((step) => step.event.type === 'xstate.done.actor.payBySavedCard'
  && fieldOf(output(step.event), 'paymentStatusId') === PAYMENT_STATUS.PAYMENT_FAILED);

/** The run's own saved card in the pay step's list. */
const ownCard = (run: Run) => payDetails(run.page).getByTestId('saved-card').filter({ hasText: savedCards.get(run)! });

/** The operations the pay chart's server calls make (selectAccount's first call chooses the account). */
const PAY_FAULTS = {
  loadAccounts: 'getaccounts', selectAccount: 'selectaccount', payByBalance: 'payByBalance', paymentCheckout: 'paymentCheckout',
  payBySavedCard: 'payBySavedCard', removeCard: 'deletepaymentcard',
};

function payDriver(): BrowserDriver {
  return {
    samples: paySamples,
    machineId: 'pay',
    faults: PAY_FAULTS,
    // The card widget's script (the sandbox's): held while the user changes their mind during its load.
    hold: { loadWidget: (url) => url.includes('/paymentWidgets.js') },
    holds: new Set(['loadWidget']),
    starts: () => true,
    actions: new Set(['pay.postPay', 'pay.newCard', 'pay.back', 'pay.saveCard', 'pay.savedCard', 'pay.removeCard', `xstate.snapshot.${ACCOUNT_SELECT_ID}`, 'pay.next',
      'pay.submitted', 'pay.reset']),
    refuses: (event) => {
      // The account search select: choosing an account (clearing a choice is a control of its own, not replayed).
      if (event.type === `xstate.snapshot.${ACCOUNT_SELECT_ID}` && !fieldOf(fieldOf(event.snapshot, 'context'), 'selected')) return 'clearing the account choice (no UI action)';
      return null;
    },
    answers: {
      ...serverErrors(PAY_FAULTS),
      // BOOKER's one account, or TWO_ACCOUNT_BOOKER's two.
      'xstate.done.actor.loadAccounts': (event) => { const accounts = output(event); return Array.isArray(accounts) && accounts.length <= 2 && accounts.length > 0; },
      // Paid, or declined: the run's card was saved from the sandbox's card that declines once saved.
      'xstate.done.actor.payBySavedCard': (event) => [PAYMENT_STATUS.PAID, PAYMENT_STATUS.PAYMENT_FAILED].some((status) => status === fieldOf(output(event), 'paymentStatusId')),
      'xstate.done.actor.removeCard': () => true,
      // The bookers' PostPay accounts; a new customer's personal Prepay account (balance 0, the total due).
      'xstate.done.actor.selectAccount': (event) => fieldOf(fieldOf(output(event), 'account'), 'accountType') === 'PostPay' || newCustomerPays(event) || balanceCovers(event),
      'xstate.done.actor.payByBalance': (event) => fieldOf(output(event), 'paymentStatusId') === PAYMENT_STATUS.PAID,
      // A 500 (the fault switch), or a refusal (422) of a PostPay account whose credit limit was lowered meanwhile
      // (the sample's is a Prepay account's; the chart reads only that the server refused: the details stay).
      'xstate.error.actor.payByBalance': (event) => isServerError(event) || refusesPostPay(event),
      'xstate.done.actor.paymentCheckout': () => true,
      'xstate.done.actor.loadWidget': () => true,
      // The card provider's script not arriving (the network between the browser and the provider): `start`.
      'xstate.error.actor.loadWidget': () => true,
    },
    async start(run) {
      if (run.path.steps.some((step) => step.event.type === 'xstate.error.actor.loadWidget')) {
        await run.page.route((url) => url.href.includes('/paymentWidgets.js'), (route) => route.abort('internetdisconnected'));
      }
      const loaded = run.path.steps.find((step) => step.event.type === 'xstate.done.actor.loadAccounts')?.event;
      const selected = run.path.steps.find((step) => step.event.type === 'xstate.done.actor.selectAccount')?.event;
      // A new customer's first booking opens their personal account.
      const refused = run.path.steps.some((step) => refusesPostPay(step.event));
      const prepaid = Boolean(selected && balanceCovers(selected));
      const customer = Boolean(selected && newCustomerPays(selected)) || refused || prepaid;
      const booker = refused ? await postPayCustomer(run) : prepaid ? PREPAID_CUSTOMER : customer ? await signUp(`replay-pay-${run.path.index}`, 'Replay', 'Customer')
        : loaded && (output(loaded) as unknown[]).length === 2 ? TWO_ACCOUNT_BOOKER : BOOKER;
      if (run.path.steps.some((step) => step.event.type === 'pay.savedCard' || step.event.type === 'pay.removeCard')) await savedCard(run, booker);
      await reopenAtPay(run, booker, customer);
    },
    async act(event, run) {
      const { page } = run;
      switch (event.type) {
        case 'pay.postPay': {
          const next = run.next();
          if (next && refusesPostPay(next)) await lowerCreditLimit(run);
          // 'Pay' when the balance covers the price (nothing due), else 'Post pay'.
          await payDetails(page).getByRole('button', { name: new RegExp(`^(${PAY_STEP_TEXTS.postPay}|${PAY_STEP_TEXTS.pay})$`) }).click();
          return;
        }
        // 'Pay with new card' beside saved cards (other runs' cards on the same account may show).
        case 'pay.newCard':
          await payDetails(page).getByRole('button', { name: new RegExp(`^(${PAY_STEP_TEXTS.payByCard}|${PAY_STEP_TEXTS.payWithNewCard})$`) }).click();
          return;
        case 'pay.savedCard': await ownCard(run).getByRole('button', { name: new RegExp(`^${PAY_STEP_TEXTS.payNow}`) }).click(); return;
        case 'pay.removeCard': await ownCard(run).getByRole('button', { name: new RegExp(`^${PAY_STEP_TEXTS.remove}`) }).click(); return;
        case `xstate.snapshot.${ACCOUNT_SELECT_ID}`: {
          // The first account the search finds for 'Acme' (both are Acme's).
          const account = wizardOf(page).getByTestId('pay-account');
          await account.getByRole('combobox').fill('Acme');
          await account.getByRole('option').first().getByRole('button').click();
          return;
        }
        case 'pay.next': await wizardOf(page).getByTestId('pay-account').getByRole('button', { name: PAY_STEP_TEXTS.next }).click(); return;
        case 'pay.back': await wizardOf(page).getByRole('button', { name: PAY_STEP_TEXTS.back, exact: true }).last().click(); return;
        case 'pay.saveCard': await wizardOf(page).getByTestId('pay-payment').getByRole('checkbox', { name: PAY_STEP_TEXTS.saveCard }).setChecked(Boolean(event.checked)); return;
        case 'pay.submitted': {
          // The shopper submits the provider's card form; the form first asks our page (onBeforeSubmitCard).
          if (run.next()?.type === 'pay.reset') {
            // The provider's answer to the card is slow: held in the browser while the shopper presses Reset.
            const [released, release] = latch();
            run.onEnd(release);
            await page.route((url) => /^\/v1\/checkouts\/[^/]+\/pay$/.test(new URL(url).pathname), async (route) => {
              await released;
              await route.abort().catch(() => undefined);
            });
          }
          const frame = wizardOf(page).frameLocator('iframe[title="Card payment"]');
          await frame.getByLabel('Card holder').fill(`Replay ${run.path.index}`);
          await frame.getByLabel('Card number').fill(SANDBOX_CARDS.success);
          await frame.getByLabel('Expiry month').fill('12');
          await frame.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 3));
          await frame.getByLabel('CVV').fill('123');
          await frame.getByRole('button', { name: 'Pay now' }).click();
          return;
        }
        case 'pay.reset': await wizardOf(page).getByTestId('pay-completed').getByRole('button', { name: PAY_STEP_TEXTS.reset }).click(); return;
        default: throw new Error(`no UI action for ${event.type}`);
      }
    },
    sees: {
      'account.choosing': async ({ page }) => wizardOf(page).getByTestId('pay-account').waitFor({ timeout: STEP_TIMEOUT }),
      'details.idle': async ({ page }) => payDetails(page).getByRole('heading', { name: PAY_STEP_TEXTS.paymentDetails }).waitFor({ timeout: STEP_TIMEOUT }),
      'payment.ready': async ({ page }) => wizardOf(page).locator('iframe[title="Card payment"]').waitFor({ timeout: STEP_TIMEOUT }),
      // The card form is not there: the script did not arrive, or its checkout was refused; the step says which.
      'payment.widgetFailed': async ({ page }) => wizardOf(page).getByTestId('booking-problem').first().waitFor({ timeout: STEP_TIMEOUT }),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// job and task: pure charts the server runs on every job and task call (409 when they refuse). Each path gets a
// job of its own, built by the administrator (an operator) from ready demo deliveries with createjob; its events
// are the real calls: the operator's assign, unassign, add, remove, notify-delay and reverse, the driver's
// start, reject and task calls, each signed in as that user. The web app has no driver screens (drivers use the
// mobile app), so the driver's calls are made over the API as that app makes them; the operator's calls too (the
// same calls the job screen makes). After each step the state is read back from the server, never from a chart
// in the test: the job's stored status (getjob, mapped by `jobSnapshotOf`) and the task's (gettaskstate, by
// `taskSnapshotOf`), and compared with the path's.

const OPERATOR = ADMIN;
/** Drivers the job and task runs take in turn, one run each at a time (a driver works one job at a time), with their names. */
const DRIVERS = ['driver3@demo.test', 'driver4@demo.test'];

interface ApiUser { token: string; id: number }
/**
 * A user's API sign-in, reused for ten minutes: access tokens live fifteen, and on a slow machine the file runs longer
 * than that (a token from its start answered 401 to the last runs' calls).
 */
const API_LOGIN_REUSE_MS = 10 * 60_000;
const apiUsers = new Map<string, { user: Promise<ApiUser>; at: number }>();
function apiUser(email: string): Promise<ApiUser> {
  const known = apiUsers.get(email);
  if (known && Date.now() - known.at < API_LOGIN_REUSE_MS) return known.user;
  const user = apiLogin(server, email).then(({ jwtToken, id }) => ({ token: jwtToken, id }));
  apiUsers.set(email, { user, at: Date.now() });
  return user;
}

/** One call of the connect API as a user; fails with the server's answer unless it is 2xx. */
async function call<T>(email: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const { token } = await apiUser(email);
  const response = await fetch(`${server.url}/connect${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} as ${email}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

interface JobDetailsBody { job: { id: number; jobStatusId: number }; deliveries: { deliveryId: number }[]; tasks: { id: number; taskTypeId: number; taskStatusId: number; deliveryId: number }[] }
interface TaskStateBody { task: { taskTypeId: number; taskStatusId: number; arrivedDate?: string | null } }

/** Ready demo deliveries, each handed to one run only (runs build their jobs concurrently). */
let readyPool: Promise<number[]> | undefined;
async function readyDeliveries(count: number): Promise<number[]> {
  readyPool ??= call<{ deliveryId: number }[]>(OPERATOR, 'GET', '/jobs/readydeliveries/za').then((items) => items.map((item) => item.deliveryId));
  const pool = await readyPool;
  if (pool.length < count) throw new Error(`only ${pool.length} ready demo deliveries left, ${count} needed`);
  return pool.splice(0, count);
}

const driverTurn = (() => {
  const free = [...DRIVERS];
  const waiting: ((email: string) => void)[] = [];
  return {
    take: () => new Promise<string>((resolve) => { const email = free.shift(); if (email) resolve(email); else waiting.push(resolve); }),
    give: (email: string) => { const next = waiting.shift(); if (next) next(email); else free.push(email); },
  };
})();

/** What a job or task run holds: its job, the driver it takes, the task it follows, whether the operator's page is signed in. */
interface OperationsRun { jobId: number; driver: string; taskId?: number; signedIn?: boolean }
const operationsRuns = new WeakMap<Run, OperationsRun>();
const opsOf = (run: Run) => operationsRuns.get(run)!;
const jobDetails = (jobId: number) => call<JobDetailsBody>(OPERATOR, 'GET', `/jobs/za/${jobId}`);

/** A fresh job of `count` ready deliveries, unassigned or assigned to the run's driver. */
async function buildJob(run: Run, count: number, assigned: boolean): Promise<JobDetailsBody> {
  const driver = await driverTurn.take();
  run.onEnd(() => driverTurn.give(driver));
  const deliveryIds = await readyDeliveries(count);
  const body = { deliveryIds, ...(assigned ? { driverId: (await apiUser(driver)).id } : {}) };
  const created = await call<JobDetailsBody>(OPERATOR, 'POST', '/jobs/createjob/za', body);
  operationsRuns.set(run, { jobId: created.job.id, driver });
  return created;
}

/** The driver works every open task of the job through (start, arrived, complete), in job order. */
async function finishTasks(run: Run) {
  const { jobId, driver } = opsOf(run);
  for (const task of (await jobDetails(jobId)).tasks) {
    if (task.taskStatusId !== TASK_STATUS.NOT_STARTED) continue;
    await call(driver, 'PUT', `/tasks/start/za/${task.id}`);
    await call(driver, 'PUT', `/tasks/arrived/za/${task.id}`, { arrivedLocation: { lat: -33.92, lon: 18.42 } });
    await call(driver, 'PUT', `/tasks/${isPickUpTask(task.taskTypeId) ? 'completepickup' : 'completedropoff'}/za/${task.id}`);
  }
}

/**
 * The operator presses a button of the job's edit screen (/jobs/edit/:id, loaded afresh: the driver's calls came
 * over the API meanwhile) and the screen's call is answered (2xx) before the replay reads the job's state.
 */
async function onJobScreen(run: Run, press: (page: Page) => Promise<void>) {
  const ops = opsOf(run);
  const { page } = run;
  if (!ops.signedIn) {
    await signIn(page, OPERATOR);
    ops.signedIn = true;
  }
  await page.goto(`${server.url}/jobs/edit/${ops.jobId}`);
  await page.getByRole('group', { name: JOB_SCREEN_TEXTS.actions }).waitFor({ timeout: STEP_TIMEOUT });
  const answered = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/connect/jobs/'), { timeout: STEP_TIMEOUT });
  await press(page);
  const response = await answered;
  if (!response.ok()) throw new Error(`the job screen's call ${response.url()} answered ${response.status()} ${await response.text()}`);
}

const jobActions = (page: Page) => page.getByRole('group', { name: JOB_SCREEN_TEXTS.actions });

function jobDriver(): BrowserDriver {
  return {
    samples: jobSamples,
    machineId: 'job',
    ...JOB_CAPABILITIES,
    async start(run) {
      // As many deliveries as the path's first removal leaves plus one (the sample: a job of two deliveries).
      const removal = run.path.steps.find((step) => step.event.type === 'job.deliveries.remove')?.event as { remaining?: number } | undefined;
      await buildJob(run, (removal?.remaining ?? 1) + 1, false);
    },
    async act(event, run) {
      const { jobId, driver } = opsOf(run);
      switch (event.type) {
        // The call the job screen's driver picker makes: the picker offers only drivers in the territory of the
        // job's first stop, and the demo's ready deliveries lie in several territories, so the run's own driver
        // (one run at a time each) is assigned over the API.
        case 'job.assign': await call(OPERATOR, 'PUT', '/jobs/assignjobstodriver/za', { jobIds: [jobId], driverId: (await apiUser(driver)).id }); return;
        case 'job.unassign':
          await onJobScreen(run, (page) => jobActions(page).getByRole('button', { name: JOB_ACTION_LABELS.unassign }).click());
          return;
        case 'job.reject': await call(driver, 'PUT', `/jobs/reject/za/${jobId}`); return;
        case 'job.start': await call(driver, 'PUT', `/jobs/start/za/${jobId}`); return;
        case 'job.tasksFinished': await finishTasks(run); return;
        case 'job.deliveries.add': await call(OPERATOR, 'PUT', `/jobs/adddeliveriestojob/za/${jobId}`, { deliveryIds: await readyDeliveries(1) }); return;
        case 'job.deliveries.remove':
          await onJobScreen(run, (page) => page.getByRole('button', { name: /^Remove .* from the job$/ }).last().click());
          return;
        case 'job.notifyDelay':
          await onJobScreen(run, async (page) => {
            await jobActions(page).getByRole('button', { name: JOB_ACTION_LABELS.notifyDelay }).click();
            const form = page.getByRole('form', { name: JOB_ACTION_LABELS.notifyDelay });
            await form.getByLabel(JOB_FIGURES_TEXTS.delayMinutes).fill('15');
            await form.getByRole('button', { name: JOB_FIGURES_TEXTS.sendDelay }).click();
          });
          return;
        case 'job.reverse':
          await onJobScreen(run, (page) => jobActions(page).getByRole('button', { name: JOB_ACTION_LABELS.reverse }).click());
          return;
        default: throw new Error(`no action for ${event.type}`);
      }
    },
    async read(run) {
      const snapshot = jobSnapshotOf((await jobDetails(opsOf(run).jobId)).job);
      return snapshot.status === 'done' ? DONE : stateKey(snapshot.value);
    },
    sees: {},
  };
}

/**
 * task: the pick-up or the drop-off of a fresh one-delivery job assigned to the run's driver. A drop-off starts
 * only once its parcel is collected: before starting it the driver collects it (the pick-up worked through).
 * A task is cancelled with its delivery: a pick-up not started when the operator removes the delivery, a drop-off
 * when the driver raises an exception on its pick-up.
 */
function taskDriver(): BrowserDriver {
  const reason = 'exception reason';
  return {
    samples: taskSamples,
    machineId: 'task',
    ...TASK_CAPABILITIES,
    async start(run) {
      const created = await buildJob(run, 1, true);
      const wanted = run.path.scenario === 0 ? isPickUpTask : (type: number) => !isPickUpTask(type);
      opsOf(run).taskId = created.tasks.find((task) => wanted(task.taskTypeId))!.id;
    },
    async act(event, run) {
      const { jobId, driver, taskId } = opsOf(run);
      const tasks = (await jobDetails(jobId)).tasks;
      const pickUp = tasks.find((task) => isPickUpTask(task.taskTypeId))!;
      const dropOff = run.path.scenario === 1;
      switch (event.type) {
        case 'task.start':
          if (dropOff) {
            await call(driver, 'PUT', `/tasks/start/za/${pickUp.id}`);
            await call(driver, 'PUT', `/tasks/arrived/za/${pickUp.id}`, { arrivedLocation: { lat: -33.92, lon: 18.42 } });
            await call(driver, 'PUT', `/tasks/completepickup/za/${pickUp.id}`);
          }
          await call(driver, 'PUT', `/tasks/start/za/${taskId}`);
          return;
        case 'task.arrived': await call(driver, 'PUT', `/tasks/arrived/za/${taskId}`, { arrivedLocation: event.location }); return;
        case 'task.completePickup': await call(driver, 'PUT', `/tasks/completepickup/za/${taskId}`); return;
        case 'task.completeDropoff': await call(driver, 'PUT', `/tasks/completedropoff/za/${taskId}`); return;
        case 'task.exceptionPickup': await call(driver, 'PUT', `/tasks/exceptionpickup/za/${taskId}`, { reason }); return;
        case 'task.exceptionDropoff': await call(driver, 'PUT', `/tasks/exceptiondropoff/za/${taskId}`, { reason }); return;
        case 'task.cancel':
          if (dropOff) {
            await call(driver, 'PUT', `/tasks/start/za/${pickUp.id}`);
            await call(driver, 'PUT', `/tasks/exceptionpickup/za/${pickUp.id}`, { reason });
          } else {
            await call(OPERATOR, 'PUT', `/jobs/removedeliveryfromjob/za/${jobId}`, { deliveryId: pickUp.deliveryId });
          }
          return;
        case 'task.reverse': await call(OPERATOR, 'PUT', `/jobs/reverseJobStatus/za/${jobId}`); return;
        default: throw new Error(`no action for ${event.type}`);
      }
    },
    async read(run) {
      const { task } = await call<TaskStateBody>(OPERATOR, 'GET', `/tasks/gettaskstate/za/${opsOf(run).taskId}`);
      return stateKey(taskSnapshotOf(task).value);
    },
    sees: {},
  };
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

async function replay(driver: BrowserDriver, path: ReplayPath, limit: number): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const trail: string[] = [];
  const cleanups: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  // Past the limit the context closes (finally), which ends whatever the walk still waits for.
  const overdue = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the replay took longer than ${limit} ms`)), limit);
  });
  const walk = async () => {
    // A chart the server runs is read from the server: no recorder page.
    const listener = driver.read ? undefined : await openRecorder(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => trail.push(`pageerror ${error.message}`));
    page.on('response', (response) => { if (response.status() >= 400) trail.push(`${response.status()} ${response.request().method()} ${response.url()}`); });
    let base = 0;
    const run: Run = {
      page, context, path, step: 0,
      next: () => path.steps[run.step + 1]?.event,
      restart: async () => { base = listener ? (await recorded(listener, driver.machineId)).length : 0; },
      onEnd: (cleanup) => cleanups.push(cleanup),
      statesOf: async (machineId) => (listener ? recorded(listener, machineId) : []),
      armFault: async (operationId, status = 500) => {
        trail.push(`armed ${operationId} (${status}) as its request left`);
        await armFault(scope, { operationId, status });
      },
    };
    const states = async () => (await recorded(listener!, driver.machineId)).slice(base);
    // The server's 500s the path needs: this context's scope of the fault switch, armed before the step that calls.
    const armsItself = (answer: number) => driver.armsItself?.(path, answer) ?? false;
    const arming = faultArming(path, driver.faults ?? {}, { armsItself, endsSession: (answer) => driver.endsSession?.(path, answer) ?? false });
    const scope = `${driver.machineId}-${path.index}-${Math.random().toString(36).slice(2)}`;
    if (arming.size > 0 || path.steps.some((_, answer) => armsItself(answer))) await context.addCookies([{ name: FAULT_COOKIE, value: scope, url: server.url }]);
    const arm = async (index: number) => {
      for (const fault of arming.get(index) ?? []) {
        trail.push(`armed ${fault.operationId} (${fault.status}) before step ${index}`);
        await armFault(scope, fault);
      }
    };
    await arm(0);
    // Calls a user event of the path falls in: their requests wait in the browser until the path answers them,
    // then go on to the real server (route.continue: the server's own answer, nothing fulfilled here).
    const releases = new Map<string, () => void>();
    const held = heldCalls(path, driver);
    const hold = async (index: number) => {
      for (const [actor, from] of held) {
        if (from !== index) continue;
        const released = new Promise<void>((resolve) => releases.set(actor, resolve));
        await page.route((url) => driver.hold![actor]!(url.href), async (route) => {
          trail.push(`held ${route.request().url()} (${actor})`);
          await released;
          await route.continue();
        });
      }
    };
    cleanups.push(() => releases.forEach((release) => release()));
    await hold(0);
    await driver.start(run);
    let cursor = 0;
    for (const [index, step] of path.steps.entries()) {
      run.step = index;
      const { type } = step.event;
      const answer = type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.');
      trail.push(`step ${index}: ${type}${answer ? ' (the server answers)' : ''} ⇒ ${step.state}`);
      if (index > 0) await arm(index);
      if (index > 0) await hold(index);
      if (answer) releases.get(type.replace(/^xstate\.(done|error)\.actor\./, ''))?.();
      if (index > 0 && !answer) await driver.act(step.event, run);
      if (index > 0 && answer) await driver.produce?.[type]?.(step.event, run);
      if (driver.read) {
        // The server's stored state after the call (its answer came back before the read).
        const read = driver.read;
        await until(() => read(run), (state) => state === step.state, `the server's ${driver.machineId} is ${step.state} after step ${index} (${type})`);
        continue;
      }
      // The running actor reaches the step's state, at or after where the previous step left it.
      const since = cursor;
      cursor = await until(async () => (await states()).findIndex((state, at) => at >= since && state === step.state), (at) => at >= 0,
        `${driver.machineId} reaches ${step.state} after step ${index} (${type})`);
      // What the user sees, in states the actor stays in until the next user event.
      const seen = await states();
      if (seen.at(-1) === step.state && step.state !== DONE) {
        for (const active of step.active) await driver.sees[active]?.(run);
      }
    }
  };
  try {
    await Promise.race([walk(), overdue]);
  } catch (error) {
    console.error(`${driver.machineId} path ${path.index} failed:\n${trail.join('\n')}`);
    throw error;
  } finally {
    clearTimeout(timer);
    cleanups.forEach((cleanup) => cleanup());
    // Bounded: a close that never returns would keep this run's lane, and every run queued behind it would wait
    // for the file's whole budget (a full run was seen stalled for 30 minutes with the browser and server idle).
    const closing = context.close();
    const closed = await Promise.race([closing.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CLOSE_TIMEOUT))]);
    if (!closed) console.error(`${driver.machineId} path ${path.index}: its browser context did not close in ${CLOSE_TIMEOUT} ms; its lane goes to the next run`);
  }
}

// ---------------------------------------------------------------------------------------------------------------

// E2E_CHARTS=wizard,pay narrows the run to some machines (QA, a chart being changed); unset: all of them.
const only = process.env.E2E_CHARTS?.split(',').map((id) => id.trim()).filter(Boolean);
const drivers = [
  await authDriver(), wizardDriver(), payDriver(), jobDriver(), taskDriver(),
].filter((driver) => !only || only.includes(driver.machineId));
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
    ...[...selection.leftToJsdom].flatMap(([reason, paths]) => [`  left to jsdom: ${paths.length} — ${reason}`,
      // E2E_LIST_LEFT=1 lists each such path (which ones a new driver action would bring in).
      ...(process.env.E2E_LIST_LEFT ? paths.map((path) => `    #${path.index} ${path.scenarioName}: ${path.label} ⇒ ${path.target}`) : [])]),
  ];
  console.log(lines.join('\n'));
}

/**
 * Runs at most `count` bodies at a time (the browser contexts of two runs share the 2 cores with the server; most
 * of a run is waiting for answers and renders, so two lanes nearly halve the file's time).
 */
function lanes(count: number) {
  let free = count;
  const waiting: (() => void)[] = [];
  return async <T>(body: () => Promise<T>): Promise<T> => {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await body();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

// E2E_REPLAY_LANES=1 replays one path at a time (debugging). The auth runs take turns among themselves: the
// two-factor ones read the newest code sent to the same user.
const lane = lanes(Math.max(1, Number(process.env.E2E_REPLAY_LANES ?? 2)));
const authTurn = lanes(1);

/**
 * A replay's own limit, counted from when it gets its lane: the queue before it grows with the paths and the
 * machine's speed, and a limit that counted the wait failed a replay that had not started (CI, auth #62).
 */
// E2E_REPLAY_TIMEOUT=<ms> shortens it while debugging a replay that hangs.
const REPLAY_TIMEOUT = Number(process.env.E2E_REPLAY_TIMEOUT ?? 180_000);
/** The test's limit only catches a queue that never moves: the whole file's budget. */
const QUEUE_TIMEOUT = 30 * 60_000;

/**
 * The runs in an order that spreads each machine's runs evenly over the file: vitest starts at most 5 concurrent
 * tests at a time (maxConcurrency), in order, and the auth runs take turns, so a block of auth runs would leave
 * one lane idle while they wait for each other. (The shards are cut from `allRuns` before this, unchanged.)
 */
const spread = (() => {
  const position = new Map<(typeof mine)[number], number>();
  for (const driver of drivers) {
    const own = mine.filter((run) => run.driver === driver);
    own.forEach((run, index) => position.set(run, (index + 0.5) / own.length));
  }
  return [...mine].sort((a, b) => position.get(a)! - position.get(b)!);
})();

describe.concurrent('the key charts replayed in Chromium against the real server', () => {
  for (const { driver, path, covers } of spread) {
    const also = covers.length > 0 ? ` (and ${covers.length} shorter path(s) inside it)` : '';
    const body = () => lane(() => replay(driver, path, REPLAY_TIMEOUT));
    // Each step of a replay has its own 20 s limit, the replay REPLAY_TIMEOUT once it runs.
    it(`${driver.machineId} #${path.index} ${path.scenarioName}: ${path.label} ⇒ ${path.target}${also}`,
      () => (driver.machineId === 'auth' ? authTurn(body) : body()), QUEUE_TIMEOUT);
  }
});
