import { describe, expect, it } from 'vitest';
import { LOGISTIC_STATUS } from '../../src/lib/statuses';
import { dashboardStats, deliveriesOfList } from '../../src/machines/dashboard/dashboard-view';
import type { LiveDelivery } from '../../src/machines/operations/live-merge';

let nextId = 1;
const delivery = (logisticStatusId: number, extra: Record<string, unknown> = {}): LiveDelivery => ({ id: nextId++, xmin: '1', logisticStatusId, ...extra });
const many = (count: number, status: number, extra: Record<string, unknown> = {}) => Array.from({ length: count }, () => delivery(status, extra));

describe('the dashboard stats', () => {
  // 14 delivered (12 on time), 1 drop-off exception, 1 undelivered, 1 pick-up exception, 3 in play.
  const loaded = [
    ...many(12, LOGISTIC_STATUS.DELIVERED, { deliveredDate: '2026-11-25T09:00:00Z', dropoffWindowEnd: '2026-11-25T10:00:00Z' }),
    ...many(2, LOGISTIC_STATUS.DELIVERED, { deliveredDate: '2026-11-25T11:00:00Z', dropoffWindowEnd: '2026-11-25T10:00:00Z' }),
    delivery(LOGISTIC_STATUS.DROP_OFF_EXCEPTION), delivery(LOGISTIC_STATUS.UNDELIVERED), delivery(LOGISTIC_STATUS.PICK_UP_EXCEPTION),
    ...many(2, LOGISTIC_STATUS.READY), delivery(LOGISTIC_STATUS.COLLECTED),
  ];

  it('weigh exceptions against the work finished too, not only what the in-play list shows', () => {
    const stats = dashboardStats(loaded);
    expect(stats.dropoffExceptions).toEqual({ amountCompleted: '1/16', percentage: 6 });
    expect(stats.dropoffCompliance).toEqual({ amountCompleted: '14/16', percentage: 88 });
    expect(stats.otds).toEqual({ amountCompleted: '12/14', percentage: 86 });
    expect(stats.pickupExceptions.amountCompleted).toBe('1/16');
  });

  it('the in-play list shows only deliveries in play; the finished list only finished ones', () => {
    const inPlay = deliveriesOfList(loaded, 'incomplete');
    expect(inPlay.map((row) => row.logisticStatusId).sort()).toEqual([
      LOGISTIC_STATUS.READY, LOGISTIC_STATUS.READY, LOGISTIC_STATUS.COLLECTED, LOGISTIC_STATUS.PICK_UP_EXCEPTION, LOGISTIC_STATUS.DROP_OFF_EXCEPTION,
    ].sort());
    expect(deliveriesOfList(loaded, 'completed')).toHaveLength(15);
    // What the in-play list alone would have said: every drop-off attempt an exception.
    expect(dashboardStats(inPlay).dropoffExceptions.percentage).toBe(100);
  });
});
