import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { REPORT_IDS, REPORT_TEXTS, REPORTS } from '../../src/lib/reports';
import { reportMachine } from '../../src/machines/reports/report.machine';
import type { LoadReportInput } from '../../src/machines/reports/report.types';
import type { ReportResult } from '../../src/resources/reports';
import { ReportUnavailable, ReportView } from '../../src/ui/reports/ReportPage';
import { system } from '../../src/ui/theme';

describe('reports our data could not support (issue 17)', () => {
  it('are none now: arrival positions and driver applications are recorded, so all four have their query', () => {
    expect(REPORT_IDS.filter((id) => REPORTS[id].unavailable)).toEqual([]);
  });

  it('a report marked unavailable would say why on screen, with no figures, filters or export', () => {
    const id = 'driverScreening';
    const declaration = REPORTS[id];
    declaration.unavailable = 'Not recorded yet';
    try {
      render(<ChakraProvider value={system}><MemoryRouter><ReportUnavailable reportId={id} /></MemoryRouter></ChakraProvider>);
      expect(screen.getByRole('heading', { name: declaration.title })).toBeTruthy();
      expect(screen.getByRole('status').textContent).toContain(REPORT_TEXTS.unavailableTitle);
      expect(screen.getByRole('status').textContent).toContain('Not recorded yet');
      expect(screen.queryByRole('button', { name: REPORT_TEXTS.export })).toBeNull();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      delete declaration.unavailable;
    }
  });
});

describe('a partial report says what its figures leave out', () => {
  it('Auto Assign Efficiency shows its note above the figures it loaded', async () => {
    const result: ReportResult = {
      figures: { jobs: 2, assignedPercent: 50, rejected: 1, averageMinutesToStart: 90 },
      chart: { labels: ['2026-03-10'], series: [[1], [1]] },
      items: [{ key: '2026-03-10', day: '2026-03-10', jobs: 2, assigned: 1, unassigned: 1, rejected: 1, assignedPercent: 50, averageMinutesToStart: 90 }],
      paging: { page: 1, pageSize: 20, totalItems: 1, totalPages: 1 },
    };
    const actor = createActor(reportMachine.provide({
      actors: { loadReport: fromPromise<ReportResult, LoadReportInput>(async () => result) },
    }), { input: { cca2: 'za', report: 'autoAssignEfficiency', filters: { startDate: '2026-03-10', endDate: '2026-03-10', dateFilterType: 'Created' } } }).start();
    render(<ChakraProvider value={system}><ReportView actor={actor} timeZone="Africa/Johannesburg" currency="ZAR" /></ChakraProvider>);
    expect(screen.getByText(REPORTS.autoAssignEfficiency.note!)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('table')).toBeTruthy());
    expect(screen.getByLabelText('Auto Assign Efficiency figures').textContent).toContain('50,0 %');
  });
});
