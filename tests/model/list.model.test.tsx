import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { system } from '../../src/app/theme';
import { ListView } from '../../src/features/admin/ListView';
import { LIST_TEXTS } from '../../src/lib/resources/texts';
import { listMachine, type ListEvent } from '../../src/machines/lists/list.machine';
import { listSamples } from '../../src/machines/lists/list.samples';
import { describeModel } from '../support/model-paths';

let navigations: string[] = [];
let notFound = 0;

describeModel({
  machine: listMachine,
  scenarios: listSamples.scenarios,
  start(machine, input, clock) {
    navigations = [];
    notFound = 0;
    const actor = createActor(machine, { input, clock });
    actor.on('list.navigate', (event) => navigations.push(event.search));
    actor.on('list.notFound', () => { notFound += 1; });
    actor.start();
    render(<ChakraProvider value={system}><MemoryRouter><ListView actor={actor} mayEdit /></MemoryRouter></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          // The router's part: a new URL reaches the list (back, a link, a reload).
          if (event.type === 'list.urlChanged') actor.send(event as ListEvent);
          else if (event.type === 'list.search') fireEvent.change(screen.getByRole('searchbox', { name: LIST_TEXTS.search }), { target: { value: event.text } });
          else if (event.type === 'list.retry') fireEvent.click(screen.getByRole('button', { name: LIST_TEXTS.tryAgain }));
          else if (event.type === 'list.reload' || event.type === 'connection.reconnected') actor.send(event as ListEvent);
          else if (event.type === 'list.page') fireEvent.click(screen.getByRole('button', { name: LIST_TEXTS.nextPage }));
          else if (event.type === 'list.sort') fireEvent.click(screen.getByRole('button', { name: /Store name/ }));
          else if (event.type === 'list.clearFilters') fireEvent.click(screen.getByRole('button', { name: LIST_TEXTS.clearFilters }));
          else actor.send(event as ListEvent);
        });
      },
    };
  },
  states: {
    loading: (snapshot) => {
      if (!snapshot.context.page) expect(screen.getByRole('status').textContent).toBe(LIST_TEXTS.loading);
      else expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    },
    ready: (snapshot) => {
      const table = screen.getByRole('table');
      expect(table.getAttribute('aria-busy')).toBeNull();
      expect(screen.getAllByRole('row')).toHaveLength(snapshot.context.page!.items.length + 1);
      expect(screen.getByRole('columnheader', { name: /Store name/ }).getAttribute('aria-sort')).toBe(snapshot.context.params.sortBy === 'storeName' ? 'ascending' : 'none');
    },
    'ready.idle': (snapshot) => {
      if (snapshot.context.searchText) expect(navigations.at(-1)).toContain(`search=${snapshot.context.searchText}`);
    },
    'ready.typing': (snapshot) => {
      expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe(snapshot.context.searchText);
      expect(navigations.some((search) => search.includes('search='))).toBe(false);
    },
    failed: () => {
      expect(screen.getByRole('button', { name: LIST_TEXTS.tryAgain })).toBeTruthy();
      expect(screen.getByText('An error occured communicating with the server. Oops, we were unable to complete your request. Please contact support if the issue persists.')).toBeTruthy();
    },
    notFound: () => expect(notFound).toBe(1),
  },
});
