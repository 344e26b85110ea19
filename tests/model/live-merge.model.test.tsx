import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type Actor, type SnapshotFrom } from 'xstate';
import { system } from '../../src/ui/theme';
import { DashboardView } from '../../src/features/dashboard/DashboardView';
import { DASHBOARD_TEXTS } from '../../src/lib/dashboard-texts';
import { LIVE_BATCH_INTERVAL_MS, LIVE_DETAIL_REFETCH_DELAY_MS, LIVE_QUIET_FLUSH_MS } from '../../src/lib/constants';
import { JOB_STATUS } from '../../src/lib/statuses';
import { dashboardMachine } from '../../src/machines/dashboard/dashboard.machine';
import { liveDashboard } from '../../src/api/realtime';
import { hubUpdates, liveMergeMachine } from '../../src/machines/operations/live-merge.machine';
import type { LiveLists, LiveUpdate } from '../../src/machines/operations/live-merge';
import type { LiveMergeEvent } from '../../src/machines/operations/live-merge.types';
import type { DashboardDetails, LoadListsInput } from '../../src/machines/operations/operations.api';
import { liveMergeJobDetailsSample, liveMergeListsSample, liveMergeSamples } from '../../src/machines/operations/live-merge.samples';
import { chartCan, describeModel } from '../support/model-paths';

type Snapshot = SnapshotFrom<typeof liveMergeMachine>;

const sounds = { played: 0 };
/** The chart the suite started (its guards observed), for `chartCan`. */
let chart = liveMergeMachine;
/** A hub batch whose only message has no id (anything else from the network): dropped, never queued. */
const withoutId = { type: 'live.batch', updates: [{ kind: 'job', payload: { xmin: '99', jobStatusId: JOB_STATUS.UNASSIGNED } }] };

/** The side bar shows one list at a time (tabs): the view's chart opens the list's tab before it is read. */
let showTab: (caption: string) => void = () => undefined;

async function table(caption: string) {
  showTab(caption);
  return screen.findByRole('table', { name: caption });
}

/** The rows of a list as the user sees them (header row excluded), by their version stamp. */
async function shownXmins(caption: string): Promise<string[]> {
  return within(await table(caption)).queryAllByRole('row').flatMap((row) => {
    const xmin = row.getAttribute('data-xmin');
    return xmin === null ? [] : [xmin];
  });
}

function detailsRegion() {
  return screen.getByRole('complementary', { name: DASHBOARD_TEXTS.rightSidebar });
}

/** Clicks a control when the screen shows it; otherwise the event reaches the actor as it would from elsewhere. */
function clickOr(actor: Actor<typeof liveMergeMachine>, name: string, event: LiveMergeEvent) {
  const button = screen.queryByRole('button', { name });
  if (button) fireEvent.click(button);
  else actor.send(event);
}

