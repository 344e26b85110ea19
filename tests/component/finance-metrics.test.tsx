// Finance Metrics (issue 15): the report screen over the ledger's figures, by day, week or month. The stand-in answers
// group the same postings by the period asked for, as the server does.
import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { REPORTS } from '../../src/lib/reports';
import { reportMachine } from '../../src/machines/reports/report.machine';
import type { LoadReportInput } from '../../src/machines/reports/report.types';
import type { ReportResult } from '../../src/resources/reports';
import { ReportView } from '../../src/ui/reports/ReportPage';
import { system } from '../../src/ui/theme';

/** Revenue and cost of sales posted per day (cents). */
const POSTINGS = [
  { day: '2026-03-02', revenue: 100_00, costOfSales: 40_00 },
  { day: '2026-03-03', revenue: 50_00, costOfSales: 10_00 },
  { day: '2026-03-10', revenue: 200_00, costOfSales: 90_00 },
];

function answer(input: LoadReportInput): ReportResult {
  const period = input.params.filters.period ?? 'Day';
  const bucketOf = (day: string) => (period === 'Month' ? `${day.slice(0, 7)}-01` : period === 'Week' ? (day < '2026-03-09' ? '2026-03-02' : '2026-03-09') : day);
  const buckets = new Map<string, { revenue: number; costOfSales: number }>();
  for (const posting of POSTINGS) {
    const bucket = buckets.get(bucketOf(posting.day)) ?? { revenue: 0, costOfSales: 0 };
    buckets.set(bucketOf(posting.day), { revenue: bucket.revenue + posting.revenue, costOfSales: bucket.costOfSales + posting.costOfSales });
  }
  const rows = [...buckets].map(([key, sums]) => ({
    key, period: key, ...sums, grossProfit: sums.revenue - sums.costOfSales, marginPercent: null, receivables: 0, payables: 140_00,
  }));
  return {
    figures: { revenue: 350_00, costOfSales: 140_00, grossProfit: 210_00, marginPercent: 60, receivables: 0, payables: 140_00 },
    chart: { labels: rows.map((row) => row.period), series: [rows.map((row) => row.revenue), rows.map((row) => row.costOfSales), rows.map((row) => row.grossProfit), rows.map(() => 0), rows.map(() => 140_00)] },
    items: rows,
    paging: { page: 1, pageSize: 20, totalItems: rows.length, totalPages: 1 },
  };
}

describe('Finance Metrics screen', () => {
  it('shows revenue, cost of sales, gross profit and what is outstanding, and regroups the rows by week when asked', async () => {
    const loads: LoadReportInput[] = [];
    const actor = createActor(reportMachine.provide({
      actors: { loadReport: fromPromise<ReportResult, LoadReportInput>(async ({ input }) => { loads.push(input); return answer(input); }) },
    }), { input: { cca2: 'za', report: 'financeMetrics', filters: { startDate: '2026-03-01', endDate: '2026-03-30', dateFilterType: 'Delivery Transaction Date' } } }).start();
    render(<ChakraProvider value={system}><ReportView actor={actor} timeZone="Africa/Johannesburg" currency="ZAR" /></ChakraProvider>);

    const figures = await screen.findByLabelText('Finance Metrics figures');
    expect(within(figures).getAllByRole('term').map((term) => term.textContent)).toEqual(REPORTS.financeMetrics.figures.map((figure) => figure.label));
    expect(within(figures).getByText('Outstanding payables')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Finance Metrics chart' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));

    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: 'Week' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(loads.at(-1)!.params.filters.period).toBe('Week'));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    actor.stop();
  });
});
