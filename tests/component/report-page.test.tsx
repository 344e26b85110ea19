import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { liveDashboard } from '../../src/api/realtime';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { DELIVERIES_DUE_REFRESH_MS, REPORT_ROW_PAGE_DEPTH, REPORT_TEXTS, REPORTS } from '../../src/lib/reports';
import { DELIVERIES_DUE_SAMPLE } from '../../src/machines/reports/report.samples';
import { reportMachine } from '../../src/machines/reports/report.machine';
import type { LoadReportInput } from '../../src/machines/reports/report.types';
import { reportFilterAllowed, reportFilterDefs, reportFiltersFromSearch, reportLookupResources, reportSearchOf, type ReportResult } from '../../src/resources/reports';
import { permissionsOf } from '../support/shell-harness';
import { ReportChart } from '../../src/ui/reports/ReportChart';
import { formatReportValue, ReportView } from '../../src/ui/reports/ReportPage';
import { system } from '../../src/ui/theme';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(reportLookupResources(REPORTS.customerDeliveries)));

/** Service Levels rows the stand-in server filters; figures, chart and table come from the same rows, as the server's do. */
const ROWS = [
  { key: 'Priority', slaType: 'Priority', deliveries: 2, delivered: 1, onTime: 0, late: 1 },
  { key: 'Standard', slaType: 'Standard', deliveries: 4, delivered: 3, onTime: 2, late: 1 },
  { key: 'Hyperlocal', slaType: 'Hyperlocal', deliveries: 5, delivered: 5, onTime: 5, late: 0 },
];

function answer(input: LoadReportInput): ReportResult {
  const wanted = input.params.filters.slaTypes;
  const rows = ROWS.filter((row) => !wanted || row.slaType === wanted)
    .map((row) => ({ ...row, onTimePercent: Math.round((1000 * row.onTime) / row.delivered) / 10, pickUpCompliancePercent: null, dropOffCompliancePercent: null }))
    .sort((a, b) => (input.params.sortDirection === 'asc' ? 1 : -1) * String(a[input.params.sortBy as 'slaType']).localeCompare(String(b[input.params.sortBy as 'slaType'])));
  const sum = (key: 'deliveries' | 'onTime' | 'delivered') => rows.reduce((total, row) => total + row[key], 0);
  return {
    figures: { deliveries: sum('deliveries'), onTimePercent: Math.round((1000 * sum('onTime')) / sum('delivered')) / 10, pickUpCompliancePercent: null, dropOffCompliancePercent: null },
    chart: { labels: rows.map((row) => row.slaType), series: [rows.map((row) => row.onTime), rows.map((row) => row.late)] },
    items: rows,
    paging: { page: 1, pageSize: 20, totalItems: rows.length, totalPages: 1 },
  };
}

function renderReport() {
  const loads: LoadReportInput[] = [];
  const actor = createActor(reportMachine.provide({
    actors: {
      loadReport: fromPromise<ReportResult, LoadReportInput>(async ({ input }) => {
        loads.push(input);
        return answer(input);
      }),
    },
  }), { input: { cca2: 'za', report: 'serviceLevels', filters: { startDate: '2026-03-01', endDate: '2026-03-30', dateFilterType: 'Deliver by' } } }).start();
  render(<ChakraProvider value={system}><ReportView actor={actor} timeZone="Africa/Johannesburg" currency="ZAR" /></ChakraProvider>);
  return { actor, loads };
}

/** The table's rows as { column label: cell text }. */
function tableRows() {
  const table = screen.getByRole('table');
  const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent!.replace(/ [↑↓]$/, ''));
  return within(table).getAllByRole('row').slice(1).map((row) =>
    Object.fromEntries(within(row).getAllByRole('cell').map((cell, index) => [headers[index], cell.textContent])));
}

/** The chart's data as listed beside the canvas: label → "On time n, Late m". */
function chartData() {
  return Object.fromEntries(within(screen.getByTestId('report-chart-data')).getAllByRole('listitem')
    .map((item) => [item.getAttribute('data-label'), item.textContent!.split(': ')[1]]));
}

function expectChartMatchesTable() {
  const rows = tableRows();
  expect(Object.keys(chartData())).toEqual(expect.arrayContaining(rows.map((row) => row['SLA type'])));
  for (const row of rows) expect(chartData()[row['SLA type']!]).toBe(`On time ${row['On time']}, Late ${row['Late']}`);
}

