import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { system } from '../../src/ui/theme';
import { ScheduledReportRunsView } from '../../src/features/reports/ScheduledReportRunsView';
import { SCHEDULED_REPORT_TEXTS } from '../../src/lib/reports';
import { LIST_TEXTS } from '../../src/lib/resource-texts';
import { scheduledReportRunsMachine } from '../../src/machines/reports/scheduled-report-runs.machine';
import { scheduledReportRunsSamples } from '../../src/machines/reports/scheduled-report-runs.samples';
import { chartCan, describeModel } from '../support/model-paths';

let observed: typeof scheduledReportRunsMachine = scheduledReportRunsMachine;

describeModel({
  machine: scheduledReportRunsMachine,
  scenarios: scheduledReportRunsSamples.scenarios,
  targets: scheduledReportRunsSamples.targets,
  guards: true,
  start(machine, input, clock) {
    const actor = createActor(machine, { input, clock });
    actor.start();
    observed = machine;
    render(<ChakraProvider value={system}><ScheduledReportRunsView actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'runs.runNow': fireEvent.click(screen.getByRole('button', { name: SCHEDULED_REPORT_TEXTS.runNow })); break;
            case 'runs.refresh': fireEvent.click(screen.getByRole('button', { name: 'Refresh' })); break;
            case 'runs.retry': fireEvent.click(screen.getByRole('button', { name: LIST_TEXTS.tryAgain })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    loading: (snapshot) => {
      // The first load says so; a reload keeps the runs on screen.
      if (snapshot.context.runs === null) expect(screen.getByText(LIST_TEXTS.loading)).toBeTruthy();
      else expect(screen.getAllByTestId('scheduled-report-run')).toHaveLength(snapshot.context.runs.length);
    },
    loadFailed: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toContain(snapshot.context.problem!);
      expect(screen.getByRole('button', { name: LIST_TEXTS.tryAgain })).toBeTruthy();
    },
    ready: (snapshot) => {
      const rows = screen.getAllByTestId('scheduled-report-run');
      expect(rows).toHaveLength(snapshot.context.runs!.length);
      // Each run shows its period and status; only the sent one offers its file; a failed one says why.
      const runs = snapshot.context.runs!;
      runs.forEach((run, index) => {
        expect(rows[index]!.textContent).toContain(`${run.startDate} to ${run.endDate}${run.status}`);
        if (run.error) expect(rows[index]!.textContent).toContain(run.error);
      });
      expect(screen.getAllByRole('button', { name: SCHEDULED_REPORT_TEXTS.download })).toHaveLength(runs.filter((run) => run.fileName).length);
      // Read again on its own only while a run is queued or running (hasUnfinishedRun).
      const unfinished = runs.some((run) => run.status === 'Queued' || run.status === 'Running');
      expect(chartCan(observed, snapshot, { type: 'xstate.after.poll.scheduledReportRuns.ready' })).toBe(unfinished);
      expect((screen.getByRole('button', { name: SCHEDULED_REPORT_TEXTS.runNow }) as HTMLButtonElement).disabled).toBe(false);
      if (snapshot.context.problem) expect(screen.getByRole('alert').textContent).toContain(snapshot.context.problem);
      if (snapshot.context.queued) expect(screen.getByTestId('run-queued').textContent).toBe(SCHEDULED_REPORT_TEXTS.runQueued);
    },
    running: () => {
      expect((screen.getByRole('button', { name: SCHEDULED_REPORT_TEXTS.runNow }) as HTMLButtonElement).disabled).toBe(true);
    },
  },
});
