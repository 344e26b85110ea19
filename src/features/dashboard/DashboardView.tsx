import { Alert, Badge, Box, Button, Flex, Heading, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { Select } from '../../ui/Select';
import { useSelector } from '@xstate/react';
import { memo, useEffect, useMemo, useState } from 'react';
import type { Actor } from 'xstate';
import { DASHBOARD_TEXTS } from '../../lib/dashboard-texts';
import { formatDistance } from '../../lib/distance';
import {
  DRIVER_AVAILABILITY_LABELS, JOB_STATUS_LABELS, LOGISTIC_STATUS_LABELS, statusLabel, TASK_STATUS_LABELS, TASK_TYPE_LABELS,
} from '../../lib/statuses';
import type { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import type { IdsFilterKind } from '../../machines/dashboard/dashboard.types';
import {
  DASHBOARD_FILTER_FIELDS, dashboardStats, deliveriesOfList, parseIds, tasksOfJobs, visibleDeliveries, visibleDrivers, visibleJobs, type DashboardFilterField, type Stat,
} from '../../machines/dashboard/dashboard-view';
import type { liveMergeMachine } from '../../machines/operations/live-merge.machine';
import type { DetailKind, LiveDelivery, LiveJob, LiveTask, LiveUser } from '../../machines/operations/live-merge';
import type { webNotificationsMachine } from '../../machines/operations/web-notifications.machine';
import { NotificationsPanel } from './NotificationsPanel';
import { BarcodeScanner, type BarcodeScannerActor } from './BarcodeScanner';
import { DetailPanel } from './DetailPanel';

export type LiveActor = Actor<typeof liveMergeMachine>;
export type DashboardActor = Actor<typeof dashboardMachine>;

const Table = chakra('table');
const cellCss = { borderCollapse: 'collapse', '& th, & td': { padding: '6px 8px', borderBottom: '1px solid #e2e2e2', textAlign: 'left' } } as const;

function StatCard({ label, value }: { label: string; value: Stat | number }) {
  return (
    <Box role="group" aria-label={label} borderWidth="1px" borderRadius="md" px={3} py={2} minW="140px">
      <Text fontSize="xs" color="fg.muted">{label}</Text>
      {typeof value === 'number'
        ? <Text fontWeight="bold">{value}</Text>
        : <Text fontWeight="bold">{value.amountCompleted} <chakra.span fontWeight="normal">({value.percentage}%)</chakra.span></Text>}
    </Box>
  );
}

/** Stats (002 section 2): deliveries and, for acceptance, otds, compliance and exceptions as "0/0" and a percentage. */
const StatsBar = memo(function StatsBar({ deliveries, shown }: { deliveries: readonly LiveDelivery[]; shown: number }) {
  const stats = useMemo(() => dashboardStats(deliveries), [deliveries]);
  const texts = DASHBOARD_TEXTS.stats;
  return (
    <Flex as="section" aria-label="Stats" gap={2} wrap="wrap">
      <StatCard label={texts.deliveries} value={shown} />
      <StatCard label={texts.otds} value={stats.otds} />
      <StatCard label={texts.pickupCompliance} value={stats.pickupCompliance} />
      <StatCard label={texts.dropoffCompliance} value={stats.dropoffCompliance} />
      <StatCard label={texts.pickupExceptions} value={stats.pickupExceptions} />
      <StatCard label={texts.dropoffExceptions} value={stats.dropoffExceptions} />
    </Flex>
  );
});

function IdsInput({ kind, ids, view }: { kind: IdsFilterKind; ids: number[]; view: DashboardActor }) {
  const [text, setText] = useState(ids.join(', '));
  const [shown, setShown] = useState(ids);
  // The filters were cleared elsewhere: show what the dashboard holds.
  if (shown !== ids) {
    setShown(ids);
    if (ids.length === 0) setText('');
  }
  return (
    <Input size="sm" aria-label={DASHBOARD_TEXTS.ids[kind]} placeholder={DASHBOARD_TEXTS.ids[kind]} value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        view.send({ type: 'dashboard.ids', kind, ids: parseIds(event.currentTarget.value) });
      }} />
  );
}

