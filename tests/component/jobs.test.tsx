import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { toApiError } from '../../src/api/api-error';
import { system } from '../../src/ui/theme';
import { JobView } from '../../src/features/jobs/JobPage';
import { DRIVER_PICKER_TEXTS, JOB_ACTION_LABELS, JOB_FIGURES_TEXTS, JOB_SCREEN_TEXTS, TASK_ACTION_LABELS } from '../../src/lib/jobs-texts';
import { roleFlagsOf, type Permissions, type StoredRole } from '../../src/lib/roles';
import { JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS } from '../../src/lib/statuses';
import { jobScreenMachine } from '../../src/machines/operations/job-screen.machine';
import {
  driverCandidatesSample, farDriverSample, jobFiguresSample, jobScreenSamples, jobScreenDetailsSample, nearDriverSample,
} from '../../src/machines/operations/job-screen.samples';
import type { JobDetails, JobDriverDistance, JobScreenCall } from '../../src/machines/operations/operations.api';
import { DRIVER_DISTANCE_TEXTS } from '../../src/lib/driver-distance';

const user = (id: number, roles: StoredRole[]): Permissions => ({
  ...roleFlagsOf(id, roles), id, companyId: null, storeId: null, email: 'someone@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
});

function renderJob(details: JobDetails[], permissions: Permissions, edit: boolean, refuse?: string, driverDistance: JobDriverDistance = nearDriverSample) {
  const calls: JobScreenCall[] = [];
  let loads = 0;
  const actor = createActor(jobScreenMachine.provide({
    actors: {
      loadJob: fromPromise(async () => details[Math.min(loads++, details.length - 1)]!),
      loadDriverDistance: fromPromise(async () => driverDistance),
      loadCandidates: fromPromise(async () => driverCandidatesSample),
      loadFigures: fromPromise(async () => jobFiguresSample),
      runCall: fromPromise(async ({ input }: { input: { cca2: string; call: JobScreenCall } }) => {
        calls.push(input.call);
        if (refuse) throw toApiError(409, { message: refuse }, '/connect/tasks');
      }),
    },
  }), { input: jobScreenSamples.scenarios[0]!.input }).start();
  render(<ChakraProvider value={system}><JobView actor={actor} permissions={permissions} edit={edit} /></ChakraProvider>);
  return { calls, loads: () => loads };
}

const tasks = () => within(screen.getByRole('table', { name: JOB_SCREEN_TEXTS.tasks }));

