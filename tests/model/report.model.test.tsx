import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import { REPORT_TEXTS, REPORTS, reportSortKeys } from '../../src/lib/reports';
import type { reportMachine } from '../../src/machines/reports/report.machine';
import { reportSamples } from '../../src/machines/reports/report.samples';
import { ReportView } from '../../src/ui/reports/ReportPage';
import { system } from '../../src/ui/theme';
import { chartCan, describeModel } from '../support/model-paths';

// The report screen's workflow (issue 17) driven through the generic page: filters, Apply, sort, page size, retry.
type Snapshot = SnapshotFrom<typeof reportMachine>;

/** The chart the suite started (its guards observed), for `chartCan`. */
let chart = reportSamples.machine;

describeModel({
  machine: reportSamples.machine,
  scenarios: reportSamples.scenarios,
  targets: reportSamples.targets,
  guards: true,
  start(machine, input, clock) {
    chart = machine;
    const actor = createActor(machine, { input, clock }).start() as unknown as Actor<typeof reportMachine>;
    render(<ChakraProvider value={system}><ReportView actor={actor} timeZone="Africa/Johannesburg" currency="ZAR" /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'report.filter':
              fireEvent.change(screen.getByRole('combobox', { name: 'SLA type' }), { target: { value: String(event.value ?? '') } });
              break;
            case 'report.clearFilters': fireEvent.click(screen.getByRole('button', { name: 'Clear filters' })); break;
            case 'report.apply': {
              // While a load runs the Apply button spins (disabled): the form's submit is what the user has then.
              const apply = screen.queryByRole('button', { name: REPORT_TEXTS.apply });
              if (apply && !apply.hasAttribute('disabled')) fireEvent.click(apply);
              else fireEvent.submit(document.querySelector('form')!);
              break;
            }
            case 'report.retry': fireEvent.click(screen.getByRole('button', { name: REPORT_TEXTS.retry })); break;
            case 'report.sort': {
              // A path may send it without the sample's column, or for a report that does not sort by it: the first
              // column the report sorts by then (only those headers are buttons).
              const report = REPORTS[actor.getSnapshot().context.report];
              const sortable = reportSortKeys(report);
              const columns = report.columns.filter((candidate) => sortable.includes(candidate.key));
              const column = columns.find((candidate) => candidate.key === event.sortBy) ?? columns[0]!;
              fireEvent.click(within(screen.getByRole('table')).getByRole('button', { name: new RegExp(`^${column.label}`) }));
              break;
            }
            default: actor.send(event as Parameters<typeof actor.send>[0]);
          }
        });
      },
    };
  },
  states: {
    loading: (snapshot: Snapshot) => {
      expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
      expect(screen.queryByRole('button', { name: REPORT_TEXTS.apply })).toBeNull();
      expect(snapshot.hasTag('loading')).toBe(true);
    },
    ready: (snapshot: Snapshot) => {
      // Table and chart show the same rows of the one answer.
      const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(snapshot.context.result!.items.length);
      expect(within(screen.getByTestId('report-chart-data')).getAllByRole('listitem')).toHaveLength(snapshot.context.result!.chart.labels.length);
      expect(screen.queryByRole('alert')).toBeNull();
      // Only a report that refreshes reloads when its minute is up, and only a live one when the hub says a delivery
      // changed or reconnects (the reconnect is heard by every report): the others stay as they are (refreshes, live).
      const { refreshMs, live } = REPORTS[snapshot.context.report];
      expect(chartCan(chart, snapshot, { type: 'xstate.after.refresh.report.ready' })).toBe(refreshMs !== undefined);
      expect(chartCan(chart, snapshot, { type: 'report.changed' })).toBe(live === true);
      expect(chartCan(chart, snapshot, { type: 'connection.reconnected' })).toBe(live === true);
    },
    failed: (snapshot: Snapshot) => {
      expect(screen.getByRole('alert').textContent).toContain(snapshot.context.error!.message);
      expect(screen.getByRole('button', { name: REPORT_TEXTS.retry })).toBeTruthy();
    },
  },
});
