// A second start on the same embedded database serves at once and brings its demo data up to date in the
// background: what a newer seed adds (here: a demo login removed since) is there by the time the check is done.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { startServer, type RunningServer } from '../../server/server';

const directories: string[] = [];
afterAll(async () => { await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true }))); });

const start = (dataDir: string): Promise<RunningServer> => startServer({
  config: { port: 0, host: '127.0.0.1', dataDir, inMemoryDatabase: false, databaseUrl: undefined, webRoot: join(dataDir, 'no-web'), logLevel: 'warn' },
});

describe('a second start', () => {
  it('answers before the demo data check, which then tops up what is missing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'second-start-'));
    directories.push(dataDir);
    const first = await start(dataDir);
    await first.database.db.delete(users).where(eq(users.email, 'unconfirmed@demo.test'));
    await first.close();

    const second = await start(dataDir);
    try {
      expect((await fetch(`${second.url}/connect/countries/za`)).status).toBe(200);
      await expect.poll(async () => (await second.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'unconfirmed@demo.test'))).length,
        { timeout: 20_000 }).toBe(1);
    } finally {
      await second.close();
    }
  }, 120_000);
});
