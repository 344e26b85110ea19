import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, transition } from 'xstate';
import { IndexManagementView } from '../../src/features/admin/IndexManagementView';
import { INDEX_MANAGEMENT_TEXTS as T } from '../../src/lib/index-management';
import { indexManagementMachine } from '../../src/machines/admin/index-management.machine';
import { indexManagementSamples } from '../../src/machines/admin/index-management.samples';
import { system } from '../../src/ui/theme';
import { describeModel } from '../support/model-paths';

/** The chart the suite started (its guards observed), to ask what it does with a progress heard on the list. */
let chart = indexManagementMachine;

const table = () => screen.getByRole('table', { name: T.title });
const button = (label: string) => screen.getByRole('button', { name: label });

describeModel({
  machine: indexManagementMachine,
  scenarios: indexManagementSamples.scenarios,
  targets: indexManagementSamples.targets,
  guards: true,
  start(machine, input, clock) {
    chart = machine;
    const actor = createActor(machine, { input, clock }).start();
    render(<ChakraProvider value={system}><IndexManagementView actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'indexes.reload': fireEvent.click(button(T.reload)); break;
            case 'index.maintain': fireEvent.click(button(`${event.action === 'analyze' ? T.analyze : T.rebuild} ${String(event.indexName)}`)); break;
            // The dashboard hub's bulkIndexer event reaches the actor, not a control.
            case 'index.progress': actor.send({ type: 'index.progress', indexName: String(event.indexName), action: event.action === 'rebuild' ? 'rebuild' : 'analyze',
              state: event.state as 'active' | 'completed', progress: Number(event.progress), ...(typeof event.message === 'string' && { message: event.message }) }); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    loading: () => {
      expect(table().getAttribute('aria-busy')).toBe('true');
      expect(button(T.reload).hasAttribute('disabled')).toBe(true);
    },
    failed: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error!.message);
      expect(button(T.reload)).toBeTruthy();
    },
    ready: (snapshot) => {
      const rows = within(table()).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(snapshot.context.indexes.length);
      const rates = rows.find((row) => row.textContent?.includes('rates_key_idx'))!;
      // Figures as read: size, scans, never analyzed or when, no bloat estimate where none is given.
      expect(rates.textContent).toContain('16.0 KB');
      expect(rates.textContent).toContain(T.notMeasured);
      expect(rows[0]!.textContent).toContain('12.5 %');
      const running = snapshot.context.progress.rates_key_idx;
      if (running) {
        const bar = within(rates).getByRole('progressbar', { name: `${T.columns.progress} rates_key_idx` });
        expect(Number(bar.getAttribute('aria-valuenow'))).toBe(running.progress);
        const inFlight = running.state === 'queued' || running.state === 'active';
        expect(within(rates).getByRole('button', { name: `${T.analyze} rates_key_idx` }).hasAttribute('disabled')).toBe(inFlight);
      } else {
        expect(within(rates).queryByRole('progressbar')).toBeNull();
        expect(within(rates).getByRole('button', { name: `${T.analyze} rates_key_idx` }).hasAttribute('disabled')).toBe(false);
      }
      if (snapshot.context.error) expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error.message);
      // The hub's progress of a job still running is recorded on the list (the bar above) without reading it again;
      // a finished one reads the list again (finished). Asked of the chart: a kept path reaches the list with a
      // running job as soon through the first load (the progress heard while loading).
      const heard = (state: 'active' | 'completed', progress: number) => transition(chart, chart.resolveState({ value: snapshot.value, context: snapshot.context }), {
        type: 'index.progress', indexName: 'rates_key_idx', action: 'analyze', state, progress,
      })[0];
      const stillRunning = heard('active', 50);
      expect(stillRunning.value).toBe('ready');
      expect(stillRunning.context.progress.rates_key_idx).toMatchObject({ state: 'active', progress: 50 });
      expect(heard('completed', 100).value).toBe('loading');
    },
    queueing: () => {
      expect(button(`${T.analyze} rates_key_idx`).hasAttribute('disabled')).toBe(true);
      expect(button(`${T.rebuild} deliveries_pkey`).hasAttribute('disabled')).toBe(true);
    },
  },
});
