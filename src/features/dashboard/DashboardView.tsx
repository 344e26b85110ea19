import { Alert, Badge, Box, Button, Flex, Grid, Heading, HStack, Input, Stack, Tabs, Text, chakra, useMediaQuery } from '@chakra-ui/react';
import { tabsSlotRecipe } from '@chakra-ui/react/theme';
import { Select } from '../../ui/Select';
import { useSelector } from '@xstate/react';
import { Fragment, memo, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { JOB_BUILDING_TEXTS } from '../../lib/jobs-texts';
import type { Actor } from 'xstate';
import { DASHBOARD_TEXTS } from '../../lib/dashboard-texts';
import { DASHBOARD_DRAG_TEXTS } from '../../lib/auto-dispatch';
import { formatDistance, markerLabel } from '../../lib/distance';
import {
  DRIVER_AVAILABILITY_LABELS, JOB_STATUS_LABELS, LOGISTIC_STATUS_LABELS, statusLabel, TASK_STATUS_LABELS, TASK_TYPE_LABELS,
} from '../../lib/statuses';
import type { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import { DASHBOARD_TABS, type DashboardTab, type IdsFilterKind } from '../../machines/dashboard/dashboard.types';
import {
  DASHBOARD_FILTER_FIELDS, DRIVER_AVAILABILITY_COLOURS, TASK_STATUS_COLOURS, dashboardStats, dispatchMapPoints, deliveriesOfList, parseIds, tasksOfJobs, visibleDeliveries, visibleDrivers, visibleJobs, type DashboardFilterField, type Stat,
} from '../../machines/dashboard/dashboard-view';
import type { liveMergeMachine } from '../../machines/operations/live-merge.machine';
import { EMPTY_LISTS, type DetailKind, type LiveDelivery, type LiveJob, type LiveTask, type LiveUser, type OpenDetail } from '../../machines/operations/live-merge';
import type { webNotificationsMachine } from '../../machines/operations/web-notifications.machine';
import { NotificationsPanel } from './NotificationsPanel';
import { BarcodeScanner, type BarcodeScannerActor } from './BarcodeScanner';
import { DetailPanel } from './DetailPanel';
import { RouteMap } from '../../ui/LazyRouteMap';
import { useVirtualRows } from '../../ui/use-virtual-rows';
import type { Portal } from '../../machines/portal/portal.types';

export type LiveActor = Actor<typeof liveMergeMachine>;

/**
 * Dragging a job onto a driver (issue 20): which jobs may be dragged (the job chart allows an assignment) and what
 * a drop does (the console assigns through the same steps as picking the driver: distance, far warning, assign).
 */
export interface JobDrop {
  may: (job: LiveJob) => boolean;
  onDrop: (jobId: number, driverId: number) => void;
}
/** The drag's data type: only a job from the jobs list is accepted by the drivers. */
export const JOB_DRAG_TYPE = 'application/x-courier-job';
const carriesJob = (event: { dataTransfer: DataTransfer | null }) => Array.from(event.dataTransfer?.types ?? []).includes(JOB_DRAG_TYPE);
type MapTiles = NonNullable<Portal['mapTiles']>;
export type DashboardActor = Actor<typeof dashboardMachine>;

const Table = chakra('table');
/**
 * The lists' tables: cells, and the buttons of their rows. Row buttons are plain `<button class="row-button">`
 * styled here once per table: a Chakra Button computes and hashes its styles on every render, and a live batch
 * re-renders some 200 rows (about half of a batch's render time went to that, bench/dashboard-frames.ts).
 */
const cellCss = {
  borderCollapse: 'collapse',
  '& th, & td': { padding: '6px 8px', borderBottom: '1px solid #e2e2e2', textAlign: 'left' },
  '& .row-button': {
    display: 'inline-flex', alignItems: 'center', gap: '4px', minHeight: '24px', paddingInline: '8px', fontSize: '12px', fontWeight: 500,
    lineHeight: 1.2, whiteSpace: 'nowrap', borderRadius: '4px', border: '1px solid transparent', background: 'transparent', color: 'inherit', cursor: 'pointer',
  },
  '& .row-button[data-variant=outline]': { borderColor: 'border' },
  '& .row-button:hover': { background: 'bg.muted' },
  '& .row-button:focus-visible': { outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '2px' },
} as const;

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

/** The left side bar's filters: search, filters by field and value, by ids, QSR mode, clear. */
function FiltersBar({ view }: { view: DashboardActor }) {
  const filters = useSelector(view, (s) => s.context.filters);
  const ids = useSelector(view, (s) => s.context.ids);
  const search = useSelector(view, (s) => s.context.search);
  const qsrMode = useSelector(view, (s) => s.context.qsrMode);
  const [field, setField] = useState<DashboardFilterField>('logisticstatuses');
  const [value, setValue] = useState('');
  return (
    <Stack gap={2}>
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
    <button type="button" className="row-button" aria-label={DASHBOARD_TEXTS.openDetails(kind, label)} onClick={() => live.send({ type: 'live.details.open', kind, id })}>
      {label}
    </button>
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

/**
 * A job row's height before it is measured (a row button 24 px, padding 12, border 1: 37 px; a driver's name often
 * wraps to a second line in the side bar: 58 px), and a task row's.
 */
const JOB_ROW_HEIGHT = 48;
const TASK_ROW_HEIGHT = 31;

/**
 * One job: its row, and its tasks' row when expanded, in a row group of their own (a table may have several), so
 * the virtualised list measures the two as one item (`data-index`, `data-key`).
 */
const JobRow = memo(function JobRow({ live, job, open, tasks, drop, index, rowIndex, measure }: {
  live: LiveActor; job: LiveJob; open: boolean; tasks: LiveTask[] | undefined; drop?: JobDrop;
  /** Position in the list (the virtualiser's), and the row's aria-rowindex (the head is row 1; expanded tasks rows count). */
  index: number; rowIndex: number; measure: (element: Element | null) => void;
}) {
  const draggable = drop?.may(job) ?? false;
  return (
    <tbody ref={measure} data-index={index} data-key={job.id}>
      <tr aria-rowindex={rowIndex} data-xmin={String(job.xmin)} draggable={draggable || undefined} aria-description={draggable ? DASHBOARD_DRAG_TEXTS.dragJob : undefined}
        style={draggable ? { cursor: 'grab' } : undefined}
        onDragStart={draggable ? (event) => { event.dataTransfer.setData(JOB_DRAG_TYPE, String(job.id)); event.dataTransfer.effectAllowed = 'move'; } : undefined}>
        <td><DetailsButton live={live} kind="job" id={job.id} label={String(job.id)} /></td>
        <td>{statusLabel(JOB_STATUS_LABELS, job.jobStatusId)}</td>
        <td>{String(job.driverName ?? '')}</td>
        <td>
          <button type="button" className="row-button" data-variant="outline" aria-expanded={open} aria-label={DASHBOARD_TEXTS.showTasks(job.id)}
            onClick={() => live.send({ type: 'live.job.toggle', jobId: job.id })}>
            {DASHBOARD_TEXTS.tasks} {open ? '▲' : '▼'}
          </button>
        </td>
      </tr>
      {open && (
        <tr aria-rowindex={rowIndex + 1}>
          <td colSpan={4} aria-label={DASHBOARD_TEXTS.showTasks(job.id)} role="cell"><TaskRows tasks={tasks ?? []} /></td>
        </tr>
      )}
    </tbody>
  );
}, (before, after) => before.live === after.live && before.job === after.job && before.open === after.open && before.drop === after.drop
  && before.index === after.index && before.rowIndex === after.rowIndex && before.measure === after.measure && sameRows(before.tasks, after.tasks));

/** Whether two lists hold the very same row objects (the merge keeps unchanged rows' objects). */
function sameRows<T>(before: readonly T[] | undefined, after: readonly T[] | undefined): boolean {
  if (before === after) return true;
  if (!before || !after || before.length !== after.length) return false;
  return before.every((row, index) => row === after[index]);
}

/** The rows not drawn, as one empty row of their height (hidden from screen readers: aria-rowcount counts them). */
function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return <tbody aria-hidden="true"><tr><td colSpan={columns} style={{ height, padding: 0, border: 0 }} /></tr></tbody>;
}

/**
 * Jobs with their tasks expandable (one or several); pressing the expanded one collapses it. Only the jobs in view of
 * the list's scrolling region are drawn (a live batch changes some 200 rows a second; the region shows about 20):
 * the table keeps its full aria-rowcount and each row its aria-rowindex, the columns a fixed layout (their widths do
 * not jump as rows come and go).
 */
const JobsList = memo(function JobsList({ live, rows, tasksByJob, expanded, drop, scroller }: {
  live: LiveActor; rows: LiveJob[]; tasksByJob: ReadonlyMap<number, LiveTask[]>; expanded: number[]; drop?: JobDrop;
  scroller: RefObject<HTMLElement | null>;
}) {
  const columns = DASHBOARD_TEXTS.columns;
  const head = useRef<HTMLTableSectionElement>(null);
  // aria-rowindex of each job's row: the head is row 1, an expanded job's tasks take the row after its own.
  const rowIndexes = useMemo(() => {
    const indexes: number[] = [];
    let next = 2;
    for (const job of rows) {
      indexes.push(next);
      next += expanded.includes(job.id) ? 2 : 1;
    }
    return { indexes, count: next - 1 };
  }, [rows, expanded]);
  const virtual = useVirtualRows({
    count: rows.length,
    keyOf: (index) => rows[index]!.id,
    estimate: (index) => {
      const job = rows[index]!;
      return expanded.includes(job.id) ? JOB_ROW_HEIGHT + 13 + TASK_ROW_HEIGHT * (1 + (tasksByJob.get(job.id)?.length ?? 1)) : JOB_ROW_HEIGHT;
    },
    scroller,
    head,
  });
  return (
    <Table width="100%" fontSize="sm" css={cellCss} tableLayout="fixed" aria-rowcount={rowIndexes.count} onFocus={virtual.onFocus} onBlur={virtual.onBlur}>
      <chakra.caption textAlign="left" fontWeight="bold" py={1}>{DASHBOARD_TEXTS.jobs}</chakra.caption>
      <colgroup><col style={{ width: '22%' }} /><col style={{ width: '26%' }} /><col /><col style={{ width: '24%' }} /></colgroup>
      <thead ref={head}><tr aria-rowindex={1}><th scope="col">{columns.id}</th><th scope="col">{columns.status}</th><th scope="col">{columns.driver}</th><th scope="col">{columns.tasks}</th></tr></thead>
      {rows.length === 0 && <tbody><tr><td colSpan={4}>{DASHBOARD_TEXTS.noRows}</td></tr></tbody>}
      {virtual.rows.map(({ index, gapBefore }) => {
        const job = rows[index]!;
        const open = expanded.includes(job.id);
        return (
          <Fragment key={job.id}>
            <Spacer height={gapBefore} columns={4} />
            <JobRow live={live} job={job} open={open} tasks={open ? tasksByJob.get(job.id) : undefined} drop={drop}
              index={index} rowIndex={rowIndexes.indexes[index]!} measure={virtual.measure} />
          </Fragment>
        );
      })}
      <Spacer height={virtual.gapAfter} columns={4} />
    </Table>
  );
});

/** A driver's last known position as "lat, lon" to 4 decimals (about 10 m), moved live by coordinate messages. */
function formatLocation(location: unknown): string {
  const point = location as { lat?: unknown; lon?: unknown } | null | undefined;
  if (!point || typeof point.lat !== 'number' || typeof point.lon !== 'number') return '';
  return `${point.lat.toFixed(4)}, ${point.lon.toFixed(4)}`;
}

const DriverRow = memo(function DriverRow({ live, row, drop }: { live: LiveActor; row: LiveUser; drop?: JobDrop }) {
  const [over, setOver] = useState(false);
  const name = String(row.fullName ?? row.id);
  return (
    <tr data-xmin={String(row.xmin)} data-drop-over={over || undefined} style={over ? { outline: '2px dashed #3182ce' } : undefined}
      aria-description={drop ? DASHBOARD_DRAG_TEXTS.dropHint(name) : undefined}
      onDragOver={drop ? (event) => { if (carriesJob(event)) { event.preventDefault(); event.dataTransfer.dropEffect = 'move'; setOver(true); } } : undefined}
      onDragLeave={drop ? () => setOver(false) : undefined}
      onDrop={drop ? (event) => {
        setOver(false);
        const jobId = Number(event.dataTransfer.getData(JOB_DRAG_TYPE));
        if (!Number.isInteger(jobId) || jobId <= 0) return;
        event.preventDefault();
        drop.onDrop(jobId, row.id);
      } : undefined}>
      <td><DetailsButton live={live} kind="driver" id={row.id} label={String(row.fullName ?? row.id)} /></td>
      <td>{statusLabel(DRIVER_AVAILABILITY_LABELS, Number(row.driverAvailabilityId))}</td>
      <td>{String(row.openJobCount ?? '')}</td>
      <td>{formatLocation(row.lastLocation)}</td>
    </tr>
  );
});

const DriversTable = memo(function DriversTable({ live, rows, drop }: { live: LiveActor; rows: LiveUser[]; drop?: JobDrop }) {
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
        {rows.map((row) => <DriverRow key={row.id} live={live} row={row} drop={drop} />)}
      </tbody>
    </Table>
  );
});

/** "Build a job" on the jobs tab: the builder (its ready deliveries loaded then) shows while open. */
function JobBuilderDisclosure({ builder }: { builder: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={2} mb={2}>
      <Button size="xs" variant="outline" alignSelf="start" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? JOB_BUILDING_TEXTS.closeBuilder : JOB_BUILDING_TEXTS.openBuilder}
      </Button>
      {open && builder()}
    </Stack>
  );
}

/** The left side bar's lists as tabs (deliveries, jobs, drivers; tab 0 by default) with their counts; arrow keys move between tabs. */
function ListTabs({ live, view, deliveries, jobs, drivers, tasksByJob, expanded, drop, jobBuilder }: {
  live: LiveActor; view: DashboardActor; deliveries: LiveDelivery[]; jobs: LiveJob[]; drivers: LiveUser[];
  tasksByJob: ReadonlyMap<number, LiveTask[]>; expanded: number[]; drop?: JobDrop; jobBuilder?: () => ReactNode;
}) {
  const tab = useSelector(view, (snapshot) => DASHBOARD_TABS.find((name) => snapshot.matches({ tab: name })) ?? DASHBOARD_TABS[0]);
  const counts: Record<DashboardTab, number> = { deliveries: deliveries.length, jobs: jobs.length, drivers: drivers.length };
  const region = useRef<HTMLDivElement>(null);
  return (
    <Tabs.Root recipe={tabsSlotRecipe} value={tab} size="sm" variant="line" lazyMount unmountOnExit
      onValueChange={(details) => view.send({ type: `dashboard.tab.${details.value as DashboardTab}` })}>
      <Tabs.List aria-label={DASHBOARD_TEXTS.listTabs}>
        {DASHBOARD_TABS.map((name) => (
          // A job dragged over the drivers tab opens it, so it can be dropped on a driver.
          <Tabs.Trigger key={name} value={name}
            onDragOver={drop && name === 'drivers' ? (event) => { if (carriesJob(event)) { event.preventDefault(); if (tab !== 'drivers') view.send({ type: 'dashboard.tab.drivers' }); } } : undefined}>
            {DASHBOARD_TEXTS.tab(DASHBOARD_TEXTS[name], counts[name])}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {/* The open list scrolls inside its own region (on a phone too, so the map is not 120 rows down); the region
          takes the keyboard's focus and has a name, so its scroll bar is reachable without a pointer. The jobs list
          draws only the rows in view and corrects the scroll position itself when rows above are measured: the
          browser's own scroll anchoring would correct it a second time (overflow-anchor none). */}
      <Box ref={region} role="region" aria-label={DASHBOARD_TEXTS.listRegion(DASHBOARD_TEXTS[tab])} tabIndex={0}
        maxH={{ base: '60vh', lg: 'calc(100vh - 320px)' }} overflowY="auto" overscrollBehavior="contain" overflowAnchor="none" focusVisibleRing="inside">
        <Tabs.Content value="deliveries"><DeliveriesTable live={live} rows={deliveries} /></Tabs.Content>
        <Tabs.Content value="jobs">
          {jobBuilder && <JobBuilderDisclosure builder={jobBuilder} />}
          <JobsList live={live} rows={jobs} tasksByJob={tasksByJob} expanded={expanded} drop={drop} scroller={region} />
        </Tabs.Content>
        <Tabs.Content value="drivers"><DriversTable live={live} rows={drivers} drop={drop} /></Tabs.Content>
      </Box>
    </Tabs.Root>
  );
}

function LegendItem({ colour, label }: { colour: string; label: string }) {
  return (
    <HStack as="li" gap={1}>
      <chakra.span aria-hidden="true" display="inline-block" w="10px" h="10px" borderRadius="full" style={{ background: colour }} />
      <Text as="span">{label}</Text>
    </HStack>
  );
}

/** The centre: drivers coloured by availability, stops by status, the selected job's route; a legend under it. */
const LiveMap = memo(function LiveMap({ drivers, jobs, tasks, selectedJobId, tiles }: {
  drivers: LiveUser[]; jobs: LiveJob[]; tasks: readonly LiveTask[]; selectedJobId: number | null; tiles: MapTiles | null;
}) {
  const points = useMemo(() => dispatchMapPoints(drivers, jobs, tasks, selectedJobId), [drivers, jobs, tasks, selectedJobId]);
  const stops = selectedJobId !== null ? points.stops.map((stop, index) => ({ ...stop, label: markerLabel(index) })) : points.stops;
  return (
    <Stack as="section" aria-label={DASHBOARD_TEXTS.map} gap={1} minW={0}>
      <RouteMap label={selectedJobId !== null ? DASHBOARD_TEXTS.routeOf(selectedJobId) : DASHBOARD_TEXTS.mapSurface}
        markers={[...stops, ...points.drivers]} path={points.route} width={4000} height={460}
        tileUrl={tiles?.url ?? null} tileAttribution={tiles?.attribution ?? ''} />
      <Flex as="ul" aria-label={DASHBOARD_TEXTS.mapLegend} listStyleType="none" gap={3} wrap="wrap" fontSize="xs" m={0} p={0}>
        <Text as="li" fontWeight="medium">{DASHBOARD_TEXTS.legendDrivers}:</Text>
        {Object.entries(DRIVER_AVAILABILITY_COLOURS).map(([code, colour]) => <LegendItem key={`d${code}`} colour={colour} label={statusLabel(DRIVER_AVAILABILITY_LABELS, Number(code))} />)}
        <Text as="li" fontWeight="medium">{DASHBOARD_TEXTS.legendStops}:</Text>
        {Object.entries(TASK_STATUS_COLOURS).map(([code, colour]) => <LegendItem key={`t${code}`} colour={colour} label={statusLabel(TASK_STATUS_LABELS, Number(code))} />)}
      </Flex>
    </Stack>
  );
});

/** Below the wide layout (Chakra's lg, 64rem: a phone or a narrow tablet) the console shows one part at a time. */
export const NARROW_QUERY = '(max-width: 63.99rem)';
function useNarrow(): boolean {
  // ssr false: the first render already knows the width (no wide layout drawn, then thrown away, on a phone).
  return useMediaQuery([NARROW_QUERY], { ssr: false })[0] ?? false;
}

type Section = 'lists' | 'map' | 'details';

/**
 * The narrow layout: tabs for the lists (with the filters), the map and the details, instead of the three stacked
 * (a phone had the whole deliveries list, about 7,000 px, above the map). Opening a row's details shows them.
 * Which part shows is the screen's own (like a disclosure's open state), not the dashboard chart's.
 */
function SectionTabs({ lists, map, details, detail }: { lists: ReactNode; map: ReactNode; details: ReactNode; detail: OpenDetail | null }) {
  const [chosen, setChosen] = useState<Section>(lists ? 'lists' : 'map');
  const [seenDetail, setSeenDetail] = useState(detail);
  // A row's details were opened (from a list or the scanner; each opening is a new object): show them.
  if (seenDetail !== detail) {
    setSeenDetail(detail);
    if (detail && details) setChosen('details');
  }
  const sections: { name: Section; label: string; content: ReactNode }[] = [
    { name: 'lists', label: DASHBOARD_TEXTS.sectionLists, content: lists },
    { name: 'map', label: DASHBOARD_TEXTS.sectionMap, content: map },
    { name: 'details', label: DASHBOARD_TEXTS.sectionDetails, content: details },
  ];
  const shown = sections.filter((section) => section.content);
  // A side bar closed with the toggles above: its tab goes, and the map shows.
  const value = shown.some((section) => section.name === chosen) ? chosen : 'map';
  return (
    <Tabs.Root recipe={tabsSlotRecipe} value={value} variant="enclosed" fitted lazyMount onValueChange={(details) => setChosen(details.value as Section)}>
      <Tabs.List aria-label={DASHBOARD_TEXTS.sections}>
        {shown.map((section) => <Tabs.Trigger key={section.name} value={section.name}>{section.label}</Tabs.Trigger>)}
      </Tabs.List>
      {shown.map((section) => <Tabs.Content key={section.name} value={section.name} pt={3}>{section.content}</Tabs.Content>)}
    </Tabs.Root>
  );
}

/**
 * The dashboard as a dispatch console (002 section 2, issue 20): stats; the left side bar with the filters and
 * the deliveries, jobs and drivers lists as tabs; the centre a live map of drivers and stops with the selected
 * job's route; the right side bar with the selected row's details and actions (`jobActions`, given by the page
 * that owns the job's actor) and the notifications. Below the wide layout the three are tabs (SectionTabs).
 * Draws the two actors; every decision is theirs or in dashboard-view.ts.
 */
export function DashboardView({ live, view, notifications, scanner, jobActions, driverActions, messaging, tiles = null, jobDrop, jobBuilder }: {
  live: LiveActor;
  view: DashboardActor;
  notifications?: Actor<typeof webNotificationsMachine>;
  scanner?: BarcodeScannerActor;
  /** The selected job's actions (assign by picking a driver, start, reject …), drawn in the right side bar. */
  jobActions?: (jobId: number) => ReactNode;
  /** The selected driver's actions (messaging, the deposit modal), drawn in the right side bar. */
  driverActions?: (driverId: number, driverName?: string) => ReactNode;
  /** The messaging window, in the right side bar. */
  messaging?: ReactNode;
  /** The map's tile source from the server's config (the portal's `mapTiles`); none: a plain background with the markers. */
  tiles?: MapTiles | null;
  /** Dragging a job onto a driver in the drivers list (those who may assign). */
  jobDrop?: JobDrop;
  /** Building a job from the ready deliveries, on the jobs tab (those who may create jobs). */
  jobBuilder?: () => ReactNode;
}) {
  // A scanned code that names a delivery opens its details.
  useEffect(() => {
    if (!scanner) return undefined;
    const found = scanner.on('scanner.found', (event) => live.send({ type: 'live.details.open', kind: 'delivery', id: event.deliveryId }));
    return () => found.unsubscribe();
  }, [scanner, live]);
  // The lists render from a deferred copy: a live batch re-renders a few hundred rows, which React then renders in
  // slices between frames (yielding to the browser) instead of in one task that drops a frame or two per batch.
  // Everything else (toggles, filters, details) stays urgent; the rows catch up within the same batch interval.
  const lists = useDeferredValue(useSelector(live, (snapshot) => snapshot.context.lists));
  // Shown once the deferred copy holds the loaded lists (a load stores new lists, never EMPTY_LISTS itself).
  const loaded = useSelector(live, (snapshot) => snapshot.context.loaded) && lists !== EMPTY_LISTS;
  const loading = useSelector(live, (snapshot) => snapshot.hasTag('loading'));
  const failed = useSelector(live, (snapshot) => snapshot.matches({ lists: 'failed' }));
  const error = useSelector(live, (snapshot) => snapshot.context.error);
  const lastBatch = useSelector(live, (snapshot) => snapshot.context.lastBatchSize);
  const expanded = useSelector(live, (snapshot) => snapshot.context.expandedJobIds);
  const detail = useSelector(live, (snapshot) => snapshot.context.detail);
  const routeJobId = useSelector(live, (snapshot) => snapshot.context.jobId);
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
  // The selected job: the one whose details are open, else the job of /dashboard/:id.
  const selectedJobId = detail?.kind === 'job' ? detail.id : routeJobId;
  const columns = `${leftOpen ? 'minmax(300px, 380px) ' : ''}minmax(0, 1fr)${rightOpen ? ' minmax(280px, 360px)' : ''}`;

  const narrow = useNarrow();
  const listsPanel = leftOpen ? (
    <Stack as="aside" aria-label={DASHBOARD_TEXTS.leftSidebar} gap={3} minW={0} aria-busy={loading || undefined}>
      <FiltersBar view={view} />
      {loading && !loaded && <div role="status">{DASHBOARD_TEXTS.loading}</div>}
      {loaded && <ListTabs live={live} view={view} deliveries={deliveries} jobs={jobs} drivers={drivers} tasksByJob={tasksByJob} expanded={expanded} drop={jobDrop} jobBuilder={jobBuilder} />}
    </Stack>
  ) : null;
  const mapPanel = <LiveMap drivers={drivers} jobs={jobs} tasks={lists.tasks} selectedJobId={selectedJobId} tiles={tiles} />;
  const detailsPanel = rightOpen ? (
    <Stack gap={4} minW={0}>
      <DetailPanel live={live} jobActions={jobActions} driverActions={driverActions} />
      {messaging}
      {notifications && <NotificationsPanel actor={notifications} />}
    </Stack>
  ) : null;

  return (
    <Stack gap={3} p={3}>
      <HStack justify="space-between" wrap="wrap">
        <Heading size="md">{DASHBOARD_TEXTS.title}</Heading>
        <HStack wrap="wrap">
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
      {narrow ? (
        <SectionTabs lists={listsPanel} map={mapPanel} details={detailsPanel} detail={detail} />
      ) : (
        <Grid gap={3} alignItems="start" templateColumns={columns}>
          {listsPanel}
          {mapPanel}
          {detailsPanel}
        </Grid>
      )}
    </Stack>
  );
}
