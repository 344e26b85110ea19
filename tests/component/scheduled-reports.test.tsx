import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { formMachine } from '../../src/machines/lists/form.machine';
import { ScheduledReportRunsView } from '../../src/features/reports/ScheduledReportRunsView';
import { SCHEDULED_REPORT_TEXTS, SCHEDULED_REPORT_TYPES } from '../../src/lib/reports';
import { scheduledReportRunsMachine } from '../../src/machines/reports/scheduled-report-runs.machine';
import { sampleQueuedRun, sampleRuns } from '../../src/machines/reports/scheduled-report-runs.samples';
import type { ScheduledReportRun } from '../../src/resources/scheduled-reports';
import type { FormValues, ResourceId } from '../../src/resources/types';
import { FormView } from '../../src/ui/admin/FormView';
import { system } from '../../src/ui/theme';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['scheduledReports']));

describe('the scheduled report form (/scheduledreports/add)', () => {
  it('offers the nine report types of 002 section 9, the periods and days, and requires a type, period and recipients', () => {
    const actor = createActor(formMachine, { input: { resource: 'scheduledReports', cca2: 'ZA' } }).start();
    render(<ChakraProvider value={system}><MemoryRouter><FormView actor={actor} /></MemoryRouter></ChakraProvider>);
    const type = screen.getByLabelText(/Report type/) as HTMLSelectElement;
    expect([...type.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(Object.values(SCHEDULED_REPORT_TYPES).map((item) => item.name)));
    const day = screen.getByLabelText(/Scheduled day/) as HTMLSelectElement;
    expect([...day.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(['Monday', 'Sunday']));
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Save' })); });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(expect.arrayContaining([
      'Report type is required', 'Period is required', 'Recipients (e-mail addresses, comma-separated) is required',
    ]));
  });

  it('sends what was filled in to the create call', async () => {
    const created: FormValues[] = [];
    const actor = createActor(formMachine.provide({
      actors: {
        saveRecord: fromPromise<Record<string, unknown> & { id: number; xmin: string }, { resource: ResourceId; cca2: string; id: number | undefined; values: FormValues; xmin: string | undefined }>(
          async ({ input }) => {
            created.push(input.values);
            return { id: 1, xmin: '1' };
          },
        ),
      },
    }), { input: { resource: 'scheduledReports', cca2: 'ZA' } }).start();
    render(<ChakraProvider value={system}><MemoryRouter><FormView actor={actor} /></MemoryRouter></ChakraProvider>);
    fireEvent.change(screen.getByLabelText(/Report type/), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText(/Period/), { target: { value: 'Weekly' } });
    fireEvent.change(screen.getByLabelText(/Scheduled day/), { target: { value: 'Monday' } });
    fireEvent.change(screen.getByLabelText(/Recipients/), { target: { value: 'ops@example.test' } });
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Save' })); });
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ reportType: '4', period: 'Weekly', scheduledDay: 'Monday', recipients: 'ops@example.test' });
  });
});

describe('a scheduled report\'s runs (/scheduledreports/edit/:id)', () => {
  it('lists the runs, and "Run now" queues one and shows the history again with it', async () => {
    const history: ScheduledReportRun[][] = [sampleRuns.slice(1), sampleRuns];
    const calls: string[] = [];
    const actor = createActor(scheduledReportRunsMachine.provide({
      actors: {
        loadRuns: fromPromise<ScheduledReportRun[], { cca2: string; scheduledReportId: number }>(async ({ input }) => {
          calls.push(`load ${input.scheduledReportId}`);
          return history.shift() ?? sampleRuns;
        }),
        runNow: fromPromise<ScheduledReportRun, { cca2: string; scheduledReportId: number }>(async ({ input }) => {
          calls.push(`run ${input.scheduledReportId}`);
          return sampleQueuedRun;
        }),
      },
    }), { input: { cca2: 'za', scheduledReportId: 3 } }).start();
    render(<ChakraProvider value={system}><ScheduledReportRunsView actor={actor} /></ChakraProvider>);
    await waitFor(() => expect(screen.getAllByTestId('scheduled-report-run')).toHaveLength(2));
    // Only the sent run has a file to download; the failed one says why.
    expect(screen.getAllByRole('button', { name: SCHEDULED_REPORT_TEXTS.download })).toHaveLength(1);
    expect(screen.getByText('The date range may span at most 366 days')).toBeTruthy();
    act(() => { fireEvent.click(screen.getByRole('button', { name: SCHEDULED_REPORT_TEXTS.runNow })); });
    await waitFor(() => expect(screen.getAllByTestId('scheduled-report-run')).toHaveLength(3));
    expect(screen.getByTestId('run-queued').textContent).toBe(SCHEDULED_REPORT_TEXTS.runQueued);
    expect(screen.getAllByTestId('scheduled-report-run')[0]!.textContent).toContain('Queued');
    expect(calls).toEqual(['load 3', 'run 3', 'load 3']);
    actor.stop();
  });
});
