import { setup, type SnapshotFrom } from 'xstate';
import { LOGISTIC_STATUS, type LogisticStatus } from '../../lib/statuses';
import type { DeliveryLogisticsSchema, StateName } from './delivery-logistics.types';

/**
 * The logistic status a paid delivery moves through as its job and tasks move (002 section 4): ready 2501 →
 * pending pick-up 10001 (a driver has its job) → collected 15001 (pick-up completed) → pending drop-off 20001
 * (drop-off started) → delivered 30001; a pick-up exception -10001, a drop-off exception -11001, undelivered
 * -12001 and returned to sender -3001 end it. reverseLogisticStatus steps back one status, and out of an
 * exception to the stage it was raised in. Quote, payment and cancellation statuses belong to booking and
 * finance, not to this chart. Pure: the server resumes it from the stored status for every task and job call.
 */
export const deliveryLogisticsMachine = setup({
  types: {} as DeliveryLogisticsSchema,
}).createMachine({
  id: 'deliveryLogistics',
  description: 'A delivery from ready to delivered as its tasks move: pick-up stage, drop-off stage, exceptions, returns.',
  initial: 'ready',
  states: {
    ready: {
      description: 'Ready (2501): paid, waiting for a driver.',
      on: { 'delivery.driverAssigned': 'pendingPickUp' },
    },
    pendingPickUp: {
      description: 'Pending pick-up (10001): a driver has its job.',
      on: {
        'delivery.driverUnassigned': 'ready',
        'delivery.pickupCompleted': 'collected',
        'delivery.pickupException': 'pickUpException',
        'delivery.reverse': 'ready',
      },
    },
    collected: {
      description: 'Collected (15001): the parcels are with the driver.',
      on: {
        'delivery.dropoffStarted': 'pendingDropOff',
        'delivery.returnToSender': 'returnedToSender',
        'delivery.reverse': 'pendingPickUp',
      },
    },
    pendingDropOff: {
      description: 'Pending drop-off (20001): on the way to the recipient.',
      on: {
        'delivery.dropoffCompleted': 'delivered',
        'delivery.dropoffException': 'dropOffException',
        'delivery.undelivered': 'undelivered',
        'delivery.returnToSender': 'returnedToSender',
        'delivery.reverse': 'collected',
      },
    },
    delivered: {
      description: 'Delivered (30001): the rating link is enabled.',
      on: { 'delivery.reverse': 'pendingDropOff' },
    },
    pickUpException: {
      description: 'Pick-up exception (-10001).',
      on: { 'delivery.reverse': 'pendingPickUp' },
    },
    dropOffException: {
      description: 'Drop-off exception (-11001).',
      on: { 'delivery.reverse': 'pendingDropOff' },
    },
    undelivered: {
      description: 'Undelivered (-12001).',
      on: { 'delivery.reverse': 'pendingDropOff' },
    },
    returnedToSender: { description: 'Returned to sender (-3001).', type: 'final' },
  },
});

export type DeliveryLogisticsSnapshot = SnapshotFrom<typeof deliveryLogisticsMachine>;

const STATUS_OF_STATE: Record<StateName, LogisticStatus> = {
  ready: LOGISTIC_STATUS.READY,
  pendingPickUp: LOGISTIC_STATUS.PENDING_PICK_UP,
  collected: LOGISTIC_STATUS.COLLECTED,
  pendingDropOff: LOGISTIC_STATUS.PENDING_DROP_OFF,
  delivered: LOGISTIC_STATUS.DELIVERED,
  pickUpException: LOGISTIC_STATUS.PICK_UP_EXCEPTION,
  dropOffException: LOGISTIC_STATUS.DROP_OFF_EXCEPTION,
  undelivered: LOGISTIC_STATUS.UNDELIVERED,
  returnedToSender: LOGISTIC_STATUS.RETURNED_TO_SENDER,
};

export function logisticStatusOf(snapshot: DeliveryLogisticsSnapshot): LogisticStatus {
  return STATUS_OF_STATE[snapshot.value as StateName];
}

/** The chart where a delivery with this stored status is; null for statuses before Ready or cancelled ones. */
export function deliveryLogisticsSnapshotOf(logisticStatus: number): DeliveryLogisticsSnapshot | null {
  const state = (Object.entries(STATUS_OF_STATE) as [StateName, number][]).find(([, code]) => code === logisticStatus)?.[0];
  return state ? deliveryLogisticsMachine.resolveState({ value: state, context: {} }) : null;
}
