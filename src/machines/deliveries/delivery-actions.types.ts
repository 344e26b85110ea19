import type { ApiError } from '../../api/api-error';
import type { DeliveryAction } from '../../lib/deliveries-admin';

export interface DeliveryActionsInput {
  cca2: string;
  /** The deliveryId of the edit screen. */
  id: number;
}

export interface DeliveryProofValues {
  recipientName: string;
  note: string;
}

export interface DeliveryActionsContext {
  cca2: string;
  id: number;
  /** The action being confirmed or run. */
  action: DeliveryAction | undefined;
  proof: DeliveryProofValues;
  error: ApiError | undefined;
}

export type DeliveryActionsEvent =
  | { type: 'actions.request'; action: DeliveryAction }
  | { type: 'actions.proof'; name: keyof DeliveryProofValues; value: string }
  | { type: 'actions.confirmNo' }
  | { type: 'actions.confirmYes' }
  | { type: 'actions.dismiss' };

/** What the screen does next: reload the delivery (its status changed) or open the clone. */
export type DeliveryActionsEmitted = { type: 'actions.done' } | { type: 'actions.navigate'; to: string };

export interface RunActionInput {
  cca2: string;
  id: number;
  action: DeliveryAction;
  proof: DeliveryProofValues;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface DeliveryActionsSchema {
  input: DeliveryActionsInput;
  context: DeliveryActionsContext;
  events: DeliveryActionsEvent;
  emitted: DeliveryActionsEmitted;
}
