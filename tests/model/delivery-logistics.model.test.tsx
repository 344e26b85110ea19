import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { canRate, isTerminalLogisticStatus, LOGISTIC_STATUS } from '../../src/lib/statuses';
import { deliveryLogisticsMachine, deliveryLogisticsSnapshotOf, logisticStatusOf, type DeliveryLogisticsSnapshot } from '../../src/machines/operations/delivery-logistics.machine';
import type { DeliveryLogisticsEvent } from '../../src/machines/operations/delivery-logistics.types';
import { deliveryLogisticsSamples } from '../../src/machines/operations/delivery-logistics.samples';
import { step } from '../../src/machines/operations/transitions';
import { describeModel } from '../support/model-paths';

const probes: DeliveryLogisticsEvent['type'][] = [
  'delivery.driverAssigned', 'delivery.driverUnassigned', 'delivery.pickupCompleted', 'delivery.pickupException', 'delivery.dropoffStarted',
  'delivery.dropoffCompleted', 'delivery.dropoffException', 'delivery.undelivered', 'delivery.returnToSender', 'delivery.reverse',
];

let running: Actor<typeof deliveryLogisticsMachine>;

const allowed = (snapshot: DeliveryLogisticsSnapshot) =>
  probes.filter((type) => step(deliveryLogisticsMachine, snapshot, { type } as DeliveryLogisticsEvent) !== null);

/**
 * The running chart is in the path's state with the spec's code; resumed from that code it allows the same
 * calls; terminal codes of the spec (002 section 4) allow nothing but a reversal; only Delivered enables rating.
 */
function check(snapshot: DeliveryLogisticsSnapshot, status: number, calls: DeliveryLogisticsEvent['type'][]) {
  const live = running.getSnapshot();
  expect(live.value).toEqual(snapshot.value);
  expect(logisticStatusOf(live)).toBe(status);
  const resumed = deliveryLogisticsSnapshotOf(status)!;
  expect(allowed(resumed)).toEqual(calls);
  expect(allowed(live)).toEqual(calls);
  if (isTerminalLogisticStatus(status)) expect(calls.filter((type) => type !== 'delivery.reverse')).toEqual([]);
  expect(canRate(status)).toBe(status === LOGISTIC_STATUS.DELIVERED);
}

describeModel({
  machine: deliveryLogisticsMachine,
  scenarios: deliveryLogisticsSamples.scenarios,
  targets: deliveryLogisticsSamples.targets,
  guards: true,
  start(machine, _input, clock) {
    running = createActor(machine, { clock }).start();
    return { send: (event) => running.send(event as DeliveryLogisticsEvent) };
  },
  states: {
    ready: (snapshot) => check(snapshot, LOGISTIC_STATUS.READY, ['delivery.driverAssigned']),
    pendingPickUp: (snapshot) => check(snapshot, LOGISTIC_STATUS.PENDING_PICK_UP,
      ['delivery.driverUnassigned', 'delivery.pickupCompleted', 'delivery.pickupException', 'delivery.reverse']),
    collected: (snapshot) => check(snapshot, LOGISTIC_STATUS.COLLECTED, ['delivery.dropoffStarted', 'delivery.returnToSender', 'delivery.reverse']),
    pendingDropOff: (snapshot) => check(snapshot, LOGISTIC_STATUS.PENDING_DROP_OFF,
      ['delivery.dropoffCompleted', 'delivery.dropoffException', 'delivery.undelivered', 'delivery.returnToSender', 'delivery.reverse']),
    delivered: (snapshot) => check(snapshot, LOGISTIC_STATUS.DELIVERED, ['delivery.reverse']),
    pickUpException: (snapshot) => check(snapshot, LOGISTIC_STATUS.PICK_UP_EXCEPTION, ['delivery.reverse']),
    dropOffException: (snapshot) => check(snapshot, LOGISTIC_STATUS.DROP_OFF_EXCEPTION, ['delivery.reverse']),
    undelivered: (snapshot) => check(snapshot, LOGISTIC_STATUS.UNDELIVERED, ['delivery.reverse']),
    returnedToSender: (snapshot) => check(snapshot, LOGISTIC_STATUS.RETURNED_TO_SENDER, []),
  },
});
