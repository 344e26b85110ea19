import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { system } from '../../src/ui/theme';
import { DashboardView, NARROW_QUERY } from '../../src/features/dashboard/DashboardView';
import { DASHBOARD_TEXTS, NOTIFICATION_TEXTS } from '../../src/lib/dashboard-texts';
import { JOB_BUILDING_TEXTS } from '../../src/lib/jobs-texts';
import { dashboardMachine } from '../../src/machines/dashboard/dashboard.machine';
import { liveMergeMachine } from '../../src/machines/operations/live-merge.machine';
import { liveMergeJobDetailsSample, liveMergeListsSample, liveMergeSamples } from '../../src/machines/operations/live-merge.samples';
import { TASK_STATUS } from '../../src/lib/statuses';
import { permissionsOf, renderShell } from '../support/shell-harness';

/** The dashboard with its REST calls answered by the samples and a hub the test speaks through. */
function renderDashboard(tiles: { url: string; attribution: string } | null = null, jobBuilder?: () => ReactNode) {
  const hub: { send?: (event: AnyEventObject) => void } = {};
  const live = createActor(liveMergeMachine.provide({
    actors: {
      hubUpdates: fromCallback(({ sendBack }) => { hub.send = sendBack; }),
      reconnects: fromCallback(() => undefined),
      loadLists: fromPromise(async () => liveMergeListsSample),
      loadDetails: fromPromise(async () => liveMergeJobDetailsSample),
    },
    actions: { playSound: () => undefined },
  }), { input: liveMergeSamples.scenarios[0]!.input }).start();
  const view = createActor(dashboardMachine).start();
  render(<ChakraProvider value={system}><DashboardView live={live} view={view} tiles={tiles} jobBuilder={jobBuilder} /></ChakraProvider>);
  return { hub, live };
}

/** Opens one of the left side bar's list tabs ("Jobs (1)"). */
async function openTab(name: string) {
  const tab = () => screen.getByRole('tab', { name: new RegExp(`^${name} \\(`) });
  fireEvent.click(tab());
  await waitFor(() => expect(tab().getAttribute('aria-selected')).toBe('true'));
}

const stat = (label: string) => within(screen.getByRole('group', { name: label })).getAllByText(/.+/).map((node) => node.textContent).join(' ');

