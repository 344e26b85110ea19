import { createServer, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import { users } from '../../server/db/schema';
import { claimsOf, latestCode, login, outbox, raw, sleep, withConfig } from './identity-support';
import { bearer, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ throttlePerAddress: 10_000, throttlePerAccount: 10_000 }); });
afterAll(async () => { await server?.close(); });

const PASSWORD = 'First-password-1';
let counter = 0;
/** A fresh registered user (email not confirmed, no phone) so tests do not share state. */
async function newUser(extra: Record<string, unknown> = {}) {
  counter += 1;
  const email = `account${counter}@demo.test`;
  const { status, body } = await raw(server, 'POST', '/identity/v1/auth/register', {
    body: { email, password: PASSWORD, firstName: 'Test', lastName: `User ${counter}`, ...extra },
  });
  expect(status).toBe(200);
  return { email, id: Number(claimsOf(body!.jwtToken as string).id), jwtToken: body!.jwtToken as string, refreshToken: body!.refreshToken as string };
}

const post = (path: string, jwt: string | undefined, body?: unknown) =>
  raw(server, 'POST', `/identity/v1/${path}`, { ...(body !== undefined && { body }), headers: jwt ? bearer(jwt) : {} });
const refresh = (refreshToken: string) => raw(server, 'POST', '/identity/v1/auth/refreshToken', { body: { refreshToken } });

