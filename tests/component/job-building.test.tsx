import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { toApiError } from '../../src/api/api-error';
import { SelectionJobBuilderView } from '../../src/features/jobs/SelectionJobBuilder';
import { JOB_BUILDING_TEXTS } from '../../src/lib/jobs-texts';
import { BULK_TEXTS } from '../../src/resources/bulk';
import type { Page, ResourceRow } from '../../src/resources/types';
import { listMachine } from '../../src/machines/lists/list.machine';
import type { LoadPageInput } from '../../src/machines/lists/list.types';
import { jobBuildingMachine } from '../../src/machines/operations/job-building.machine';
import { buildOptionsSample, builtJobSample } from '../../src/machines/operations/job-building.samples';
import type { JobDetails } from '../../src/machines/operations/operations.api';
import { ListView } from '../../src/ui/admin/ListView';
import { JobBuilderView } from '../../src/ui/dispatch/JobBuilder';
import { system } from '../../src/ui/theme';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['deliveries']));

// The deliveries list: WB0201 and WB0202 are ready and in no job; WB0203 is not (it is not offered by the server).
const rows = [201, 202, 203].map((id) => ({ id, waybill: `WB0${id}`, logisticStatus: 'Ready', paymentStatus: 'Paid', lotNumber: 0, distanceKm: 3, isReturnToSender: false, createdAt: '2026-09-01T06:00:00.000Z', xmin: '1' }));

function renderDeliveries(refuse?: string) {
  const builds: { deliveryIds: number[]; jobId: number | null }[] = [];
  let loads = 0;
  const list = createActor(listMachine.provide({
    actors: {
      loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async () => {
        loads += 1;
        return { items: rows, paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 3 } };
      }),
    },
  }), { input: { resource: 'deliveries', cca2: 'ZA', search: '' } }).start();
  const builder = createActor(jobBuildingMachine.provide({
    actors: {
      loadOptions: fromPromise(async () => buildOptionsSample),
      build: fromPromise<JobDetails, { cca2: string; deliveryIds: number[]; jobId: number | null }>(async ({ input }) => {
        builds.push({ deliveryIds: input.deliveryIds, jobId: input.jobId });
        if (refuse) throw toApiError(409, { message: refuse }, '/connect/jobs/createjob/ZA');
        return builtJobSample;
      }),
    },
  }), { input: { cca2: 'ZA', jobId: null } }).start();
  render(<ChakraProvider value={system}><MemoryRouter>
    <SelectionJobBuilderView listActor={list} builder={builder} />
    <ListView actor={list} mayEdit bulkActions={[]} selectable />
  </MemoryRouter></ChakraProvider>);
  return { builds, loads: () => loads, list };
}

const select = async (waybill: string) => {
  const box = await screen.findByRole('checkbox', { name: BULK_TEXTS.selectRow(waybill) }, { timeout: 10_000 });
  act(() => { fireEvent.click(box); });
};
const region = () => within(screen.getByRole('region', { name: JOB_BUILDING_TEXTS.region }));

describe('building a job from the deliveries list', { timeout: 30_000 }, () => {
  it('appears with a selection, counts only the deliveries that may join, and makes a new job of them', async () => {
    const { builds, loads, list } = renderDeliveries();
    await screen.findByRole('checkbox', { name: BULK_TEXTS.selectRow('WB0201') }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: JOB_BUILDING_TEXTS.region })).toBeNull();
    await select('WB0203');
    // Only a delivery that cannot join: the disabled button says what to do instead of "Create job of 0".
    const waiting = await waitFor(() => region().getByRole('button', { name: JOB_BUILDING_TEXTS.create(0) }));
    expect(waiting.textContent).toBe('Choose deliveries for a new job');
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    await select('WB0201');
    await waitFor(() => expect(region().getByText(JOB_BUILDING_TEXTS.selected(2, 1))).toBeTruthy());
    fireEvent.click(region().getByRole('button', { name: JOB_BUILDING_TEXTS.create(1) }));
    await waitFor(() => expect(builds).toEqual([{ deliveryIds: [201], jobId: null }]));
    expect(await screen.findByRole('link', { name: JOB_BUILDING_TEXTS.openJob(9) })).toBeTruthy();
    // The selection is spent and the list reloaded.
    await waitFor(() => expect(list.getSnapshot().context.selected).toEqual([]));
    await waitFor(() => expect(loads()).toBeGreaterThan(1));
  });

  it('adds the selected deliveries to an open job, and shows a refusal', async () => {
    const { builds } = renderDeliveries('Delivery WB0202 is in job 5.');
    await select('WB0201');
    await select('WB0202');
    const picker = await waitFor(() => region().getByRole('combobox'));
    fireEvent.change(picker, { target: { value: '7' } });
    fireEvent.click(region().getByRole('button', { name: JOB_BUILDING_TEXTS.add(2, 7) }));
    await waitFor(() => expect(builds).toEqual([{ deliveryIds: [201, 202], jobId: 7 }]));
    expect(await screen.findByText('Delivery WB0202 is in job 5.')).toBeTruthy();
  });
});

describe("building a job on the dashboard (the console's jobs tab)", { timeout: 30_000 }, () => {
  it('lists the ready deliveries to choose and the job to put them in, and makes a new job of the chosen ones', async () => {
    const builds: { deliveryIds: number[]; jobId: number | null }[] = [];
    const builder = createActor(jobBuildingMachine.provide({
      actors: {
        loadOptions: fromPromise(async () => buildOptionsSample),
        build: fromPromise<JobDetails, { cca2: string; deliveryIds: number[]; jobId: number | null }>(async ({ input }) => {
          builds.push({ deliveryIds: input.deliveryIds, jobId: input.jobId });
          return builtJobSample;
        }),
      },
    }), { input: { cca2: 'ZA', jobId: null } }).start();
    render(<ChakraProvider value={system}><MemoryRouter><JobBuilderView actor={builder} mode="console" /></MemoryRouter></ChakraProvider>);
    const first = await screen.findByRole('checkbox', { name: JOB_BUILDING_TEXTS.choose('WB0201') });
    // Both: the open jobs to add to (not the completed one) and a new job.
    const picker = region().getByRole('combobox');
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual([JOB_BUILDING_TEXTS.newJob, expect.stringMatching(/^Job 7 /)]);
    fireEvent.click(first);
    fireEvent.click(region().getByRole('checkbox', { name: JOB_BUILDING_TEXTS.choose('WB0202') }));
    expect(region().getByText(JOB_BUILDING_TEXTS.selected(2, 2))).toBeTruthy();
    fireEvent.click(region().getByRole('button', { name: JOB_BUILDING_TEXTS.create(2) }));
    await waitFor(() => expect(builds).toEqual([{ deliveryIds: [201, 202], jobId: null }]));
    expect(await screen.findByRole('link', { name: JOB_BUILDING_TEXTS.openJob(9) })).toBeTruthy();
  });
});
