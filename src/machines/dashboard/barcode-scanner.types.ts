import type { ApiError } from '../../api/api-error';

export interface BarcodeScannerInput {
  cca2: string;
  /** Whether the browser can scan with its camera; detected (BarcodeDetector and getUserMedia) when left out. */
  camera?: boolean;
}

export interface BarcodeScannerContext {
  cca2: string;
  /** The last code typed or scanned (keyboard-wedge scanners type it and press Enter). */
  code: string;
  error: ApiError | undefined;
  /** The browser offers camera scanning: the modal shows its "Use camera" toggle. */
  camera: boolean;
  /** The open camera, while scanning (the view previews it; leaving `scanning` stops it). */
  stream: MediaStream | undefined;
}

export type BarcodeScannerEvent =
  | { type: 'scanner.open' }
  | { type: 'scanner.close' }
  | { type: 'scanner.submit'; code: string }
  | { type: 'scanner.camera.start' }
  | { type: 'scanner.camera.stop' }
  | { type: 'scanner.camera.detected'; code: string };

/** Emitted when a code names a delivery: the dashboard opens its detail panel. */
export type BarcodeScannerEmitted = { type: 'scanner.found'; deliveryId: number };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface BarcodeScannerSchema {
  input: BarcodeScannerInput;
  context: BarcodeScannerContext;
  events: BarcodeScannerEvent;
  emitted: BarcodeScannerEmitted;
}
