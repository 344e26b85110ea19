import { LOGISTIC_STATUS, type LogisticStatus } from '../../lib/statuses';
import { deliveryLogisticsMachine, deliveryLogisticsSnapshotOf, logisticStatusOf, type DeliveryLogisticsSnapshot } from './delivery-logistics.machine';
import type { DeliveryLogisticsEvent } from './delivery-logistics.types';
import { step } from './transitions';

/**
 * What a delivery's stored logistic status allows, read from the delivery chart so the rules cannot drift
 * from the diagram. Booking's quote statuses come before the chart; everything else is the chart's.
 */

/** Booking's statuses before a delivery enters the chart: a quote being built or staged. */
const QUOTE_STATUSES: ReadonlySet<number> = new Set<number>([LOGISTIC_STATUS.PENDING, LOGISTIC_STATUS.STAGING]);

/** Every event except reverse, which is an operator's correction rather than progress. */
const FORWARD_EVENTS = deliveryLogisticsMachine.root.events
  .filter((type) => type !== 'delivery.reverse')
  .map((type) => ({ type }) as DeliveryLogisticsEvent);

function reachesForward(from: DeliveryLogisticsSnapshot, target: LogisticStatus): boolean {
  const seen = new Set<LogisticStatus>();
  const queue = [from];
  for (let snapshot = queue.shift(); snapshot; snapshot = queue.shift()) {
    const status = logisticStatusOf(snapshot);
    if (seen.has(status)) continue;
    seen.add(status);
    for (const event of FORWARD_EVENTS) {
      const next = step(deliveryLogisticsMachine, snapshot, event);
      if (!next) continue;
      if (logisticStatusOf(next) === target) return true;
      queue.push(next);
    }
  }
  return false;
}

/** The chart's statuses with collection still ahead of them: the parcels are not with a driver yet. */
const CHART_BEFORE_COLLECTION: ReadonlySet<number> = new Set<number>(
  Object.values(LOGISTIC_STATUS).filter((status) => {
    const snapshot = deliveryLogisticsSnapshotOf(status);
    return snapshot !== null && reachesForward(snapshot, LOGISTIC_STATUS.COLLECTED);
  }),
);

/** A quote, or a chart status before collection: the delivery date and distance may still change. */
export function isBeforeCollection(status: number): boolean {
  return QUOTE_STATUSES.has(status) || CHART_BEFORE_COLLECTION.has(status);
}

/**
 * Where cancelling leads (ours, where the spec is silent), only before collection: a quote is cancelled; a
 * paid delivery is refunded in full while no driver has its job, and cancelled with a fee once one has (the
 * chart can unassign that driver). Collected and beyond cannot be cancelled: return it to the sender instead.
 */
export function cancelTarget(status: number): LogisticStatus | undefined {
  if (QUOTE_STATUSES.has(status)) return LOGISTIC_STATUS.CANCELLED_QUOTE;
  if (!CHART_BEFORE_COLLECTION.has(status)) return undefined;
  return deliveryLogisticsSnapshotOf(status)?.can({ type: 'delivery.driverUnassigned' })
    ? LOGISTIC_STATUS.CANCELLED_WITH_FEE
    : LOGISTIC_STATUS.REFUNDED;
}

/** Proof of delivery is recorded for a delivered delivery only. */
export function mayRecordProof(status: number): boolean {
  return deliveryLogisticsSnapshotOf(status)?.matches('delivered') ?? false;
}
