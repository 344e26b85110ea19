/** What happens to a delivery's tasks and job, as events of its logistic progression. */
export type DeliveryLogisticsEvent =
  | { type: 'delivery.driverAssigned' }
  | { type: 'delivery.driverUnassigned' }
  | { type: 'delivery.pickupCompleted' }
  | { type: 'delivery.pickupException' }
  | { type: 'delivery.dropoffStarted' }
  | { type: 'delivery.dropoffCompleted' }
  | { type: 'delivery.dropoffException' }
  | { type: 'delivery.undelivered' }
  | { type: 'delivery.returnToSender' }
  | { type: 'delivery.reverse' };

export type StateName = 'ready' | 'pendingPickUp' | 'collected' | 'pendingDropOff' | 'delivered' | 'pickUpException' | 'dropOffException'
  | 'undelivered' | 'returnedToSender';

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface DeliveryLogisticsSchema {
  events: DeliveryLogisticsEvent;
}