describeModel({
  machine: liveMergeMachine,
  scenarios: liveMergeSamples.scenarios,
  targets: liveMergeSamples.targets,
  guards: true,
  start(machine, input, clock) {
    chart = machine;
    sounds.played = 0;
    const running = machine.provide({ actions: { playSound: () => { sounds.played += 1; } } });
    const live = createActor(running, { input, clock }).start();
    const view = createActor(dashboardMachine).start();
    const tabs = new Map<string, 'dashboard.tab.deliveries' | 'dashboard.tab.jobs' | 'dashboard.tab.drivers'>([
      [DASHBOARD_TEXTS.deliveries, 'dashboard.tab.deliveries'], [DASHBOARD_TEXTS.jobs, 'dashboard.tab.jobs'], [DASHBOARD_TEXTS.drivers, 'dashboard.tab.drivers'],
    ]);
    showTab = (caption) => { const tab = tabs.get(caption); if (tab) act(() => { view.send({ type: tab }); }); };
    render(<ChakraProvider value={system}><DashboardView live={live} view={view} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          const typed = event as LiveMergeEvent;
          switch (typed.type) {
            case 'live.retry': clickOr(live, DASHBOARD_TEXTS.tryAgain, typed); break;
            case 'live.job.toggle': clickOr(live, DASHBOARD_TEXTS.showTasks(typed.jobId), typed); break;
            case 'live.details.open': clickOr(live, DASHBOARD_TEXTS.openDetails(typed.kind, typed.id), typed); break;
            case 'live.details.close': clickOr(live, DASHBOARD_TEXTS.closeDetails, typed); break;
            case 'live.details.retry': clickOr(live, DASHBOARD_TEXTS.retry, typed); break;
            case 'live.mute.toggle': clickOr(live, live.getSnapshot().context.muted ? DASHBOARD_TEXTS.unmute : DASHBOARD_TEXTS.mute, typed); break;
            // Hub messages and reconnects come from the connection, not from the user.
            default: live.send(typed);
          }
        });
      },
    };
  },
  states: {
    lists: (snapshot: Snapshot) => {
      expect(screen.getByText(DASHBOARD_TEXTS.live(snapshot.context.lastBatchSize))).toBeTruthy();
      // A hub batch without a message with an id is dropped in every state of the lists (isBatch).
      expect(chartCan(chart, snapshot, withoutId)).toBe(false);
    },
    'lists.loading': async (snapshot: Snapshot) => {
      if (!snapshot.context.loaded) expect(screen.getByText(DASHBOARD_TEXTS.loading).getAttribute('role')).toBe('status');
      else expect((await table(DASHBOARD_TEXTS.jobs)).closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('true');
      // Batches that came while the lists load wait in the queue: a queued job is not on screen yet.
      const queuedJobs = snapshot.context.queue.flatMap((update) => (update.kind === 'job' ? [String(update.payload.xmin)] : []));
      if (snapshot.context.loaded) for (const xmin of queuedJobs) expect(await shownXmins(DASHBOARD_TEXTS.jobs)).not.toContain(xmin);
    },
    'lists.ready': async (snapshot: Snapshot) => {
      const { lists } = snapshot.context;
      expect(await shownXmins(DASHBOARD_TEXTS.deliveries)).toEqual(lists.deliveries.map((row) => String(row.xmin)));
      expect(await shownXmins(DASHBOARD_TEXTS.drivers)).toEqual(lists.drivers.map((row) => String(row.xmin)));
      expect(await shownXmins(DASHBOARD_TEXTS.jobs)).toEqual(lists.jobs.map((row) => String(row.xmin)));
      expect(screen.queryByText(DASHBOARD_TEXTS.loadFailed, { exact: false })).toBeNull();
      // Each listed job offers "Show tasks", which the chart takes; a toggle naming no job is refused (hasJobId).
      for (const job of lists.jobs) {
        expect(screen.getByRole('button', { name: DASHBOARD_TEXTS.showTasks(job.id) })).toBeTruthy();
        expect(chartCan(chart, snapshot, { type: 'live.job.toggle', jobId: job.id })).toBe(true);
      }
      expect(chartCan(chart, snapshot, { type: 'live.job.toggle' })).toBe(false);
      // A batch merges as it comes: nothing waits once the lists are shown.
      expect(snapshot.context.queue).toEqual([]);
      // Expanded jobs show their tasks as merged: the drop-off's distance from the driver, any task added live.
      if (snapshot.context.expandedJobIds.length > 0) await table(DASHBOARD_TEXTS.jobs);
      for (const jobId of snapshot.context.expandedJobIds) {
        const tasks = snapshot.context.lists.tasks.filter((task) => task.jobId === jobId);
        expect(screen.getByRole('button', { name: DASHBOARD_TEXTS.showTasks(jobId) }).getAttribute('aria-expanded')).toBe('true');
        const cell = screen.getByRole('cell', { name: DASHBOARD_TEXTS.showTasks(jobId) });
        expect(within(cell).getAllByRole('row')).toHaveLength(tasks.length + 1);
      }
    },
    'lists.failed': () => {
      expect(screen.getByText(DASHBOARD_TEXTS.loadFailed, { exact: false })).toBeTruthy();
      expect(screen.getByRole('button', { name: DASHBOARD_TEXTS.tryAgain })).toBeTruthy();
    },
    details: (snapshot: Snapshot) => {
      expect(screen.getByRole('button', { name: snapshot.context.muted ? DASHBOARD_TEXTS.unmute : DASHBOARD_TEXTS.mute })
        .getAttribute('aria-pressed')).toBe(String(snapshot.context.muted));
      // Details open for a row (kind and id); a request naming no row is refused (hasDetail).
      expect(chartCan(chart, snapshot, { type: 'live.details.open', kind: 'job', id: 1 })).toBe(true);
      expect(chartCan(chart, snapshot, { type: 'live.details.open', kind: 'job' })).toBe(false);
    },
    'details.closed': () => {
      expect(within(detailsRegion()).getByText(DASHBOARD_TEXTS.detailsNone)).toBeTruthy();
    },
    'details.loading': () => {
      expect(within(detailsRegion()).getByRole('status').textContent).toBe(DASHBOARD_TEXTS.detailsLoading);
    },
    'details.shown': async (snapshot: Snapshot) => {
      const region = within(detailsRegion());
      expect(region.getByText(`Job ${snapshot.context.detail!.id}`)).toBeTruthy();
      // The centre map (Leaflet, loaded on first use) draws the selected job's route.
      expect(await screen.findByRole('region', { name: DASHBOARD_TEXTS.routeOf(snapshot.context.detail!.id) })).toBeTruthy();
      expect(region.queryByRole('status')).toBeNull();
    },
    'details.stale': () => {
      expect(within(detailsRegion()).getByRole('status').textContent).toBe(DASHBOARD_TEXTS.detailsUpdating);
    },
    'details.failed': () => {
      expect(within(detailsRegion()).getByText(DASHBOARD_TEXTS.detailsFailed)).toBeTruthy();
      expect(within(detailsRegion()).getByRole('button', { name: DASHBOARD_TEXTS.retry })).toBeTruthy();
    },
  },
});

