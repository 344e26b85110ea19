// N copies of one state change at once (a double tap, a retry, two dispatchers): exactly one is applied, every
// other is refused with 409 and the record as it now is, and the state is what one call leaves.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, jobTasks } from '../../server/db/schema';
import { LOGISTIC_STATUS, TASK_STATUS } from '../../src/lib/statuses';
import { deliveryIdOf, seededJobId } from './operations-support';
import { dataOf, inZa, startTestServer, ZA, type TestServer } from './support';

const COPIES = 8;

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const admin = () => server.as('administrator').connect;
const tasksOf = async (seedKey: string) => (await dataOf(admin().GET('/jobs/{cca2}/{id}', { params: inZa(await seededJobId(server, seedKey)) }))).tasks;
const statuses = (answers: { response: Response }[]) => answers.map((answer) => answer.response.status).sort();
const ONE_APPLIED = [200, ...Array<number>(COPIES - 1).fill(409)];
const copies = <T>(send: () => Promise<T>) => Promise.all(Array.from({ length: COPIES }, send));

describe(`${COPIES} concurrent copies of a state change`, () => {
  it('task start: one starts it', async () => {
    const [task] = await tasksOf('ops-not-started');
    const answers = await copies(() => admin().PUT('/tasks/start/{cca2}/{id}', { params: inZa(task!.id) }));
    expect(statuses(answers)).toEqual(ONE_APPLIED);
    const [row] = await server.database.db.select().from(jobTasks).where(eq(jobTasks.id, task!.id));
    expect(row!.taskStatusId).toBe(TASK_STATUS.IN_PROGRESS);
  });

  it('complete pick-up and exception pick-up racing on one task: exactly one of them wins', async () => {
    const task = (await tasksOf('ops-in-progress'))[1]!;
    const params = inZa(task.id);
    const answers = await Promise.all(Array.from({ length: COPIES }, (_, index) => (index % 2 === 0
      ? admin().PUT('/tasks/completepickup/{cca2}/{id}', { params })
      : admin().PUT('/tasks/exceptionpickup/{cca2}/{id}', { params }))));
    expect(statuses(answers)).toEqual(ONE_APPLIED);
    const refused = answers.filter((answer) => answer.response.status === 409);
    expect(refused.every((answer) => (answer.error as { current?: { task?: { id: number } } }).current?.task?.id === task.id)).toBe(true);
  });

  it('arrived at a drop-off: one arrival is recorded', async () => {
    const task = (await tasksOf('ops-drop-off'))[1]!;
    const answers = await copies(() => admin().PUT('/tasks/arrived/{cca2}/{id}', { params: inZa(task.id), body: { arrivedLocation: { lat: -26.1, lon: 28.05 } } }));
    expect(statuses(answers)).toEqual(ONE_APPLIED);
  });

  it('create a job of one delivery: one job holds it', async () => {
    const deliveryId = await deliveryIdOf(server, 'WBJ0007');
    const answers = await copies(() => admin().POST('/jobs/createjob/{cca2}', { params: { path: ZA }, body: { deliveryIds: [deliveryId] } }));
    expect(statuses(answers)).toEqual([201, ...Array<number>(COPIES - 1).fill(409)]);
    const held = await server.database.db.select().from(jobTasks).where(eq(jobTasks.deliveryId, deliveryId));
    expect(new Set(held.map((task) => task.jobId)).size).toBe(1);
  });

  it('cancel a delivery: one cancellation', async () => {
    const ready = await server.raw<{ items: { id: number }[] }>('administrator', 'GET', `/deliveries/za?logisticstatuses=${LOGISTIC_STATUS.READY}&pageSize=1`);
    const id = ready.body.items[0]!.id;
    const answers = await copies(() => admin().PUT('/deliveries/canceldelivery/{cca2}/{id}', { params: inZa(id) }));
    expect(statuses(answers)).toEqual(ONE_APPLIED);
    const [row] = await server.database.db.select().from(deliveries).where(eq(deliveries.id, id));
    expect(row!.logisticStatusId).not.toBe(LOGISTIC_STATUS.READY);
  });
});
