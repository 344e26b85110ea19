import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { system } from '../../src/app/theme';
import { FLOW_MACHINES } from '../../src/features/flows/catalogue';
import { Component as FlowsPage } from '../../src/features/flows/FlowsPage';
import { machineFiles } from '../../src/lib/flows/node-discovery';

function renderFlows(path: string) {
  const router = createMemoryRouter([{ path: '/flows', element: <FlowsPage /> }], { initialEntries: [path] });
  render(<ChakraProvider value={system}><RouterProvider router={router} /></ChakraProvider>);
  return router;
}

const activeStates = (container: ParentNode = document) =>
  [...container.querySelectorAll('[data-state].active')].map((element) => element.getAttribute('data-state'));

describe('/flows', () => {
  it('lists every machine file of src/machines, with its description', () => {
    const files = new Set(FLOW_MACHINES.map((entry) => entry.file));
    expect([...files].sort()).toEqual(machineFiles(process.cwd()).machines);
    renderFlows('/flows');
    const list = screen.getByRole('navigation', { name: 'Machines' });
    for (const entry of FLOW_MACHINES) {
      const button = within(list).getByRole('button', { name: new RegExp(`^${entry.id}\\b`) });
      if (entry.description) expect(button.textContent).toContain(entry.description);
    }
    // getByRole per machine grows with the catalogue (34 machines now): give it room on a loaded machine.
  }, 30_000);

  it('draws the selected machine and simulates it: taking an event moves the highlight', async () => {
    const router = renderFlows('/flows?machine=portal&view=simulate');
    await screen.findByRole('region', { name: 'Diagram of portal' }, { timeout: 10_000 });
    await waitFor(() => expect(activeStates()).toEqual(['portal.resolving']));
    const events = screen.getByRole('list', { name: 'Enabled events' });
    fireEvent.click(within(events).getByRole('button', { name: /^xstate\.done\.actor\.lookupPortal/ }));
    await waitFor(() => expect(activeStates()).toEqual(['portal.ready']));
    expect(screen.getByTestId('simulated-state').textContent).toContain('"ready"');

    fireEvent.click(screen.getByRole('button', { name: /^auth\b/ }));
    expect(router.state.location.search).toContain('machine=auth');
    await screen.findByRole('region', { name: 'Diagram of auth' }, { timeout: 20_000 });
  }, 40_000);
});
