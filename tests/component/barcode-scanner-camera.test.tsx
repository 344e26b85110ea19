import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { system } from '../../src/ui/theme';
import { BarcodeScanner } from '../../src/features/dashboard/BarcodeScanner';
import { DASHBOARD_TEXTS } from '../../src/lib/dashboard-texts';
import { barcodeScannerMachine } from '../../src/machines/dashboard/barcode-scanner.machine';

const texts = DASHBOARD_TEXTS.scanner;

/**
 * The camera is a browser API (BarcodeDetector + getUserMedia), so the test stands in for the browser: a fake
 * detector that "sees" the codes queued in `frames`, and a fake camera whose track records being stopped. The
 * lookup is the machine's own actor, answered here (waybill WBJ0005 is delivery 105).
 */
let frames: string[][] = [];
const track = { stop: vi.fn() };
const stream = { id: 'camera', getTracks: () => [track] };
const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<unknown>>();

class FakeBarcodeDetector {
  static getSupportedFormats() { return Promise.resolve(['code_128', 'qr_code']); }
  detect() { return Promise.resolve((frames.shift() ?? []).map((rawValue) => ({ rawValue }))); }
}

function installCamera() {
  Object.defineProperty(globalThis, 'BarcodeDetector', { value: FakeBarcodeDetector, configurable: true, writable: true });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  // jsdom plays no media.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
}

function removeCamera() {
  delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
}

async function renderScanner() {
  const lookups: string[] = [];
  const found: number[] = [];
  const actor = createActor(barcodeScannerMachine.provide({
    actors: { findDelivery: fromPromise<number | null, { cca2: string; code: string }>(async ({ input }) => { lookups.push(input.code); return input.code === 'WBJ0005' ? 105 : null; }) },
  }), { input: { cca2: 'ZA' } }).start();
  actor.on('scanner.found', (event) => { found.push(event.deliveryId); });
  render(<ChakraProvider value={system}><BarcodeScanner actor={actor} /></ChakraProvider>);
  fireEvent.click(screen.getByRole('button', { name: texts.open }));
  await screen.findByRole('textbox', { name: texts.field });
  return { actor, lookups, found };
}

const field = () => screen.getByRole('textbox', { name: texts.field }) as HTMLInputElement;

describe('barcode scanner: camera where available', () => {
  beforeEach(() => {
    frames = [];
    track.stop.mockClear();
    getUserMedia.mockReset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    removeCamera();
  });

  it('with the camera on, a barcode in view opens its delivery and the camera is stopped', async () => {
    installCamera();
    getUserMedia.mockResolvedValue(stream);
    const { actor, lookups, found } = await renderScanner();
    const toggle = screen.getByRole('button', { name: texts.useCamera });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    // An unknown code first: said so, and the camera keeps scanning.
    frames = [[], ['NOPE-1']];
    fireEvent.click(toggle);
    await screen.findByLabelText(texts.cameraPreview);
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(screen.getByRole('button', { name: texts.useCamera }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(texts.cameraScanning)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(texts.notFound('NOPE-1')));
    expect(track.stop).not.toHaveBeenCalled();
    // Then the waybill: looked up once, the delivery opens, the modal closes and the camera goes off.
    frames = [['WBJ0005'], ['WBJ0005']];
    await waitFor(() => expect(found).toEqual([105]));
    expect(lookups).toEqual(['NOPE-1', 'WBJ0005']);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(track.stop).toHaveBeenCalledTimes(1);
  });

  it('closing the modal while scanning stops the camera; turning the toggle off stops it too', async () => {
    installCamera();
    getUserMedia.mockResolvedValue(stream);
    const { actor } = await renderScanner();
    fireEvent.click(screen.getByRole('button', { name: texts.useCamera }));
    await screen.findByLabelText(texts.cameraPreview);
    fireEvent.click(screen.getByRole('button', { name: texts.useCamera }));
    expect(track.stop).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText(texts.cameraPreview)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: texts.useCamera }));
    await screen.findByLabelText(texts.cameraPreview);
    fireEvent.click(screen.getByRole('button', { name: texts.close }));
    expect(actor.getSnapshot().value).toBe('closed');
    expect(track.stop).toHaveBeenCalledTimes(2);
  });

  it('a refused permission says so and typed entry still finds the delivery', async () => {
    installCamera();
    getUserMedia.mockRejectedValue(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }));
    const { found } = await renderScanner();
    fireEvent.click(screen.getByRole('button', { name: texts.useCamera }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(texts.cameraDenied));
    expect(screen.getByRole('button', { name: texts.useCamera }).getAttribute('aria-pressed')).toBe('false');
    expect(field().disabled).toBe(false);
    fireEvent.change(field(), { target: { value: 'WBJ0005' } });
    await act(async () => { fireEvent.submit(field().closest('form')!); });
    await waitFor(() => expect(found).toEqual([105]));
  });

  it('no camera device: says the camera could not be started', async () => {
    installCamera();
    getUserMedia.mockRejectedValue(Object.assign(new Error('Requested device not found'), { name: 'NotFoundError' }));
    await renderScanner();
    fireEvent.click(screen.getByRole('button', { name: texts.useCamera }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(texts.cameraUnavailable));
    expect(field().disabled).toBe(false);
  });

  it('without BarcodeDetector or getUserMedia: typed entry only, no camera toggle', async () => {
    removeCamera();
    await renderScanner();
    expect(field()).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.useCamera })).toBeNull();
  });
});
