// Status catalogues with the spec's numeric codes (002 §4, 001 §4, 000 §9). Codes compare numerically,
// so every predicate here is arithmetic on these constants and nowhere else.

type ValueOf<T> = T[keyof T];

// ---- Delivery (logistic) status, 002 §4 ----
export const LOGISTIC_STATUS = {
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
} as const;
export type LogisticStatus = ValueOf<typeof LOGISTIC_STATUS>;

export const LOGISTIC_STATUS_LABELS: Record<LogisticStatus, string> = {
  [LOGISTIC_STATUS.UNDELIVERED]: 'Undelivered',
  [LOGISTIC_STATUS.DROP_OFF_EXCEPTION]: 'Drop-off exception',
  [LOGISTIC_STATUS.PICK_UP_EXCEPTION]: 'Pick-up exception',
  [LOGISTIC_STATUS.RETURNED_TO_SENDER]: 'Returned to sender',
  [LOGISTIC_STATUS.CANCELLED_WITH_FEE]: 'Cancelled with fee',
  [LOGISTIC_STATUS.REVERSED_FULL_REFUND]: 'Reversed full refund',
  [LOGISTIC_STATUS.REFUNDED]: 'Refunded (cancelled full refund)',
  [LOGISTIC_STATUS.CANCELLED_QUOTE]: 'Cancelled quote',
  [LOGISTIC_STATUS.PENDING]: 'Pending (quote)',
  [LOGISTIC_STATUS.STAGING]: 'Staging',
  [LOGISTIC_STATUS.READY]: 'Ready',
  [LOGISTIC_STATUS.PENDING_PICK_UP]: 'Pending pick-up',
  [LOGISTIC_STATUS.COLLECTED]: 'Collected',
  [LOGISTIC_STATUS.PENDING_DROP_OFF]: 'Pending drop-off',
  [LOGISTIC_STATUS.DELIVERED]: 'Delivered',
};

/** Delivered, undelivered, both exceptions, all cancelled and refund statuses. Returned to sender is not listed. */
export const TERMINAL_LOGISTIC_STATUSES: ReadonlySet<number> = new Set<number>([
  LOGISTIC_STATUS.DELIVERED,
  LOGISTIC_STATUS.UNDELIVERED,
  LOGISTIC_STATUS.DROP_OFF_EXCEPTION,
  LOGISTIC_STATUS.PICK_UP_EXCEPTION,
  LOGISTIC_STATUS.CANCELLED_WITH_FEE,
  LOGISTIC_STATUS.CANCELLED_QUOTE,
  LOGISTIC_STATUS.REVERSED_FULL_REFUND,
  LOGISTIC_STATUS.REFUNDED,
]);

export function isTerminalLogisticStatus(code: number): boolean {
  return TERMINAL_LOGISTIC_STATUSES.has(code);
}

export type LogisticStage = 'pickUp' | 'hub' | 'dropOff';

/** Stepper stage: Collected and above is drop-off; exactly Ready with a hub address is hub; below Collected is pick-up. */
export function logisticStage(code: number, hasHubAddress: boolean): LogisticStage {
  if (code >= LOGISTIC_STATUS.COLLECTED) return 'dropOff';
  if (code === LOGISTIC_STATUS.READY && hasHubAddress) return 'hub';
  return 'pickUp';
}

/** Parcel edits: at or above Ready, not Delivered, and the caller may edit. */
export function canEditParcels(code: number, permitted: boolean): boolean {
  return permitted && code >= LOGISTIC_STATUS.READY && code !== LOGISTIC_STATUS.DELIVERED;
}

/** Delivered enables the rating link. */
export function canRate(code: number): boolean {
  return code === LOGISTIC_STATUS.DELIVERED;
}

/** Customer-facing messages keyed by the (separate) codes 30, 48, 49 of 002 §4. */
export const LOGISTIC_CUSTOMER_MESSAGES = {
  30: 'Your order is being returned to the sender',
  48: 'An exception was raised while collecting your order',
  49: 'An exception was raised while delivering your order',
} as const;

export function logisticCustomerMessage(code: number): string | undefined {
  return (LOGISTIC_CUSTOMER_MESSAGES as Record<number, string>)[code];
}

