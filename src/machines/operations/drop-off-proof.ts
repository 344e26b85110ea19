import { missingProof, PROOF_PARTS, PROOF_TEXTS, type ProofPart } from '../../lib/proof-of-delivery';
import type { DropOffProofContext } from './drop-off-proof.types';

/** completedropoff takes three photos at most (openapi ProofOfDeliveryForm.photoIds). */
export const MAX_PROOF_PHOTOS = 3;

/** A code the recipient gave, as the form checks it (the server checks it against the one sent). */
export const CODE_PATTERN = /^[0-9]{6}$/;

/**
 * What is still missing, by the rule the server's guard applies (src/lib/proof-of-delivery.ts): a code of six
 * digits counts as given here, its match is the server's to check (a wrong one comes back as a 422 message).
 */
export function missingParts(context: Pick<DropOffProofContext, 'required' | 'signature' | 'photos' | 'scans' | 'code' | 'parcelBarcodes'>): ProofPart[] {
  if (!context.required) return [];
  const missing = missingProof(context.required, {
    signature: context.signature?.value.trim() || null,
    photos: context.photos.map((photo) => String(photo.id)),
    barcodes: context.scans,
    codeMatches: CODE_PATTERN.test(context.code) ? true : undefined,
  }, context.parcelBarcodes);
  return PROOF_PARTS.filter((part) => missing[part] !== undefined);
}

/** The message naming what blocks Complete (null when nothing does). */
export function missingMessage(context: Parameters<typeof missingParts>[0]): string | null {
  const parts = missingParts(context);
  return parts.length === 0 ? null : PROOF_TEXTS.missing(parts.map((part) => PROOF_TEXTS.parts[part]));
}

/** completedropoff's body: only what was given. */
export function proofBody(context: DropOffProofContext) {
  return {
    ...(context.signature && context.signature.value.trim() && { signature: context.signature.value.trim(), signatureMethod: context.signature.method }),
    ...(context.photos.length > 0 && { photoIds: context.photos.map((photo) => photo.id) }),
    ...(context.scans.length > 0 && { barcodes: context.scans }),
    ...(CODE_PATTERN.test(context.code) && { code: context.code }),
    ...(context.location && { location: context.location }),
  };
}
