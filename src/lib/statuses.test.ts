import { describe, it, expect } from 'vitest';
import {
  APPLICATION_STATUS,
  APPLICATION_TYPE,
  DOCUMENT_STATUS,
  DRIVER_AVAILABILITY,
  FURTHER_STATUS,
  JOB_STATUS,
  LOGISTIC_STATUS,
  LOGISTIC_STATUS_LABELS,
  MAP_TASK_TYPE,
  OPERATION_STATUS,
  PAYMENT_STATUS,
  PAYMENT_STATUS_LABELS,
  TASK_STATUS,
  TASK_TYPE,
  TERMS_ACCEPTANCE,
  UPLOAD_BATCH_STATUS,
  UPLOAD_STATES,
  WEBHOOK_RESULT_STATUS,
  canCancelRateUpload,
  canEditParcels,
  canRate,
  isFinishedTaskStatus,
  isTerminalLogisticStatus,
  isWizardPaymentStatus,
  logisticCustomerMessage,
  logisticStage,
  statusLabel,
} from './statuses';

describe('logistic status (002 §4)', () => {
  it('has the table codes', () => {
    expect(LOGISTIC_STATUS).toEqual({
      UNDELIVERED: -12001,
      DROP_OFF_EXCEPTION: -11001,
      PICK_UP_EXCEPTION: -10001,
      RETURNED_TO_SENDER: -3001,
      CANCELLED_WITH_FEE: -2001,
      REVERSED_FULL_REFUND: -1501,
      REFUNDED: -1001,
      CANCELLED_QUOTE: -1,
      PENDING: 0,
      STAGING: 1000,
      READY: 2501,
      PENDING_PICK_UP: 10001,
      COLLECTED: 15001,
      PENDING_DROP_OFF: 20001,
      DELIVERED: 30001,
    });
    expect(LOGISTIC_STATUS_LABELS[-1001]).toBe('Refunded (cancelled full refund)');
    expect(LOGISTIC_STATUS_LABELS[10001]).toBe('Pending pick-up');
  });

  it('terminal set', () => {
    for (const code of [30001, -12001, -11001, -10001, -2001, -1501, -1001, -1]) {
      expect(isTerminalLogisticStatus(code)).toBe(true);
    }
    for (const code of [0, 1000, 2501, 10001, 15001, 20001, -3001]) {
      expect(isTerminalLogisticStatus(code)).toBe(false);
    }
  });

  it('stage by numeric comparison', () => {
    expect(logisticStage(LOGISTIC_STATUS.PENDING, true)).toBe('pickUp');
    expect(logisticStage(LOGISTIC_STATUS.READY, false)).toBe('pickUp');
    expect(logisticStage(LOGISTIC_STATUS.READY, true)).toBe('hub');
    expect(logisticStage(LOGISTIC_STATUS.PENDING_PICK_UP, false)).toBe('pickUp');
    expect(logisticStage(LOGISTIC_STATUS.COLLECTED, true)).toBe('dropOff');
    expect(logisticStage(LOGISTIC_STATUS.PENDING_DROP_OFF, false)).toBe('dropOff');
    expect(logisticStage(LOGISTIC_STATUS.DELIVERED, false)).toBe('dropOff');
  });

  it('parcel edits at or above Ready, not Delivered, when permitted', () => {
    expect(canEditParcels(LOGISTIC_STATUS.STAGING, true)).toBe(false);
    expect(canEditParcels(LOGISTIC_STATUS.READY, true)).toBe(true);
    expect(canEditParcels(LOGISTIC_STATUS.PENDING_DROP_OFF, true)).toBe(true);
    expect(canEditParcels(LOGISTIC_STATUS.DELIVERED, true)).toBe(false);
    expect(canEditParcels(LOGISTIC_STATUS.READY, false)).toBe(false);
    expect(canEditParcels(LOGISTIC_STATUS.UNDELIVERED, true)).toBe(false);
  });

  it('rating link only when delivered', () => {
    expect(canRate(30001)).toBe(true);
    expect(canRate(20001)).toBe(false);
  });

  it('customer-facing messages', () => {
    expect(logisticCustomerMessage(30)).toBe('Your order is being returned to the sender');
    expect(logisticCustomerMessage(48)).toBe('An exception was raised while collecting your order');
    expect(logisticCustomerMessage(49)).toBe('An exception was raised while delivering your order');
    expect(logisticCustomerMessage(31)).toBeUndefined();
  });
});

describe('payment status (001 §4)', () => {
  it('codes', () => {
    expect(PAYMENT_STATUS.REFUND_LESS_FEE).toBe(-11001);
    expect(PAYMENT_STATUS.FULL_REFUND).toBe(-10001);
    expect(PAYMENT_STATUS.QUOTE_CANCELLED).toBe(-2000);
    expect(PAYMENT_STATUS.REJECTED_BY_CLIENT).toBe(-1000);
    expect(PAYMENT_STATUS.EXPIRED).toBe(-1);
    expect(PAYMENT_STATUS.ITEMS_OUTSTANDING).toBe(0);
    expect(PAYMENT_STATUS.NOT_SELECTED).toBe(10001);
    expect(PAYMENT_STATUS.DETAILS_OUTSTANDING).toBe(10010);
    expect(PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE).toBe(10020);
    expect(PAYMENT_STATUS.PAYMENT_PENDING).toBe(10030);
    expect(PAYMENT_STATUS.PAYMENT_FAILED).toBe(10040);
    expect(PAYMENT_STATUS.PAID).toBe(30001);
    expect(PAYMENT_STATUS_LABELS[10020]).toBe('Awaiting client acceptance');
  });

  it('wizard range: ITEMS_OUTSTANDING inclusive to PAID exclusive', () => {
    expect(isWizardPaymentStatus(PAYMENT_STATUS.EXPIRED)).toBe(false);
    expect(isWizardPaymentStatus(PAYMENT_STATUS.ITEMS_OUTSTANDING)).toBe(true);
    expect(isWizardPaymentStatus(PAYMENT_STATUS.PAYMENT_FAILED)).toBe(true);
    expect(isWizardPaymentStatus(PAYMENT_STATUS.PAID)).toBe(false);
    expect(isWizardPaymentStatus(PAYMENT_STATUS.QUOTE_CANCELLED)).toBe(false);
  });
});