// ---- Payment status (paymentStatusId), 001 §4 / 002 §4 ----
export const PAYMENT_STATUS = {
  REFUND_LESS_FEE: -11001,
  FULL_REFUND: -10001,
  QUOTE_CANCELLED: -2000,
  REJECTED_BY_CLIENT: -1000,
  EXPIRED: -1,
  ITEMS_OUTSTANDING: 0,
  NOT_SELECTED: 10001,
  DETAILS_OUTSTANDING: 10010,
  AWAITING_CLIENT_ACCEPTANCE: 10020,
  PAYMENT_PENDING: 10030,
  PAYMENT_FAILED: 10040,
  PAID: 30001,
} as const;
export type PaymentStatus = ValueOf<typeof PAYMENT_STATUS>;

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  [PAYMENT_STATUS.REFUND_LESS_FEE]: 'Refund less fee',
  [PAYMENT_STATUS.FULL_REFUND]: 'Full refund',
  [PAYMENT_STATUS.QUOTE_CANCELLED]: 'Quote cancelled',
  [PAYMENT_STATUS.REJECTED_BY_CLIENT]: 'Rejected by client',
  [PAYMENT_STATUS.EXPIRED]: 'Expired',
  [PAYMENT_STATUS.ITEMS_OUTSTANDING]: 'Items outstanding',
  [PAYMENT_STATUS.NOT_SELECTED]: 'Not selected',
  [PAYMENT_STATUS.DETAILS_OUTSTANDING]: 'Details outstanding',
  [PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE]: 'Awaiting client acceptance',
  [PAYMENT_STATUS.PAYMENT_PENDING]: 'Payment pending',
  [PAYMENT_STATUS.PAYMENT_FAILED]: 'Payment failed',
  [PAYMENT_STATUS.PAID]: 'Paid',
};

/** The wizard shows its steps only from ITEMS_OUTSTANDING (inclusive) to PAID (exclusive). */
export function isWizardPaymentStatus(code: number): boolean {
  return code >= PAYMENT_STATUS.ITEMS_OUTSTANDING && code < PAYMENT_STATUS.PAID;
}

/**
 * Issue 21: a quote its customer may still cancel (cancelquote): never paid, not refunded or rejected, not
 * cancelled already — the wizard's statuses, and an expired quote.
 */
export function isCancellableQuote(code: number): boolean {
  return code === PAYMENT_STATUS.EXPIRED || isWizardPaymentStatus(code);
}

/** A delivery that was paid has a receipt, refunded since or not (the receipt then shows the refund). */
export function hasReceipt(code: number): boolean {
  return code === PAYMENT_STATUS.PAID || code === PAYMENT_STATUS.FULL_REFUND || code === PAYMENT_STATUS.REFUND_LESS_FEE;
}

// ---- Operation statuses, 002 §4 ----
export const OPERATION_STATUS = {
  COMPLETE_QUOTE: -3000,
  MOVING_TO_HUB: -2500,
  ASSIGN_TO_JOB: -2000,
  ASSIGN_TO_DRIVER: -1000,
  NONE: 0,
  DRIVER_ARRIVED: 1000,
  RECIPIENT_DELAY_NOTIFIED: 1500,
} as const;
export type OperationStatus = ValueOf<typeof OPERATION_STATUS>;
export const OPERATION_STATUS_LABELS: Record<OperationStatus, string> = {
  [OPERATION_STATUS.COMPLETE_QUOTE]: 'Complete quote',
  [OPERATION_STATUS.MOVING_TO_HUB]: 'Moving to hub',
  [OPERATION_STATUS.ASSIGN_TO_JOB]: 'Assign to job',
  [OPERATION_STATUS.ASSIGN_TO_DRIVER]: 'Assign to driver',
  [OPERATION_STATUS.NONE]: 'None',
  [OPERATION_STATUS.DRIVER_ARRIVED]: 'Driver arrived',
  [OPERATION_STATUS.RECIPIENT_DELAY_NOTIFIED]: 'Recipient delay notified',
};

// ---- Job statuses, 002 §4 ----
export const JOB_STATUS = {
  CANCELLED: -1,
  UNASSIGNED: 0,
  NOT_STARTED: 2001,
  IN_PROGRESS: 3001,
  COMPLETED: 4001,
} as const;
export type JobStatus = ValueOf<typeof JOB_STATUS>;
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  [JOB_STATUS.CANCELLED]: 'Cancelled',
  [JOB_STATUS.UNASSIGNED]: 'Unassigned',
  [JOB_STATUS.NOT_STARTED]: 'Not started',
  [JOB_STATUS.IN_PROGRESS]: 'In progress',
  [JOB_STATUS.COMPLETED]: 'Completed',
};

