import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, fromCallback, fromPromise, type Actor, type SnapshotFrom } from 'xstate';
import { system } from '../../src/ui/theme';
import { DashboardView } from '../../src/features/dashboard/DashboardView';
import { DASHBOARD_TEXTS } from '../../src/lib/dashboard-texts';
import { dashboardMachine } from '../../src/machines/dashboard/dashboard.machine';
import { DASHBOARD_TABS, type DashboardEvent, type DashboardTab } from '../../src/machines/dashboard/dashboard.types';
import { dashboardSamples } from '../../src/machines/dashboard/dashboard.samples';
import { DASHBOARD_FILTER_FIELDS, visibleLists } from '../../src/machines/dashboard/dashboard-view';
import { liveMergeMachine } from '../../src/machines/operations/live-merge.machine';
import { liveMergeListsSample, liveMergeSamples } from '../../src/machines/operations/live-merge.samples';
import { describeModel } from '../support/model-paths';

type Snapshot = SnapshotFrom<typeof dashboardMachine>;

const filtersBar = () => screen.queryByRole('complementary', { name: DASHBOARD_TEXTS.leftSidebar });
const detailsBar = () => screen.queryByRole('complementary', { name: DASHBOARD_TEXTS.rightSidebar });

/** With the side bar open, the tab's list and only it is shown, its tab selected. */
function tabShows(snapshot: Snapshot, tab: DashboardTab) {
  if (!snapshot.matches({ leftSidebar: 'open' })) return;
  for (const other of DASHBOARD_TABS) {
    expect(Boolean(screen.queryByRole('table', { name: DASHBOARD_TEXTS[other] }))).toBe(other === tab);
  }
  expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(new RegExp(`^${DASHBOARD_TEXTS[tab]} \\(`));
}

function waybillsShown(): string[] {
  const table = screen.queryByRole('table', { name: DASHBOARD_TEXTS.deliveries });
  if (!table) return [];
  return within(table).queryAllByRole('button').map((button) => button.textContent ?? '');
}

