// Proof of delivery (issue 20): what a drop-off needs per company and service level, and the one rule that says
// what is missing — the server refuses a drop-off with it (422) and the driver's screens use it to offer Complete.

export const PROOF_PARTS = ['signature', 'photo', 'barcode', 'code'] as const;
export type ProofPart = (typeof PROOF_PARTS)[number];
export const PROOF_REQUIREMENTS = ['required', 'optional', 'off'] as const;
export type ProofRequirement = (typeof PROOF_REQUIREMENTS)[number];
export type ProofSettings = Record<ProofPart, ProofRequirement>;

/** The service level of a company's setting that covers every level without its own. */
export const ANY_SERVICE_LEVEL = '*';
/** No setting: nothing is asked for (drop-offs complete as before proof of delivery existed). */
export const NO_PROOF: ProofSettings = { signature: 'off', photo: 'off', barcode: 'off', code: 'off' };

export const PROOF_TEXTS = {
  parts: { signature: 'Signature', photo: 'Photo', barcode: 'Barcode scan', code: 'One-time code' } satisfies Record<ProofPart, string>,
  missing: (parts: readonly string[]) => `Proof of delivery missing: ${parts.join(', ')}.`,
  signatureRequired: 'The recipient\'s signature is required.',
  photoRequired: 'A photo of the delivery is required.',
  barcodeRequired: 'A scan of each parcel is required.',
  barcodeParcels: (codes: readonly string[]) => `Parcels not scanned: ${codes.join(', ')}.`,
  codeRequired: 'The recipient\'s one-time code is required.',
  codeWrong: 'The one-time code does not match the one sent to the recipient.',
  photoUnknown: (ids: readonly number[]) => `Photos not uploaded for this delivery: ${ids.join(', ')}.`,
  codeMessage: (waybill: string, code: string) => `Your delivery ${waybill} is on its way. Give the driver this code to receive it: ${code}`,
} as const;

/** The proof a drop-off comes with, as the rule sees it (the code already checked against the one sent). */
export interface ProofGiven {
  signature?: string | null;
  photos?: readonly string[] | null;
  barcodes?: readonly string[] | null;
  /** True when a code was given and matches the one sent; false when given and wrong; undefined when none given. */
  codeMatches?: boolean;
}

/**
 * What is missing, part by part (empty: the drop-off may complete). A required barcode scan needs every parcel's
 * barcode on record among the scans, and at least one scan when no parcel has one; a wrong code counts as missing
 * even when the code is optional (a wrong code is never accepted).
 */
export function missingProof(settings: ProofSettings, proof: ProofGiven, parcelBarcodes: readonly string[] = []): Partial<Record<ProofPart, string>> {
  const missing: Partial<Record<ProofPart, string>> = {};
  if (settings.signature === 'required' && !proof.signature) missing.signature = PROOF_TEXTS.signatureRequired;
  if (settings.photo === 'required' && (proof.photos?.length ?? 0) === 0) missing.photo = PROOF_TEXTS.photoRequired;
  if (settings.barcode === 'required') {
    const scanned = new Set((proof.barcodes ?? []).map((code) => code.trim()));
    const unscanned = parcelBarcodes.filter((code) => !scanned.has(code.trim()));
    if (scanned.size === 0) missing.barcode = PROOF_TEXTS.barcodeRequired;
    else if (unscanned.length > 0) missing.barcode = PROOF_TEXTS.barcodeParcels(unscanned);
  }
  if (proof.codeMatches === false && settings.code !== 'off') missing.code = PROOF_TEXTS.codeWrong;
  else if (settings.code === 'required' && proof.codeMatches !== true) missing.code = PROOF_TEXTS.codeRequired;
  return missing;
}

/** The proof pack (issue 20, f-pod): on the delivery's screen and in its PDF. */
export const PROOF_PACK_TEXTS = {
  heading: 'Proof of delivery',
  title: (reference: string) => `Proof of delivery ${reference}`,
  none: 'None',
  noProof: 'No drop-off of this delivery was completed with proof yet.',
  download: 'Download proof (PDF)',
  downloadLabel: (reference: string) => `Download the proof of delivery of ${reference} (PDF)`,
  downloadFailed: 'The proof of delivery could not be downloaded. Please try again.',
  fileName: (reference: string) => `Proof-of-delivery-${reference}.pdf`,
  loadFailed: 'The proof of delivery could not be loaded.',
  dropOff: (taskId: number) => `Drop-off (task ${taskId})`,
  arrivedAt: 'Arrived',
  capturedAt: 'Completed',
  location: 'GPS position',
  code: 'One-time code',
  codeVerified: 'Given and verified',
  codeNotGiven: 'Not given',
  scans: 'Parcels scanned',
  signature: 'Signature',
  drawn: 'Drawn by the recipient',
  typedName: (name: string) => `Typed name: ${name}`,
  photos: 'Photos',
  photoAlt: (index: number) => `Drop-off photo ${index}`,
  signatureAlt: 'The recipient\'s drawn signature',
  photoListed: (id: number) => `Photo ${id} (in the media store)`,
  imageUnreadable: '(the image could not be read)',
  photoNotOpen: 'Photos are taken for an open drop-off only.',
  photoInvalid: 'The photo must be a JPEG, PNG or WebP image.',
} as const;

/**
 * Each scanned code against the delivery's parcels (the keyboard-wedge scanner types it and presses Enter): the
 * error names the parcel code that is not on this delivery, or that was scanned already.
 */
export const SCAN_TEXTS = {
  notOnDelivery: (code: string) => `Parcel ${code} is not on this delivery.`,
  already: (code: string) => `Parcel ${code} was scanned already.`,
} as const;

export function scanError(code: string, parcelBarcodes: readonly string[], scanned: readonly string[]): string | null {
  const trimmed = code.trim();
  if (scanned.includes(trimmed)) return SCAN_TEXTS.already(trimmed);
  // A delivery without parcel barcodes on record takes any scan (the server's rule: at least one scan).
  if (parcelBarcodes.length > 0 && !parcelBarcodes.some((barcode) => barcode.trim() === trimmed)) return SCAN_TEXTS.notOnDelivery(trimmed);
  return null;
}

/** The driver's drop-off dialog (issue 20, f-pod). */
export const DROP_OFF_PROOF_TEXTS = {
  title: (label: string) => `Complete drop-off ${label}`,
  loading: 'Reading what this drop-off needs…',
  retry: 'Try again',
  required: 'required',
  optional: 'optional',
  section: (part: string, requirement: string) => `${part} (${requirement})`,
  signaturePad: 'Signature pad: the recipient signs here with a finger or pen',
  clearSignature: 'Clear signature',
  signed: 'Signed on the pad.',
  typedName: 'Or the recipient types their name',
  typedNameHint: 'For keyboard and screen-reader users: the typed name is kept as the signature, marked as typed.',
  photoInput: 'Take a photo',
  uploading: 'Uploading the photo…',
  photoCount: (count: number) => `${count} photo${count === 1 ? '' : 's'} taken.`,
  photoAlt: (index: number) => `Drop-off photo ${index}`,
  scanInput: 'Scan a parcel barcode',
  scanHint: 'Scan with the scanner, or type the code and press Enter.',
  scanAdd: 'Add scan',
  scanned: (code: string) => `${code} scanned`,
  notScanned: (code: string) => `${code} not scanned yet`,
  codeInput: 'One-time code from the recipient',
  nothingNeeded: 'This drop-off needs no proof.',
  complete: 'Complete',
  completing: 'Completing the drop-off…',
  completed: 'The drop-off is completed.',
  cancel: 'Cancel',
  close: 'Close',
} as const;
