import { LOGISTIC_STATUS } from '../../src/lib/statuses';

/**
 * The columns that change with a delivery's logistic status: deliveredAt is the moment it became delivered and is
 * cleared when it leaves that status (a reversal), so on-time figures never read a stale delivery time.
 */
export function logisticStatusValues(logisticStatusId: number, at = new Date()) {
  return { logisticStatusId, deliveredAt: logisticStatusId === LOGISTIC_STATUS.DELIVERED ? at : null, updatedAt: at };
}
