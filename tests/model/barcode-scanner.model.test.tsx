import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import { system } from '../../src/ui/theme';
import { BarcodeScanner } from '../../src/features/dashboard/BarcodeScanner';
import { DASHBOARD_TEXTS } from '../../src/lib/dashboard-texts';
import { barcodeScannerMachine } from '../../src/machines/dashboard/barcode-scanner.machine';
import type { BarcodeScannerEvent } from '../../src/machines/dashboard/barcode-scanner.types';
import { barcodeScannerSamples } from '../../src/machines/dashboard/barcode-scanner.samples';
import { describeModel } from '../support/model-paths';

type Snapshot = SnapshotFrom<typeof barcodeScannerMachine>;
const texts = DASHBOARD_TEXTS.scanner;
const found: number[] = [];

const field = () => screen.queryByRole('textbox', { name: texts.field }) as HTMLInputElement | null;
const alerts = () => screen.queryAllByRole('alert').map((node) => node.textContent);
const statuses = () => screen.queryAllByRole('status').map((node) => node.textContent);
const cameraToggle = () => screen.queryByRole('button', { name: texts.useCamera });

describeModel({
  machine: barcodeScannerMachine,
  scenarios: barcodeScannerSamples.scenarios,
  targets: barcodeScannerSamples.targets,
  guards: true,
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
            // The toggle: pressed turns the camera off, not pressed turns it on.
            case 'scanner.camera.start':
            case 'scanner.camera.stop': {
              const toggle = cameraToggle();
              if (toggle && (toggle.getAttribute('aria-pressed') === 'true') === (typed.type === 'scanner.camera.stop')) fireEvent.click(toggle);
              else actor.send(typed);
              break;
            }
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
      // The camera is off once the modal is closed.
      expect(snapshot.context.stream).toBeUndefined();
      expect(screen.queryByTestId('scanner-camera-preview')).toBeNull();
      // Closed after a search: the code named a delivery, whose details the dashboard opens.
      if (snapshot.context.code) expect(found).toEqual([105]);
      else expect(found).toEqual([]);
    },
    open: () => {
      expect(screen.getByRole('dialog', { name: texts.title }).getAttribute('data-state')).toBe('open');
      expect(field()).toBeTruthy();
    },
    'open.lookup': () => {
      expect(field()).toBeTruthy();
    },
    'open.lookup.waiting': () => {
      expect(field()!.disabled).toBe(false);
      expect(statuses()).not.toContain(texts.searching);
      expect(alerts().filter((text) => text === texts.failed || text?.startsWith('No delivery'))).toEqual([]);
    },
    'open.lookup.searching': () => {
      expect(statuses()).toContain(texts.searching);
      expect(field()!.disabled).toBe(true);
    },
    'open.lookup.notFound': (snapshot: Snapshot) => {
      expect(alerts()).toContain(texts.notFound(snapshot.context.code));
      expect(field()!.value).toBe('');
      expect(found).toEqual([]);
    },
    'open.lookup.failed': () => {
      expect(alerts()).toContain(texts.failed);
      expect(field()!.disabled).toBe(false);
    },
    'open.camera': (snapshot: Snapshot) => {
      // The toggle only where the browser can scan with its camera.
      expect(cameraToggle() !== null).toBe(snapshot.context.camera);
    },
    'open.camera.off': () => {
      expect(cameraToggle()?.getAttribute('aria-pressed') ?? 'false').toBe('false');
      expect(screen.queryByTestId('scanner-camera-preview')).toBeNull();
      expect(alerts()).not.toContain(texts.cameraDenied);
    },
    'open.camera.starting': () => {
      expect(cameraToggle()!.getAttribute('aria-pressed')).toBe('true');
      expect(statuses()).toContain(texts.cameraStarting);
    },
    'open.camera.scanning': (snapshot: Snapshot) => {
      expect(cameraToggle()!.getAttribute('aria-pressed')).toBe('true');
      expect(snapshot.context.stream).toBeDefined();
      expect(screen.getByLabelText(texts.cameraPreview).tagName).toBe('VIDEO');
      expect(screen.getByText(texts.cameraScanning)).toBeTruthy();
    },
    'open.camera.denied': () => {
      expect(alerts()).toContain(texts.cameraDenied);
      expect(cameraToggle()!.getAttribute('aria-pressed')).toBe('false');
      // Typed entry stays usable (unless a lookup is running).
      expect(field()).toBeTruthy();
    },
    'open.camera.unavailable': () => {
      expect(alerts()).toContain(texts.cameraUnavailable);
      expect(cameraToggle()!.getAttribute('aria-pressed')).toBe('false');
      expect(field()).toBeTruthy();
    },
  },
});
