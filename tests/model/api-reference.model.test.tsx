import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { ApiReferenceView } from '../../src/features/public/DevelopersPage';
import { apiReferenceSamples } from '../../src/machines/public/api-reference.samples';
import { system } from '../../src/ui/theme';
import { describeModel } from '../support/model-paths';

// The developers page's API reference (issue 19): operations of the served contract, grouped by tag.
describeModel({
  machine: apiReferenceSamples.machine,
  scenarios: apiReferenceSamples.scenarios,
  targets: apiReferenceSamples.targets,
  guards: true,
  start(machine, input, clock) {
    const actor = createActor(machine, { input, clock }).start();
    render(<ChakraProvider value={system}><ApiReferenceView actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          if (event.type !== 'retry') throw new Error(`No UI action for ${event.type}`);
          fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        });
      },
    };
  },
  states: {
    loading: () => expect(screen.getByRole('status').textContent).toBe('Loading the API reference…'),
    failed: (snapshot) => expect(screen.getByRole('alert').textContent).toContain(snapshot.context.problem!),
    shown: (snapshot) => {
      const text = screen.getByTestId('api-reference').textContent ?? '';
      for (const group of snapshot.context.groups) {
        for (const { tag, operations } of group.tags) {
          expect(text).toContain(`${tag} (${operations.length})`);
          for (const operation of operations) expect(text).toContain(operation.path);
        }
      }
      expect(text).toContain('/connect/public/{cca2}/price');
    },
  },
});
