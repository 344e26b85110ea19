import { BARCODE_CAMERA_SCAN_INTERVAL_MS } from '../../lib/constants';

/**
 * The browser APIs behind camera scanning: the Barcode Detection API and getUserMedia. No package: where the
 * browser has both, the scanner offers the camera; elsewhere typed entry (and keyboard-wedge scanners) only.
 */

interface DetectedBarcode {
  rawValue: string;
}

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}

interface BarcodeDetectorConstructor {
  new (): BarcodeDetectorLike;
  getSupportedFormats?(): Promise<string[]>;
}

const detectorClass = (): BarcodeDetectorConstructor | undefined =>
  (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;

/** True when the browser can both open a camera and read barcodes from its frames. */
export function cameraScanningSupported(): boolean {
  return typeof detectorClass() === 'function'
    && typeof globalThis.navigator !== 'undefined' && typeof globalThis.navigator.mediaDevices?.getUserMedia === 'function';
}

/** A permission refused by the user or by the page's policy (as opposed to no camera, or a camera in use). */
export function isCameraPermissionDenied(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError';
}

/** Stops every track of a camera stream (the camera's light goes off). */
export function stopCameraStream(stream: MediaStream | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/**
 * Opens the back camera. The browser asks for permission here. If the caller gave up meanwhile (the modal
 * closed while the prompt was open), the stream is stopped at once rather than left running.
 */
export async function openCamera(signal?: AbortSignal): Promise<MediaStream> {
  const Detector = detectorClass();
  if (!Detector) throw new Error('Barcode detection is not available in this browser.');
  const formats = Detector.getSupportedFormats ? await Detector.getSupportedFormats() : ['unknown'];
  if (formats.length === 0) throw new Error('This browser reads no barcode format.');
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  if (signal?.aborted) {
    stopCameraStream(stream);
    throw new DOMException('The camera was closed before it started.', 'AbortError');
  }
  return stream;
}

/**
 * Reads barcodes from the stream's frames every BARCODE_CAMERA_SCAN_INTERVAL_MS and reports each new code once
 * (the same code seen again in the next frames is not reported twice in a row). Returns a stop function.
 */
export function watchForBarcodes(stream: MediaStream, onCode: (code: string) => void): () => void {
  const Detector = detectorClass();
  if (!Detector) return () => undefined;
  const detector = new Detector();
  // A video element of our own (not the preview the view shows): frames can be read whatever the layout.
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  let stopped = false;
  let last = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    if (stopped) return;
    try {
      const found = await detector.detect(video);
      const code = found.map((barcode) => barcode.rawValue.trim()).find((value) => value !== '');
      if (!stopped && code && code !== last) {
        last = code;
        onCode(code);
      }
    } catch {
      // No frame yet (the video is still starting): try the next one.
    }
    if (!stopped) timer = setTimeout(() => { void tick(); }, BARCODE_CAMERA_SCAN_INTERVAL_MS);
  };
  void Promise.resolve(video.play()).catch(() => undefined).then(tick);
  return () => {
    stopped = true;
    clearTimeout(timer);
    video.srcObject = null;
  };
}
