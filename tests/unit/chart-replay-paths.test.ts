import { describe, expect, it } from 'vitest';
import { jobSamples } from '../../src/machines/operations/job.samples';
import { paySamples } from '../../src/machines/booking/pay.samples';
import { taskSamples } from '../../src/machines/operations/task.samples';
import { wizardSamples } from '../../src/machines/booking/wizard.samples';
import {
  faultArming, heldCalls, JOB_CAPABILITIES, notReplayable, replayPaths, selectPaths, serverErrors, shardOf, TASK_CAPABILITIES, type DriverCapabilities,
} from '../e2e/chart-replay-paths';

// The rule that picks the paths the browser replays (tests/e2e/chart-replay.test.ts) from the paths themselves.

const jobDriver: DriverCapabilities = {
  starts: () => true,
  actions: new Set(['job.assign', 'job.start', 'job.tasksFinished', 'job.reverse']),
  answers: {},
};

describe('which generated paths the browser replays', () => {
  const jobPaths = replayPaths(jobSamples);

  it('keeps a path whose every user event has a UI action, and names the first one without', () => {
    const started = jobPaths.find((path) => path.label === 'xstate.init → job.assign → job.start')!;
    expect(notReplayable(started, jobDriver)).toBeNull();
    const unassigned = jobPaths.find((path) => path.label === 'xstate.init → job.assign → job.unassign')!;
    expect(notReplayable(unassigned, jobDriver)).toBe('no UI action for job.unassign');
    expect(notReplayable(started, { ...jobDriver, starts: () => 'no start' })).toBe('no start');
  });

  it('runs a path that begins a longer replayable one inside it', () => {
    const selection = selectPaths(jobPaths, jobDriver);
    const longest = selection.runs.find((run) => run.path.label === 'xstate.init → job.assign → job.start → job.tasksFinished → job.reverse')!;
    expect(longest.covers.map((path) => path.label)).toEqual(expect.arrayContaining(['xstate.init → job.assign → job.start', 'xstate.init → job.assign']));
    expect(selection.runs.reduce((sum, run) => sum + 1 + run.covers.length, 0)).toBe(selection.replayable);
    expect(selection.generated).toBe(jobPaths.length);
  });

  it('leaves answers the server does not give, and user events during a state\'s own call, to jsdom', () => {
    const payDriver: DriverCapabilities = {
      starts: () => true,
      actions: new Set(['pay.newCard', 'pay.saveCard']),
      answers: {
        'xstate.done.actor.loadAccounts': (event) => (event as { output?: unknown[] }).output?.length === 1,
        'xstate.done.actor.selectAccount': () => true,
        'xstate.done.actor.paymentCheckout': () => true,
        'xstate.done.actor.loadWidget': () => true,
      },
    };
    const reasons = [...selectPaths(replayPaths(paySamples), payDriver).leftToJsdom.keys()];
    expect(reasons).toEqual(expect.arrayContaining([
      'the demo server never answers xstate.error.actor.loadAccounts',
      'the demo server answers loadAccounts otherwise than this sample',
      'a user event while loadWidget is in flight (the real server answers first)',
    ]));
  });

  it('job and task against the server: every path of both', () => {
    const job = selectPaths(jobPaths, JOB_CAPABILITIES);
    expect([job.generated, job.replayable, job.runs.length]).toEqual([19, 19, 15]);
    const task = selectPaths(replayPaths(taskSamples), TASK_CAPABILITIES);
    expect([task.generated, task.replayable, task.runs.length]).toEqual([16, 16, 7]);
    expect(task.leftToJsdom.size).toBe(0);
    // The chart has only the cancellations and reopenings the server makes: a drop-off cancelled by its pick-up's
    // failure and not started again by the job's reversal, a completed drop-off reopened (never a pick-up).
    expect(task.runs.map((run) => `${run.path.scenarioName}: ${run.path.label}`)).toEqual(expect.arrayContaining([
      'drop-off task: xstate.init → task.cancel → task.reverse',
      'drop-off task: xstate.init → task.start → task.arrived → task.completeDropoff → task.reverse',
    ]));
  });

  it('a server error is replayable when the fault switch can fail the call, armed before the step that makes it', () => {
    const wizardPaths = replayPaths(wizardSamples);
    const failed = wizardPaths.find((path) => path.label.endsWith('step.submit → xstate.error.actor.createQuote'))!;
    const driver: DriverCapabilities = { starts: () => true, actions: new Set(['delivery.edit', 'step.submit']), answers: {} };
    expect(notReplayable(failed, driver)).toBe('the demo server never answers xstate.error.actor.createQuote');
    expect(notReplayable(failed, { ...driver, answers: serverErrors({ createQuote: 'createquotes' }) })).toBeNull();
    // Armed before the Next that calls createquotes (the step before the answer).
    expect(faultArming(failed, { createQuote: 'createquotes' })).toEqual(new Map([[failed.steps.length - 2, [{ operationId: 'createquotes', status: 500 }]]]));
    // The parcel types are a background load of a parent state (no atomic state waits for it): armed at the start.
    const parcels = wizardPaths.find((path) => path.label.endsWith('step.submit → xstate.done.actor.createQuote → xstate.error.actor.loadParcelTypes'))!;
    expect(faultArming(parcels, { loadParcelTypes: 'getparceltypes' })).toEqual(new Map([[0, [{ operationId: 'getparceltypes', status: 500 }]]]));
    // An answer is not produced by the replay: a call started by one is armed before the user event or start before it.
    const select = replayPaths(paySamples).find((path) => path.label === 'xstate.init → xstate.done.actor.loadAccounts → xstate.error.actor.selectAccount')!;
    expect(faultArming(select, { selectAccount: 'selectaccount' })).toEqual(new Map([[0, [{ operationId: 'selectaccount', status: 500 }]]]));
    // An answer the driver arms itself (as its request leaves) is not armed before any step.
    expect(faultArming(failed, { createQuote: 'createquotes' }, { armsItself: (answer) => answer === failed.steps.length - 1 })).toEqual(new Map());
    // An event the spec makes the chart handle but our server never produces: left with the driver's reason.
    const withServerErrors = { ...driver, answers: serverErrors({ createQuote: 'createquotes' }) };
    expect(notReplayable(failed, { ...withServerErrors, specOnly: (event) => (event.type === 'xstate.error.actor.createQuote' ? 'spec only' : null) })).toBe('spec only');
    expect(notReplayable(failed, { ...withServerErrors, specOnly: () => null })).toBeNull();
    // Generating the wizard's 118 paths takes 1-2 s on a quiet machine, past 5 s on a loaded one.
  }, 30_000);

  it('a user event during a call is replayable when the driver can hold that call\'s request, which is then held', () => {
    const payDriver: DriverCapabilities = {
      starts: () => true,
      actions: new Set(['pay.newCard', 'pay.back']),
      answers: {
        'xstate.done.actor.loadAccounts': () => true,
        'xstate.done.actor.selectAccount': () => true,
        'xstate.done.actor.paymentCheckout': () => true,
        'xstate.done.actor.loadWidget': () => true,
      },
    };
    const back = replayPaths(paySamples).find((path) => path.label.endsWith('pay.newCard → xstate.done.actor.paymentCheckout → pay.back'))!;
    expect(notReplayable(back, payDriver)).toBe('a user event while loadWidget is in flight (the real server answers first)');
    const holding = { ...payDriver, holds: new Set(['loadWidget']) };
    expect(notReplayable(back, holding)).toBeNull();
    expect([...heldCalls(back, holding)]).toEqual([['loadWidget', back.steps.findIndex((step) => step.event.type === 'pay.newCard')]]);
    // A path that waits for the widget's answer holds nothing.
    const ready = replayPaths(paySamples).find((path) => path.label.endsWith('xstate.done.actor.paymentCheckout → xstate.done.actor.loadWidget'))!;
    expect([...heldCalls(ready, holding)]).toEqual([]);
  });

  it('reads E2E_SHARD as k/n', () => {
    expect(shardOf(undefined)).toEqual({ index: 0, count: 1 });
    expect(shardOf('2/3')).toEqual({ index: 1, count: 3 });
    expect(() => shardOf('4/3')).toThrow(/E2E_SHARD/);
  });
});