/** The left side bar: search, filters by field and value, by ids, QSR mode, clear. */
function FiltersBar({ view }: { view: DashboardActor }) {
  const filters = useSelector(view, (s) => s.context.filters);
  const ids = useSelector(view, (s) => s.context.ids);
  const search = useSelector(view, (s) => s.context.search);
  const qsrMode = useSelector(view, (s) => s.context.qsrMode);
  const [field, setField] = useState<DashboardFilterField>('logisticstatuses');
  const [value, setValue] = useState('');
  return (
    <Stack as="aside" aria-label={DASHBOARD_TEXTS.leftSidebar} gap={2} minW="220px" maxW="260px">
      <Input size="sm" type="search" aria-label={DASHBOARD_TEXTS.search} placeholder={DASHBOARD_TEXTS.search} value={search}
        onChange={(event) => view.send({ type: 'dashboard.search', text: event.currentTarget.value })} />
      <Select label={DASHBOARD_TEXTS.filterField} value={field} onChange={(value) => setField(value as DashboardFilterField)}>
        {Object.entries(DASHBOARD_FILTER_FIELDS).map(([name, definition]) => <option key={name} value={name}>{definition.label}</option>)}
      </Select>
      <HStack>
        <Input size="sm" aria-label={DASHBOARD_TEXTS.filterValue} placeholder={DASHBOARD_TEXTS.filterValue} value={value}
          onChange={(event) => setValue(event.currentTarget.value)} />
        <Button size="sm" onClick={() => { view.send({ type: 'dashboard.filter', field, value }); setValue(''); }}>{DASHBOARD_TEXTS.addFilter}</Button>
      </HStack>
      <Flex gap={1} wrap="wrap">
        {Object.entries(filters).map(([name, filterValue]) => {
          const label = `${DASHBOARD_FILTER_FIELDS[name as DashboardFilterField]?.label ?? name}: ${filterValue}`;
          return (
            <Button key={name} size="xs" variant="outline" aria-label={DASHBOARD_TEXTS.removeFilter(label)}
              onClick={() => view.send({ type: 'dashboard.filter.remove', field: name })}>{label} ×</Button>
          );
        })}
      </Flex>
      {(['delivery', 'job', 'driver'] as const).map((kind) => <IdsInput key={kind} kind={kind} ids={ids[kind]} view={view} />)}
      <Button size="sm" variant={qsrMode ? 'solid' : 'outline'} aria-pressed={qsrMode} onClick={() => view.send({ type: 'dashboard.qsr.toggle' })}>
        {DASHBOARD_TEXTS.qsrMode}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => view.send({ type: 'dashboard.clearFilters' })}>{DASHBOARD_TEXTS.clearFilters}</Button>
    </Stack>
  );
}

function DetailsButton({ live, kind, id, label }: { live: LiveActor; kind: DetailKind; id: number; label: string }) {
  return (
    <Button size="xs" variant="ghost" aria-label={DASHBOARD_TEXTS.openDetails(kind, label)} onClick={() => live.send({ type: 'live.details.open', kind, id })}>
      {label}
    </Button>
  );
}

// Rows are memoised on their row object: the live merge keeps the objects of unchanged rows, so a batch
// redraws only the rows it changed (bench/dashboard-frames.ts measures this under 2,000 updates/s).
const DeliveryRow = memo(function DeliveryRow({ live, row }: { live: LiveActor; row: LiveDelivery }) {
  return (
    <tr data-xmin={String(row.xmin)}>
      <td><DetailsButton live={live} kind="delivery" id={row.id} label={String(row.waybill ?? row.id)} /></td>
      <td>{statusLabel(LOGISTIC_STATUS_LABELS, Number(row.logisticStatusId))}</td>
      <td>{String(row.companyName ?? '')}</td>
    </tr>
  );
});

const DeliveriesTable = memo(function DeliveriesTable({ live, rows }: { live: LiveActor; rows: LiveDelivery[] }) {
  const columns = DASHBOARD_TEXTS.columns;
  return (
    <Table width="100%" fontSize="sm" css={cellCss}>
      <chakra.caption textAlign="left" fontWeight="bold" py={1}>{DASHBOARD_TEXTS.deliveries}</chakra.caption>
      <thead><tr><th scope="col">{columns.waybill}</th><th scope="col">{columns.status}</th><th scope="col">{columns.company}</th></tr></thead>
      <tbody>
        {rows.length === 0 && <tr><td colSpan={3}>{DASHBOARD_TEXTS.noRows}</td></tr>}
        {rows.map((row) => <DeliveryRow key={row.id} live={live} row={row} />)}
      </tbody>
    </Table>
  );
});

