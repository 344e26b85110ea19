// Issue 20: the dashboard as a dispatch console — the selected job's actions in the right side bar, assigning by
// picking a driver from the list nearest the first stop first (the distance shown, a far one warned and confirmed),
// and the map's points (drivers by availability, stops by status, the selected job's route).
import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { MemoryRouter } from 'react-router-dom';
import { JobConsoleView } from '../../src/features/dashboard/JobConsole';
import { DASHBOARD_TEXTS } from '../../src/lib/dashboard-texts';
import { DRIVER_DISTANCE_TEXTS } from '../../src/lib/driver-distance';
import { DRIVER_PICKER_TEXTS, JOB_ACTION_LABELS, TASK_WIZARD_TEXTS } from '../../src/lib/jobs-texts';
import { roleFlagsOf, type Permissions, type StoredRole } from '../../src/lib/roles';
import { DRIVER_AVAILABILITY, TASK_STATUS, TASK_TYPE } from '../../src/lib/statuses';
import { taskWizardMachine } from '../../src/machines/operations/task-wizard.machine';
import type { components } from '../../src/api/generated/connect';
import { DRIVER_AVAILABILITY_COLOURS, dispatchMapPoints, TASK_STATUS_COLOURS } from '../../src/machines/dashboard/dashboard-view';
import { jobScreenMachine } from '../../src/machines/operations/job-screen.machine';
import { liveMergeListsSample } from '../../src/machines/operations/live-merge.samples';
import {
  driverCandidatesSample, farDriverSample, jobFiguresSample, jobScreenSamples, nearDriverSample, notStartedJobSample,
} from '../../src/machines/operations/job-screen.samples';
import type { JobDriverDistance, JobScreenCall } from '../../src/machines/operations/operations.api';
import { system } from '../../src/ui/theme';

type JobTaskForm = components['schemas']['JobTaskForm'];

const user = (roles: StoredRole[]): Permissions => ({
  ...roleFlagsOf(7, roles), id: 7, companyId: null, storeId: null, email: 'ops@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
});

function renderConsole(permissions: Permissions, distance: JobDriverDistance) {
  const calls: JobScreenCall[] = [];
  const stops: JobTaskForm[] = [];
  const wizard = createActor(taskWizardMachine.provide({
    actors: { addTask: fromPromise(async ({ input }: { input: { cca2: string; jobId: number; body: JobTaskForm } }) => { stops.push(input.body); }) },
  }), { input: { cca2: 'ZA', jobId: 1 } }).start();
  const actor = createActor(jobScreenMachine.provide({
    actors: {
      loadJob: fromPromise(async () => notStartedJobSample),
      loadDriverDistance: fromPromise(async () => distance),
      loadCandidates: fromPromise(async () => driverCandidatesSample),
      loadFigures: fromPromise(async () => jobFiguresSample),
      runCall: fromPromise(async ({ input }: { input: { cca2: string; call: JobScreenCall } }) => { calls.push(input.call); }),
    },
  }), { input: jobScreenSamples.scenarios[0]!.input }).start();
  wizard.on('wizard.added', () => actor.send({ type: 'job.changed' }));
  render(<ChakraProvider value={system}><MemoryRouter><JobConsoleView actor={actor} permissions={permissions} wizard={wizard} /></MemoryRouter></ChakraProvider>);
  return { calls, stops };
}

