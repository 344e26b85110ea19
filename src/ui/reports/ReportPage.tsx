import { Alert, Box, Button, chakra, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Actor } from 'xstate';
import { DATE_FORMATS, MY_DELIVERIES_PAGE_SIZES } from '../../lib/constants';
import { formatDate, isoDateToDisplay } from '../../lib/date-format';
import { DEFAULT_MONEY_LOCALE, formatMoney } from '../../lib/money';
import { REPORT_TEXTS, REPORTS, reportForPath, reportLastPage, reportSortKeys, type ReportFormat, type ReportId } from '../../lib/reports';
import { useAuth, usePortal } from '../../machines/root/root-actor';
import type { FilterDef } from '../../resources/types';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { reportMachine } from '../../machines/reports/report.machine';
import {
  defaultReportFilters, exportReport, reportFilterAllowed, reportFilterDefs, reportLookupResources, reportFiltersFromSearch, reportSearchOf,
} from '../../resources/reports';
import { AdminPage } from '../AdminPage';
import { ExportButton } from '../ExportButton';
import { Filters } from '../Filters';
import { Pagination } from '../Pagination';
import { ReportChart } from './ReportChart';
import { useResources } from '../use-resources';

/** Any report of the registry (src/lib/reports.ts): its route path says which. */
export function Component() {
  const location = useLocation();
  const report = reportForPath(location.pathname.replace(/\/+$/, ''));
  if (!report) throw new Error(`No report for ${location.pathname}`);
  if (report.unavailable) return <ReportUnavailable reportId={report.id} />;
  return <ReportScreen key={report.id} reportId={report.id} />;
}

/** A report whose data is not recorded yet: it says why instead of showing figures we do not have. */
export function ReportUnavailable({ reportId }: { reportId: ReportId }) {
  const report = REPORTS[reportId];
  return (
    <AdminPage title={report.title} current={{ label: report.title, to: report.path }} readOnly>
      <Alert.Root status="info" role="status">
        <Alert.Content>
          <Alert.Title>{REPORT_TEXTS.unavailableTitle}</Alert.Title>
          <Alert.Description>{report.unavailable}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </AdminPage>
  );
}

function ReportScreen({ reportId }: { reportId: ReportId }) {
  const portal = usePortal();
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const report = REPORTS[reportId];
  // Its lookup filters' declarations first: who may search them, and their selects, read them.
  useResources(reportLookupResources(report));
  const location = useLocation();
  const navigate = useNavigate();
  // A shared link's filters, else the last 30 days.
  const filters = reportFiltersFromSearch(report, location.search) ?? defaultReportFilters(report, portal.timeZone);
  const actor = useScreenActor(reportMachine, { cca2: portal.cca2, report: reportId, filters });
  useEffect(() => {
    const loaded = actor.on('report.loaded', (event) => {
      const search = reportSearchOf(event.filters);
      if (search !== window.location.search) navigate({ search }, { replace: true });
    });
    return () => loaded.unsubscribe();
  }, [actor, navigate]);
  return (
    <AdminPage title={report.title} current={{ label: report.title, to: report.path }} readOnly>
      <ReportView actor={actor} timeZone={portal.timeZone} currency={portal.currency} showFilter={(filter) => reportFilterAllowed(filter, permissions)} />
    </AdminPage>
  );
}

export interface ReportViewProps {
  actor: Actor<typeof reportMachine>;
  timeZone: string;
  currency: string;
  /** Which filter controls the user gets (all by default). */
  showFilter?: (filter: FilterDef) => boolean;
}

// Shares read like the money beside them: the decimal comma of the money's locale.
const percentFormat = new Intl.NumberFormat(DEFAULT_MONEY_LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A day (a wall date) as the spec shows dates, never shifted by a zone; anything else as it is. */
const displayDay = (value: string) => isoDateToDisplay(value) || value;

/** A value as the report's format shows it; '—' where there is none (a share without a denominator). */
export function formatReportValue(value: string | number | null | undefined, format: ReportFormat, timeZone: string, currency: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') {
    if (format === 'datetime') return formatDate(value, DATE_FORMATS.dateTime, timeZone);
    // A day is a wall date: shown as the spec shows dates, never shifted by a zone.
    if (format === 'date') return displayDay(value);
    return value;
  }
  switch (format) {
    case 'percent': return `${percentFormat.format(value)} %`;
    case 'money': return formatMoney(value, { currency });
    case 'minutes': return `${value} min`;
    default: return String(value);
  }
}

const Table = chakra('table');
const Th = chakra('th');
const Td = chakra('td');

