import type { DeliveryProofPack } from '../../resources/deliveries';

export interface DeliveryProofInput {
  cca2: string;
  /** The delivery. */
  id: number;
}

export interface DeliveryProofContext extends DeliveryProofInput {
  pack: DeliveryProofPack | null;
  problem: string | null;
}

export type DeliveryProofEvent = { type: 'proof.retry' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, tags). */
export interface DeliveryProofSchema {
  input: DeliveryProofInput;
  context: DeliveryProofContext;
  events: DeliveryProofEvent;
  tags: 'busy';
}
