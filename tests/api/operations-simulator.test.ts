import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_AVAILABILITY, JOB_STATUS, LOGISTIC_STATUS } from '../../src/lib/statuses';
import { runSimulator } from '../../scripts/simulate';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { seededJobId } from './operations-support';
import { dataOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('npm run simulate', () => {
  it('drives every seeded driver through their jobs over the real API until no work is left', async () => {
    const lines: string[] = [];
    const { ticks } = await runSimulator({
      url: server.url, cca2: 'za', tickMs: 0, stepKm: 5, password: DEMO_PASSWORD, once: true, maxTicks: 200,
      drivers: ['driver@demo.test', 'driver2@demo.test', 'driver3@demo.test'], log: (line) => lines.push(line),
    });
    expect(ticks).toBeLessThan(200);
    expect(lines.some((line) => line.includes('km to go'))).toBe(true);
    const admin = server.as('administrator');
    for (const seedKey of ['ops-not-started', 'ops-in-progress', 'ops-drop-off']) {
      const details = await dataOf(admin.connect.GET('/jobs/{cca2}/{id}', { params: { path: { ...ZA, id: await seededJobId(server, seedKey) } } }));
      expect(details.job.jobStatusId, seedKey).toBe(JOB_STATUS.COMPLETED);
      expect(details.deliveries.every((delivery) => delivery.logisticStatusId === LOGISTIC_STATUS.DELIVERED)).toBe(true);
      expect(details.driver?.driverAvailabilityId).toBe(DRIVER_AVAILABILITY.AVAILABLE);
      expect(details.driver?.lastLocation).not.toBeNull();
    }
  });
});
