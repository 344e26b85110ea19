import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { system } from '../../src/ui/theme';
import { SEARCH_TEXTS } from '../../src/lib/error-catalogue';
import { searchSelectMachine } from '../../src/machines/lists/search-select.machine';
import { searchSelectSamples } from '../../src/machines/lists/search-select.samples';
import { SearchSelect } from '../../src/ui/SearchSelect';
import { chartCan, describeModel } from '../support/model-paths';

const status = () => screen.getByText((_, element) => element?.getAttribute('aria-live') === 'polite');
const input = () => screen.getByRole('combobox', { name: 'Company' });
/** The chart the suite started (its guards observed), for `chartCan`. */
let chart = searchSelectMachine;
/** An option the search did not offer (a stale pick: the list changed under the pointer). */
const notOffered = { key: '99', value: 'Gone Ltd' };

/** "Clear" shows while something is chosen or typed, and the chart clears exactly then (hasSomething). */
function clearOffered(snapshot: SnapshotFrom<typeof searchSelectMachine>) {
  const shown = screen.queryByRole('button', { name: 'Clear Company' }) !== null;
  expect(shown).toBe(snapshot.context.selected !== null || snapshot.context.term !== '');
  expect(chartCan(chart, snapshot, { type: 'select.clear' })).toBe(shown);
}

describeModel({
  machine: searchSelectMachine,
  scenarios: searchSelectSamples.scenarios,
  targets: searchSelectSamples.targets,
  guards: true,
  start(machine, input_, clock) {
    chart = machine;
    const actor = createActor(machine, { input: input_, clock }).start();
    render(<ChakraProvider value={system}><SearchSelect label="Company" actor={actor} includeExclude /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          if (event.type === 'select.type') fireEvent.change(input(), { target: { value: event.term } });
          else if (event.type === 'select.choose') fireEvent.click(screen.getByRole('button', { name: event.option.value }));
          else if (event.type === 'select.mode') fireEvent.click(screen.getByRole('radio', { name: event.mode === 'include' ? 'Include' : 'Exclude' }));
          else if (event.type === 'select.create') fireEvent.click(screen.getByRole('button', { name: /^Create/ }));
          else if (event.type === 'select.clear') fireEvent.click(screen.getByRole('button', { name: 'Clear Company' }));
          else throw new Error(`No UI action for ${event.type}`);
        });
      },
    };
  },
  states: {
    empty: (snapshot) => {
      clearOffered(snapshot);
      // Nothing listed: a pick of an option no search offered is refused (isOffered).
      expect(screen.queryAllByRole('option')).toEqual([]);
      expect(chartCan(chart, snapshot, { type: 'select.choose', option: notOffered })).toBe(false);
      // The prompt to type shows only while nothing is chosen (issue 21: 'Start typing...' under a filled address).
      if (snapshot.context.selected) {
        expect(screen.getByTestId('search-select-selected').textContent).toBe(snapshot.context.selected.value);
        expect(status().textContent).toBe('');
      } else {
        expect(status().textContent).toContain(SEARCH_TEXTS.enterSearchTerm);
      }
    },
    tooShort: () => expect(status().textContent).toContain(SEARCH_TEXTS.minimum(3)),
    debouncing: () => {
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(status().textContent).toBe('');
    },
    searching: () => expect(screen.getByLabelText('Searching')).toBeTruthy(),
    results: (snapshot) => {
      expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
      clearOffered(snapshot);
      // The options listed are the ones the chart takes; one it did not offer is refused (isOffered).
      for (const option of snapshot.context.options) {
        expect(screen.getByRole('button', { name: option.value })).toBeTruthy();
        expect(chartCan(chart, snapshot, { type: 'select.choose', option })).toBe(true);
      }
      expect(chartCan(chart, snapshot, { type: 'select.choose', option: notOffered })).toBe(false);
    },
    noResults: (snapshot) => {
      expect(status().textContent).toContain(SEARCH_TEXTS.noMatchingResults);
      expect(Boolean(screen.queryByRole('button', { name: /^Create/ }))).toBe(snapshot.context.allowCreate);
      // The chart agrees: creating only where allowed (mayCreate).
      expect(chartCan(chart, snapshot, { type: 'select.create' })).toBe(snapshot.context.allowCreate);
    },
    failed: () => expect(status().textContent).toContain(SEARCH_TEXTS.notFoundNoMatchingResults),
    creating: () => expect(screen.getByLabelText('Searching')).toBeTruthy(),
  },
});