describe('dashboard', () => {
  it("offers building a job on the jobs tab to those who may: the builder shows while it is open", async () => {
    renderDashboard(null, () => <p>the job builder</p>);
    await screen.findByRole('table', { name: DASHBOARD_TEXTS.deliveries });
    await openTab('Jobs');
    const toggle = screen.getByRole('button', { name: JOB_BUILDING_TEXTS.openBuilder });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('the job builder')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByText('the job builder')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: JOB_BUILDING_TEXTS.closeBuilder }));
    expect(screen.queryByText('the job builder')).toBeNull();
  });

  it('has no job builder for those who may not create jobs', async () => {
    renderDashboard();
    await screen.findByRole('table', { name: DASHBOARD_TEXTS.deliveries });
    await openTab('Jobs');
    expect(screen.queryByRole('button', { name: JOB_BUILDING_TEXTS.openBuilder })).toBeNull();
  });

  // Issue 20: the map's tiles come from the server's config (the portal's mapTiles); none: a plain background.
  it('draws the map without tiles, fetching nothing, when the server names no tile source', async () => {
    renderDashboard(null);
    const map = await screen.findByRole('region', { name: DASHBOARD_TEXTS.map });
    await waitFor(() => expect(map.querySelector('.leaflet-container')).not.toBeNull());
    expect(map.querySelector('.leaflet-tile-pane .leaflet-layer')).toBeNull();
    expect(map.querySelectorAll('img')).toHaveLength(0);
  });

  it('draws the server\'s tile layer, with its credit line, when it names one', async () => {
    renderDashboard({ url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Example tiles' });
    const map = await screen.findByRole('region', { name: DASHBOARD_TEXTS.map });
    await waitFor(() => expect(map.querySelector('.leaflet-tile-pane .leaflet-layer')).not.toBeNull());
    expect(map.querySelector('.leaflet-control-attribution')?.textContent).toContain('Example tiles');
  });

  it('loads the lists, shows the stats, follows the hub in batches, expands and collapses a job\'s tasks and opens its details', async () => {
    const { hub } = renderDashboard();
    const deliveries = await screen.findByRole('table', { name: DASHBOARD_TEXTS.deliveries });
    expect(within(deliveries).getByRole('button', { name: DASHBOARD_TEXTS.openDetails('delivery', 'WBJ0005') })).toBeTruthy();
    // The lists are tabs with their counts, deliveries (tab 0) first; one list shows at a time.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Deliveries (1)', 'Jobs (1)', 'Drivers (1)']);
    expect(screen.getByRole('tab', { name: 'Deliveries (1)' }).getAttribute('aria-selected')).toBe('true');
    await openTab(DASHBOARD_TEXTS.drivers);
    expect(within(screen.getByRole('table', { name: DASHBOARD_TEXTS.drivers })).getByText('Busy')).toBeTruthy();
    expect(screen.queryByRole('table', { name: DASHBOARD_TEXTS.deliveries })).toBeNull();
    // The centre map shows the open job's stops (P for the pick-up, D for the drop-off), coloured by status.
    const markers = () => [...document.querySelectorAll('[data-testid="map-marker"]')].map((node) => node.getAttribute('data-label'));
    expect(await screen.findByRole('region', { name: DASHBOARD_TEXTS.map })).toBeTruthy();
    await waitFor(() => expect(markers()).toEqual(['P', 'D']));
    await openTab(DASHBOARD_TEXTS.jobs);
    // Side bars are open by default; the stats start at 0/0, otds at 50 %.
    expect(screen.getByRole('complementary', { name: DASHBOARD_TEXTS.leftSidebar })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: DASHBOARD_TEXTS.rightSidebar })).toBeTruthy();
    expect(stat(DASHBOARD_TEXTS.stats.otds)).toContain('0/0');
    expect(stat(DASHBOARD_TEXTS.stats.otds)).toContain('(50%)');
    expect(stat(DASHBOARD_TEXTS.stats.pickupCompliance)).toContain('(0%)');

    // Expand job 1: its two open tasks, the drop-off 12.35 km from the driver.
    const toggle = screen.getByRole('button', { name: DASHBOARD_TEXTS.showTasks(1) });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const tasks = () => within(screen.getByRole('cell', { name: DASHBOARD_TEXTS.showTasks(1) }));
    expect(tasks().getAllByRole('row')).toHaveLength(3);
    expect(tasks().getByText('12.35 km')).toBeTruthy();

    // The hub: the driver comes closer (distance only: accepted), an older version is refused, the pick-up completes (removed).
    const [pickUp, dropOff] = liveMergeListsSample.tasks;
    // (The hub actor gathers one batch interval's messages; its own test is in tests/model/live-merge.model.test.tsx.)
    // The rows render from a deferred copy of the lists: act() lets React finish that render before the test looks.
    act(() => hub.send!({ type: 'live.batch', updates: [
      { kind: 'jobTask', payload: { ...dropOff, distanceFromDriver: 3.5, xmin: '21' } },
      { kind: 'jobTask', payload: { ...dropOff, distanceFromDriver: 9, xmin: '19' } },
      { kind: 'jobTask', payload: { ...pickUp, taskStatusId: TASK_STATUS.COMPLETED, xmin: '21' } },
    ] }));
    expect(tasks().getByText('3.50 km')).toBeTruthy();
    expect(tasks().getAllByRole('row')).toHaveLength(2);

    // Selecting the expanded job again collapses it.
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('cell', { name: DASHBOARD_TEXTS.showTasks(1) })).toBeNull();

    // Details of job 1 in the right side bar; the centre map draws its route (stops A, B; km to 2 decimals in the details).
    fireEvent.click(screen.getByRole('button', { name: DASHBOARD_TEXTS.openDetails('job', 1) }));
    const details = within(screen.getByRole('complementary', { name: DASHBOARD_TEXTS.rightSidebar }));
    await waitFor(() => expect(details.getByText('Job 1')).toBeTruthy());
    expect(details.getByText(DASHBOARD_TEXTS.routeDistance('4.12 km'))).toBeTruthy();
    const route = await screen.findByRole('region', { name: DASHBOARD_TEXTS.routeOf(1) });
    expect(route.closest('section')?.getAttribute('aria-label')).toBe(DASHBOARD_TEXTS.map);
    await waitFor(() => expect(markers()).toEqual(['A', 'B']));
    expect(document.querySelectorAll('.route-map-line').length).toBe(1);
  });

  // The jobs list draws only the jobs in view of its region (virtualised): the table still tells a screen reader how
  // many rows it has and where each drawn row sits, an expanded job's tasks row counting as one.
  it('numbers the jobs table\'s rows for screen readers, an expanded job\'s tasks row included', async () => {
    renderDashboard();
    await screen.findByRole('table', { name: DASHBOARD_TEXTS.deliveries });
    await openTab(DASHBOARD_TEXTS.jobs);
    const table = screen.getByRole('table', { name: DASHBOARD_TEXTS.jobs });
    const jobRow = () => screen.getByRole('button', { name: DASHBOARD_TEXTS.openDetails('job', 1) }).closest('tr')!;
    expect(table.getAttribute('aria-rowcount')).toBe('2');
    expect(jobRow().getAttribute('aria-rowindex')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: DASHBOARD_TEXTS.showTasks(1) }));
    await waitFor(() => expect(table.getAttribute('aria-rowcount')).toBe('3'));
    expect(screen.getByRole('cell', { name: DASHBOARD_TEXTS.showTasks(1) }).closest('tr')!.getAttribute('aria-rowindex')).toBe('3');
    expect(jobRow().getAttribute('aria-rowindex')).toBe('2');
  });

  // A phone had the whole deliveries list (about 7,000 px) above the map: the open list scrolls in its own region,
  // which takes the keyboard's focus and has a name, on every width.
  it('keeps the open list in a named, focusable scrolling region, named after the tab', async () => {
    renderDashboard();
    await screen.findByRole('table', { name: DASHBOARD_TEXTS.deliveries });
    const region = screen.getByRole('region', { name: DASHBOARD_TEXTS.listRegion(DASHBOARD_TEXTS.deliveries) });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table', { name: DASHBOARD_TEXTS.deliveries })).toBeTruthy();
    await openTab(DASHBOARD_TEXTS.jobs);
    expect(screen.getByRole('region', { name: DASHBOARD_TEXTS.listRegion(DASHBOARD_TEXTS.jobs) })).toBe(region);
    // Wide (jsdom's media queries match nothing): the three parts side by side, no section tabs.
    expect(screen.queryByRole('tablist', { name: DASHBOARD_TEXTS.sections })).toBeNull();
  });

  describe('below the wide layout (a phone)', () => {
    const wide = window.matchMedia;
    afterEach(() => { window.matchMedia = wide; });

    it('shows the lists, the map or the details, one at a time, as tabs; opening a row\'s details shows them', async () => {
      window.matchMedia = (query: string) => ({ ...wide(query), matches: query === NARROW_QUERY });
      renderDashboard();
      const sections = await screen.findByRole('tablist', { name: DASHBOARD_TEXTS.sections });
      const section = (name: string) => within(sections).getByRole('tab', { name });
      expect(within(sections).getAllByRole('tab').map((tab) => tab.textContent))
        .toEqual([DASHBOARD_TEXTS.sectionLists, DASHBOARD_TEXTS.sectionMap, DASHBOARD_TEXTS.sectionDetails]);
      // The lists first, the map not drawn until its tab opens.
      expect(section(DASHBOARD_TEXTS.sectionLists).getAttribute('aria-selected')).toBe('true');
      expect(await screen.findByRole('table', { name: DASHBOARD_TEXTS.deliveries })).toBeTruthy();
      expect(screen.getByRole('tabpanel', { name: DASHBOARD_TEXTS.sectionLists })).toBeTruthy();
      expect(screen.queryByRole('region', { name: DASHBOARD_TEXTS.map })).toBeNull();
      expect(screen.queryByRole('complementary', { name: DASHBOARD_TEXTS.rightSidebar })).toBeNull();

      fireEvent.click(section(DASHBOARD_TEXTS.sectionMap));
      await waitFor(() => expect(section(DASHBOARD_TEXTS.sectionMap).getAttribute('aria-selected')).toBe('true'));
      expect(await screen.findByRole('region', { name: DASHBOARD_TEXTS.map })).toBeTruthy();
      expect(screen.queryByRole('table', { name: DASHBOARD_TEXTS.deliveries })).toBeNull();

      // Back to the lists (kept as they were), then a delivery's details: the details tab opens with them.
      fireEvent.click(section(DASHBOARD_TEXTS.sectionLists));
      const deliveries = await screen.findByRole('table', { name: DASHBOARD_TEXTS.deliveries });
      fireEvent.click(within(deliveries).getByRole('button', { name: DASHBOARD_TEXTS.openDetails('delivery', 'WBJ0005') }));
      await waitFor(() => expect(section(DASHBOARD_TEXTS.sectionDetails).getAttribute('aria-selected')).toBe('true'));
      expect(screen.getByRole('tabpanel', { name: DASHBOARD_TEXTS.sectionDetails })).toBeTruthy();
      // The same row again, after a look at the lists: its details show again.
      fireEvent.click(section(DASHBOARD_TEXTS.sectionLists));
      await waitFor(() => expect(section(DASHBOARD_TEXTS.sectionLists).getAttribute('aria-selected')).toBe('true'));
      fireEvent.click(within(screen.getByRole('table', { name: DASHBOARD_TEXTS.deliveries })).getByRole('button', { name: DASHBOARD_TEXTS.openDetails('delivery', 'WBJ0005') }));
      await waitFor(() => expect(section(DASHBOARD_TEXTS.sectionDetails).getAttribute('aria-selected')).toBe('true'));

      // Closing the details side bar takes its tab away; the map shows.
      fireEvent.click(screen.getByRole('button', { name: DASHBOARD_TEXTS.rightSidebar }));
      await waitFor(() => expect(within(sections).queryByRole('tab', { name: DASHBOARD_TEXTS.sectionDetails })).toBeNull());
      expect(section(DASHBOARD_TEXTS.sectionMap).getAttribute('aria-selected')).toBe('true');
    });
  });

  it('filters by search, by field and value and by ids, and clears them (and QSR mode) at once', async () => {
    renderDashboard();
    await screen.findByRole('table', { name: DASHBOARD_TEXTS.deliveries });
    const bar = within(screen.getByRole('complementary', { name: DASHBOARD_TEXTS.leftSidebar }));
    const waybills = () => within(screen.getByRole('table', { name: DASHBOARD_TEXTS.deliveries })).queryAllByRole('button').length;
    fireEvent.change(bar.getByRole('searchbox', { name: DASHBOARD_TEXTS.search }), { target: { value: 'WB' } });
    // Under three characters the search does not apply.
    expect(waybills()).toBe(1);
    fireEvent.change(bar.getByRole('searchbox', { name: DASHBOARD_TEXTS.search }), { target: { value: 'nothing' } });
    expect(waybills()).toBe(0);
    fireEvent.change(bar.getByRole('searchbox', { name: DASHBOARD_TEXTS.search }), { target: { value: 'wbj0005' } });
    expect(waybills()).toBe(1);
    fireEvent.change(bar.getByRole('combobox', { name: DASHBOARD_TEXTS.filterField }), { target: { value: 'jobStatuses' } });
    fireEvent.change(bar.getByRole('textbox', { name: DASHBOARD_TEXTS.filterValue }), { target: { value: '0' } });
    fireEvent.click(bar.getByRole('button', { name: DASHBOARD_TEXTS.addFilter }));
    await openTab(DASHBOARD_TEXTS.jobs);
    const jobs = () => within(screen.getByRole('table', { name: DASHBOARD_TEXTS.jobs })).queryAllByRole('button', { name: /^Details of job/ }).length;
    expect(jobs()).toBe(0);
    fireEvent.change(bar.getByRole('textbox', { name: DASHBOARD_TEXTS.ids.driver }), { target: { value: '99' } });
    expect(screen.getByRole('tab', { name: 'Drivers (0)' })).toBeTruthy();
    await openTab(DASHBOARD_TEXTS.drivers);
    expect(within(screen.getByRole('table', { name: DASHBOARD_TEXTS.drivers })).getByText(DASHBOARD_TEXTS.noRows)).toBeTruthy();
    fireEvent.click(bar.getByRole('button', { name: DASHBOARD_TEXTS.qsrMode }));
    expect(bar.getByRole('button', { name: DASHBOARD_TEXTS.qsrMode }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(bar.getByRole('button', { name: DASHBOARD_TEXTS.clearFilters }));
    expect(bar.getByRole('button', { name: DASHBOARD_TEXTS.qsrMode }).getAttribute('aria-pressed')).toBe('false');
    await openTab(DASHBOARD_TEXTS.jobs);
    expect(jobs()).toBe(1);
    await openTab(DASHBOARD_TEXTS.deliveries);
    expect(waybills()).toBe(1);
    expect((bar.getByRole('textbox', { name: DASHBOARD_TEXTS.ids.driver }) as HTMLInputElement).value).toBe('');
  });

  it('is the screen of /dashboard for an operator, with its side bars open and the notifications beside the details', async () => {
    renderShell({ path: '/dashboard', permissions: permissionsOf(['ManagementOperator']) });
    expect(await screen.findByRole('heading', { name: DASHBOARD_TEXTS.title }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: DASHBOARD_TEXTS.leftSidebar })).toBeTruthy();
    expect(screen.getByRole('region', { name: NOTIFICATION_TEXTS.title })).toBeTruthy();
  }, 20_000);
});