describe('dispatch console', () => {
  it('assigns by picking the nearest available driver from the list, its distance shown, without typing an id', async () => {
    const { calls } = renderConsole(user(['ManagementOperator']), nearDriverSample);
    const actions = within(await screen.findByRole('region', { name: DASHBOARD_TEXTS.jobActions }));
    fireEvent.click(actions.getByRole('button', { name: DRIVER_PICKER_TEXTS.open }));
    const rows = within(await screen.findByRole('list', { name: DRIVER_PICKER_TEXTS.title })).getAllByRole('listitem');
    // Nearest available first, the far one flagged, the one without a position last.
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Lerato Dlamini · Available · 3\.25 km/),
      expect.stringMatching(/^Sipho Nkosi · Available · 1270\.40 km ⚠ far/),
      expect.stringMatching(/^Anna Botha · Offline · no position/),
    ]);
    expect(screen.queryByRole('textbox', { name: /driver id/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: DRIVER_PICKER_TEXTS.pick('Lerato Dlamini') }));
    await waitFor(() => expect(calls).toEqual([{ kind: 'assign', id: 1, driverId: 12 }]));
  });

  it('warns before assigning a far driver and assigns only once confirmed', async () => {
    const { calls } = renderConsole(user(['ManagementOperator']), farDriverSample);
    fireEvent.click(await screen.findByRole('button', { name: DRIVER_PICKER_TEXTS.open }));
    fireEvent.click(await screen.findByRole('button', { name: DRIVER_PICKER_TEXTS.pick('Sipho Nkosi') }));
    const warning = await screen.findByRole('alertdialog', { name: DRIVER_DISTANCE_TEXTS.farWarning(1270.4, 50) });
    expect(calls).toEqual([]);
    fireEvent.click(within(warning).getByRole('button', { name: DRIVER_DISTANCE_TEXTS.confirm }));
    await waitFor(() => expect(calls).toEqual([{ kind: 'assign', id: 1, driverId: 11 }]));
  });

  it('offers a driver no assignment (the access table refuses it) but the job calls the chart gives a driver', async () => {
    renderConsole(user(['Driver']), nearDriverSample);
    const actions = within(await screen.findByRole('group', { name: DASHBOARD_TEXTS.jobActions }));
    expect(screen.queryByRole('button', { name: DRIVER_PICKER_TEXTS.open })).toBeNull();
    expect(actions.getByRole('button', { name: JOB_ACTION_LABELS.reject })).toBeTruthy();
  });

  it('adds a stop with the task wizard: a store drop-off at the delivery\'s drop-off address, with its store, window and contact', async () => {
    const { stops } = renderConsole(user(['ManagementOperator']), nearDriverSample);
    fireEvent.click(await screen.findByRole('button', { name: TASK_WIZARD_TEXTS.open }));
    const wizard = within(screen.getByRole('dialog', { name: TASK_WIZARD_TEXTS.title }));
    expect(wizard.getAllByRole('option').map((option) => option.textContent)).toEqual(expect.arrayContaining(['Pick-up', 'Drop-off', 'Store pick-up', 'Store drop-off', 'QSR store pick-up']));
    fireEvent.change(wizard.getByRole('combobox', { name: TASK_WIZARD_TEXTS.delivery }), { target: { value: '105' } });
    fireEvent.change(wizard.getByRole('combobox', { name: TASK_WIZARD_TEXTS.taskType }), { target: { value: String(TASK_TYPE.STORE_DROP_OFF) } });
    fireEvent.click(wizard.getByRole('button', { name: TASK_WIZARD_TEXTS.next }));
    fireEvent.click(await wizard.findByRole('button', { name: TASK_WIZARD_TEXTS.useDestination }));
    // A store stop waits for its store.
    expect(wizard.getByRole('button', { name: TASK_WIZARD_TEXTS.next }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(wizard.getByRole('textbox', { name: TASK_WIZARD_TEXTS.storeId }), { target: { value: '3' } });
    fireEvent.click(wizard.getByRole('button', { name: TASK_WIZARD_TEXTS.next }));
    fireEvent.change(await wizard.findByLabelText(TASK_WIZARD_TEXTS.windowStart), { target: { value: '2026-11-27T08:00' } });
    fireEvent.change(wizard.getByLabelText(TASK_WIZARD_TEXTS.windowEnd), { target: { value: '2026-11-27T10:00' } });
    fireEvent.change(wizard.getByRole('textbox', { name: TASK_WIZARD_TEXTS.contactName }), { target: { value: 'Naledi Khumalo' } });
    fireEvent.click(wizard.getByRole('button', { name: TASK_WIZARD_TEXTS.submit }));
    await waitFor(() => expect(stops).toHaveLength(1));
    expect(stops[0]).toMatchObject({
      deliveryId: 105, taskTypeId: TASK_TYPE.STORE_DROP_OFF, contactName: 'Naledi Khumalo', contactPhone: null,
      address: { description: notStartedJobSample.deliveries[0]!.destinationAddress!.description, storeId: 3 },
      windowStartUtc: new Date('2026-11-27T08:00').toISOString(), windowEndUtc: new Date('2026-11-27T10:00').toISOString(),
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TASK_WIZARD_TEXTS.title })).toBeNull());
  });

  it('puts drivers on the map by availability and stops by status, the selected job\'s route through its stops in order', () => {
    const driver = { ...liveMergeListsSample.drivers[0]!, lastLocation: { lat: -26.2, lon: 28.05 }, driverAvailabilityId: DRIVER_AVAILABILITY.AVAILABLE };
    const all = dispatchMapPoints([driver], liveMergeListsSample.jobs, liveMergeListsSample.tasks, null);
    expect(all.drivers).toEqual([expect.objectContaining({ label: 'TM', colour: DRIVER_AVAILABILITY_COLOURS[DRIVER_AVAILABILITY.AVAILABLE], title: 'Thabo Mokoena (Available)' })]);
    expect(all.stops.map((stop) => [stop.label, stop.colour])).toEqual([['P', TASK_STATUS_COLOURS[TASK_STATUS.IN_PROGRESS]], ['D', TASK_STATUS_COLOURS[TASK_STATUS.NOT_STARTED]]]);
    expect(all.route).toEqual([]);
    const selected = dispatchMapPoints([driver], liveMergeListsSample.jobs, liveMergeListsSample.tasks, 1);
    expect(selected.route).toEqual([{ lat: -26.1467, lon: 28.0436 }, { lat: -26.1812, lon: 28.0409 }]);
    expect(dispatchMapPoints([driver], liveMergeListsSample.jobs, liveMergeListsSample.tasks, 99).stops).toEqual([]);
  });
});
