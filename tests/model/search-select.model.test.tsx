import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { system } from '../../src/ui/theme';
import { SEARCH_TEXTS } from '../../src/lib/error-catalogue';
import { searchSelectMachine } from '../../src/machines/lists/search-select.machine';
import { searchSelectSamples } from '../../src/machines/lists/search-select.samples';
import { SearchSelect } from '../../src/ui/SearchSelect';
import { describeModel } from '../support/model-paths';

const status = () => screen.getByText((_, element) => element?.getAttribute('aria-live') === 'polite');
const input = () => screen.getByRole('combobox', { name: 'Company' });

describeModel({
  machine: searchSelectMachine,
  scenarios: searchSelectSamples.scenarios,
  targets: searchSelectSamples.targets,
  start(machine, input_, clock) {
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
    results: () => expect(screen.getAllByRole('option').length).toBeGreaterThan(0),
    noResults: (snapshot) => {
      expect(status().textContent).toContain(SEARCH_TEXTS.noMatchingResults);
      expect(Boolean(screen.queryByRole('button', { name: /^Create/ }))).toBe(snapshot.context.allowCreate);
    },
    failed: () => expect(status().textContent).toContain(SEARCH_TEXTS.notFoundNoMatchingResults),
    creating: () => expect(screen.getByLabelText('Searching')).toBeTruthy(),
  },
});