describe('live merge: sound, reconnect', () => {
  function started(muted: boolean) {
    const clock = new SimulatedClock();
    const played: number[] = [];
    let loads = 0;
    const actor = createActor(liveMergeMachine.provide({
      actors: {
        hubUpdates: fromCallback(() => undefined),
        reconnects: fromCallback(() => undefined),
        loadLists: fromPromise(async () => { loads += 1; return liveMergeListsSample; }),
      },
      actions: { playSound: () => { played.push(clock.now()); } },
    }), { input: { ...liveMergeSamples.scenarios[0]!.input, muted }, clock }).start();
    return { actor, clock, played, loads: () => loads };
  }
  const batch = (...updates: LiveUpdate[]) => ({ type: 'live.batch', updates } as const);
  const notification = (id: number): LiveUpdate => ({ kind: 'webNotification', payload: { id, title: 'x' } });

  it('plays the notification sound once per batch when a notification arrives, and not when muted', async () => {
    const open = started(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    open.actor.send(batch(notification(9), notification(10)));
    expect(open.played).toHaveLength(1);

    const muted = started(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    muted.actor.send(batch(notification(9)));
    expect(muted.played).toEqual([]);
    muted.actor.send({ type: 'live.mute.toggle' });
    muted.actor.send(batch(notification(11)));
    expect(muted.played).toHaveLength(1);
  });

  it('refetches the open details after a delay when a flushed batch touches their row', async () => {
    const clock = new SimulatedClock();
    let detailLoads = 0;
    const actor = createActor(liveMergeMachine.provide({
      actors: {
        hubUpdates: fromCallback(() => undefined),
        reconnects: fromCallback(() => undefined),
        loadLists: fromPromise(async () => liveMergeListsSample),
        loadDetails: fromPromise(async () => { detailLoads += 1; return liveMergeJobDetailsSample; }),
      },
    }), { input: liveMergeSamples.scenarios[0]!.input, clock }).start();
    actor.send({ type: 'live.details.open', kind: 'job', id: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches({ details: 'shown' })).toBe(true);
    // A task of job 2 does not touch job 1; one of job 1 does.
    actor.send({ type: 'live.batch', updates: [{ kind: 'jobTask', payload: { ...liveMergeListsSample.tasks[1]!, id: 30, jobId: 2, xmin: '90' } }] });
    expect(actor.getSnapshot().matches({ details: 'shown' })).toBe(true);
    actor.send({ type: 'live.batch', updates: [{ kind: 'jobTask', payload: { ...liveMergeListsSample.tasks[1]!, distanceFromDriver: 1, xmin: '91' } }] });
    expect(actor.getSnapshot().matches({ details: 'stale' })).toBe(true);
    expect(detailLoads).toBe(1);
    clock.increment(LIVE_DETAIL_REFETCH_DELAY_MS);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(detailLoads).toBe(2);
    expect(actor.getSnapshot().matches({ details: 'shown' })).toBe(true);
  });

  it('reloads the lists over REST after connection.reconnected, and merges what arrived meanwhile by xmin', async () => {
    const { actor, loads } = started(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads()).toBe(1);
    actor.send({ type: 'connection.reconnected' });
    // A stale message from before the reload (lower xmin than REST's) is refused; a newer one wins.
    actor.send({ type: 'live.batch', updates: [{ kind: 'job', payload: { id: 1, xmin: '39', jobStatusId: 0 } }] });
    expect(actor.getSnapshot().context.queue).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads()).toBe(2);
    expect(actor.getSnapshot().matches({ lists: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(actor.getSnapshot().context.lists.jobs[0]!.jobStatusId).toBe(liveMergeListsSample.jobs[0]!.jobStatusId);
    actor.send({ type: 'live.batch', updates: [{ kind: 'job', payload: { id: 1, xmin: '42', jobStatusId: 0, isRejected: true } }] });
    expect(actor.getSnapshot().context.lists.jobs).toEqual([]);
  });

  it('loads the open details again after connection.reconnected (what changed while cut off shows)', async () => {
    const clock = new SimulatedClock();
    const sample = liveMergeJobDetailsSample;
    if (sample.kind !== 'job') throw new Error('the sample is a job');
    const answers: DashboardDetails[] = [sample, { ...sample, details: { ...sample.details, job: { ...sample.details.job, jobStatusId: JOB_STATUS.COMPLETED } } }];
    let detailLoads = 0;
    const actor = createActor(liveMergeMachine.provide({
      actors: {
        hubUpdates: fromCallback(() => undefined),
        reconnects: fromCallback(() => undefined),
        loadLists: fromPromise(async () => liveMergeListsSample),
        loadDetails: fromPromise(async () => answers[Math.min(detailLoads++, answers.length - 1)]!),
      },
    }), { input: liveMergeSamples.scenarios[0]!.input, clock }).start();
    actor.send({ type: 'live.details.open', kind: 'job', id: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches({ details: 'shown' })).toBe(true);
    actor.send({ type: 'connection.reconnected' });
    expect(actor.getSnapshot().matches({ details: 'loading' })).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(detailLoads).toBe(2);
    expect(actor.getSnapshot().matches({ details: 'shown' })).toBe(true);
    expect(actor.getSnapshot().context.detailData).toMatchObject({ kind: 'job', details: { job: { jobStatusId: JOB_STATUS.COMPLETED } } });
    // A closed panel stays closed after a reconnect (nothing to reload).
    actor.send({ type: 'live.details.close' });
    actor.send({ type: 'connection.reconnected' });
    expect(actor.getSnapshot().matches({ details: 'closed' })).toBe(true);
    expect(detailLoads).toBe(2);
  });
});

describe('live merge: the hub actor gathers a batch', () => {
  afterEach(() => { vi.useRealTimers(); vi.restoreAllMocks(); });

  it('sends one live.batch per batch with the newest version of each row (dropping messages without an id): at the batch interval under a steady stream, earlier once the stream goes quiet', () => {
    vi.useFakeTimers();
    const handlers = new Map<string, (payload: unknown) => void>();
    vi.spyOn(liveDashboard, 'on').mockImplementation((event, handler) => { handlers.set(event, handler); return () => handlers.delete(event); });
    vi.spyOn(liveDashboard, 'subscribe').mockImplementation(async () => async () => undefined);
    // The lists never load here: each batch the chart takes waits in its queue, where the test reads it.
    const parent = createActor(liveMergeMachine.provide({
      actors: { hubUpdates, reconnects: fromCallback(() => undefined), loadLists: fromPromise<LiveLists, LoadListsInput>(() => new Promise(() => undefined)) },
    }), { input: liveMergeSamples.scenarios[0]!.input }).start();
    const queued = () => parent.getSnapshot().context.queue.map((update) => [update.kind, 'xmin' in update.payload ? update.payload.xmin : undefined]);
    const task = liveMergeListsSample.tasks[1]!;
    const jobTask = handlers.get('jobTask')!;
    // A burst, then quiet: the batch goes once the stream was quiet for LIVE_QUIET_FLUSH_MS.
    jobTask({ ...task, distanceFromDriver: 3, xmin: '21' });
    jobTask({ ...task, distanceFromDriver: 4, xmin: '23' });
    jobTask({ ...task, distanceFromDriver: 5, xmin: '22' });
    jobTask({ xmin: '24' });
    handlers.get('job')!({ id: 2, xmin: '41', jobStatusId: JOB_STATUS.UNASSIGNED });
    vi.advanceTimersByTime(LIVE_QUIET_FLUSH_MS - 1);
    expect(queued()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(queued()).toEqual([['jobTask', '23'], ['job', '41']]);
    // A steady stream (a message every 10 ms, never quiet): one batch when the batch interval ends.
    let xmin = 30;
    const step = 10;
    for (let elapsed = 0; elapsed < LIVE_BATCH_INTERVAL_MS - step; elapsed += step) {
      jobTask({ ...task, distanceFromDriver: xmin, xmin: String(xmin++) });
      vi.advanceTimersByTime(step);
    }
    expect(queued()).toEqual([['jobTask', '23'], ['job', '41']]);
    jobTask({ ...task, distanceFromDriver: xmin, xmin: String(xmin) });
    vi.advanceTimersByTime(step);
    expect(queued()).toEqual([['jobTask', String(xmin)], ['job', '41']]);
    // Nothing arrives: no empty batch.
    vi.advanceTimersByTime(5 * LIVE_BATCH_INTERVAL_MS);
    expect(queued()).toEqual([['jobTask', String(xmin)], ['job', '41']]);
    parent.stop();
  });
});