const TaskRows = memo(function TaskRows({ tasks }: { tasks: LiveTask[] }) {
  const columns = DASHBOARD_TEXTS.columns;
  return (
    <Table width="100%" fontSize="xs" css={cellCss}>
      <thead><tr><th scope="col">{columns.order}</th><th scope="col">{columns.type}</th><th scope="col">{columns.status}</th><th scope="col">{columns.fromDriver}</th></tr></thead>
      <tbody>
        {tasks.length === 0 && <tr><td colSpan={4}>{DASHBOARD_TEXTS.noRows}</td></tr>}
        {tasks.map((task) => (
          <tr key={task.id}>
            <td>{task.taskJobOrder ?? ''}</td>
            <td>{statusLabel(TASK_TYPE_LABELS, task.taskTypeId)}</td>
            <td>{statusLabel(TASK_STATUS_LABELS, task.taskStatusId)}</td>
            <td>{task.distanceFromDriver === null || task.distanceFromDriver === undefined ? '' : formatDistance(task.distanceFromDriver)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
});

const JobRow = memo(function JobRow({ live, job, open, tasks }: { live: LiveActor; job: LiveJob; open: boolean; tasks: LiveTask[] | undefined }) {
  return (
    <>
      <tr data-xmin={String(job.xmin)}>
        <td><DetailsButton live={live} kind="job" id={job.id} label={String(job.id)} /></td>
        <td>{statusLabel(JOB_STATUS_LABELS, job.jobStatusId)}</td>
        <td>{String(job.driverName ?? '')}</td>
        <td>
          <Button size="xs" variant="outline" aria-expanded={open} aria-label={DASHBOARD_TEXTS.showTasks(job.id)}
            onClick={() => live.send({ type: 'live.job.toggle', jobId: job.id })}>
            {DASHBOARD_TEXTS.tasks} {open ? '▲' : '▼'}
          </Button>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={4} aria-label={DASHBOARD_TEXTS.showTasks(job.id)} role="cell"><TaskRows tasks={tasks ?? []} /></td>
        </tr>
      )}
    </>
  );
}, (before, after) => before.live === after.live && before.job === after.job && before.open === after.open && sameRows(before.tasks, after.tasks));

/** Whether two lists hold the very same row objects (the merge keeps unchanged rows' objects). */
function sameRows<T>(before: readonly T[] | undefined, after: readonly T[] | undefined): boolean {
  if (before === after) return true;
  if (!before || !after || before.length !== after.length) return false;
  return before.every((row, index) => row === after[index]);
}

/** Jobs with their tasks expandable (one or several); pressing the expanded one collapses it. */
const JobsList = memo(function JobsList({ live, rows, tasksByJob, expanded }: { live: LiveActor; rows: LiveJob[]; tasksByJob: ReadonlyMap<number, LiveTask[]>; expanded: number[] }) {
  const columns = DASHBOARD_TEXTS.columns;
  return (
    <Table width="100%" fontSize="sm" css={cellCss}>
      <chakra.caption textAlign="left" fontWeight="bold" py={1}>{DASHBOARD_TEXTS.jobs}</chakra.caption>
      <thead><tr><th scope="col">{columns.id}</th><th scope="col">{columns.status}</th><th scope="col">{columns.driver}</th><th scope="col">{columns.tasks}</th></tr></thead>
      <tbody>
        {rows.length === 0 && <tr><td colSpan={4}>{DASHBOARD_TEXTS.noRows}</td></tr>}
        {rows.map((job) => {
          const open = expanded.includes(job.id);
          return <JobRow key={job.id} live={live} job={job} open={open} tasks={open ? tasksByJob.get(job.id) : undefined} />;
        })}
      </tbody>
    </Table>
  );
});

/** A driver's last known position as "lat, lon" to 4 decimals (about 10 m), moved live by coordinate messages. */
function formatLocation(location: unknown): string {
  const point = location as { lat?: unknown; lon?: unknown } | null | undefined;
  if (!point || typeof point.lat !== 'number' || typeof point.lon !== 'number') return '';
  return `${point.lat.toFixed(4)}, ${point.lon.toFixed(4)}`;
}

const DriverRow = memo(function DriverRow({ live, row }: { live: LiveActor; row: LiveUser }) {
  return (
    <tr data-xmin={String(row.xmin)}>
      <td><DetailsButton live={live} kind="driver" id={row.id} label={String(row.fullName ?? row.id)} /></td>
      <td>{statusLabel(DRIVER_AVAILABILITY_LABELS, Number(row.driverAvailabilityId))}</td>
      <td>{String(row.openJobCount ?? '')}</td>
      <td>{formatLocation(row.lastLocation)}</td>
    </tr>
  );
});

const DriversTable = memo(function DriversTable({ live, rows }: { live: LiveActor; rows: LiveUser[] }) {
  const columns = DASHBOARD_TEXTS.columns;
  return (
    <Table width="100%" fontSize="sm" css={cellCss}>
      <chakra.caption textAlign="left" fontWeight="bold" py={1}>{DASHBOARD_TEXTS.drivers}</chakra.caption>
      <thead>
        <tr>
          <th scope="col">{columns.name}</th><th scope="col">{columns.availability}</th><th scope="col">{columns.openJobs}</th>
          <th scope="col">{columns.lastLocation}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && <tr><td colSpan={4}>{DASHBOARD_TEXTS.noRows}</td></tr>}
        {rows.map((row) => <DriverRow key={row.id} live={live} row={row} />)}
      </tbody>
    </Table>
  );
});

/**
 * The dashboard (002 section 2): stats, the filters side bar, the deliveries, jobs (with their tasks) and
 * drivers lists kept live by the live-merge actor, and the details side bar. Draws the two actors; every
 * decision is theirs or in dashboard-view.ts.
 */
export function DashboardView({ live, view, notifications, scanner }: {
  live: LiveActor;
  view: DashboardActor;
  notifications?: Actor<typeof webNotificationsMachine>;
  scanner?: BarcodeScannerActor;
}) {
  // A scanned code that names a delivery opens its details.
  useEffect(() => {
    if (!scanner) return undefined;
    const found = scanner.on('scanner.found', (event) => live.send({ type: 'live.details.open', kind: 'delivery', id: event.deliveryId }));
    return () => found.unsubscribe();
  }, [scanner, live]);
  const lists = useSelector(live, (snapshot) => snapshot.context.lists);
  const loaded = useSelector(live, (snapshot) => snapshot.context.loaded);
  const loading = useSelector(live, (snapshot) => snapshot.hasTag('loading'));
  const failed = useSelector(live, (snapshot) => snapshot.matches({ lists: 'failed' }));
  const error = useSelector(live, (snapshot) => snapshot.context.error);
  const lastBatch = useSelector(live, (snapshot) => snapshot.context.lastBatchSize);
  const expanded = useSelector(live, (snapshot) => snapshot.context.expandedJobIds);
  const filters = useSelector(view, (snapshot) => snapshot.context.filters);
  const ids = useSelector(view, (snapshot) => snapshot.context.ids);
  const search = useSelector(view, (snapshot) => snapshot.context.search);
  const qsrMode = useSelector(view, (snapshot) => snapshot.context.qsrMode);
  const viewContext = useMemo(() => ({ filters, ids, search, qsrMode }), [filters, ids, search, qsrMode]);
  const leftOpen = useSelector(view, (snapshot) => snapshot.matches({ leftSidebar: 'open' }));
  const rightOpen = useSelector(view, (snapshot) => snapshot.matches({ rightSidebar: 'open' }));
  const listType = useSelector(live, (snapshot) => snapshot.context.listType);
  // Everything loaded under the filters feeds the stats; the table shows the list's own kind (in play or finished).
  const filtered = useMemo(() => visibleDeliveries(lists.deliveries, viewContext), [lists.deliveries, viewContext]);
  const deliveries = useMemo(() => deliveriesOfList(filtered, listType), [filtered, listType]);
  const jobs = useMemo(() => visibleJobs(lists.jobs, viewContext), [lists.jobs, viewContext]);
  const drivers = useMemo(() => visibleDrivers(lists.drivers, viewContext), [lists.drivers, viewContext]);
  const tasksByJob = useMemo(() => tasksOfJobs(lists.tasks, expanded), [lists.tasks, expanded]);

  return (
    <Stack gap={3} p={3}>
      <HStack justify="space-between" wrap="wrap">
        <Heading size="md">{DASHBOARD_TEXTS.title}</Heading>
        <HStack>
          <Badge aria-live="polite">{DASHBOARD_TEXTS.live(lastBatch)}</Badge>
          {scanner && <BarcodeScanner actor={scanner} />}
          <Button size="sm" variant="outline" aria-expanded={leftOpen} onClick={() => view.send({ type: 'dashboard.leftSidebar.toggle' })}>{DASHBOARD_TEXTS.leftSidebar}</Button>
          <Button size="sm" variant="outline" aria-expanded={rightOpen} onClick={() => view.send({ type: 'dashboard.rightSidebar.toggle' })}>{DASHBOARD_TEXTS.rightSidebar}</Button>
        </HStack>
      </HStack>
      <StatsBar deliveries={filtered} shown={deliveries.length} />
      {failed && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{DASHBOARD_TEXTS.loadFailed} {error?.message}</Alert.Title>
          <Button size="xs" ml="auto" onClick={() => live.send({ type: 'live.retry' })}>{DASHBOARD_TEXTS.tryAgain}</Button>
        </Alert.Root>
      )}
      <Flex gap={4} align="flex-start" direction={{ base: 'column', lg: 'row' }}>
        {leftOpen && <FiltersBar view={view} />}
        <Stack flex="1" gap={4} minW={0} aria-busy={loading || undefined}>
          {loading && !loaded && <div role="status">{DASHBOARD_TEXTS.loading}</div>}
          {loaded && (
            <>
              <DeliveriesTable live={live} rows={deliveries} />
              <JobsList live={live} rows={jobs} tasksByJob={tasksByJob} expanded={expanded} />
              <DriversTable live={live} rows={drivers} />
            </>
          )}
        </Stack>
        {rightOpen && (
          <Stack gap={4}>
            <DetailPanel live={live} />
            {notifications && <NotificationsPanel actor={notifications} />}
          </Stack>
        )}
      </Flex>
    </Stack>
  );
}
