import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import { oneTimeCodes, users } from '../../server/db/schema';
import { claimsOf, DEMO_PASSWORD, latestCode, outbox, raw, sleep, withConfig } from './identity-support';
import { bearer, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ throttlePerAddress: 10_000, throttlePerAccount: 10_000, lockoutThreshold: 1000 });
});
afterAll(async () => { await server?.close(); });

const loginRaw = (email: string, password: string, headers: Record<string, string> = {}) =>
  raw(server, 'POST', '/identity/v1/auth/login', { body: { email, password }, headers });

describe('login', () => {
  it('signs in with email (any case) and password', async () => {
    const { status, body } = await loginRaw('Customer@Demo.Test', DEMO_PASSWORD);
    expect(status).toBe(200);
    expect(body).toEqual({ jwtToken: expect.any(String), refreshToken: expect.any(String) });
  });

  it('gives an unknown user and a wrong password the same 401, in similar time', async () => {
    const unknown = await loginRaw('nobody@demo.test', DEMO_PASSWORD);
    const wrong = await loginRaw('customer@demo.test', 'wrong-password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body).toEqual({ message: AUTH_TEXTS.invalidCredentials });
    const time = async (email: string, password: string) => {
      const started = performance.now();
      await loginRaw(email, password);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const unknownTimes: number[] = [];
    const wrongTimes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      unknownTimes.push(await time(`nobody${i}@demo.test`, 'whatever-password'));
      wrongTimes.push(await time('customer@demo.test', 'wrong-password'));
    }
    // Both run the same scrypt; without the dummy hash the unknown user would answer in a fraction of the time.
    expect(median(unknownTimes)).toBeGreaterThan(median(wrongTimes) * 0.4);
    expect(median(unknownTimes)).toBeLessThan(median(wrongTimes) * 2.5);
  });

  it('refuses bad input naming the field', async () => {
    const missing = await raw(server, 'POST', '/identity/v1/auth/login', { body: { email: 'customer@demo.test' } });
    expect(missing.status).toBe(400);
    expect(missing.body!.errors).toEqual({ password: ['password is required'] });
    const empty = await loginRaw('', 'x');
    expect(empty.status).toBe(400);
    expect(empty.body!.errors).toHaveProperty('email');
  });

  it('locks the account at the threshold (423), unlocks by time, and a success resets the count', async () => {
    await withConfig(server, { lockoutThreshold: 3, lockoutSeconds: 1 }, async () => {
      const email = 'assistant@demo.test';
      expect((await loginRaw(email, 'wrong-1')).status).toBe(401);
      expect((await loginRaw(email, 'wrong-2')).status).toBe(401);
      const locked = await loginRaw(email, 'wrong-3');
      expect(locked.status).toBe(423);
      expect(locked.body!.message).toBe(AUTH_TEXTS.accountLocked('1 second'));
      expect(Number(locked.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // A wrong password is still refused while locked.
      expect((await loginRaw(email, 'wrong-4')).status).toBe(423);
      await sleep(1100);
      expect((await loginRaw(email, DEMO_PASSWORD)).status).toBe(200);
      const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
      // The count started again: two failures do not lock.
      expect((await loginRaw(email, 'wrong-1')).status).toBe(401);
      expect((await loginRaw(email, 'wrong-2')).status).toBe(401);
      expect((await loginRaw(email, DEMO_PASSWORD)).status).toBe(200);
    });
  });
});

describe('a lock nobody can use against the owner, and that tells nobody which emails exist', () => {
  it('an unknown email gets exactly the answers of an account: 401, then 423 with the same message and Retry-After', async () => {
    await withConfig(server, { lockoutThreshold: 3, lockoutSeconds: 60 }, async () => {
      const answers = async (email: string) => {
        const seen = [];
        for (const password of ['wrong-1', 'wrong-2', 'wrong-3', 'wrong-4']) {
          const answer = await loginRaw(email, password);
          seen.push([answer.status, answer.body, answer.response.headers.get('retry-after') !== null]);
        }
        return seen;
      };
      const known = await answers('store.operator@demo.test');
      const unknown = await answers('nobody-at-all@demo.test');
      expect(unknown).toEqual(known);
      expect(known.map(([status]) => status)).toEqual([401, 401, 423, 423]);
      expect(known[2]![1]).toEqual({ message: AUTH_TEXTS.accountLocked('1 minute') });
    });
  });

  it('the owner passes a lock others caused: the right password is answered with an emailed code, which signs in and clears the lock', async () => {
    await withConfig(server, { lockoutThreshold: 2, lockoutSeconds: 600 }, async () => {
      const email = 'store.admin@demo.test';
      expect((await loginRaw(email, 'attacker-1')).status).toBe(401);
      expect((await loginRaw(email, 'attacker-2')).status).toBe(423);
      const owner = await loginRaw(email, DEMO_PASSWORD);
      expect(owner.status).toBe(200);
      expect(owner.body).toEqual({ twoFactorHash: expect.any(String), message: AUTH_TEXTS.twoFactorCodeSent });
      const code = await latestCode(server, email, 'twoFactorLogin');
      const verified = await raw(server, 'POST', '/identity/v1/twoFactor/verify', { body: { twoFactorHash: owner.body!.twoFactorHash, code } });
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ jwtToken: expect.any(String), refreshToken: expect.any(String) });
      const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
      expect((await loginRaw(email, DEMO_PASSWORD)).body).toEqual({ jwtToken: expect.any(String), refreshToken: expect.any(String) });
    });
  });
});

describe('throttling', () => {
  // A server of its own: the address's budget must not be spent by the other tests.
  let throttled: TestServer;
  beforeAll(async () => { throttled = await startTestServer({ throttlePerAccount: 2, throttlePerAddress: 3 }); });
  afterAll(async () => { await throttled?.close(); });
  const post = (path: string, body: unknown) => raw(throttled, 'POST', `/identity/v1/auth/${path}`, { body });

  it('429 with Retry-After per account, then per client address', async () => {
    expect((await post('login', { email: 'throttle-a@demo.test', password: 'x' })).status).toBe(401);
    expect((await post('login', { email: 'throttle-a@demo.test', password: 'x' })).status).toBe(401);
    const account = await post('login', { email: 'throttle-a@demo.test', password: 'x' });
    expect(account.status).toBe(429);
    const retryAfter = Number(account.response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(throttled.config.throttleWindowSeconds);
    expect(account.body!.message).toMatch(/^Too many attempts\. Please try again in \d+ (seconds?|minutes?)\.$/);
    // Another account from the same address: the address's budget (3) is spent.
    const address = await post('login', { email: 'throttle-b@demo.test', password: 'x' });
    expect(address.status).toBe(429);
    expect(address.response.headers.get('retry-after')).toMatch(/^\d+$/);
    // Each kind of attempt counts apart: forgotPassword still has its budget.
    expect((await post('forgotPassword', { email: 'throttle-c@demo.test' })).status).toBe(200);
  });

  it('throttles register, forgotPassword and refresh per address too', async () => {
    await withConfig(throttled, { throttlePerAddress: 1 }, async () => {
      const register = { email: 'first@demo.test', password: 'Long-enough-1', firstName: 'A', lastName: 'B' };
      expect((await post('register', register)).status).toBe(200);
      expect((await post('register', { ...register, email: 'second@demo.test' })).status).toBe(429);
      // One forgotPassword was spent by the test above.
      expect((await post('forgotPassword', { email: 'b@demo.test' })).status).toBe(429);
      expect((await post('refreshToken', { refreshToken: 'x' })).status).toBe(401);
      const refresh = await post('refreshToken', { refreshToken: 'x' });
      expect(refresh.status).toBe(429);
      expect(refresh.response.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });

  it('a signed-out page load (no token, no cookie) is not an attempt: it spends no budget', async () => {
    await withConfig(throttled, { throttlePerAddress: 1 }, async () => {
      for (let load = 0; load < 5; load += 1) {
        const start = await raw(throttled, 'POST', '/identity/v1/auth/refreshToken', { body: {}, headers: { 'x-token-transport': 'cookie' } });
        expect(start.status).toBe(204);
      }
    });
  });
});

describe('register', () => {
  const form = (email: string) => ({ email, password: 'A-new-password-1', firstName: 'Nomsa', lastName: 'New', phoneNumber: '082 555 0199' });

  it('creates a normal user with an unconfirmed email, sends a verification code, and signs in', async () => {
    const { status, body } = await raw(server, 'POST', '/identity/v1/auth/register', { body: form('New.Person@demo.test') });
    expect(status).toBe(200);
    expect(body).toEqual({ jwtToken: expect.any(String), refreshToken: expect.any(String) });
    const claims = claimsOf(body!.jwtToken as string);
    expect(claims).toMatchObject({ email: 'new.person@demo.test', emailConfirmed: false, isNormalUser: true, isAdministrator: false });
    const profile = await server.identity.GET('/v1/profile', { headers: bearer(body!.jwtToken as string) });
    expect(profile.data).toMatchObject({ firstName: 'Nomsa', phoneNumber: '+27825550199', phoneNumberConfirmed: false, twoFactorEnabled: false });
    const [message] = await outbox(server, 'new.person@demo.test');
    expect(message).toMatchObject({ channel: 'email', purpose: 'emailVerification', sentAt: null });
    // The code confirms the address.
    const code = await latestCode(server, 'new.person@demo.test', 'emailVerification');
    const confirm = await server.identity.POST('/v1/emailVerification/confirm', { body: { code }, headers: bearer(body!.jwtToken as string) });
    expect(confirm.response.status).toBe(204);
  });

  it('answers leadEmailTaken (and nothing else) for an existing address', async () => {
    const before = (await outbox(server, 'customer@demo.test')).length;
    const { status, body } = await raw(server, 'POST', '/identity/v1/auth/register', { body: form('CUSTOMER@demo.test') });
    expect(status).toBe(200);
    expect(body).toEqual({ leadEmailTaken: true });
    expect((await outbox(server, 'customer@demo.test')).length).toBe(before);
  });

  it('refuses a short password, a bad email, a bad phone number and unknown fields, naming them', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...form('short@demo.test'), password: 'short' }, 'password'],
      [{ ...form('x'), email: 'not-an-email' }, 'email'],
      [{ ...form('phone@demo.test'), phoneNumber: '12' }, 'phoneNumber'],
      [{ ...form('extra@demo.test'), isAdministrator: true }, 'isAdministrator'],
      [{ ...form('blank@demo.test'), firstName: '   ' }, 'firstName'],
    ];
    for (const [body, field] of cases) {
      const answer = await raw(server, 'POST', '/identity/v1/auth/register', { body });
      expect(answer.status, field).toBe(400);
      expect(answer.body!.errors, field).toHaveProperty(field);
    }
  });
});

describe('two-factor login', () => {
  const email = 'twofactor@demo.test';
  const verify = (twoFactorHash: string, code: string, headers: Record<string, string> = {}) =>
    raw(server, 'POST', '/identity/v1/twoFactor/verify', { body: { twoFactorHash, code }, headers });

  const start = async () => {
    const { status, body } = await loginRaw(email, DEMO_PASSWORD);
    expect(status).toBe(200);
    expect(body).toEqual({ twoFactorHash: expect.any(String), message: AUTH_TEXTS.twoFactorCodeSent });
    return body!.twoFactorHash as string;
  };

  it('answers twoFactorHash and a message, emails a 6-digit code, and the code completes the login once', async () => {
    const hash = await start();
    const code = await latestCode(server, email, 'twoFactorLogin');
    const { status, body, response } = await verify(hash, code, { 'x-token-transport': 'cookie' });
    expect(status).toBe(200);
    expect(claimsOf(body!.jwtToken as string).email).toBe(email);
    expect(body).not.toHaveProperty('refreshToken');
    expect(response.headers.getSetCookie().join()).toContain('courier_rt=');
    // Single use.
    const again = await verify(hash, code);
    expect(again.status).toBe(401);
    expect(again.body!.message).toBe(AUTH_TEXTS.twoFactorChallengeEnded);
    // Stored hashed.
    const [row] = await server.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.challengeId, hash));
    expect(row!.codeHash).not.toContain(code);
  });

  it('a wrong code is a 400 naming code; the attempt limit ends the challenge, even for the right code', async () => {
    const hash = await start();
    const code = await latestCode(server, email, 'twoFactorLogin');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < server.config.codeMaxAttempts; attempt += 1) {
      const answer = await verify(hash, wrong);
      expect(answer.status).toBe(400);
      expect(answer.body!.errors).toEqual({ code: [AUTH_TEXTS.codeInvalid] });
    }
    expect((await verify(hash, wrong)).status).toBe(401);
    expect((await verify(hash, code)).status).toBe(401);
  });

  it('resend replaces the code (the old one stops working) and keeps the hash', async () => {
    const hash = await start();
    const first = await latestCode(server, email, 'twoFactorLogin');
    const resend = await raw(server, 'POST', '/identity/v1/twoFactor/resend', { body: { twoFactorHash: hash } });
    expect(resend.status).toBe(204);
    const second = await latestCode(server, email, 'twoFactorLogin');
    if (first !== second) expect((await verify(hash, first)).status).toBe(400);
    expect((await verify(hash, second)).status).toBe(200);
    expect((await raw(server, 'POST', '/identity/v1/twoFactor/resend', { body: { twoFactorHash: hash } })).status).toBe(401);
  });

  it('an expired code ends the challenge (401)', async () => {
    await withConfig(server, { codeTtlSeconds: 1 }, async () => {
      const hash = await start();
      const code = await latestCode(server, email, 'twoFactorLogin');
      await sleep(1100);
      expect((await verify(hash, code)).status).toBe(401);
    });
  });

  it('refuses bad input naming the field, and an unknown challenge with 401', async () => {
    const bad = await verify('some-hash', '12345');
    expect(bad.status).toBe(400);
    expect(bad.body!.errors).toHaveProperty('code');
    const missing = await raw(server, 'POST', '/identity/v1/twoFactor/verify', { body: { code: '123456' } });
    expect(missing.body!.errors).toHaveProperty('twoFactorHash');
    expect((await verify('unknown-hash', '123456')).status).toBe(401);
    const resend = await raw(server, 'POST', '/identity/v1/twoFactor/resend', { body: {} });
    expect(resend.status).toBe(400);
    expect(resend.body!.errors).toHaveProperty('twoFactorHash');
  });
});

