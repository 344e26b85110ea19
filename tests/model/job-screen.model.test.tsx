import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { system } from '../../src/ui/theme';
import { JobView } from '../../src/features/jobs/JobPage';
import { DRIVER_DISTANCE_TEXTS } from '../../src/lib/driver-distance';
import { DRIVER_PICKER_TEXTS, JOB_ACTION_LABELS, JOB_FIGURES_TEXTS, JOB_SCREEN_TEXTS, TASK_ACTION_LABELS } from '../../src/lib/jobs-texts';
import { formatDistance } from '../../src/lib/distance';
import { formatMoney } from '../../src/lib/money';
import { roleFlagsOf, type Permissions } from '../../src/lib/roles';
import { jobScreenMachine } from '../../src/machines/operations/job-screen.machine';
import type { JobScreenEvent } from '../../src/machines/operations/job-screen.types';
import { jobScreenSamples } from '../../src/machines/operations/job-screen.samples';
import { chartCan, describeModel } from '../support/model-paths';

type Snapshot = SnapshotFrom<typeof jobScreenMachine>;

/** The chart the suite started (its guards observed), for `chartCan`. */
let chart = jobScreenMachine;

/** The driver of job 1. */
const driver: Permissions = {
  ...roleFlagsOf(4, ['Driver']), id: 4, companyId: null, storeId: null, email: 'driver2@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
};

/** A dispatcher (the job edit screen). */
const administrator: Permissions = {
  ...roleFlagsOf(1, ['Administrator']), id: 1, companyId: null, storeId: null, email: 'administrator@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
};

const tasksTable = () => within(screen.getByRole('table', { name: JOB_SCREEN_TEXTS.tasks }));
const taskButton = (label: string) => tasksTable().queryByRole('button', { name: new RegExp(`^${label} \\(`) });