// ---- Task statuses and types, 002 §4 ----
export const TASK_STATUS = {
  EXCEPTION: -1001,
  CANCELLED: -1,
  NOT_STARTED: 2001,
  IN_PROGRESS: 3001,
  COMPLETED: 4001,
} as const;
export type TaskStatus = ValueOf<typeof TASK_STATUS>;
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  [TASK_STATUS.EXCEPTION]: 'Exception',
  [TASK_STATUS.CANCELLED]: 'Cancelled',
  [TASK_STATUS.NOT_STARTED]: 'Not started',
  [TASK_STATUS.IN_PROGRESS]: 'In progress',
  [TASK_STATUS.COMPLETED]: 'Completed',
};
export const FINISHED_TASK_STATUSES: ReadonlySet<number> = new Set<number>([
  TASK_STATUS.EXCEPTION,
  TASK_STATUS.CANCELLED,
  TASK_STATUS.COMPLETED,
]);
/** Finished tasks leave live lists and are never replaced by updates (002 §4 live updates). */
export function isFinishedTaskStatus(code: number): boolean {
  return FINISHED_TASK_STATUSES.has(code);
}

export const TASK_TYPE = {
  PICK_UP: 1,
  DROP_OFF: 2,
  STORE_PICK_UP: 3,
  STORE_DROP_OFF: 4,
  QSR_STORE_PICK_UP: 5,
} as const;
export type TaskType = ValueOf<typeof TASK_TYPE>;
export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  [TASK_TYPE.PICK_UP]: 'Pick-up',
  [TASK_TYPE.DROP_OFF]: 'Drop-off',
  [TASK_TYPE.STORE_PICK_UP]: 'Store pick-up',
  [TASK_TYPE.STORE_DROP_OFF]: 'Store drop-off',
  [TASK_TYPE.QSR_STORE_PICK_UP]: 'QSR store pick-up',
};
/** Task type ids used on the map only. */
export const MAP_TASK_TYPE = {
  PICK_UP_FROM_ORIGIN: 10000,
  DROP_OFF_AT_DESTINATION: 40000,
} as const;

// ---- Driver availability, 002 §4 ----
export const DRIVER_AVAILABILITY = {
  OFFLINE: -1001,
  AVAILABLE: 1001,
  AVAILABLE_QSR_ONLY: 1500,
  ONLINE: 2001,
  BUSY: 3001,
} as const;
export type DriverAvailability = ValueOf<typeof DRIVER_AVAILABILITY>;
export const DRIVER_AVAILABILITY_LABELS: Record<DriverAvailability, string> = {
  [DRIVER_AVAILABILITY.OFFLINE]: 'Offline',
  [DRIVER_AVAILABILITY.AVAILABLE]: 'Available',
  [DRIVER_AVAILABILITY.AVAILABLE_QSR_ONLY]: 'Available QSR only',
  [DRIVER_AVAILABILITY.ONLINE]: 'Online',
  [DRIVER_AVAILABILITY.BUSY]: 'Busy',
};

// ---- Upload batches and upload states, 002 §4 / 000 §9 ----
export const UPLOAD_BATCH_STATUS = {
  FAILED: -2000,
  CANCELLED: -1000,
  UNPROCESSED: 0,
  SUBMITTED: 1000,
  IN_PROGRESS: 2000,
  DELIVERY_CREATED: 3000,
  COMPLETED: 4000,
} as const;
export type UploadBatchStatus = ValueOf<typeof UPLOAD_BATCH_STATUS>;
export const UPLOAD_BATCH_STATUS_LABELS: Record<UploadBatchStatus, string> = {
  [UPLOAD_BATCH_STATUS.FAILED]: 'Failed',
  [UPLOAD_BATCH_STATUS.CANCELLED]: 'Cancelled',
  [UPLOAD_BATCH_STATUS.UNPROCESSED]: 'Unprocessed',
  [UPLOAD_BATCH_STATUS.SUBMITTED]: 'Submitted',
  [UPLOAD_BATCH_STATUS.IN_PROGRESS]: 'In progress',
  [UPLOAD_BATCH_STATUS.DELIVERY_CREATED]: 'Delivery created',
  [UPLOAD_BATCH_STATUS.COMPLETED]: 'Completed',
};
/** A rate upload can be cancelled only below in progress, not already cancelled, and with no rate created. */
export function canCancelRateUpload(uploadStatusId: number, rateCreated: boolean): boolean {
  return (
    uploadStatusId < UPLOAD_BATCH_STATUS.IN_PROGRESS &&
    uploadStatusId !== UPLOAD_BATCH_STATUS.CANCELLED &&
    !rateCreated
  );
}

/** A delivery upload, likewise: below in progress, not already cancelled, and no delivery booked from it. */
export function canCancelDeliveryUpload(uploadStatusId: number, deliveryId: number | null): boolean {
  return uploadStatusId < UPLOAD_BATCH_STATUS.IN_PROGRESS && uploadStatusId !== UPLOAD_BATCH_STATUS.CANCELLED && deliveryId === null;
}

