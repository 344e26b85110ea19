import { toApiError } from '../../api/api-error';
import type { DeliveryProofPack } from '../../resources/deliveries';
import { defineSamples } from '../samples';
import { deliveryProofMachine } from './delivery-proof.machine';

export const sampleProofPack: DeliveryProofPack = {
  deliveryId: 318,
  waybill: 'WB00000318',
  proofs: [{
    taskId: 902, signature: 'Thandi Nkosi', signatureMethod: 'typed',
    photos: [{ id: 77, imageUrl: '/connect/media/77?token=sample' }],
    barcodes: ['WB00000318-1', 'WB00000318-2'], codeVerified: true, location: { lat: -26.1076, lon: 28.0567 },
    arrivedAt: '2026-11-20T08:05:00Z', capturedAt: '2026-11-20T08:12:00Z',
  }],
};

export const deliveryProofSamples = defineSamples(deliveryProofMachine, [
  {
    name: 'a delivered delivery with its proof',
    input: { cca2: 'za', id: 318 },
    events: [
      { type: 'xstate.done.actor.loadProof', output: sampleProofPack },
      { type: 'xstate.error.actor.loadProof', error: toApiError(503, { message: 'The server is busy: try again in a moment.' }, '/connect/deliveries/proof/za/318') },
      { type: 'proof.retry' },
    ],
  },
  {
    name: 'a delivery no drop-off was completed for yet',
    input: { cca2: 'za', id: 319 },
    events: [{ type: 'xstate.done.actor.loadProof', output: { deliveryId: 319, waybill: 'WB00000319', proofs: [] } }],
  },
], 'transitions');
