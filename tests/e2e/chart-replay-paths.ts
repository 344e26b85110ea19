import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { machinePaths } from '../../src/lib/flows/paths';
import { activeNodes } from '../../src/lib/flows/simulate';
import type { MachineSamples } from '../../src/machines/samples';

/**
 * Which generated paths of a chart the browser replay runs (tests/e2e/chart-replay.test.ts), by a rule read off the
 * path itself, never a hand list: the paths are the model suite's (src/lib/flows/paths.ts over the same
 * `<name>.samples.ts`), and a path runs in Chromium only when every step of it can be produced honestly there:
 *
 * 1. its scenario has a start in the browser driver (a page and a demo user to begin from);
 * 2. every user event has a UI action in the driver (a click, a fill: no event sent to the actor by hand);
 * 3. every answer of an invoked actor (`xstate.done.actor.*`, `xstate.error.actor.*`) is one the real server
 *    gives with the demo data, as the driver arranges it (a wrong password gives the 401 the sample has). A 500
 *    comes from the server's fault switch (server/http/fault-switch.ts, on only in the browser suite): the driver
 *    names the operation an actor calls (`faults`), the replay arms it for that browser context just before the
 *    step that starts the call, and the server's own error handler answers it (`faultArming` below); an answer
 *    no request gets (our server unreachable, a 500 of an actor without a named operation) stays in jsdom; the card
 *    provider's script not arriving is produced by the browser failing that request;
 * 4. no user event while the state it is taken in waits for a server call the path has not answered yet (the
 *    user acts between the request and the answer: the real server answers first), unless the driver can hold
 *    that call's request in the browser (`holds`: Playwright's `page.route` waits, then `route.continue()` sends
 *    the request on to the real server when the path answers it; nothing is fulfilled by the test). Background loads of a
 *    parent state (the parcel types while the user works in step 2) answer whenever the server does: the replay
 *    checks the path's states in order, not the moment such an answer lands;
 * 5. no delayed event (`xstate.after.*`: a timer the browser would have to wait out).
 *
 * Of the replayable paths, one whose events are a prefix of another replayable path's is run inside the longer
 * one: the replay checks the state after every step, so the longer run checks the shorter path's every state too.
 * The runs may be split over CI jobs with E2E_SHARD=<k>/<n> (run k of n takes every n-th run, from the k-th).
 */

export interface ReplayStep {
  event: AnyEventObject;
  /** The state value after the step, keyed (stable JSON), or '(done)' when the machine reached a final state. */
  state: string;
  /** The state node paths active after the step ('steps.parcels.editing' and its ancestors). */
  active: string[];
  /** The state's tags after the step ('busy': the screen offers no step controls meanwhile). */
  tags: string[];
  /** The atomic states active after the step and the actors each invokes (what the state waits for). */
  waits: { node: string; invokes: string[] }[];
}

export interface ReplayPath {
  machine: string;
  scenario: number;
  scenarioName: string;
  /** Position in the machine's generated paths (all scenarios, in the model suite's order). */
  index: number;
  steps: ReplayStep[];
  label: string;
  target: string;
}

/** What a browser driver can produce: the rule above reads these. */
export interface DriverCapabilities {
  /** Scenario indexes the driver can start in the browser, with why the others cannot. */
  starts(scenario: number): true | string;
  /** User event types with a UI action. */
  actions: ReadonlySet<string>;
  /**
   * Why an event (a session event or an answer) that the specification makes the chart handle is one our server never
   * produces, or null: such paths stay in jsdom with that reason (docs/decisions.md "Charts say only what the server does").
   */
  specOnly?(event: AnyEventObject): string | null;
  /**
   * Why a user event with a UI action still cannot be produced from a state (the control is not offered there, for
   * the user the path's scenario starts as), or null.
   */
  refuses?(event: AnyEventObject, from: ReplayStep, path: ReplayPath): string | null;
  /** Server calls (actor ids) whose request the driver can hold in the browser until the path answers them (rule 4). */
  holds?: ReadonlySet<string>;
  /** Answers of child charts that the user produces through the UI (not server calls), by event type. */
  produce?: Record<string, unknown>;
  /**
   * Invoked actors' answers the demo server gives, by event type: whether this sample answer is one of them
   * (the driver arranges the request that gets it), given the step it makes (the state it leads to), or why a path
   * with it is left to jsdom. Event types not listed are answers the server never gives here.
   */
  answers: Record<string, (event: AnyEventObject, step: ReplayStep, previous: ReplayStep) => boolean | { left: string }>;
}