export const UPLOAD_STATES = { INCOMPLETE: 'incomplete', COMPLETED: 'completed' } as const;
export type UploadState = ValueOf<typeof UPLOAD_STATES>;

// ---- Webhook results, 002 §4 ----
export const WEBHOOK_RESULT_STATUS = {
  FAILED: -2000,
  ERROR: -1000,
  UNKNOWN: 0,
  SUCCESS: 2000,
} as const;
export type WebhookResultStatus = ValueOf<typeof WEBHOOK_RESULT_STATUS>;
export const WEBHOOK_RESULT_STATUS_LABELS: Record<WebhookResultStatus, string> = {
  [WEBHOOK_RESULT_STATUS.FAILED]: 'Failed',
  [WEBHOOK_RESULT_STATUS.ERROR]: 'Error',
  [WEBHOOK_RESULT_STATUS.UNKNOWN]: 'Unknown',
  [WEBHOOK_RESULT_STATUS.SUCCESS]: 'Success',
};

// ---- Applications, 002 §4 ----
export const APPLICATION_STATUS = {
  CANCELLED: -2001,
  REJECTED: -1001,
  PENDING: 0,
  APPROVED: 2001,
} as const;
export type ApplicationStatus = ValueOf<typeof APPLICATION_STATUS>;
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  [APPLICATION_STATUS.CANCELLED]: 'Cancelled',
  [APPLICATION_STATUS.REJECTED]: 'Rejected',
  [APPLICATION_STATUS.PENDING]: 'Pending',
  [APPLICATION_STATUS.APPROVED]: 'Approved',
};

export const APPLICATION_TYPE = {
  PARTNER: 1,
  PARTNER_DRIVER: 2,
  DRIVER: 3,
  VEHICLE: 4,
  BUSINESS: 5,
  ASSISTANT: 6,
} as const;
export type ApplicationType = ValueOf<typeof APPLICATION_TYPE>;
export const APPLICATION_TYPE_LABELS: Record<ApplicationType, string> = {
  [APPLICATION_TYPE.PARTNER]: 'Partner',
  [APPLICATION_TYPE.PARTNER_DRIVER]: 'Partner driver',
  [APPLICATION_TYPE.DRIVER]: 'Driver',
  [APPLICATION_TYPE.VEHICLE]: 'Vehicle',
  [APPLICATION_TYPE.BUSINESS]: 'Business',
  [APPLICATION_TYPE.ASSISTANT]: 'Assistant',
};

export const DOCUMENT_STATUS = {
  NONE: 0,
  VALID: 100,
  EXPIRING_SOON: 200,
  EXPIRED: 300,
  PENDING_APPROVAL: 400,
  REJECTED: 500,
} as const;
export type DocumentStatus = ValueOf<typeof DOCUMENT_STATUS>;
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  [DOCUMENT_STATUS.NONE]: 'None',
  [DOCUMENT_STATUS.VALID]: 'Valid',
  [DOCUMENT_STATUS.EXPIRING_SOON]: 'Expiring soon',
  [DOCUMENT_STATUS.EXPIRED]: 'Expired',
  [DOCUMENT_STATUS.PENDING_APPROVAL]: 'Pending approval',
  [DOCUMENT_STATUS.REJECTED]: 'Rejected',
};

export const TERMS_ACCEPTANCE = {
  NONE: 0,
  NEEDS_ACCEPTANCE: 100,
  ACCEPTED: 200,
} as const;
export type TermsAcceptance = ValueOf<typeof TERMS_ACCEPTANCE>;
export const TERMS_ACCEPTANCE_LABELS: Record<TermsAcceptance, string> = {
  [TERMS_ACCEPTANCE.NONE]: 'None',
  [TERMS_ACCEPTANCE.NEEDS_ACCEPTANCE]: 'Needs acceptance',
  [TERMS_ACCEPTANCE.ACCEPTED]: 'Accepted',
};

/** "A further status set" of 002 §4; the spec does not say what it belongs to. */
export const FURTHER_STATUS = {
  CANCELLED: -1000,
  NONE: 0,
  PENDING: 1000,
  COMPLETE: 2000,
} as const;
export type FurtherStatus = ValueOf<typeof FURTHER_STATUS>;
export const FURTHER_STATUS_LABELS: Record<FurtherStatus, string> = {
  [FURTHER_STATUS.CANCELLED]: 'Cancelled',
  [FURTHER_STATUS.NONE]: 'None',
  [FURTHER_STATUS.PENDING]: 'Pending',
  [FURTHER_STATUS.COMPLETE]: 'Complete',
};

/** Label lookup that tolerates codes the catalogue does not know (server may add some). */
export function statusLabel(labels: Readonly<Record<number, string>>, code: number): string {
  return labels[code] ?? String(code);
}
