// Issue 20: why auto-dispatch chose a job's driver, on the job (the console and the job screen share the view),
// and dragging a job onto a driver in the dashboard's drivers list (the drivers tab opens under the drag).
import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { MemoryRouter } from 'react-router-dom';
import { DashboardView, JOB_DRAG_TYPE, type JobDrop } from '../../src/features/dashboard/DashboardView';
import { JobConsoleView } from '../../src/features/dashboard/JobConsole';
import { AUTO_DISPATCH_TEXTS, DASHBOARD_DRAG_TEXTS } from '../../src/lib/auto-dispatch';
import { DASHBOARD_TEXTS } from '../../src/lib/dashboard-texts';
import { roleFlagsOf, type Permissions } from '../../src/lib/roles';
import { JOB_STATUS } from '../../src/lib/statuses';
import { dashboardMachine } from '../../src/machines/dashboard/dashboard.machine';
import { autoDispatchRunSample } from '../../src/machines/operations/auto-dispatch.samples';
import { jobScreenMachine } from '../../src/machines/operations/job-screen.machine';
import { jobFiguresSample, jobScreenSamples, notStartedJobSample } from '../../src/machines/operations/job-screen.samples';
import { liveMergeMachine } from '../../src/machines/operations/live-merge.machine';
import { liveMergeJobDetailsSample, liveMergeListsSample, liveMergeSamples } from '../../src/machines/operations/live-merge.samples';
import type { JobFigures } from '../../src/machines/operations/operations.api';
import { system } from '../../src/ui/theme';

const texts = AUTO_DISPATCH_TEXTS;
const manager: Permissions = {
  ...roleFlagsOf(7, ['ManagementOperator']), id: 7, companyId: null, storeId: null, email: 'ops@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
};

describe('why auto-dispatch chose the driver', () => {
  it('shows the rule, the candidates with their km and penalties, the winner marked and the excluded one with why', async () => {
    const record = autoDispatchRunSample.assigned[0]!;
    const actor = createActor(jobScreenMachine.provide({
      actors: {
        loadJob: fromPromise(async () => notStartedJobSample),
        loadFigures: fromPromise(async (): Promise<JobFigures> => ({ ...jobFiguresSample, autoDispatch: [record] })),
      },
    }), { input: jobScreenSamples.scenarios[0]!.input }).start();
    render(<ChakraProvider value={system}><MemoryRouter><JobConsoleView actor={actor} permissions={manager} /></MemoryRouter></ChakraProvider>);
    const why = await screen.findByRole('region', { name: texts.why });
    expect(within(why).getByText(texts.recorded('Lerato Dlamini', texts.rule('vehicle fit'), 2))).toBeTruthy();
    const rows = within(within(why).getByRole('table', { name: texts.candidates })).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['Lerato Dlamini', '3.25', '0.00', '0.00', '0.00', '3.25'],
      ['Sipho Nkosi', '1.10', '0.00', '0.00', '0.00', texts.excluded('vehicle too small')],
    ]);
    expect(rows[0]!.getAttribute('aria-current')).toBe('true');
  });

  it('shows nothing of the kind for a job auto-dispatch never assigned', async () => {
    const actor = createActor(jobScreenMachine.provide({
      actors: { loadJob: fromPromise(async () => notStartedJobSample), loadFigures: fromPromise(async (): Promise<JobFigures> => ({ ...jobFiguresSample, autoDispatch: [] })) },
    }), { input: jobScreenSamples.scenarios[0]!.input }).start();
    render(<ChakraProvider value={system}><MemoryRouter><JobConsoleView actor={actor} permissions={manager} /></MemoryRouter></ChakraProvider>);
    await screen.findByRole('region', { name: DASHBOARD_TEXTS.jobActions });
    await waitFor(() => expect(actor.getSnapshot().context.figures).not.toBeNull());
    expect(screen.queryByRole('region', { name: texts.why })).toBeNull();
  });
});