describe('job screens', () => {
  it('offers a driver only the task calls the chart allows, makes one and shows the job as the server holds it after', async () => {
    const completed: JobDetails = {
      ...jobScreenDetailsSample,
      tasks: jobScreenDetailsSample.tasks.map((task) => (task.id === 11 ? { ...task, taskStatusId: TASK_STATUS.COMPLETED } : task)),
      // As the server answers after completepickup: the parcel is collected, so the drop-off may start.
      deliveries: jobScreenDetailsSample.deliveries.map((delivery) => ({ ...delivery, logisticStatusId: LOGISTIC_STATUS.COLLECTED })),
    };
    const { calls, loads } = renderJob([jobScreenDetailsSample, completed], user(4, ['Driver']), false);
    await screen.findByRole('table', { name: JOB_SCREEN_TEXTS.tasks });
    expect(screen.getByRole('article', { name: 'WBJ0005' })).toBeTruthy();
    expect(tasks().queryByRole('button', { name: /^Complete drop-off/ })).toBeNull();
    fireEvent.click(tasks().getByRole('button', { name: /^Complete pick-up/ }));
    await waitFor(() => expect(loads()).toBe(2));
    // No position is sent for the stop: the server takes the driver's reported one (never the stop's own coordinates).
    expect(calls).toEqual([{ kind: 'task', action: 'completepickup', id: 11 }]);
    await waitFor(() => expect(tasks().getByText('Completed')).toBeTruthy());
    // A finished task offers nothing; the drop-off can start.
    expect(tasks().queryByRole('button', { name: /^Complete pick-up/ })).toBeNull();
    expect(tasks().getByRole('button', { name: new RegExp(`^${TASK_ACTION_LABELS.start}`) })).toBeTruthy();
  });

  it('shows the pick-up current while it is open, and no step current once the delivery is done', async () => {
    const steps = () => within(within(screen.getByRole('article', { name: 'WBJ0005' })).getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    const done: JobDetails = {
      ...jobScreenDetailsSample,
      job: { ...jobScreenDetailsSample.job, jobStatusId: JOB_STATUS.COMPLETED },
      tasks: jobScreenDetailsSample.tasks.map((task) => ({ ...task, taskStatusId: TASK_STATUS.COMPLETED })),
      deliveries: jobScreenDetailsSample.deliveries.map((delivery) => ({ ...delivery, logisticStatusId: LOGISTIC_STATUS.DELIVERED })),
    };
    renderJob([jobScreenDetailsSample], user(4, ['Driver']), false);
    await screen.findByRole('table', { name: JOB_SCREEN_TEXTS.tasks });
    expect(steps().map((step) => step.textContent)).toEqual(['Pick-up (current)', 'Drop-off']);
    expect(steps()[0]!.getAttribute('aria-current')).toBe('step');
    cleanup();
    renderJob([done], user(4, ['Driver']), false);
    await screen.findByRole('table', { name: JOB_SCREEN_TEXTS.tasks });
    expect(steps().map((step) => step.textContent)).toEqual(['Pick-up (done)', 'Drop-off (done)']);
    expect(steps().some((step) => step.hasAttribute('aria-current'))).toBe(false);
  });

  it('shows the server\'s refusal (409) and the job unchanged', async () => {
    const message = 'The task cannot be completed: the driver has not arrived.';
    renderJob([jobScreenDetailsSample], user(4, ['Driver']), false, message);
    await screen.findByRole('table', { name: JOB_SCREEN_TEXTS.tasks });
    fireEvent.click(tasks().getByRole('button', { name: /^Complete pick-up/ }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(tasks().getByText('In progress')).toBeTruthy();
  });

  it('offers an administrator on the edit screen the job calls of a not-started job', async () => {
    const notStarted: JobDetails = {
      ...jobScreenDetailsSample,
      job: { ...jobScreenDetailsSample.job, jobStatusId: JOB_STATUS.NOT_STARTED },
      tasks: jobScreenDetailsSample.tasks.map((task) => ({ ...task, taskStatusId: TASK_STATUS.NOT_STARTED, arrivedDate: null })),
    };
    renderJob([notStarted], user(1, ['Administrator']), true);
    const actions = within(await screen.findByRole('group', { name: JOB_SCREEN_TEXTS.actions }));
    expect(actions.getByRole('button', { name: JOB_ACTION_LABELS.unassign })).toBeTruthy();
    expect(actions.getByRole('button', { name: JOB_ACTION_LABELS.reverse })).toBeTruthy();
    expect(actions.getByRole('button', { name: DRIVER_PICKER_TEXTS.open })).toBeTruthy();
    // No driver id to type (issue 20): drivers are picked from a list.
    expect(screen.queryByRole('textbox', { name: JOB_SCREEN_TEXTS.driverId })).toBeNull();
    // Rejecting is for the field roles only.
    expect(actions.queryByRole('button', { name: JOB_ACTION_LABELS.reject })).toBeNull();
    // Removing the last delivery is allowed by the chart (it cancels the job).
    expect(screen.getByRole('button', { name: JOB_SCREEN_TEXTS.removeDelivery('WBJ0005') })).toBeTruthy();
  });

  describe('assigning a driver far from the pick-up (issue 21)', () => {
    const notStarted: JobDetails = {
      ...jobScreenDetailsSample,
      job: { ...jobScreenDetailsSample.job, jobStatusId: JOB_STATUS.UNASSIGNED, driverId: null, driverName: null },
      tasks: jobScreenDetailsSample.tasks.map((task) => ({ ...task, taskStatusId: TASK_STATUS.NOT_STARTED, arrivedDate: null })),
    };
    /** Picks the driver from the list of candidates (issue 20: no id to type). */
    async function assign(driverId: string) {
      fireEvent.click(await screen.findByRole('button', { name: DRIVER_PICKER_TEXTS.open }));
      const name = driverCandidatesSample.items.find((item) => item.driver.id === Number(driverId))!.driver.fullName;
      fireEvent.click(await screen.findByRole('button', { name: DRIVER_PICKER_TEXTS.pick(name) }));
    }

    it('lists the drivers nearest available first with their distance, far ones flagged; cancel closes the list', async () => {
      renderJob([notStarted], user(1, ['Administrator']), true);
      fireEvent.click(await screen.findByRole('button', { name: DRIVER_PICKER_TEXTS.open }));
      const rows = within(await screen.findByRole('list', { name: DRIVER_PICKER_TEXTS.title })).getAllByRole('listitem');
      expect(rows.map((row) => row.textContent?.replace(/Assign.*$/, '').trim())).toEqual([
        'Lerato Dlamini · Available · 3.25 km',
        'Sipho Nkosi · Available · 1270.40 km ⚠ far',
        'Anna Botha · Offline · no position',
      ]);
      fireEvent.click(screen.getByRole('button', { name: DRIVER_PICKER_TEXTS.cancel }));
      await waitFor(() => expect(screen.queryByRole('list', { name: DRIVER_PICKER_TEXTS.title })).toBeNull());
    });

    it('warns with the distance and assigns only after the dispatcher confirms', async () => {
      const { calls } = renderJob([notStarted], user(1, ['Administrator']), true, undefined, farDriverSample);
      await assign('11');
      const dialog = within(await screen.findByRole('alertdialog'));
      expect(dialog.getByText('This driver is 1270.40 km away, more than 50.00 km. Assign anyway?')).toBeTruthy();
      expect(dialog.getByText(`The driver is 1270.40 km from ${farDriverSample.pickUpDescription}.`)).toBeTruthy();
      expect(calls).toEqual([]);
      fireEvent.click(dialog.getByRole('button', { name: DRIVER_DISTANCE_TEXTS.confirm }));
      await waitFor(() => expect(calls).toEqual([{ kind: 'assign', id: 1, driverId: 11 }]));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    });

    it('choosing another driver assigns nothing', async () => {
      const { calls } = renderJob([notStarted], user(1, ['Administrator']), true, undefined, farDriverSample);
      await assign('11');
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: DRIVER_DISTANCE_TEXTS.cancel }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(calls).toEqual([]);
    });

    it('a driver within the threshold is assigned at once, and the distance is shown', async () => {
      const { calls } = renderJob([notStarted], user(1, ['Administrator']), true, undefined, nearDriverSample);
      await assign('11');
      await waitFor(() => expect(calls).toEqual([{ kind: 'assign', id: 1, driverId: 11 }]));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(await screen.findByText(`The driver is 4.20 km from ${nearDriverSample.pickUpDescription}.`)).toBeTruthy();
    });

    it('shows operators an arrival far from the stop on the task', async () => {
      const farArrival: JobDetails = {
        ...jobScreenDetailsSample,
        tasks: jobScreenDetailsSample.tasks.map((task) => (task.id === 11 ? { ...task, arrivedDistanceKm: 1270.4, arrivedFarFromStop: true } : task)),
      };
      renderJob([farArrival], user(1, ['Administrator']), false);
      await screen.findByRole('table', { name: JOB_SCREEN_TEXTS.tasks });
      expect(tasks().getByText(/Arrived 1270\.40 km from the stop/)).toBeTruthy();
      expect(tasks().getAllByText(/from the stop/)).toHaveLength(1);
    });
  });

  it('notifies a delay with the minutes and a message; minutes out of range are refused on the form', async () => {
    const { calls } = renderJob([jobScreenDetailsSample], user(4, ['Driver']), false);
    fireEvent.click(within(await screen.findByRole('group', { name: JOB_SCREEN_TEXTS.actions })).getByRole('button', { name: JOB_ACTION_LABELS.notifyDelay }));
    const form = within(screen.getByRole('form', { name: JOB_ACTION_LABELS.notifyDelay }));
    fireEvent.change(form.getByRole('textbox', { name: JOB_FIGURES_TEXTS.delayMinutes }), { target: { value: '0' } });
    expect(form.getByRole('button', { name: JOB_FIGURES_TEXTS.sendDelay }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(form.getByRole('textbox', { name: JOB_FIGURES_TEXTS.delayMinutes }), { target: { value: '25' } });
    fireEvent.change(form.getByRole('textbox', { name: JOB_FIGURES_TEXTS.delayMessage }), { target: { value: ' Traffic on the M1 ' } });
    fireEvent.click(form.getByRole('button', { name: JOB_FIGURES_TEXTS.sendDelay }));
    await waitFor(() => expect(calls).toEqual([{ kind: 'job', action: 'notifyDelay', id: 1, delay: { delayMinutes: 25, message: 'Traffic on the M1' } }]));
  });

  it('shows the job\'s summary and its cost lines', async () => {
    renderJob([jobScreenDetailsSample], user(1, ['Administrator']), true);
    const cost = await screen.findByRole('table', { name: JOB_FIGURES_TEXTS.cost });
    expect(within(cost).getByText('Delivery fee WBJ0005')).toBeTruthy();
    expect(within(cost).getByText(JOB_FIGURES_TEXTS.total)).toBeTruthy();
    expect(screen.getByText(JOB_FIGURES_TEXTS.tasks(0, 2, 0))).toBeTruthy();
  });
});
