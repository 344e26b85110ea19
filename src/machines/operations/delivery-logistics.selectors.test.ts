import { describe, expect, it } from 'vitest';
import { LOGISTIC_STATUS as S } from '../../lib/statuses';
import { cancelTarget, isBeforeCollection, mayRecordProof } from './delivery-logistics.selectors';

const ALL = Object.values(S);

describe('what a stored logistic status allows, read from the delivery chart', () => {
  it('before collection: the quote statuses and the chart states with collection still ahead', () => {
    expect(ALL.filter(isBeforeCollection).sort((a, b) => a - b)).toEqual([S.PENDING, S.STAGING, S.READY, S.PENDING_PICK_UP]);
  });

  it('cancels a quote, refunds a paid delivery without a driver, charges a fee once a driver has it, and nothing later', () => {
    expect(Object.fromEntries(ALL.map((status) => [status, cancelTarget(status)]).filter(([, target]) => target !== undefined))).toEqual({
      [S.PENDING]: S.CANCELLED_QUOTE,
      [S.STAGING]: S.CANCELLED_QUOTE,
      [S.READY]: S.REFUNDED,
      [S.PENDING_PICK_UP]: S.CANCELLED_WITH_FEE,
    });
  });

  it('records proof of delivery for a delivered delivery only', () => {
    expect(ALL.filter(mayRecordProof)).toEqual([S.DELIVERED]);
  });
});