describeModel({
  machine: dashboardMachine,
  scenarios: dashboardSamples.scenarios,
  targets: dashboardSamples.targets,
  guards: true,
  async start(machine, _input, clock) {
    const live = createActor(liveMergeMachine.provide({
      actors: {
        hubUpdates: fromCallback(() => undefined),
        reconnects: fromCallback(() => undefined),
        loadLists: fromPromise(async () => liveMergeListsSample),
      },
    }), { input: liveMergeSamples.scenarios[0]!.input, clock }).start();
    const view = createActor(machine, { clock }).start() as unknown as Actor<typeof dashboardMachine>;
    render(<ChakraProvider value={system}><DashboardView live={live} view={view} /></ChakraProvider>);
    await screen.findByRole('table', { name: DASHBOARD_TEXTS.deliveries });
    return {
      async send(event) {
        const typed = event as DashboardEvent;
        if (typed.type.startsWith('dashboard.tab.')) {
          const bar = filtersBar();
          const name = DASHBOARD_TEXTS[typed.type.slice('dashboard.tab.'.length) as DashboardTab];
          // The tabs live in the left side bar: with it hidden the event comes from elsewhere.
          if (!bar) act(() => { view.send(typed); });
          else {
            const tab = () => within(bar).getByRole('tab', { name: new RegExp(`^${name} \\(`) });
            fireEvent.click(tab());
            await waitFor(() => expect(tab().getAttribute('aria-selected')).toBe('true'));
          }
          return;
        }
        act(() => {
          const bar = filtersBar();
          switch (typed.type) {
            case 'dashboard.leftSidebar.toggle': fireEvent.click(screen.getByRole('button', { name: DASHBOARD_TEXTS.leftSidebar })); return;
            case 'dashboard.rightSidebar.toggle': fireEvent.click(screen.getByRole('button', { name: DASHBOARD_TEXTS.rightSidebar })); return;
            default: break;
          }
          // The filter controls live in the left side bar: with it hidden the event comes from elsewhere (a link).
          if (!bar) {
            view.send(typed);
            return;
          }
          const inBar = within(bar);
          switch (typed.type) {
            case 'dashboard.search':
              fireEvent.change(inBar.getByRole('searchbox', { name: DASHBOARD_TEXTS.search }), { target: { value: typed.text } });
              break;
            case 'dashboard.filter':
              fireEvent.change(inBar.getByRole('combobox', { name: DASHBOARD_TEXTS.filterField }), { target: { value: typed.field } });
              fireEvent.change(inBar.getByRole('textbox', { name: DASHBOARD_TEXTS.filterValue }), { target: { value: typed.value } });
              fireEvent.click(inBar.getByRole('button', { name: DASHBOARD_TEXTS.addFilter }));
              break;
            case 'dashboard.ids':
              fireEvent.change(inBar.getByRole('textbox', { name: DASHBOARD_TEXTS.ids[typed.kind] }), { target: { value: typed.ids.join(', ') } });
              break;
            case 'dashboard.qsr.toggle': fireEvent.click(inBar.getByRole('button', { name: DASHBOARD_TEXTS.qsrMode })); break;
            case 'dashboard.clearFilters': fireEvent.click(inBar.getByRole('button', { name: DASHBOARD_TEXTS.clearFilters })); break;
            case 'dashboard.filter.remove': {
              const chip = inBar.queryAllByRole('button', { name: /^Remove filter/ })[0];
              if (chip) fireEvent.click(chip);
              else view.send(typed);
              break;
            }
            default: view.send(typed);
          }
        });
      },
    };
  },
  states: {
    leftSidebar: (snapshot: Snapshot) => {
      // The deliveries tab of the open side bar shows what the filters let through; the map is always there.
      const expected = visibleLists(liveMergeListsSample, snapshot.context).deliveries.map((row) => String(row.waybill));
      const shown = snapshot.matches({ leftSidebar: 'open', tab: 'deliveries' });
      expect(waybillsShown()).toEqual(shown ? expected : []);
      expect(screen.getByRole('region', { name: DASHBOARD_TEXTS.map })).toBeTruthy();
    },
    'leftSidebar.open': (snapshot: Snapshot) => {
      const bar = within(filtersBar()!);
      expect(screen.getByRole('button', { name: DASHBOARD_TEXTS.leftSidebar }).getAttribute('aria-expanded')).toBe('true');
      expect((bar.getByRole('searchbox', { name: DASHBOARD_TEXTS.search }) as HTMLInputElement).value).toBe(snapshot.context.search);
      expect(bar.getByRole('button', { name: DASHBOARD_TEXTS.qsrMode }).getAttribute('aria-pressed')).toBe(String(snapshot.context.qsrMode));
      const chips = bar.queryAllByRole('button', { name: /^Remove filter/ }).map((chip) => chip.getAttribute('aria-label'));
      expect(chips).toEqual(Object.entries(snapshot.context.filters).map(([name, value]) =>
        DASHBOARD_TEXTS.removeFilter(`${DASHBOARD_FILTER_FIELDS[name as keyof typeof DASHBOARD_FILTER_FIELDS].label}: ${value}`)));
    },
    'leftSidebar.closed': () => {
      expect(filtersBar()).toBeNull();
      expect(screen.getByRole('button', { name: DASHBOARD_TEXTS.leftSidebar }).getAttribute('aria-expanded')).toBe('false');
    },
    rightSidebar: () => {
      expect(screen.getByRole('region', { name: DASHBOARD_TEXTS.map })).toBeTruthy();
    },
    tab: (snapshot: Snapshot) => {
      // The tabs count what the filters let through; with the side bar hidden there are none.
      const lists = visibleLists(liveMergeListsSample, snapshot.context);
      const tabs = screen.queryAllByRole('tab').map((tab) => tab.textContent);
      expect(tabs).toEqual(snapshot.matches({ leftSidebar: 'open' })
        ? [DASHBOARD_TEXTS.tab(DASHBOARD_TEXTS.deliveries, lists.deliveries.length), DASHBOARD_TEXTS.tab(DASHBOARD_TEXTS.jobs, lists.jobs.length),
          DASHBOARD_TEXTS.tab(DASHBOARD_TEXTS.drivers, lists.drivers.length)]
        : []);
    },
    'tab.deliveries': (snapshot: Snapshot) => tabShows(snapshot, 'deliveries'),
    'tab.jobs': (snapshot: Snapshot) => tabShows(snapshot, 'jobs'),
    'tab.drivers': (snapshot: Snapshot) => tabShows(snapshot, 'drivers'),
    'rightSidebar.open': () => {
      expect(within(detailsBar()!).getByText(DASHBOARD_TEXTS.detailsNone)).toBeTruthy();
      expect(screen.getByRole('button', { name: DASHBOARD_TEXTS.rightSidebar }).getAttribute('aria-expanded')).toBe('true');
    },
    'rightSidebar.closed': () => {
      expect(detailsBar()).toBeNull();
      expect(screen.getByRole('button', { name: DASHBOARD_TEXTS.rightSidebar }).getAttribute('aria-expanded')).toBe('false');
    },
  },
});