/** Keys sorted: the inspector's JSON and the path's state value compare as text. */
export function stateKey(value: unknown): string {
  const sorted = (item: unknown): unknown => (item && typeof item === 'object' && !Array.isArray(item)
    ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => [key, sorted(inner)]))
    : item);
  return JSON.stringify(sorted(value));
}

export const DONE = '(done)';

/**
 * An answer the server's 500 (what the fault switch makes it give) stands for: a sampled 500, or a failure the path
 * names without any error (the generator's own `xstate.error.actor.*` for a transition no sample failure takes).
 */
export function isServerError(event: AnyEventObject): boolean {
  return event.error === undefined || Reflect.get(Object(event.error), 'status') === 500;
}

/** The 500 answers of the actors whose operations the fault switch can fail, as `answers` entries. */
export function serverErrors(faults: Record<string, string>): DriverCapabilities['answers'] {
  return Object.fromEntries(Object.keys(faults).map((actor) => [`xstate.error.actor.${actor}`, isServerError]));
}

/** What the fault switch is armed with for one call: the server's 500, or its session ended as the call arrives (440). */
export interface Fault { operationId: string; status: 500 | 440 }

/**
 * Where the replay arms the fault switch: for each step answered by a 500 of an actor in `faults` (or a 440 the driver
 * says `endsSession`: the call's session brought to its end as it arrives), the step that started that call (the last
 * step before it that entered a state invoking the actor; 0: the chart's start), or when that step is itself an answer
 * (it lands whenever the server answers) the last user event or start before it, gets the actor's operationId, armed
 * just before that step is produced. An actor of a parent state (a background load no atomic state waits for) is armed
 * at the start: the first such call of the context fails. Answers for which `armsItself` is true are left out: the
 * driver arms those when their request leaves (another tab of the context makes the same call first).
 */
export function faultArming(
  path: ReplayPath,
  faults: Record<string, string>,
  { armsItself = () => false, endsSession = () => false }: { armsItself?(answer: number): boolean; endsSession?(answer: number): boolean } = {},
): Map<number, Fault[]> {
  const arming = new Map<number, Fault[]>();
  const invoking = (step: ReplayStep | undefined, actor: string) => new Set(step?.waits.filter((wait) => wait.invokes.includes(actor)).map((wait) => wait.node) ?? []);
  for (const [answer, { event }] of path.steps.entries()) {
    const actor = /^xstate\.error\.actor\.(.+)$/.exec(event.type)?.[1];
    const operationId = actor ? faults[actor] : undefined;
    const status = isServerError(event) ? 500 : endsSession(answer) ? 440 : undefined;
    if (!actor || !operationId || !status || armsItself(answer)) continue;
    let start = 0;
    for (let index = answer - 1; index > 0; index--) {
      const before = invoking(path.steps[index - 1], actor);
      if ([...invoking(path.steps[index], actor)].some((node) => !before.has(node))) { start = index; break; }
    }
    while (start > 0 && /^xstate\.(done|error)\.actor\./.test(path.steps[start]!.event.type)) start -= 1;
    arming.set(start, [...(arming.get(start) ?? []), { operationId, status }]);
  }
  return arming;
}

function activePaths(value: unknown, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => [[...prefix, key].join('.'), ...activePaths(inner, [...prefix, key])]);
}