/** Filters (applied together), summary figures, chart, table with sort and paging, and the named export. */
export function ReportView({ actor, timeZone, currency, showFilter = () => true }: ReportViewProps) {
  const reportId = useSelector(actor, (s) => s.context.report);
  const cca2 = useSelector(actor, (s) => s.context.cca2);
  const draft = useSelector(actor, (s) => s.context.draft);
  const params = useSelector(actor, (s) => s.context.params);
  const result = useSelector(actor, (s) => s.context.result);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const report = REPORTS[reportId];
  const sortKeys = reportSortKeys(report);
  const lastPage = result ? reportLastPage(report, result.paging.pageSize) : Infinity;
  const show = (value: string | number | null | undefined, format: ReportFormat) => formatReportValue(value, format, timeZone, currency);
  return (
    <Stack gap={4} aria-busy={loading}>
      <chakra.form onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'report.apply' }); }}>
        <Stack gap={2}>
          <Filters filters={reportFilterDefs(report).filter(showFilter)} values={draft} cca2={cca2}
            onChange={(name, value) => actor.send({ type: 'report.filter', name, value })}
            onClear={() => actor.send({ type: 'report.clearFilters' })} />
          <HStack gap={2}>
            <Button type="submit" size="sm" loading={loading}>{REPORT_TEXTS.apply}</Button>
            <ExportButton fileName={report.exportName} request={(signal) => exportReport(cca2, reportId, params, signal)} />
          </HStack>
        </Stack>
      </chakra.form>
      {report.note && <Text fontSize="sm" color="fg.muted">{report.note}</Text>}
      {failed && (
        <Alert.Root status="error" role="alert">
          <Alert.Description>{error?.message ?? REPORT_TEXTS.loadFailed}</Alert.Description>
          <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'report.retry' })}>{REPORT_TEXTS.retry}</Button>
        </Alert.Root>
      )}
      {result && (
        <>
          <SimpleGrid as="dl" columns={{ base: 2, md: report.figures.length }} gap={3} aria-label={`${report.title} figures`}>
            {report.figures.map((figure) => (
              <Box key={figure.key} borderWidth="1px" borderRadius="md" p={3}>
                <Text as="dt" fontSize="xs" color="fg.muted">{figure.label}</Text>
                <Text as="dd" fontSize="xl" fontWeight="bold" m={0}>{show(result.figures[figure.key], figure.format)}</Text>
              </Box>
            ))}
          </SimpleGrid>
          <ReportChart title={report.title} declaration={report.chart} chart={result.chart} currency={currency}
            formatLabel={report.columns.find((column) => column.key === report.chart.labelKey)?.format === 'date' ? displayDay : undefined} />
          <Box overflowX="auto">
            <Table width="100%" fontSize="sm">
              <chakra.caption srOnly>{report.title}</chakra.caption>
              <thead>
                <tr>
                  {report.columns.map((column) => {
                    const active = params.sortBy === column.key;
                    const sorted = active ? (params.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none';
                    // Only the orders the report offers are buttons (the call refuses the others).
                    return (
                      <Th key={column.key} aria-sort={sortKeys.includes(column.key) ? sorted : undefined} textAlign="start" p={2} borderBottomWidth="1px">
                        {sortKeys.includes(column.key) ? (
                          <Button variant="plain" size="xs" p={0} onClick={() => actor.send({ type: 'report.sort', sortBy: column.key })}>
                            {column.label}{active ? (params.sortDirection === 'asc' ? ' ↑' : ' ↓') : ''}
                          </Button>
                        ) : column.label}
                      </Th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {result.items.length === 0 && (
                  <tr><Td colSpan={report.columns.length} p={2}>{REPORT_TEXTS.noData}</Td></tr>
                )}
                {result.items.map((row, index) => (
                  <tr key={String(row.key ?? index)}>
                    {report.columns.map((column) => <Td key={column.key} p={2} borderBottomWidth="1px">{show(row[column.key], column.format)}</Td>)}
                  </tr>
                ))}
              </tbody>
            </Table>
          </Box>
          {result.paging.totalPages > lastPage && result.paging.page >= lastPage && (
            <Text fontSize="sm" color="fg.muted">{REPORT_TEXTS.pagesEnd(report.maxPageRows!)}</Text>
          )}
          {/* Next stops at the report's page depth (the call refuses a page past it). */}
          <Pagination page={result.paging.page} totalPages={Math.min(result.paging.totalPages, lastPage)} totalItems={result.paging.totalItems}
            pageSize={result.paging.pageSize} pageSizes={MY_DELIVERIES_PAGE_SIZES}
            onPage={(page) => actor.send({ type: 'report.page', page })} onPageSize={(pageSize) => actor.send({ type: 'report.pageSize', pageSize })} />
        </>
      )}
    </Stack>
  );
}
