import { LOGISTIC_STATUS, LOGISTIC_STATUS_LABELS, statusLabel } from './statuses';

/** Texts of the public tracking page (/track/:hash). All ours: the spec names the route only (000 section 2). */
export const TRACKING_TEXTS = {
  title: 'Track your delivery',
  loading: 'Loading your delivery…',
  notFoundHeading: 'Delivery not found',
  notFound: 'We could not find a delivery for this tracking link.',
  failed: 'We could not load this delivery right now.',
  tryAgain: 'Try again',
  waybill: 'Waybill',
  progress: 'Progress',
  status: 'Status',
  service: 'Service',
  pickUpWindow: 'Pick-up window',
  dropOffWindow: 'Drop-off window',
  from: 'From',
  to: 'To',
  via: 'Via hub',
  driver: 'Driver',
  driverAssigned: 'A driver is assigned',
  driverNotAssigned: 'No driver assigned yet',
  driverOnTheWay: 'Your driver is on the way',
  mapLabel: 'Route map',
  driverMarker: 'Driver',
  notYetKnown: 'Not yet known',
} as const;

/** The stepper's steps, in order. */
export const TRACKING_STEPS = ['Booked', 'Ready for collection', 'Collected', 'Delivered'] as const;

/**
 * The stepper's current step for a logistic status (src/lib/statuses.ts): Booked below Ready (pending, staging),
 * Ready for collection for Ready and Pending pick-up, Collected for Collected and Pending drop-off, Delivered for
 * Delivered. Null for every negative status (exceptions, cancellations, refunds, returned to sender): the page shows
 * the status's name instead of a step.
 */
export function trackingStepIndex(logisticStatusId: number): number | null {
  if (logisticStatusId < LOGISTIC_STATUS.PENDING) return null;
  if (logisticStatusId >= LOGISTIC_STATUS.DELIVERED) return 3;
  if (logisticStatusId >= LOGISTIC_STATUS.COLLECTED) return 2;
  if (logisticStatusId >= LOGISTIC_STATUS.READY) return 1;
  return 0;
}

export const trackingStatusName = (logisticStatusId: number): string => statusLabel(LOGISTIC_STATUS_LABELS, logisticStatusId);