describeModel({
  machine: jobScreenMachine,
  scenarios: jobScreenSamples.scenarios,
  targets: jobScreenSamples.targets,
  guards: true,
  start(machine, input, clock) {
    chart = machine;
    const actor = createActor(machine, { input, clock }).start();
    // The dispatcher's scenario (withCost) runs on the edit screen as an administrator; the others as the driver.
    const dispatcher = input.withCost === true;
    render(<ChakraProvider value={system}><JobView actor={actor} permissions={dispatcher ? administrator : driver} edit={dispatcher} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          const typed = event as JobScreenEvent;
          if (typed.type === 'job.call' && typed.call.kind === 'task') {
            const button = taskButton(TASK_ACTION_LABELS[typed.call.action]);
            if (button) fireEvent.click(button);
            else actor.send(typed);
          } else if (typed.type === 'job.confirmAssign' || typed.type === 'job.cancelAssign') {
            const label = typed.type === 'job.confirmAssign' ? DRIVER_DISTANCE_TEXTS.confirm : DRIVER_DISTANCE_TEXTS.cancel;
            const button = screen.queryByRole('button', { name: label });
            if (button) fireEvent.click(button);
            else actor.send(typed);
          } else if (typed.type === 'job.pickDriver') {
            const button = screen.queryByRole('button', { name: DRIVER_PICKER_TEXTS.open });
            if (button) fireEvent.click(button);
            else actor.send(typed);
          } else if (typed.type === 'job.call' && typed.call.kind === 'assign' && actor.getSnapshot().matches('choosingDriver')) {
            const name = actor.getSnapshot().context.candidates?.items.find((item) => item.driver.id === (typed.call as { driverId: number }).driverId)?.driver.fullName;
            const button = name ? screen.queryByRole('button', { name: DRIVER_PICKER_TEXTS.pick(name) }) : null;
            if (button) fireEvent.click(button);
            else actor.send(typed);
          } else if (typed.type === 'job.retry') {
            fireEvent.click(screen.getByRole('button', { name: JOB_SCREEN_TEXTS.tryAgain }));
          } else {
            actor.send(typed);
          }
        });
      },
    };
  },
  states: {
    loading: (snapshot: Snapshot) => {
      if (!snapshot.context.details) expect(screen.getByRole('status').textContent).toBe(JOB_SCREEN_TEXTS.loading);
      else expect(screen.getByRole('group', { name: JOB_SCREEN_TEXTS.actions }).closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('true');
    },
    ready: (snapshot: Snapshot) => {
      if (snapshot.context.withCost) {
        // The dispatcher: the job not started may get another driver, picked from a list (no id to type).
        expect(screen.getByRole('button', { name: DRIVER_PICKER_TEXTS.open })).toBeTruthy();
        expect(screen.queryByRole('textbox', { name: JOB_SCREEN_TEXTS.driverId })).toBeNull();
        const figures = snapshot.context.figures;
        if (figures) {
          expect(screen.getByRole('table', { name: JOB_FIGURES_TEXTS.cost }).textContent).toContain(formatMoney(figures.cost!.totalExcl));
          expect(screen.getByText(JOB_FIGURES_TEXTS.tasks(0, 2, 0))).toBeTruthy();
        } else {
          expect(screen.queryByRole('table', { name: JOB_FIGURES_TEXTS.cost })).toBeNull();
        }
        if (snapshot.context.error) expect(screen.getByText(snapshot.context.error.message)).toBeTruthy();
        return;
      }
      // The charts and the access table decide: the arrived pick-up can be completed or excepted; the drop-off
      // cannot start before its parcels are collected (the delivery chart, as the server decides); nothing
      // completes a drop-off that has not started.
      expect(taskButton(TASK_ACTION_LABELS.completepickup)).toBeTruthy();
      expect(taskButton(TASK_ACTION_LABELS.exceptionpickup)).toBeTruthy();
      expect(taskButton(TASK_ACTION_LABELS.start)).toBeNull();
      expect(taskButton(TASK_ACTION_LABELS.completedropoff)).toBeNull();
      expect(taskButton(TASK_ACTION_LABELS.arrived)).toBeNull();
      // Each call button sends the call with the id of what it acts on (here the pick-up's Complete): the chart takes
      // it, and refuses a call naming nothing (hasCall).
      const complete = taskButton(TASK_ACTION_LABELS.completepickup)!;
      const order = Number(/ (\d+)\)$/.exec(complete.getAttribute('aria-label') ?? '')?.[1]);
      const pickUp = snapshot.context.details!.tasks.find((task) => task.taskJobOrder === order)!;
      expect(chartCan(chart, snapshot, { type: 'job.call', call: { kind: 'task', action: 'completepickup', id: pickUp.id } })).toBe(true);
      expect(chartCan(chart, snapshot, { type: 'job.call' })).toBe(false);
      // A driver may notify a delay on the job in progress, not unassign it or reverse it.
      const actions = within(screen.getByRole('group', { name: JOB_SCREEN_TEXTS.actions }));
      expect(actions.getByRole('button', { name: JOB_ACTION_LABELS.notifyDelay })).toBeTruthy();
      expect(actions.queryByRole('button', { name: JOB_ACTION_LABELS.unassign })).toBeNull();
      expect(screen.getByRole('article', { name: 'WBJ0005' })).toBeTruthy();
      if (snapshot.context.error) expect(screen.getByText(snapshot.context.error.message)).toBeTruthy();
      else expect(screen.queryByText(/cannot be completed/)).toBeNull();
    },
    calling: (snapshot: Snapshot) => {
      const first = within(screen.getByRole('group', { name: JOB_SCREEN_TEXTS.actions })).getAllByRole('button')[0]!;
      expect(first.hasAttribute('disabled')).toBe(true);
      // An assignment shows how far the driver is from the pick-up (confirmed if far).
      const distance = snapshot.context.driverDistance;
      if (distance?.distanceKm != null) expect(screen.getByText(DRIVER_DISTANCE_TEXTS.distance(distance.distanceKm, distance.pickUpDescription))).toBeTruthy();
    },
    choosingDriver: () => {
      expect(screen.getByRole('dialog', { name: DRIVER_PICKER_TEXTS.title })).toBeTruthy();
      expect(screen.getByRole('button', { name: DRIVER_PICKER_TEXTS.cancel })).toBeTruthy();
    },
    'choosingDriver.loading': () => {
      expect(screen.getByRole('dialog', { name: DRIVER_PICKER_TEXTS.title })).toBeTruthy();
      expect(screen.getByText(DRIVER_PICKER_TEXTS.loading)).toBeTruthy();
    },
    'choosingDriver.listing': (snapshot: Snapshot) => {
      // Nearest available first, each with the distance (or no position), far ones flagged.
      const items = snapshot.context.candidates?.items;
      // A path may answer the candidates call without a list (a scenario that has none): nothing is listed then.
      if (!items) {
        expect(screen.queryByRole('list', { name: DRIVER_PICKER_TEXTS.title })).toBeNull();
        return;
      }
      const rows = within(screen.getByRole('list', { name: DRIVER_PICKER_TEXTS.title })).getAllByRole('listitem');
      expect(rows).toHaveLength(items.length);
      items.forEach((item, index) => {
        const text = rows[index]!.textContent ?? '';
        expect(text).toContain(item.driver.fullName);
        expect(text).toContain(item.distanceKm === null ? DRIVER_PICKER_TEXTS.noPosition : formatDistance(item.distanceKm));
        expect(text.includes(`⚠ ${DRIVER_PICKER_TEXTS.far}`)).toBe(item.isFar);
      });
    },
    checkingDriver: () => {
      expect(screen.getByText(DRIVER_DISTANCE_TEXTS.checking)).toBeTruthy();
      const first = within(screen.getByRole('group', { name: JOB_SCREEN_TEXTS.actions })).getAllByRole('button')[0]!;
      expect(first.hasAttribute('disabled')).toBe(true);
    },
    confirmingAssign: (snapshot: Snapshot) => {
      const distance = snapshot.context.driverDistance!;
      const dialog = within(screen.getByRole('alertdialog'));
      expect(dialog.getByText(DRIVER_DISTANCE_TEXTS.farWarning(distance.distanceKm!, distance.thresholdKm))).toBeTruthy();
      expect(dialog.getByText(DRIVER_DISTANCE_TEXTS.distance(distance.distanceKm!, distance.pickUpDescription))).toBeTruthy();
      expect(dialog.getByRole('button', { name: DRIVER_DISTANCE_TEXTS.confirm })).toBeTruthy();
      expect(dialog.getByRole('button', { name: DRIVER_DISTANCE_TEXTS.cancel })).toBeTruthy();
    },
    failed: () => {
      expect(screen.getByText(JOB_SCREEN_TEXTS.loadFailed, { exact: false })).toBeTruthy();
      expect(screen.getByRole('button', { name: JOB_SCREEN_TEXTS.tryAgain })).toBeTruthy();
    },
    notFound: () => {
      expect(screen.getByRole('alert').textContent).toBe(JOB_SCREEN_TEXTS.notFound);
      expect(screen.queryByRole('button')).toBeNull();
    },
  },
});
