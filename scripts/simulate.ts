// `npm run simulate`: the driver simulator (issue 5). Signs in as the seeded drivers through the real API, moves
// each along their job's route (coordinate updates) and advances their tasks (start, arrived, complete) at a
// configurable pace against a running server, so the dashboard can be watched live.
//
//   npm run simulate -- [--url http://localhost:8080] [--cca2 za] [--tick 1000] [--step 0.4]
//                       [--drivers driver@demo.test,driver2@demo.test] [--password Demo-password-1]
//                       [--dispatch] [--once] [--max-ticks N]
//
// --tick: ms between two steps of every driver; --step: km a driver moves per tick; --dispatch: as the
// administrator, give an idle driver a new job from the ready deliveries; --once: stop when no driver has work.
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import createClient from 'openapi-fetch';
import type { components, paths as ConnectPaths } from '../src/api/generated/connect';
import type { paths as IdentityPaths } from '../src/api/generated/identity';
import { haversineKm, type LatLon } from '../src/lib/distance';
import { SIMULATOR_DEFAULTS } from '../src/lib/operations-catalogue';
import { JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS } from '../src/lib/statuses';
import { DEMO_PASSWORD } from '../server/db/seed';

type S = components['schemas'];

export interface SimulatorOptions {
  url: string;
  cca2: string;
  tickMs: number;
  stepKm: number;
  drivers: string[];
  password: string;
  /** Sign in as this administrator to give idle drivers a job of ready deliveries. */
  dispatcher?: string;
  /** Stop when no driver has work left. */
  once?: boolean;
  maxTicks?: number;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

export const DEFAULT_DRIVERS = ['driver@demo.test', 'driver2@demo.test', 'driver3@demo.test', 'driver4@demo.test'];
const DISPATCHER = 'administrator@demo.test';

class Session {
  token = '';
  constructor(readonly email: string, private readonly password: string, private readonly identity: ReturnType<typeof createClient<IdentityPaths>>) {}

