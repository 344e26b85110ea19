import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { system } from '../../src/ui/theme';
import { FLOW_MACHINES } from '../../src/features/flows/catalogue';
import { Component as FlowsPage } from '../../src/features/flows/FlowsPage';
import { machineFiles } from '../../src/lib/flows/node-discovery';
import { loadResources, RESOURCE_IDS } from '../../src/resources';
import { createTestRouter } from '../support/test-router';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(RESOURCE_IDS));

function renderFlows(path: string) {
  const { router, Router } = createTestRouter(path);
  render(<Router><ChakraProvider value={system}><Routes><Route path="/flows" element={<FlowsPage />} /></Routes></ChakraProvider></Router>);
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
    // The buttons read once: a role query per machine computes every button's name again, quadratic in the catalogue.
    const buttons = within(list).getAllByRole('button');
    for (const entry of FLOW_MACHINES) {
      const named = buttons.filter((button) => button.querySelector('p')?.textContent === entry.id);
      expect(named, entry.id).toHaveLength(1);
      if (entry.description) expect(named[0]!.textContent).toContain(entry.description);
    }
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

describe('/flows test paths and keyboard', () => {
  it('lists the generated paths with the coverage, overlays one and replays it in the simulator', async () => {
    const router = renderFlows('/flows?machine=portal&view=paths');
    const list = await screen.findByRole('list', { name: 'Test paths' }, { timeout: 10_000 });
    expect(screen.getByRole('group', { name: 'Coverage' }).textContent).toMatch(/States reached: (\d+) \/ \1 \(100 %\)/);
    await screen.findByRole('region', { name: 'Diagram of portal' }, { timeout: 10_000 });
    const chosen = within(list).getByRole('button', { name: /xstate\.done\.actor\.lookupPortal/ });
    fireEvent.click(chosen);
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(document.querySelectorAll('[data-transition].on-path').length).toBeGreaterThan(0));
    expect(activeStates()).toEqual(['portal.ready']);

    fireEvent.click(screen.getByRole('button', { name: 'Replay in the simulator' }));
    expect(router.state.location.search).toContain('view=simulate');
    const result = await screen.findByTestId('replay-result');
    expect(result.getAttribute('data-matches')).toBe('true');
    await waitFor(() => expect(activeStates()).toEqual(['portal.ready']));
  }, 40_000);

  it('zooms and pans from the keyboard, and names the states for screen readers', async () => {
    renderFlows('/flows?machine=portal');
    const diagram = await screen.findByRole('region', { name: 'Diagram of portal' }, { timeout: 10_000 });
    expect(diagram.tabIndex).toBe(0);
    const zoomText = () => screen.getByText(/% · drag to pan/).textContent!;
    const before = zoomText();
    fireEvent.keyDown(diagram, { key: '+' });
    expect(zoomText()).not.toBe(before);
    fireEvent.keyDown(diagram, { key: '0' });
    expect(zoomText()).toBe(before);
    expect(within(diagram).getByRole('img', { name: /^checkingHost: state \(initial\)/ })).toBeTruthy();
    expect(within(diagram).getAllByRole('img', { name: /^portal\.resolving → portal\.ready: done: lookupPortal/ }).length).toBeGreaterThan(0);
  }, 40_000);
});
