import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'vitest';
import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import { system } from '../../src/ui/theme';
import { ListView } from '../../src/ui/admin/ListView';
import { loadResources, resourceOf } from '../../src/resources';
import { BULK_TEXTS } from '../../src/resources/bulk';
import { LIST_TEXTS } from '../../src/lib/resource-texts';
import { MIN_SEARCH_LENGTH } from '../../src/lib/constants';
import { toSearchString } from '../../src/resources/query';
import { SEARCH_TEXTS } from '../../src/lib/error-catalogue';
import { listMachine } from '../../src/machines/lists/list.machine';
import type { ListEvent } from '../../src/machines/lists/list.types';
import { listSamples } from '../../src/machines/lists/list.samples';
import { describeModel } from '../support/model-paths';
// The confirm dialog loads on first open (src/ui/LazyConfirmDialog.tsx); loaded here, its lazy() resolves at once.
import '../../src/ui/ConfirmDialog';

// The samples' resources, loaded as their screens load them before creating the actor (paths are generated at once).
await loadResources(['stores', 'deliveries']);


let navigations: string[] = [];
let notFound = 0;
let notices: string[] = [];
let running: Actor<typeof listMachine> | undefined;
/** What the running chart (its observed guards) would do with an event now. */
const can = (event: ListEvent) => running!.getSnapshot().can(event);

type ListSnapshot = SnapshotFrom<typeof listMachine>;

// Dialogs hide the rest of the page from assistive technology (aria-hidden); the paths may still send the
// page's events while one is open, so the executor finds the page's controls including hidden ones.
const hidden = { hidden: true } as const;

const sortColumnOf = (snapshot: ListSnapshot) => resourceOf(snapshot.context.resource).columns.find((column) => column.sortKey)!;
const labelOf = (snapshot: ListSnapshot, id: number) => {
  const row = snapshot.context.page?.items.find((item) => item.id === id);
  return row ? resourceOf(snapshot.context.resource).label(row as never) : undefined;
};
const rowCheckboxes = () => screen.queryAllByRole('checkbox', { ...hidden, name: /^Select (?!all)/ }) as HTMLInputElement[];

function sendThroughUi(actor: Actor<typeof listMachine>, event: ListEvent) {
  const snapshot = actor.getSnapshot();
  const { selected } = snapshot.context;
  const bar = screen.queryByRole('region', { ...hidden, name: BULK_TEXTS.bulkActions });
  const dialog = screen.queryByRole('alertdialog');
  switch (event.type) {
    case 'list.search':
      fireEvent.change(screen.getByRole('searchbox', { ...hidden, name: LIST_TEXTS.search }), { target: { value: event.text } });
      return;
    case 'list.retry': fireEvent.click(screen.getByRole('button', { ...hidden, name: LIST_TEXTS.tryAgain })); return;
    case 'list.page': fireEvent.click(screen.getByRole('button', { ...hidden, name: LIST_TEXTS.nextPage })); return;
    case 'list.sort': fireEvent.click(screen.getByRole('button', { ...hidden, name: sortColumnOf(snapshot).header })); return;
    case 'list.clearFilters': fireEvent.click(screen.getByRole('button', { ...hidden, name: LIST_TEXTS.clearFilters })); return;
    case 'list.select': {
      const label = labelOf(snapshot, event.id);
      // A click flips the box: only a change the user can make goes through the page.
      if (label && !snapshot.matches('loading') && selected.includes(event.id) !== event.selected) {
        fireEvent.click(screen.getByRole('checkbox', { ...hidden, name: BULK_TEXTS.selectRow(label) }));
      } else actor.send(event);
      return;
    }
    case 'list.selectPage': {
      const box = screen.queryByRole('checkbox', { ...hidden, name: BULK_TEXTS.selectPage }) as HTMLInputElement | null;
      if (box && !box.disabled && box.checked !== event.selected) fireEvent.click(box);
      else actor.send(event);
      return;
    }
    case 'list.clearSelection': {
      if (bar) fireEvent.click(screen.getByRole('button', { ...hidden, name: BULK_TEXTS.clearSelection }));
      else actor.send(event);
      return;
    }
    case 'list.bulk': {
      const action = resourceOf(snapshot.context.resource).bulkActions?.find((candidate) => candidate.id === event.action);
      if (bar && action) fireEvent.click(screen.getByRole('button', { ...hidden, name: action.label }));
      else actor.send(event);
      return;
    }
    case 'list.bulkNo':
    case 'list.bulkYes': {
      const button = dialog && screen.queryByRole('button', { name: event.type === 'list.bulkYes' ? 'Yes' : 'No' }) as HTMLButtonElement | null;
      if (button && !button.disabled) fireEvent.click(button);
      else actor.send(event);
      return;
    }
    default:
      // The router's part (list.urlChanged: back, a link, a reload) and the connection's (reconnected).
      actor.send(event);
  }
}