/** The machine's generated paths, exactly those the model suite replays in jsdom. */
export function replayPaths<M extends AnyStateMachine>(samples: MachineSamples<M>): ReplayPath[] {
  const { machine, scenarios } = samples;
  const perScenario = machinePaths(machine, scenarios, 'shortest', samples.targets);
  let index = 0;
  return perScenario.flatMap((paths, scenario) => paths.map((path): ReplayPath => {
    const steps = path.steps.map((step): ReplayStep => {
      const snapshot: AnyMachineSnapshot = step.state;
      return {
        event: step.event,
        state: snapshot.status === 'done' ? DONE : stateKey(snapshot.value),
        active: activePaths(snapshot.value),
        tags: [...snapshot.tags].sort(),
        waits: activeNodes(snapshot).filter((node) => node.type === 'atomic')
          .map((node) => ({ node: node.id, invokes: node.invoke.map((definition) => definition.id) })),
      };
    });
    return {
      machine: machine.id,
      scenario,
      scenarioName: scenarios[scenario]!.name,
      index: index++,
      steps,
      label: steps.map((step) => step.event.type).join(' → '),
      target: steps.at(-1)!.state,
    };
  }));
}

/** Why a path cannot be replayed honestly in the browser (rule above), or null when it can. */
export function notReplayable(path: ReplayPath, driver: DriverCapabilities): string | null {
  const start = driver.starts(path.scenario);
  if (start !== true) return start;
  const actorOf = (type: string) => type.replace(/^xstate\.(done|error)\.actor\./, '');
  const produced = new Set(Object.keys(driver.produce ?? {}).map(actorOf));
  const serverCalls = new Set(Object.keys(driver.answers).map(actorOf).filter((id) => !produced.has(id)));
  /** Server calls the active atomic states wait for and the path has not answered yet. */
  let pending = new Set<string>();
  for (const [index, { event }] of path.steps.entries()) {
    const { type } = event;
    const from = path.steps[index - 1];
    const specOnly = index > 0 ? driver.specOnly?.(event) : null;
    if (index === 0) {
      // xstate.init
    } else if (specOnly) {
      return specOnly;
    } else if (type.startsWith('xstate.after.')) {
      return `a delay (${type}) the browser would wait out`;
    } else if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
      const gives = driver.answers[type];
      if (!gives) return `the demo server never answers ${type}`;
      const given = gives(event, path.steps[index]!, from!);
      if (given !== true) return given ? given.left : `the demo server answers ${actorOf(type)} otherwise than this sample`;
      pending.delete(actorOf(type));
    } else if (!driver.actions.has(type)) {
      return `no UI action for ${type}`;
    } else {
      // A control the screen does not offer in that state first (holding a request would not bring it back).
      const refused = driver.refuses?.(event, from!, path);
      if (refused) return refused;
      if ([...pending].some((id) => !driver.holds?.has(id))) {
        return `a user event while ${[...pending].filter((id) => !driver.holds?.has(id)).join(', ')} is in flight (the real server answers first)`;
      }
    }
    // Calls of atomic states just entered start now; those of states left are dropped.
    const before = new Set(from?.waits.map((wait) => wait.node) ?? []);
    const now = path.steps[index]!.waits;
    const kept = new Set(now.filter((wait) => before.has(wait.node)).flatMap((wait) => wait.invokes));
    pending = new Set([...pending].filter((id) => kept.has(id)));
    now.filter((wait) => !before.has(wait.node)).flatMap((wait) => wait.invokes).filter((id) => serverCalls.has(id)).forEach((id) => pending.add(id));
  }
  return null;
}

export interface Selection {
  generated: number;
  /** Paths run in the browser (longest first), each with the shorter replayable paths it covers. */
  runs: { path: ReplayPath; covers: ReplayPath[] }[];
  replayable: number;
  /** Paths left to the jsdom model suite, by reason. */
  leftToJsdom: Map<string, ReplayPath[]>;
}

const eventsKey = (path: ReplayPath) => path.steps.map((step) => stateKey(step.event));

function isPrefix(shorter: string[], longer: string[]): boolean {
  return shorter.length <= longer.length && shorter.every((key, index) => key === longer[index]);
}

