import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { system } from '../../src/ui/theme';
import { RATE_BATCH_TEXTS, RateBatchView } from '../../src/features/rates/RateBatchView';
import { RATE_IMPACT_TEXTS } from '../../src/features/rates/RateImpactView';
import { batchCreatedRows, rateBatchMachine } from '../../src/machines/rates/rate-batch.machine';
import { rateBatchSamples, SAMPLE_SHEET } from '../../src/machines/rates/rate-batch.samples';
import { describeModel } from '../support/model-paths';

const progress = () => Number(screen.getByRole('progressbar', { name: RATE_BATCH_TEXTS.progress }).getAttribute('aria-valuenow'));

describeModel({
  machine: rateBatchMachine,
  scenarios: rateBatchSamples.scenarios,
  targets: rateBatchSamples.targets,
  guards: true,
  start(machine, input, clock) {
    const actor = createActor(machine, { input, clock }).start();
    render(<ChakraProvider value={system}><MemoryRouter><RateBatchView actor={actor} /></MemoryRouter></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'batch.choose': fireEvent.change(screen.getByLabelText(RATE_BATCH_TEXTS.sheet), { target: { files: [SAMPLE_SHEET] } }); break;
            case 'batch.upload': fireEvent.click(screen.getByRole('button', { name: RATE_BATCH_TEXTS.upload })); break;
            case 'batch.preview': fireEvent.click(screen.getByRole('button', { name: RATE_IMPACT_TEXTS.preview })); break;
            case 'batch.submit': fireEvent.click(screen.getByRole('button', { name: RATE_BATCH_TEXTS.submit })); break;
            case 'batch.reset': fireEvent.click(screen.getByRole('button', { name: RATE_BATCH_TEXTS.another })); break;
            // The dashboard hub's bulkIndexer event reaches the actor, not a control.
            case 'batch.progress': actor.send({ type: 'batch.progress', processedRows: Number(event.processedRows), uploadStatusId: Number(event.uploadStatusId) }); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    // Transient: it leaves at once for the sheet's input or the batch opened again.
    opening: () => undefined,
    resuming: () => {
      expect(screen.queryByLabelText(RATE_BATCH_TEXTS.sheet)).toBeNull();
      expect(screen.queryByRole('button', { name: RATE_BATCH_TEXTS.submit })).toBeNull();
    },
    choosing: (snapshot) => {
      expect(screen.getByLabelText(RATE_BATCH_TEXTS.sheet)).toBeTruthy();
      expect(screen.getByRole('button', { name: RATE_BATCH_TEXTS.upload }).hasAttribute('disabled')).toBe(!snapshot.context.file);
      if (snapshot.context.error) expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error.message);
    },
    uploading: () => {
      expect((screen.getByLabelText(RATE_BATCH_TEXTS.sheet) as HTMLInputElement).disabled).toBe(true);
    },
    uploaded: (snapshot) => {
      expect(screen.getByText(/2 valid rows, 1 rows with errors/)).toBeTruthy();
      expect(screen.getByRole('link', { name: RATE_BATCH_TEXTS.rows }).getAttribute('href')).toBe('/rates/batches/12/uploads');
      expect(screen.getByRole('button', { name: RATE_BATCH_TEXTS.submit }).hasAttribute('disabled')).toBe(false);
      // Only a rate batch changes prices: a store's delivery batch has no impact preview.
      if ('ratesCreated' in snapshot.context.batch!) expect(screen.getByRole('button', { name: RATE_IMPACT_TEXTS.preview }).hasAttribute('disabled')).toBe(false);
      else expect(screen.queryByRole('button', { name: RATE_IMPACT_TEXTS.preview })).toBeNull();
      if (snapshot.context.error) expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error.message);
      const { impact } = snapshot.context;
      if (impact) {
        const region = screen.getByRole('region', { name: RATE_IMPACT_TEXTS.heading });
        expect(region.textContent).toContain(RATE_IMPACT_TEXTS.summary(impact));
        const sample = screen.getByRole('table', { name: RATE_IMPACT_TEXTS.latest }).querySelectorAll('tbody tr')[0]!;
        expect(sample.textContent).toContain(impact.samples[0]!.waybill!);
        expect(sample.textContent).toContain('+R');
      } else {
        expect(screen.queryByRole('region', { name: RATE_IMPACT_TEXTS.heading })).toBeNull();
      }
    },
    previewing: () => {
      expect(screen.getByRole('button', { name: RATE_IMPACT_TEXTS.preview }).hasAttribute('disabled')).toBe(true);
      expect(screen.getByRole('button', { name: RATE_BATCH_TEXTS.submit }).hasAttribute('disabled')).toBe(true);
    },
    submitting: () => {
      expect(screen.getByRole('button', { name: RATE_BATCH_TEXTS.submit }).hasAttribute('disabled')).toBe(true);
    },
    inProgress: (snapshot) => {
      expect(progress()).toBe(Math.round((snapshot.context.batch!.processedRows / 2) * 100));
    },
    'inProgress.waiting': (snapshot) => {
      expect(progress()).toBe(Math.round((snapshot.context.batch!.processedRows / 2) * 100));
    },
    'inProgress.reading': () => {
      expect(progress()).toBeLessThan(100);
    },
    completed: (snapshot) => {
      expect(progress()).toBe(100);
      expect(screen.getByRole('status').textContent).toBe(RATE_BATCH_TEXTS.completed(batchCreatedRows(snapshot.context.batch!)));
      if (snapshot.context.error) expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error.message);
    },
  },
});