describe('dragging a job onto a driver', () => {
  function renderDashboard(jobDrop: JobDrop) {
    const inProgress = liveMergeListsSample.jobs[0]!;
    const unassigned = { ...inProgress, id: 2, xmin: '41', jobStatusId: JOB_STATUS.UNASSIGNED, jobStatus: 'Unassigned', driverId: null, driverName: null };
    const live = createActor(liveMergeMachine.provide({
      actors: {
        hubUpdates: fromCallback(() => undefined),
        reconnects: fromCallback(() => undefined),
        loadLists: fromPromise(async () => ({ ...liveMergeListsSample, jobs: [inProgress, unassigned] })),
        loadDetails: fromPromise(async () => liveMergeJobDetailsSample),
      },
      actions: { playSound: () => undefined },
    }), { input: liveMergeSamples.scenarios[0]!.input }).start();
    const view = createActor(dashboardMachine).start();
    render(<ChakraProvider value={system}><DashboardView live={live} view={view} jobDrop={jobDrop} /></ChakraProvider>);
  }

  /** jsdom has no DataTransfer: a stand-in holding what the drag carries. */
  function transfer() {
    const data = new Map<string, string>();
    return {
      setData: (type: string, value: string) => { data.set(type, value); },
      getData: (type: string) => data.get(type) ?? '',
      get types() { return [...data.keys()]; },
      effectAllowed: 'none', dropEffect: 'none',
    };
  }

  it('drags an assignable job over the drivers tab (which opens) and drops it on a driver; a job in progress does not drag', async () => {
    const drops: [number, number][] = [];
    renderDashboard({ may: (job) => job.jobStatusId === JOB_STATUS.UNASSIGNED, onDrop: (jobId, driverId) => drops.push([jobId, driverId]) });
    fireEvent.click(await screen.findByRole('tab', { name: /^Jobs \(/ }));
    const jobs = await screen.findByRole('table', { name: DASHBOARD_TEXTS.jobs });
    const rowOf = (id: number) => within(jobs).getByRole('button', { name: DASHBOARD_TEXTS.openDetails('job', String(id)) }).closest('tr')!;
    expect(rowOf(1).getAttribute('draggable')).toBeNull();
    expect(rowOf(2).getAttribute('draggable')).toBe('true');
    expect(rowOf(2).getAttribute('aria-description')).toBe(DASHBOARD_DRAG_TEXTS.dragJob);

    const dataTransfer = transfer();
    fireEvent.dragStart(rowOf(2), { dataTransfer });
    expect(dataTransfer.getData(JOB_DRAG_TYPE)).toBe('2');
    const driversTab = screen.getByRole('tab', { name: /^Drivers \(/ });
    fireEvent.dragOver(driversTab, { dataTransfer });
    await waitFor(() => expect(driversTab.getAttribute('aria-selected')).toBe('true'));
    const driverRow = within(await screen.findByRole('table', { name: DASHBOARD_TEXTS.drivers })).getByText('Busy').closest('tr')!;
    const driverId = liveMergeListsSample.drivers[0]!.id;
    expect(driverRow.getAttribute('aria-description')).toBe(DASHBOARD_DRAG_TEXTS.dropHint(String(liveMergeListsSample.drivers[0]!.fullName)));
    fireEvent.dragOver(driverRow, { dataTransfer });
    fireEvent.drop(driverRow, { dataTransfer });
    expect(drops).toEqual([[2, driverId]]);
  });

  it('ignores a drop that carries no job (a file, text from elsewhere)', async () => {
    const drops: [number, number][] = [];
    renderDashboard({ may: () => true, onDrop: (jobId, driverId) => drops.push([jobId, driverId]) });
    fireEvent.click(await screen.findByRole('tab', { name: /^Drivers \(/ }));
    const driverRow = within(await screen.findByRole('table', { name: DASHBOARD_TEXTS.drivers })).getByText('Busy').closest('tr')!;
    const dataTransfer = transfer();
    dataTransfer.setData('text/plain', '2');
    fireEvent.dragOver(driverRow, { dataTransfer });
    fireEvent.drop(driverRow, { dataTransfer });
    expect(drops).toEqual([]);
  });
});
