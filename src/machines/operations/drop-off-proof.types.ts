import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';
import type { ProofSettings } from '../../lib/proof-of-delivery';

export type ProofPhoto = components['schemas']['ProofPhoto'];
export type TaskState = components['schemas']['TaskState'];

/** The recipient's signature: drawn on the pad (an image data URL), or their name typed (the keyboard and screen-reader way). */
export type ProofSignature = { method: 'drawn'; value: string } | { method: 'typed'; value: string };

export interface DropOffProofInput {
  cca2: string;
}

export interface DropOffProofContext {
  cca2: string;
  taskId: number | null;
  /** What the dialog is for (the stop's waybill), in its title. */
  label: string;
  /** What the delivery's company asks for at its service level (gettaskstate's proofRequired). */
  required: ProofSettings | null;
  /** The parcels' barcodes each scan is checked against. */
  parcelBarcodes: string[];
  signature: ProofSignature | null;
  photos: ProofPhoto[];
  scans: string[];
  /** Why the last scan was not taken (it names the parcel code). */
  scanError: string | null;
  code: string;
  /** Where the driver is when completing (the GPS position of the proof pack), when the device told. */
  location: { lat: number; lon: number } | null;
  error: ApiError | null;
}

export type DropOffProofEvent =
  | { type: 'proof.open'; taskId: number; label: string }
  | { type: 'proof.sign'; signature: ProofSignature }
  | { type: 'proof.clearSignature' }
  | { type: 'proof.photo'; file: Blob }
  | { type: 'proof.scan'; code: string }
  | { type: 'proof.code'; code: string }
  | { type: 'proof.located'; location: { lat: number; lon: number } }
  | { type: 'proof.submit' }
  | { type: 'proof.retry' }
  | { type: 'proof.cancel' };

/** The job screen reloads once the drop-off is completed. */
export type DropOffProofEmitted = { type: 'proof.completed'; taskId: number };

/** The machine's types for `setup({ types })`: one schema (context, events, input, emitted). */
export interface DropOffProofSchema {
  input: DropOffProofInput;
  context: DropOffProofContext;
  events: DropOffProofEvent;
  emitted: DropOffProofEmitted;
}