  async signIn(): Promise<void> {
    const { data, error, response } = await this.identity.POST('/v1/auth/login', { body: { email: this.email, password: this.password } });
    if (!data?.jwtToken) throw new Error(`sign-in of ${this.email} failed (${response.status}): ${JSON.stringify(error ?? data)}`);
    this.token = data.jwtToken;
  }
}

/** A connect client whose calls carry the session's token; a 401 (expired token) throws so the loop signs in again. */
function clientFor(url: string, session: Session) {
  const client = createClient<ConnectPaths>({ baseUrl: `${url}/connect` });
  client.use({
    onRequest: ({ request }) => {
      request.headers.set('Authorization', `Bearer ${session.token}`);
      return request;
    },
    onResponse: ({ response }) => {
      if (response.status === 401) throw new Error('the access token was refused');
      return response;
    },
  });
  return client;
}

/** Moves `from` at most `km` towards `to` along the great circle (flat approximation: legs are short). */
export function moveTowards(from: LatLon, to: LatLon, km: number): LatLon {
  const distance = haversineKm(from, to);
  if (distance <= km) return { ...to };
  const fraction = km / distance;
  return { lat: from.lat + (to.lat - from.lat) * fraction, lon: from.lon + (to.lon - from.lon) * fraction };
}

interface DriverState {
  session: Session;
  api: ReturnType<typeof clientFor>;
  id: number;
  position: LatLon;
}

/** One step of a driver: start the job's next task, move towards it, arrive, or complete it. Returns whether there was work. */
async function stepDriver(driver: DriverState, options: SimulatorOptions, log: (line: string) => void): Promise<boolean> {
  const { api } = driver;
  const params = { path: { cca2: options.cca2 } };
  const { data: page } = await api.GET('/jobs/{cca2}', {
    params: { ...params, query: { driverid: driver.id, jobStatuses: [JOB_STATUS.IN_PROGRESS, JOB_STATUS.NOT_STARTED], pageSize: 20 } },
  });
  const job = page?.items.find((item) => item.jobStatusId === JOB_STATUS.IN_PROGRESS) ?? page?.items[0];
  if (!job) return false;
  const { data: details } = await api.GET('/jobs/{cca2}/{id}', { params: { path: { cca2: options.cca2, id: job.id } } });
  if (!details) return false;
  const open = details.tasks.filter((task) => task.taskStatusId === TASK_STATUS.NOT_STARTED || task.taskStatusId === TASK_STATUS.IN_PROGRESS);
  // The task being worked, else the first one the charts let the driver start (a drop-off waits for its pick-up).
  let task: S['Task'] | undefined = open.find((item) => item.taskStatusId === TASK_STATUS.IN_PROGRESS);
  let allowed: S['TaskAction'][] = [];
  if (task) {
    allowed = (await api.GET('/tasks/gettaskstate/{cca2}/{id}', { params: { path: { cca2: options.cca2, id: task.id } } })).data?.allowedActions ?? [];
  } else {
    for (const candidate of open) {
      const state = (await api.GET('/tasks/gettaskstate/{cca2}/{id}', { params: { path: { cca2: options.cca2, id: candidate.id } } })).data;
      if (state?.allowedActions.includes('start')) {
        task = candidate;
        allowed = state.allowedActions;
        break;
      }
    }
  }
  if (!task) return open.length > 0;
  const where = `${driver.session.email} job ${job.id} task ${task.id} (${task.waybill ?? task.deliveryId})`;
  const taskPath = { params: { path: { cca2: options.cca2, id: task.id } } };
  if (allowed.includes('start')) {
    const { error } = await api.PUT('/tasks/start/{cca2}/{id}', taskPath);
    log(error ? `${where}: start refused: ${error.message}` : `${where}: started`);
    return true;
  }
  if (allowed.includes('arrived')) {
    const target = task.address.coordinates;
    if (haversineKm(driver.position, target) > SIMULATOR_DEFAULTS.arrivalKm) {
      driver.position = moveTowards(driver.position, target, options.stepKm);
      await api.PUT('/drivers/location/{cca2}', { params, body: driver.position });
      log(`${where}: ${haversineKm(driver.position, target).toFixed(2)} km to go`);
      return true;
    }
    const { error } = await api.PUT('/tasks/arrived/{cca2}/{id}', { ...taskPath, body: { arrivedLocation: target } });
    log(error ? `${where}: arrival refused: ${error.message}` : `${where}: arrived at ${task.address.description}`);
    return true;
  }
  const complete = allowed.find((action) => action === 'completepickup' || action === 'completedropoff');
  if (complete) {
    const { error } = complete === 'completepickup'
      ? await api.PUT('/tasks/completepickup/{cca2}/{id}', taskPath)
      : await api.PUT('/tasks/completedropoff/{cca2}/{id}', taskPath);
    log(error ? `${where}: ${complete} refused: ${error.message}` : `${where}: ${complete === 'completepickup' ? 'picked up' : 'delivered'}`);
    return true;
  }
  return open.length > 0;
}

/** As the dispatcher: a new job of one ready delivery (in no job) for an idle driver, if there is one. */
async function dispatch(api: ReturnType<typeof clientFor>, driver: DriverState, options: SimulatorOptions, log: (line: string) => void): Promise<boolean> {
  const { data: ready } = await api.GET('/jobs/{cca2}', { params: { path: { cca2: options.cca2 }, query: { jobStatuses: [JOB_STATUS.UNASSIGNED], pageSize: 50 } } });
  // Unassigned jobs that hold deliveries (ready deliveries in no job are the back office's list).
  const candidate = ready?.items.find((job) => job.deliveryCount > 0);
  if (!candidate) return false;
  const { data: details } = await api.GET('/jobs/{cca2}/{id}', { params: { path: { cca2: options.cca2, id: candidate.id } } });
  if (!details || details.deliveries.some((delivery) => delivery.logisticStatusId !== LOGISTIC_STATUS.READY)) return false;
  const { error } = await api.PUT('/jobs/assignjobstodriver/{cca2}', { params: { path: { cca2: options.cca2 } }, body: { jobIds: [candidate.id], driverId: driver.id } });
  if (!error) log(`dispatcher: job ${candidate.id} assigned to ${driver.session.email}`);
  return !error;
}

export async function runSimulator(options: SimulatorOptions): Promise<{ ticks: number }> {
  const log = options.log ?? ((line: string) => console.log(`${new Date().toISOString()} ${line}`));
  const identity = createClient<IdentityPaths>({ baseUrl: `${options.url}/identity` });
  const drivers: DriverState[] = [];
  for (const email of options.drivers) {
    const session = new Session(email, options.password, identity);
    await session.signIn();
    const api = clientFor(options.url, session);
    const { data: profile } = await identity.GET('/v1/profile', { headers: { Authorization: `Bearer ${session.token}` } });
    const id = profile?.id;
    if (!id) throw new Error(`no profile for ${email}`);
    const { data: me } = await api.GET('/drivers/{cca2}/{id}', { params: { path: { cca2: options.cca2, id } } });
    drivers.push({ session, api, id, position: me?.driver.lastLocation ?? { lat: -33.9249, lon: 18.4241 } });
    log(`${email}: signed in (driver ${id})`);
  }
  let dispatcher: ReturnType<typeof clientFor> | undefined;
  if (options.dispatcher) {
    const session = new Session(options.dispatcher, options.password, identity);
    await session.signIn();
    dispatcher = clientFor(options.url, session);
  }
  let ticks = 0;
  while (!options.signal?.aborted && (options.maxTicks === undefined || ticks < options.maxTicks)) {
    ticks += 1;
    const busy = await Promise.all(drivers.map(async (driver) => {
      try {
        const working = await stepDriver(driver, options, log);
        if (!working && dispatcher) return dispatch(dispatcher, driver, options, log);
        return working;
      } catch (error) {
        // An expired token: sign in again and carry on next tick.
        log(`${driver.session.email}: ${error instanceof Error ? error.message : String(error)}; signing in again`);
        await driver.session.signIn().catch(() => undefined);
        return true;
      }
    }));
    if (options.once && !busy.some(Boolean)) {
      log('no driver has work left');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, options.tickMs));
  }
  return { ticks };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      cca2: { type: 'string', default: SIMULATOR_DEFAULTS.cca2 },
      tick: { type: 'string', default: String(SIMULATOR_DEFAULTS.tickMs) },
      step: { type: 'string', default: String(SIMULATOR_DEFAULTS.stepKm) },
      drivers: { type: 'string', default: DEFAULT_DRIVERS.join(',') },
      password: { type: 'string', default: DEMO_PASSWORD },
      dispatch: { type: 'boolean', default: false },
      once: { type: 'boolean', default: false },
      'max-ticks': { type: 'string' },
    },
  });
  const url = values.url ?? process.env.SIMULATE_URL ?? (process.env.PORT ? `http://localhost:${process.env.PORT}` : SIMULATOR_DEFAULTS.url);
  const controller = new AbortController();
  process.on('SIGINT', () => controller.abort());
  await runSimulator({
    url: url.replace(/\/$/, ''),
    cca2: values.cca2,
    tickMs: Number(values.tick),
    stepKm: Number(values.step),
    drivers: values.drivers.split(',').map((email) => email.trim()).filter(Boolean),
    password: values.password,
    dispatcher: values.dispatch ? DISPATCHER : undefined,
    once: values.once,
    maxTicks: values['max-ticks'] ? Number(values['max-ticks']) : undefined,
    signal: controller.signal,
  });
}