describe('the generic report page', () => {
  it('shows the declaration\'s figures, chart and table from one answer', async () => {
    renderReport();
    await screen.findByRole('table');
    const figures = screen.getByLabelText('Service Levels figures');
    expect(within(figures).getAllByRole('term').map((term) => term.textContent)).toEqual(REPORTS.serviceLevels.figures.map((figure) => figure.label));
    expect(figures.textContent).toContain('11');
    expect(figures.textContent).toContain('77,8 %');
    expect(tableRows()).toHaveLength(3);
    expect(screen.getByRole('figure', { name: 'Service Levels chart' })).toBeTruthy();
    expectChartMatchesTable();
    // A share without a denominator is a dash, not 0 %.
    expect(tableRows()[0]!['Pick-up compliance %']).toBe('—');
  });

  it('a filter is applied with Apply; the table and chart then agree on the narrower rows', async () => {
    const { loads } = renderReport();
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('combobox', { name: 'SLA type' }), { target: { value: 'Standard' } });
    // Editing alone does not reload.
    expect(loads).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(loads.at(-1)!.params.filters).toMatchObject({ slaTypes: 'Standard', startDate: '2026-03-01' });
    expect(tableRows()[0]).toMatchObject({ 'SLA type': 'Standard', Deliveries: '4', 'On-time %': '66,7 %' });
    expect(chartData()).toEqual({ Standard: 'On time 2, Late 1' });
    expect(screen.getByLabelText('Service Levels figures').textContent).toContain('66,7 %');
  });

  it('sorting by a column header reloads in that order, and again reverses it', async () => {
    const { loads } = renderReport();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'SLA type ↑' }));
    await waitFor(() => expect(loads.at(-1)!.params).toMatchObject({ sortBy: 'slaType', sortDirection: 'desc' }));
    await waitFor(() => expect(tableRows().map((row) => row['SLA type'])).toEqual(['Standard', 'Priority', 'Hyperlocal']));
    expectChartMatchesTable();
  });

  it('offers only the orders the report sorts by, and stops Next at its page depth saying how to see the rest', async () => {
    const loads: LoadReportInput[] = [];
    const lastPage = REPORT_ROW_PAGE_DEPTH / 20;
    const actor = createActor(reportMachine.provide({
      actors: {
        loadReport: fromPromise<ReportResult, LoadReportInput>(async ({ input }) => {
          loads.push(input);
          return {
            figures: { arrivals: 329_670, compliancePercent: 80, late: 10, averageMinutesLate: 12 }, chart: { labels: [], series: [[]] },
            items: [{ key: '1', waybill: 'WB1', task: 'Pick-up', driver: 'Dee River', arrivedAt: '2026-06-30T10:00:00Z', arrival: 'On time' }],
            paging: { page: input.params.page, pageSize: 20, totalItems: 329_670, totalPages: 16_484 },
          };
        }),
      },
    }), { input: { cca2: 'za', report: 'deliveryArrival', filters: {} } }).start();
    render(<ChakraProvider value={system}><ReportView actor={actor} timeZone="Africa/Johannesburg" currency="ZAR" /></ChakraProvider>);
    await screen.findByRole('table');
    expect(REPORTS.deliveryArrival.sortable).toEqual(['arrivedAt']);
    expect(screen.getByRole('button', { name: 'Arrived ↓' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Driver' })).toBeNull();
    expect(screen.getByText(`Page 1 of ${lastPage}`)).toBeTruthy();
    expect(screen.queryByText(REPORT_TEXTS.pagesEnd(REPORT_ROW_PAGE_DEPTH))).toBeNull();
    act(() => { actor.send({ type: 'report.page', page: lastPage }); });
    await waitFor(() => expect(screen.getByText(`Page ${lastPage} of ${lastPage}`)).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    expect(screen.getByText(REPORT_TEXTS.pagesEnd(REPORT_ROW_PAGE_DEPTH))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Arrived ↓' }));
    await waitFor(() => expect(loads.at(-1)!.params).toMatchObject({ sortBy: 'arrivedAt', sortDirection: 'asc', page: 1 }));
  });

  it('a refused load shows the server\'s message and Try again', async () => {
    let calls = 0;
    const actor = createActor(reportMachine.provide({
      actors: { loadReport: fromPromise<ReportResult, LoadReportInput>(async () => { calls += 1; throw new Error('The date range may span at most 366 days'); }) },
    }), { input: { cca2: 'za', report: 'serviceLevels', filters: {} } }).start();
    render(<ChakraProvider value={system}><ReportView actor={actor} timeZone="Africa/Johannesburg" currency="ZAR" /></ChakraProvider>);
    expect((await screen.findByRole('alert')).textContent).toContain('366 days');
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Try again' })); });
    await waitFor(() => expect(calls).toBe(2));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('Deliveries Due reloads on its own each minute while shown; other reports do not', async () => {
    const clock = new SimulatedClock();
    let calls = 0;
    const due = createActor(reportMachine.provide({
      actors: { loadReport: fromPromise<ReportResult, LoadReportInput>(async () => { calls += 1; return DELIVERIES_DUE_SAMPLE; }) },
    }), { input: { cca2: 'za', report: 'deliveriesDue', filters: {} }, clock }).start();
    render(<ChakraProvider value={system}><ReportView actor={due} timeZone="Africa/Johannesburg" currency="ZAR" /></ChakraProvider>);
    expect((await screen.findByRole('table')).textContent).toContain('RPT6');
    expect(screen.getByRole('table').textContent).toContain('95 min');
    act(() => clock.increment(DELIVERIES_DUE_REFRESH_MS));
    await waitFor(() => expect(calls).toBe(2));
    expect(REPORTS.serviceLevels.refreshMs).toBeUndefined();
  });

  it('Deliveries Due reloads when the dashboard hub says a delivery changed; Service Levels does not listen', async () => {
    const handlers: ((...args: unknown[]) => void)[] = [];
    const on = vi.spyOn(liveDashboard, 'on').mockImplementation((event, handler) => {
      if (event === 'delivery') handlers.push(handler);
      return () => { handlers.splice(handlers.indexOf(handler), 1); };
    });
    const subscribe = vi.spyOn(liveDashboard, 'subscribe').mockResolvedValue(async () => undefined);
    try {
      const loads: string[] = [];
      const actorOf = (report: 'deliveriesDue' | 'serviceLevels') => createActor(reportMachine.provide({
        actors: { loadReport: fromPromise<ReportResult, LoadReportInput>(async ({ input }) => { loads.push(input.report); return DELIVERIES_DUE_SAMPLE; }) },
      }), { input: { cca2: 'za', report, filters: {} } }).start();
      const levels = actorOf('serviceLevels');
      expect(handlers).toHaveLength(0);
      const due = actorOf('deliveriesDue');
      await waitFor(() => expect(due.getSnapshot().value).toBe('ready'));
      expect(subscribe).toHaveBeenCalledWith('Deliveries');
      act(() => handlers.forEach((handler) => handler({ id: 6, logisticStatusId: 3 })));
      await waitFor(() => expect(loads.filter((report) => report === 'deliveriesDue')).toHaveLength(2));
      expect(loads.filter((report) => report === 'serviceLevels')).toHaveLength(1);
      due.stop();
      levels.stop();
      // Leaving the screen stops listening.
      expect(handlers).toHaveLength(0);
    } finally {
      on.mockRestore();
      subscribe.mockRestore();
    }
  });

  it('offers a lookup filter only to users who may search its options', () => {
    const names = (roles: Parameters<typeof permissionsOf>[0]) =>
      reportFilterDefs(REPORTS.customerDeliveries).filter((filter) => reportFilterAllowed(filter, permissionsOf(roles))).map((filter) => filter.name);
    expect(names(['Administrator'])).toEqual(['startDate', 'endDate', 'dateFilterType', 'companyid', 'storeid', 'slaTypes', 'holidayFilter']);
    expect(names([])).toEqual(['startDate', 'endDate', 'dateFilterType', 'slaTypes', 'holidayFilter']);
    expect(names(['StoreOperator'])).toContain('storeid');
  });

  it('a report link carries its filters: written after each load, read when the screen opens', async () => {
    const { actor } = renderReport();
    const written: string[] = [];
    actor.on('report.loaded', (event) => written.push(reportSearchOf(event.filters)));
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('combobox', { name: 'SLA type' }), { target: { value: 'Standard' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(written.at(-1)).toBe('?startDate=2026-03-01&endDate=2026-03-30&dateFilterType=Deliver+by&slaTypes=Standard'));
    expect(reportFiltersFromSearch(REPORTS.serviceLevels, written.at(-1)!)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-30', dateFilterType: 'Deliver by', slaTypes: 'Standard' });
    // Parameters the report does not take are not filters of it; no filter at all means the defaults.
    expect(reportFiltersFromSearch(REPORTS.deliveriesDue, '?startDate=2026-03-01&hubId=2')).toEqual({ hubId: '2' });
    expect(reportFiltersFromSearch(REPORTS.serviceLevels, '?page=2')).toBeUndefined();
  });
});

describe('report values', () => {
  it('shows a day as the spec shows dates, without shifting it by the zone, and an instant in the portal zone', () => {
    expect(formatReportValue('2026-11-27', 'date', 'Africa/Johannesburg', 'ZAR')).toBe('27-11-2026');
    expect(formatReportValue('2026-11-27', 'date', 'America/Los_Angeles', 'ZAR')).toBe('27-11-2026');
    expect(formatReportValue('2026-11-26T22:30:00Z', 'datetime', 'Africa/Johannesburg', 'ZAR')).toBe('27-11-2026 00:30');
    expect(formatReportValue(null, 'date', 'Africa/Johannesburg', 'ZAR')).toBe('—');
  });

  it("labels a chart of days as its table shows them", () => {
    render(<ChakraProvider value={system}>
      <ReportChart title="Finance Metrics" currency="ZAR" declaration={{ kind: 'bar', labelKey: 'period', series: [{ label: 'Revenue', sum: 'revenue' }] }}
        chart={{ labels: ['2026-11-26'], series: [[1200]] }} formatLabel={(label) => formatReportValue(label, 'date', 'Africa/Johannesburg', 'ZAR')} />
    </ChakraProvider>);
    expect(within(screen.getByTestId('report-chart-data')).getByRole('listitem').textContent).toBe('26-11-2026: Revenue 1200');
  });
});