export function selectPaths(paths: ReplayPath[], driver: DriverCapabilities): Selection {
  const leftToJsdom = new Map<string, ReplayPath[]>();
  const replayable: ReplayPath[] = [];
  for (const path of paths) {
    const reason = notReplayable(path, driver);
    if (reason === null) replayable.push(path);
    else leftToJsdom.set(reason, [...(leftToJsdom.get(reason) ?? []), path]);
  }
  const keys = new Map(replayable.map((path) => [path, eventsKey(path)]));
  // Longest first: a path is run unless a longer (or equal, earlier) replayable path of its scenario starts with it.
  const ordered = [...replayable].sort((a, b) => b.steps.length - a.steps.length || a.index - b.index);
  const runs: Selection['runs'] = [];
  for (const path of ordered) {
    const host = runs.find((run) => run.path.scenario === path.scenario && isPrefix(keys.get(path)!, keys.get(run.path)!));
    if (host) host.covers.push(path);
    else runs.push({ path, covers: [] });
  }
  runs.sort((a, b) => a.path.index - b.path.index);
  return { generated: paths.length, runs, replayable: replayable.length, leftToJsdom };
}

/**
 * The job and task drivers' capabilities (their actions are the operator's and the driver's real calls, see
 * chart-replay.test.ts): every job and task event. The task chart itself says which cancellations and reopenings
 * the server makes (a task is cancelled only before it starts, and only a drop-off comes back or is reopened once
 * completed), so no path asks for another.
 */
export const JOB_CAPABILITIES: Omit<DriverCapabilities, 'produce'> = {
  starts: () => true,
  actions: new Set(['job.assign', 'job.unassign', 'job.reject', 'job.start', 'job.tasksFinished', 'job.deliveries.add',
    'job.deliveries.remove', 'job.notifyDelay', 'job.reverse']),
  answers: {},
};

export const TASK_CAPABILITIES: Omit<DriverCapabilities, 'produce'> = {
  starts: () => true,
  actions: new Set(['task.start', 'task.arrived', 'task.completePickup', 'task.completeDropoff', 'task.exceptionPickup',
    'task.exceptionDropoff', 'task.cancel', 'task.reverse']),
  answers: {},
};

/**
 * The calls a replay holds (rule 4): those a user event of the path falls in, each with the step before which its
 * hold starts (the step that starts the call: 0, the run's start; a step that is itself an answer lands whenever the
 * server answers, so the hold starts before the user event or start before it). Held until the path answers them (or
 * it ends). Starting at the call, not at the run's start, leaves an earlier call of the same kind alone (the
 * restore's refresh before a refresh the path holds). Same bookkeeping as `notReplayable`.
 */
export function heldCalls(path: ReplayPath, driver: Pick<DriverCapabilities, 'holds' | 'answers' | 'produce'>): Map<string, number> {
  const held = new Map<string, number>();
  const actorOf = (type: string) => type.replace(/^xstate\.(done|error)\.actor\./, '');
  const isAnswer = (type: string) => /^xstate\.(done|error)\.actor\./.test(type);
  const produced = new Set(Object.keys(driver.produce ?? {}).map(actorOf));
  const serverCalls = new Set(Object.keys(driver.answers).map(actorOf).filter((id) => !produced.has(id)));
  let pending = new Map<string, number>();
  for (const [index, { event }] of path.steps.entries()) {
    const from = path.steps[index - 1];
    if (isAnswer(event.type)) pending.delete(actorOf(event.type));
    else if (index > 0) {
      pending.forEach((since, id) => {
        if (!driver.holds?.has(id) || held.has(id)) return;
        let start = since;
        while (start > 0 && isAnswer(path.steps[start]!.event.type)) start -= 1;
        held.set(id, start);
      });
    }
    const before = new Set(from?.waits.map((wait) => wait.node) ?? []);
    const now = path.steps[index]!.waits;
    const kept = new Set(now.filter((wait) => before.has(wait.node)).flatMap((wait) => wait.invokes));
    pending = new Map([...pending].filter(([id]) => kept.has(id)));
    now.filter((wait) => !before.has(wait.node)).flatMap((wait) => wait.invokes).filter((id) => serverCalls.has(id)).forEach((id) => pending.set(id, index));
  }
  return held;
}

/** E2E_SHARD=<k>/<n>: the k-th of n slices of all runs (every n-th, from the k-th); unset: all. */
export function shardOf(value: string | undefined): { index: number; count: number } {
  if (!value) return { index: 0, count: 1 };
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw new Error(`E2E_SHARD must be <k>/<n> with 1 ≤ k ≤ n, not '${value}'`);
  return { index: index - 1, count };
}
