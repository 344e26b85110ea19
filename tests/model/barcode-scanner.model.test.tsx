import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import { system } from '../../src/app/theme';
import { BarcodeScanner } from '../../src/features/dashboard/BarcodeScanner';
import { DASHBOARD_TEXTS } from '../../src/lib/dashboard-texts';
import { barcodeScannerMachine, type BarcodeScannerEvent } from '../../src/machines/dashboard/barcode-scanner.machine';
import { barcodeScannerSamples } from '../../src/machines/dashboard/barcode-scanner.samples';
import { describeModel } from '../support/model-paths';

type Snapshot = SnapshotFrom<typeof barcodeScannerMachine>;
const texts = DASHBOARD_TEXTS.scanner;
const found: number[] = [];

const field = () => screen.queryByRole('textbox', { name: texts.field }) as HTMLInputElement | null;

describeModel({
  machine: barcodeScannerMachine,
  scenarios: barcodeScannerSamples.scenarios,
  start(machine, input, clock) {
    found.length = 0;
    const actor = createActor(machine, { input, clock }).start() as unknown as Actor<typeof barcodeScannerMachine>;
    actor.on('scanner.found', (event) => { found.push(event.deliveryId); });
    render(<ChakraProvider value={system}><BarcodeScanner actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          const typed = event as BarcodeScannerEvent;
          switch (typed.type) {
            case 'scanner.open': fireEvent.click(screen.getByRole('button', { name: texts.open })); break;
            case 'scanner.close': fireEvent.click(screen.getByRole('button', { name: texts.close })); break;
            case 'scanner.submit': {
              // What a keyboard-wedge scanner does: the code's keystrokes into the focused field, then Enter.
              const input = field();
              if (!input || input.disabled) {
                actor.send(typed);
                break;
              }
              fireEvent.change(input, { target: { value: typed.code } });
              fireEvent.submit(input.closest('form')!);
              break;
            }
            default: actor.send(typed);
          }
        });
      },
    };
  },
  states: {
    closed: (snapshot: Snapshot) => {
      // Gone, or on its way out (the closing animation keeps it a moment in jsdom).
      const dialog = screen.queryByRole('dialog');
      expect(dialog === null || dialog.getAttribute('data-state') === 'closed').toBe(true);
      expect(screen.getByRole('button', { name: texts.open })).toBeTruthy();
      // Closed after a search: the code named a delivery, whose details the dashboard opens.
      if (snapshot.context.code) expect(found).toEqual([105]);
      else expect(found).toEqual([]);
    },
    open: () => {
      expect(screen.getByRole('dialog', { name: texts.title }).getAttribute('data-state')).toBe('open');
      expect(field()).toBeTruthy();
    },
    'open.waiting': () => {
      expect(field()!.disabled).toBe(false);
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    'open.searching': () => {
      expect(screen.getByRole('status').textContent).toBe(texts.searching);
      expect(field()!.disabled).toBe(true);
    },
    'open.notFound': (snapshot: Snapshot) => {
      expect(screen.getByRole('alert').textContent).toBe(texts.notFound(snapshot.context.code));
      expect(field()!.value).toBe('');
      expect(found).toEqual([]);
    },
    'open.failed': () => {
      expect(screen.getByRole('alert').textContent).toBe(texts.failed);
      expect(field()!.disabled).toBe(false);
    },
  },
});