describe('changePassword', () => {
  it('checks the current password, changes it, and revokes the user\'s other sessions (not this one)', async () => {
    const user = await newUser();
    const other = await login(server, user.email, PASSWORD);
    const changed = await post('auth/changepassword', user.jwtToken, { currentPassword: PASSWORD, newPassword: 'Second-password-2' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ changedPassword: true });
    expect((await refresh(user.refreshToken)).status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(401);
    expect((await raw(server, 'POST', '/identity/v1/auth/login', { body: { email: user.email, password: PASSWORD } })).status).toBe(401);
    await login(server, user.email, 'Second-password-2');
  });

  it('refuses a wrong current password (400 naming it), a short new one, and callers without a token', async () => {
    const user = await newUser();
    const wrong = await post('auth/changepassword', user.jwtToken, { currentPassword: 'nope', newPassword: 'Second-password-2' });
    expect(wrong.status).toBe(400);
    expect(wrong.body!.errors).toEqual({ currentPassword: [AUTH_TEXTS.currentPasswordIncorrect] });
    const short = await post('auth/changepassword', user.jwtToken, { currentPassword: PASSWORD, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body!.errors).toHaveProperty('newPassword');
    expect((await post('auth/changepassword', undefined, { currentPassword: PASSWORD, newPassword: 'Second-password-2' })).status).toBe(401);
  });
});

describe('forgotPassword and resetPassword', () => {
  it('answers emailSent whether or not the address has an account; only an account gets a code', async () => {
    const user = await newUser();
    expect((await post('auth/forgotPassword', undefined, { email: user.email.toUpperCase() })).body).toEqual({ emailSent: true });
    expect((await outbox(server, user.email))[0]).toMatchObject({ purpose: 'passwordReset', channel: 'email' });
    expect((await post('auth/forgotPassword', undefined, { email: 'nobody-here@demo.test' })).body).toEqual({ emailSent: true });
    expect(await outbox(server, 'nobody-here@demo.test')).toEqual([]);
    const bad = await post('auth/forgotPassword', undefined, { email: 'not an email' });
    expect(bad.status).toBe(400);
    expect(bad.body!.errors).toHaveProperty('email');
  });

  it('resets with the code: every session ends, the lock is lifted, the code is single use', async () => {
    const user = await newUser();
    await server.database.db.update(users).set({ lockedUntil: new Date(Date.now() + 600_000), failedLoginCount: 3 }).where(eq(users.id, user.id));
    await post('auth/forgotPassword', undefined, { email: user.email });
    const code = await latestCode(server, user.email, 'passwordReset');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post('auth/resetPassword', undefined, { email: user.email, code: wrongCode, password: 'Reset-password-3' });
    expect(wrong.status).toBe(400);
    expect(wrong.body!.errors).toEqual({ code: [AUTH_TEXTS.codeInvalid] });
    const reset = await post('auth/resetPassword', undefined, { email: user.email, code, password: 'Reset-password-3' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ resetPasswordConfirmed: true });
    expect((await refresh(user.refreshToken)).status).toBe(401);
    await login(server, user.email, 'Reset-password-3');
    const again = await post('auth/resetPassword', undefined, { email: user.email, code, password: 'Another-password-4' });
    expect(again.status).toBe(400);
    // An unknown address is the same 400 as a wrong code.
    const unknown = await post('auth/resetPassword', undefined, { email: 'nobody-here@demo.test', code, password: 'Reset-password-3' });
    expect(unknown.status).toBe(400);
    expect(unknown.body!.errors).toHaveProperty('code');
  });

  it('refuses bad input naming the field', async () => {
    for (const [body, field] of [
      [{ email: 'a@demo.test', code: '12', password: 'Long-enough-1' }, 'code'],
      [{ email: 'a@demo.test', code: '123456', password: 'short' }, 'password'],
      [{ email: 'a@demo.test', code: '123456' }, 'password'],
    ] as const) {
      const answer = await post('auth/resetPassword', undefined, body);
      expect(answer.status, field).toBe(400);
      expect(answer.body!.errors, field).toHaveProperty(field);
    }
  });
});

describe('changeEmail', () => {
  it('changes the caller\'s own email: unconfirmed again, with a code sent to the new address', async () => {
    const user = await newUser();
    await server.database.db.update(users).set({ emailConfirmed: true }).where(eq(users.id, user.id));
    const changed = await raw(server, 'PUT', `/identity/v1/account/changeEmail/${user.id}`, {
      body: { email: `Renamed${user.id}@demo.test`, password: PASSWORD }, headers: bearer(user.jwtToken),
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ changedEmail: true });
    const profile = await server.identity.GET('/v1/profile', { headers: bearer(user.jwtToken) });
    expect(profile.data).toMatchObject({ email: `renamed${user.id}@demo.test`, emailConfirmed: false });
    const code = await latestCode(server, `renamed${user.id}@demo.test`, 'emailVerification');
    expect((await post('emailVerification/confirm', user.jwtToken, { code })).status).toBe(204);
    await login(server, `renamed${user.id}@demo.test`, PASSWORD);
  });

  it('403 for someone else\'s id, 400 for a wrong password, 409 for a taken address, 400 naming bad fields', async () => {
    const user = await newUser();
    const put = (id: number, body: unknown) => raw(server, 'PUT', `/identity/v1/account/changeEmail/${id}`, { body, headers: bearer(user.jwtToken) });
    expect((await put(user.id + 1000, { email: 'x@demo.test', password: PASSWORD })).status).toBe(403);
    const wrong = await put(user.id, { email: 'x@demo.test', password: 'nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body!.errors).toHaveProperty('password');
    const taken = await put(user.id, { email: 'Customer@demo.test', password: PASSWORD });
    expect(taken.status).toBe(409);
    expect(taken.body!.message).toBe(AUTH_TEXTS.emailTaken);
    const bad = await put(user.id, { email: 'nope', password: PASSWORD });
    expect(bad.status).toBe(400);
    expect(bad.body!.errors).toHaveProperty('email');
    expect((await raw(server, 'PUT', `/identity/v1/account/changeEmail/${user.id}`, { body: { email: 'x@demo.test', password: PASSWORD } })).status).toBe(401);
  });
});

describe('email verification', () => {
  it('sends a code, refuses a wrong one naming code, confirms with the right one; the refreshed token says so', async () => {
    const user = await newUser();
    expect((await post('emailVerification/send', user.jwtToken)).status).toBe(204);
    const code = await latestCode(server, user.email, 'emailVerification');
    const wrong = await post('emailVerification/confirm', user.jwtToken, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body!.errors).toHaveProperty('code');
    expect((await post('emailVerification/confirm', user.jwtToken, { code })).status).toBe(204);
    const refreshed = await refresh(user.refreshToken);
    expect(claimsOf(refreshed.body!.jwtToken as string).emailConfirmed).toBe(true);
  });

  it('409 when already confirmed; 401 without a token; 400 for a malformed code', async () => {
    const confirmed = await server.tokenFor('customer@demo.test');
    expect((await post('emailVerification/send', confirmed)).status).toBe(409);
    expect((await post('emailVerification/confirm', confirmed, { code: '123456' })).status).toBe(409);
    expect((await post('emailVerification/send', undefined)).status).toBe(401);
    const user = await newUser();
    const bad = await post('emailVerification/confirm', user.jwtToken, { code: 'abcdef' });
    expect(bad.status).toBe(400);
    expect(bad.body!.errors).toHaveProperty('code');
  });
});

describe('phone number verification', () => {
  it('needs a phone number (400 naming phoneNumber), texts the code to it, confirms it', async () => {
    const user = await newUser();
    const missing = await post('phoneNumberVerification/send', user.jwtToken);
    expect(missing.status).toBe(400);
    expect(missing.body!.errors).toHaveProperty('phoneNumber');
    await server.identity.PUT('/v1/profile', {
      body: { firstName: 'Test', lastName: 'User', contactCountryCode: 'ZA', phoneNumber: '(082) 555-0142' },
      headers: bearer(user.jwtToken),
    });
    expect((await post('phoneNumberVerification/send', user.jwtToken)).status).toBe(204);
    const [sms] = await outbox(server, '+27825550142');
    expect(sms).toMatchObject({ channel: 'sms', purpose: 'phoneVerification', recipient: '+27825550142' });
    const code = await latestCode(server, '+27825550142', 'phoneVerification');
    const wrong = await post('phoneNumberVerification/confirm', user.jwtToken, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body!.errors).toHaveProperty('code');
    expect((await post('phoneNumberVerification/confirm', user.jwtToken, { code })).status).toBe(204);
    const profile = await server.identity.GET('/v1/profile', { headers: bearer(user.jwtToken) });
    expect(profile.data?.phoneNumberConfirmed).toBe(true);
    expect((await post('phoneNumberVerification/send', user.jwtToken)).status).toBe(409);
  });

  it('a code sent to a number that has since changed does not confirm the new number', async () => {
    const user = await newUser({ phoneNumber: '+27825550143' });
    expect((await post('phoneNumberVerification/send', user.jwtToken)).status).toBe(204);
    const code = await latestCode(server, '+27825550143', 'phoneVerification');
    await server.identity.PUT('/v1/profile', {
      body: { firstName: 'Test', lastName: 'User', contactCountryCode: 'ZA', phoneNumber: '+27825550144' },
      headers: bearer(user.jwtToken),
    });
    expect((await post('phoneNumberVerification/confirm', user.jwtToken, { code })).status).toBe(400);
  });

  it('401 without a token; 400 for a malformed code', async () => {
    expect((await post('phoneNumberVerification/send', undefined)).status).toBe(401);
    const user = await newUser();
    expect((await post('phoneNumberVerification/confirm', user.jwtToken, {})).body!.errors).toHaveProperty('code');
  });
});

describe('two-factor on and off', () => {
  it('send → enable with the code → login asks for a code; send → disable → login answers tokens', async () => {
    const user = await newUser();
    expect((await post('twoFactor/send', user.jwtToken)).status).toBe(204);
    const wrong = await post('twoFactor/enable', user.jwtToken, { code: '12345a' });
    expect(wrong.status).toBe(400);
    expect(wrong.body!.errors).toHaveProperty('code');
    const enableCode = await latestCode(server, user.email, 'twoFactorToggle');
    expect((await post('twoFactor/enable', user.jwtToken, { code: enableCode })).status).toBe(204);
    // Single use.
    expect((await post('twoFactor/enable', user.jwtToken, { code: enableCode })).status).toBe(400);
    const profile = await server.identity.GET('/v1/profile', { headers: bearer(user.jwtToken) });
    expect(profile.data?.twoFactorEnabled).toBe(true);
    const twoFactorLogin = await raw(server, 'POST', '/identity/v1/auth/login', { body: { email: user.email, password: PASSWORD } });
    expect(twoFactorLogin.body).toHaveProperty('twoFactorHash');

    expect((await post('twoFactor/send', user.jwtToken)).status).toBe(204);
    const disableCode = await latestCode(server, user.email, 'twoFactorToggle');
    const notThis = disableCode === '000000' ? '111111' : '000000';
    expect((await post('twoFactor/disable', user.jwtToken, { code: notThis })).status).toBe(400);
    expect((await post('twoFactor/disable', user.jwtToken, { code: disableCode })).status).toBe(204);
    await login(server, user.email, PASSWORD);
  });

  it('401 without a token', async () => {
    expect((await post('twoFactor/send', undefined)).status).toBe(401);
    expect((await post('twoFactor/enable', undefined, { code: '123456' })).status).toBe(401);
    expect((await post('twoFactor/disable', undefined, { code: '123456' })).status).toBe(401);
  });
});

describe('the outbox', () => {
  it('is for administrators: newest first, filtered by recipient; 403 for others, 401 without a token', async () => {
    const user = await newUser();
    await post('emailVerification/send', user.jwtToken);
    const messages = await outbox(server, user.email);
    expect(messages.length).toBe(2);
    expect(messages[0]!.id).toBeGreaterThan(messages[1]!.id);
    expect(messages.every((message) => message.recipient === user.email)).toBe(true);
    for (const email of ['management@demo.test', 'customer@demo.test']) {
      const refused = await raw(server, 'GET', '/identity/v1/outbox', { headers: bearer(await server.tokenFor(email)) });
      expect(refused.status, email).toBe(403);
    }
    expect((await raw(server, 'GET', '/identity/v1/outbox')).status).toBe(401);
    const bad = await raw(server, 'GET', '/identity/v1/outbox?pageSize=0', { headers: bearer(await server.tokenFor('administrator@demo.test')) });
    expect(bad.status).toBe(400);
    expect(bad.body!.errors).toHaveProperty('pageSize');
  });

  it('is 404 in production', async () => {
    await withConfig(server, { production: true }, async () => {
      const answer = await raw(server, 'GET', '/identity/v1/outbox', { headers: bearer(await server.tokenFor('administrator@demo.test')) });
      expect(answer.status).toBe(404);
    });
  });
});

/** Just enough of an SMTP server to receive what nodemailer sends. */
function fakeSmtpServer(): Promise<{ port: number; received: string[]; server: Server }> {
  const received: string[] = [];
  const smtp = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let mail = '';
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = '';
            socket.write('250 2.0.0 queued\r\n');
          } else {
            mail += `${line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else {
          socket.write('250 ok\r\n');
        }
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) => smtp.listen(0, '127.0.0.1', () => {
    resolve({ port: (smtp.address() as { port: number }).port, received, server: smtp });
  }));
}

describe('sending through SMTP', () => {
  it('sends outbox messages by email when SMTP is configured, and marks them sent', async () => {
    const smtp = await fakeSmtpServer();
    const mailing = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Courier <no-reply@courier.test>' });
    try {
      const answer = await raw(mailing, 'POST', '/identity/v1/auth/forgotPassword', { body: { email: 'customer@demo.test' } });
      expect(answer.status).toBe(200);
      let sent: Awaited<ReturnType<typeof outbox>>[number] | undefined;
      for (let i = 0; i < 40 && !sent?.sentAt; i += 1) {
        await sleep(50);
        [sent] = await outbox(mailing, 'customer@demo.test');
      }
      expect(sent?.sentAt).toEqual(expect.any(String));
      const code = await latestCode(mailing, 'customer@demo.test', 'passwordReset');
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('To: customer@demo.test');
      expect(smtp.received[0]).toContain('Subject: Reset your password');
      expect(smtp.received[0]).toContain(code);
    } finally {
      await mailing.close();
      smtp.server.close();
    }
  });

  it('without SMTP the messages stay in the outbox, unsent', async () => {
    await post('auth/forgotPassword', undefined, { email: 'driver@demo.test' });
    const [message] = await outbox(server, 'driver@demo.test');
    expect(message).toMatchObject({ purpose: 'passwordReset', sentAt: null });
    expect(message!.body).toMatch(/\b\d{6}\b/);
  });
});