describe('other catalogues (002 §4)', () => {
  it('operation, job, task statuses', () => {
    expect(OPERATION_STATUS).toEqual({
      COMPLETE_QUOTE: -3000,
      MOVING_TO_HUB: -2500,
      ASSIGN_TO_JOB: -2000,
      ASSIGN_TO_DRIVER: -1000,
      NONE: 0,
      DRIVER_ARRIVED: 1000,
      RECIPIENT_DELAY_NOTIFIED: 1500,
    });
    expect(JOB_STATUS).toEqual({ CANCELLED: -1, UNASSIGNED: 0, NOT_STARTED: 2001, IN_PROGRESS: 3001, COMPLETED: 4001 });
    expect(TASK_STATUS).toEqual({ EXCEPTION: -1001, CANCELLED: -1, NOT_STARTED: 2001, IN_PROGRESS: 3001, COMPLETED: 4001 });
  });

  it('finished task statuses: exception, cancelled, completed', () => {
    expect(isFinishedTaskStatus(-1001)).toBe(true);
    expect(isFinishedTaskStatus(-1)).toBe(true);
    expect(isFinishedTaskStatus(4001)).toBe(true);
    expect(isFinishedTaskStatus(2001)).toBe(false);
    expect(isFinishedTaskStatus(3001)).toBe(false);
  });

  it('task types and map task type ids', () => {
    expect(TASK_TYPE).toEqual({ PICK_UP: 1, DROP_OFF: 2, STORE_PICK_UP: 3, STORE_DROP_OFF: 4, QSR_STORE_PICK_UP: 5 });
    expect(MAP_TASK_TYPE).toEqual({ PICK_UP_FROM_ORIGIN: 10000, DROP_OFF_AT_DESTINATION: 40000 });
  });

  it('driver availability, uploads, webhooks', () => {
    expect(DRIVER_AVAILABILITY).toEqual({ OFFLINE: -1001, AVAILABLE: 1001, AVAILABLE_QSR_ONLY: 1500, ONLINE: 2001, BUSY: 3001 });
    expect(UPLOAD_BATCH_STATUS).toEqual({
      FAILED: -2000,
      CANCELLED: -1000,
      UNPROCESSED: 0,
      SUBMITTED: 1000,
      IN_PROGRESS: 2000,
      DELIVERY_CREATED: 3000,
      COMPLETED: 4000,
    });
    expect(UPLOAD_STATES).toEqual({ INCOMPLETE: 'incomplete', COMPLETED: 'completed' });
    expect(WEBHOOK_RESULT_STATUS).toEqual({ FAILED: -2000, ERROR: -1000, UNKNOWN: 0, SUCCESS: 2000 });
  });

  it('rate upload cancellation rule', () => {
    expect(canCancelRateUpload(UPLOAD_BATCH_STATUS.SUBMITTED, false)).toBe(true);
    expect(canCancelRateUpload(UPLOAD_BATCH_STATUS.UNPROCESSED, false)).toBe(true);
    expect(canCancelRateUpload(UPLOAD_BATCH_STATUS.IN_PROGRESS, false)).toBe(false);
    expect(canCancelRateUpload(UPLOAD_BATCH_STATUS.CANCELLED, false)).toBe(false);
    expect(canCancelRateUpload(UPLOAD_BATCH_STATUS.SUBMITTED, true)).toBe(false);
  });

  it('applications and the further status set', () => {
    expect(APPLICATION_STATUS).toEqual({ CANCELLED: -2001, REJECTED: -1001, PENDING: 0, APPROVED: 2001 });
    expect(APPLICATION_TYPE).toEqual({ PARTNER: 1, PARTNER_DRIVER: 2, DRIVER: 3, VEHICLE: 4, BUSINESS: 5, ASSISTANT: 6 });
    expect(DOCUMENT_STATUS).toEqual({ NONE: 0, VALID: 100, EXPIRING_SOON: 200, EXPIRED: 300, PENDING_APPROVAL: 400, REJECTED: 500 });
    expect(TERMS_ACCEPTANCE).toEqual({ NONE: 0, NEEDS_ACCEPTANCE: 100, ACCEPTED: 200 });
    expect(FURTHER_STATUS).toEqual({ CANCELLED: -1000, NONE: 0, PENDING: 1000, COMPLETE: 2000 });
  });

  it('statusLabel falls back to the code', () => {
    expect(statusLabel(LOGISTIC_STATUS_LABELS, 2501)).toBe('Ready');
    expect(statusLabel(LOGISTIC_STATUS_LABELS, 777)).toBe('777');
  });
});