describe('a per-account limit of its own for one kind (THROTTLE_PER_ACCOUNT_BY_KIND)', () => {
  // The browser suite lifts the per-account limit for sign-ins yet needs a code step's resends limited.
  let limited: TestServer;
  beforeAll(async () => { limited = await startTestServer({ throttlePerAccount: 100, throttlePerAddress: 100, throttlePerAccountByKind: { forgotPassword: 1 } }); });
  afterAll(async () => { await limited?.close(); });
  const post = (path: string, body: unknown) => raw(limited, 'POST', `/identity/v1/auth/${path}`, { body });

  it('reads kind:limit pairs', () => {
    expect(loadConfig({ THROTTLE_PER_ACCOUNT_BY_KIND: 'twoFactorResend:3, login:5' }).throttlePerAccountByKind).toEqual({ twoFactorResend: 3, login: 5 });
    expect(loadConfig({}).throttlePerAccountByKind).toEqual({});
    expect(() => loadConfig({ THROTTLE_PER_ACCOUNT_BY_KIND: 'twoFactorResend' })).toThrow(/kind:limit/);
  });

  it('refuses that kind past its own limit while other kinds keep the general one', async () => {
    expect((await post('forgotPassword', { email: 'kind-a@demo.test' })).status).toBe(200);
    expect((await post('forgotPassword', { email: 'kind-a@demo.test' })).status).toBe(429);
    for (let attempt = 0; attempt < 3; attempt++) expect((await post('login', { email: 'kind-a@demo.test', password: 'x' })).status).toBe(401);
  });
});
