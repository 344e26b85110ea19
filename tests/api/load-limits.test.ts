// The edge limits: anonymous writes per client address answer 429 with Retry-After past the limit, and an
// event loop that falls behind sheds requests with 503 and Retry-After instead of queueing them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestServer, type TestServer } from './support';

let server: TestServer;
let startedAt = 0;
beforeAll(async () => {
  server = await startTestServer({ anonymousWritesPerMinute: 5, expensiveCallsPerMinute: 3, maxEventLoopDelayMs: 200 });
  startedAt = Date.now();
});
afterAll(async () => { await server?.close(); });

/** Waits until the server answers a read (its start-up, in this process, may have held the event loop). */
async function untilServed(): Promise<number> {
  let status = 0;
  for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
    status = (await fetch(`${server.url}/connect/countries/za`)).status;
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return status;
}

const report = () => fetch(`${server.url}/connect/errors/frontend`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Error: 'boom', Url: '/' }),
});

describe('edge limits', () => {
  it("the first requests after start are served, not shed for the start-up's own work on the event loop", async () => {
    const statuses = [];
    for (let index = 0; index < 5; index++) {
      statuses.push((await fetch(`${server.url}/connect/countries/za`)).status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });

  it('anonymous writes past the limit → 429 with Retry-After and the catalogue text; reads and signed-in calls are not counted', async () => {
    expect(await untilServed()).toBe(200);
    const statuses = [];
    for (let index = 0; index < 7; index++) statuses.push((await report()).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const refused = await report();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).message).toMatch(/^Too many attempts\. Please try again in \d+ (seconds?|minutes?)\.$/);
    expect((await fetch(`${server.url}/connect/countries/za`)).status).toBe(200);
    const token = await server.tokenFor('customer@demo.test');
    const signedIn = await fetch(`${server.url}/connect/errors/frontend`, {
      method: 'POST', headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ Error: 'boom', Url: '/' }),
    });
    expect(signedIn.status).toBe(201);
  });

  it('expensive signed-in calls (exports, uploads, bulk changes) past the limit → 429 per user; pages of rows are not counted', async () => {
    expect(await untilServed()).toBe(200);
    const admin = bearer(await server.tokenFor('administrator@demo.test'));
    const exportCompanies = () => fetch(`${server.url}/connect/companies/za?exportExcel=true`, { headers: admin });
    const statuses = [];
    for (let index = 0; index < 4; index++) {
      const response = await exportCompanies();
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await exportCompanies();
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).message).toMatch(/^Too many attempts\. Please try again in \d+ (seconds?|minutes?)\.$/);
    // An upload counts against the same allowance, and is refused before its body is read.
    const upload = new FormData();
    upload.append('file', new Blob([new Uint8Array(1024)], { type: 'image/png' }), 'me.png');
    expect((await fetch(`${server.url}/connect/users/za/uploadProfilePicture`, { method: 'POST', headers: admin, body: upload })).status).toBe(429);
    // A page of the same list is not counted, nor is another user's export.
    expect((await fetch(`${server.url}/connect/companies/za`, { headers: admin })).status).toBe(200);
    const other = await fetch(`${server.url}/connect/companies/za?exportExcel=true`, { headers: bearer(await server.tokenFor('staff@demo.test')) });
    expect(other.status).toBe(200);
  });

  it('an event loop that falls behind → 503 with Retry-After until it catches up', async () => {
    expect(await untilServed()).toBe(200);
    // Past the two samples after start-up, whose delay is the start-up's and is not held against requests.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + 2_000 - Date.now())));
    // Overload the server's event loop (it runs in this process): every turn of the loop waits far longer than its
    // limit, and a request is sent on each turn. Once a sample of the delay has been taken while behind, requests are
    // shed; a loaded machine only moves when that happens, so the overload lasts until one is shed (or 15 s pass).
    const answers: Promise<Response>[] = [];
    let shedAnswer: Response | undefined;
    const until = Date.now() + 15_000;
    while (!shedAnswer && Date.now() < until) {
      const turn = Date.now() + 300;
      while (Date.now() < turn) { /* busy */ }
      answers.push(fetch(`${server.url}/connect/countries/za`).then((answer) => {
        if (answer.status === 503) shedAnswer ??= answer;
        return answer;
      }));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const statuses = (await Promise.all(answers)).map((answer) => answer.status);
    const shed = shedAnswer;
    if (!shed) throw new Error(`no request was shed in 15 s of overload: ${statuses.join(', ')}`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('10');
    expect((await shed.json()).message).toBe('The server is busy. Please try again shortly.');
    // Caught up again: served.
    expect(await untilServed()).toBe(200);
  });
});