describeModel({
  machine: listMachine,
  scenarios: listSamples.scenarios,
  targets: listSamples.targets,
  guards: true,
  start(machine, input, clock) {
    navigations = [];
    notFound = 0;
    notices = [];
    const recorded = machine.provide({
      actions: {
        notifyBulkDone: ({ context, event }) => {
          const action = resourceOf(context.resource).bulkActions?.find((candidate) => candidate.id === context.bulk?.action);
          notices.push(action!.doneText((event as unknown as { output: number }).output));
        },
      },
    });
    const actor = createActor(recorded, { input, clock });
    running = actor;
    actor.on('list.navigate', (event) => navigations.push(event.search));
    actor.on('list.notFound', () => { notFound += 1; });
    actor.start();
    const bulkActions = resourceOf(input.resource).bulkActions ?? [];
    render(<ChakraProvider value={system}><MemoryRouter><ListView actor={actor} mayEdit bulkActions={bulkActions} /></MemoryRouter></ChakraProvider>);
    return {
      send(event) {
        act(() => sendThroughUi(actor, event as ListEvent));
      },
    };
  },
  states: {
    loading: (snapshot) => {
      if (!snapshot.context.page) expect(screen.getByRole('status').textContent).toBe(LIST_TEXTS.loading);
      else expect(screen.getByRole('table', hidden).getAttribute('aria-busy')).toBe('true');
      // The pager is on screen only with a page, and the chart takes a page change only then (pageShown).
      expect(screen.queryByRole('button', { ...hidden, name: LIST_TEXTS.nextPage }) !== null).toBe(snapshot.context.page !== undefined);
      expect(can({ type: 'list.page', page: 2 })).toBe(snapshot.context.page !== undefined);
    },
    ready: (snapshot) => {
      const table = screen.getByRole('table', hidden);
      expect(table.getAttribute('aria-busy')).toBeNull();
      expect(screen.getAllByRole('row', hidden)).toHaveLength(snapshot.context.page!.items.length + 1);
      const column = sortColumnOf(snapshot);
      const { sortBy, sortDirection } = snapshot.context.params;
      expect(screen.getByRole('columnheader', { ...hidden, name: new RegExp(column.header) }).getAttribute('aria-sort'))
        .toBe(sortBy === column.sortKey ? (sortDirection === 'asc' ? 'ascending' : 'descending') : 'none');
      // Every row has its checkbox; the checked ones are the selection.
      expect(rowCheckboxes()).toHaveLength(snapshot.context.page!.items.length);
      expect(rowCheckboxes().filter((box) => box.checked)).toHaveLength(snapshot.context.selected.length);
      // The URL the list shows does not load it again (back to the same URL, the list's own navigation): urlDiffers.
      expect(can({ type: 'list.urlChanged', search: toSearchString(snapshot.context.params, snapshot.context.shape) })).toBe(false);
    },
    'ready.idle': (snapshot) => {
      const { searchText } = snapshot.context;
      if (searchText.trim().length >= MIN_SEARCH_LENGTH) expect(navigations.at(-1)).toContain(`search=${searchText}`);
      else if (searchText) {
        // Too short: the hint shows and no search is made.
        expect(screen.getByText(SEARCH_TEXTS.minimum(MIN_SEARCH_LENGTH))).toBeTruthy();
        expect(navigations.some((search) => search.includes('search='))).toBe(false);
      }
      const bar = screen.queryByRole('region', { name: BULK_TEXTS.bulkActions });
      if (snapshot.context.selected.length === 0) expect(bar).toBeNull();
      else expect(bar!.textContent).toContain(BULK_TEXTS.selected(snapshot.context.selected.length));
      // A bulk action (its button is on the bar) only with a selection: knownBulkAction.
      expect(can({ type: 'list.bulk', action: 'delete' })).toBe(snapshot.context.selected.length > 0);
    },
    'ready.typing': (snapshot) => {
      expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe(snapshot.context.searchText);
      expect(navigations.some((search) => search.includes('search='))).toBe(false);
    },
    'ready.confirming': async (snapshot) => {
      const dialog = await screen.findByRole('alertdialog');
      const action = resourceOf(snapshot.context.resource).bulkActions!.find((candidate) => candidate.id === snapshot.context.bulk!.action)!;
      expect(dialog.textContent).toContain(action.question(snapshot.context.selected.length));
      expect((screen.getByRole('button', { name: 'No' }) as HTMLButtonElement).disabled).toBe(false);
      // Yes waits for the action's value (the new delivery date): bulkValueGiven.
      // (A path's bare `list.bulkValue` carries no value.)
      const value = (snapshot.context.bulk!.value ?? '').trim();
      expect(can({ type: 'list.bulkYes' })).toBe(action.input === undefined || value !== '');
      expect((screen.getByRole('button', { name: 'Yes' }) as HTMLButtonElement).disabled).toBe(!can({ type: 'list.bulkYes' }));
    },
    'ready.running': async () => {
      await screen.findByRole('alertdialog');
      expect((screen.getByRole('button', { name: 'No' }) as HTMLButtonElement).disabled).toBe(true);
      expect(notices).toEqual([]);
    },
    'ready.reloadPending': (snapshot) => {
      // Done: the spec's text, the selection cleared, and the reload still to come (2 s after a delete).
      expect(notices.at(-1)).toBe(resourceOf(snapshot.context.resource).deletedText!(1));
      expect(screen.queryByRole('region', { name: BULK_TEXTS.bulkActions })).toBeNull();
      expect(screen.getByRole('table', hidden).getAttribute('aria-busy')).toBeNull();
    },
    failed: () => {
      expect(screen.getByRole('button', { ...hidden, name: LIST_TEXTS.tryAgain })).toBeTruthy();
      expect(screen.getByText('An error occured communicating with the server. Oops, we were unable to complete your request. Please contact support if the issue persists.')).toBeTruthy();
    },
    notFound: () => expect(notFound).toBe(1),
  },
});
