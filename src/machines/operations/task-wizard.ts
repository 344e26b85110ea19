import type { components } from '../../api/generated/connect';
import { TASK_WIZARD_TEXTS } from '../../lib/jobs-texts';
import { TASK_TYPE } from '../../lib/statuses';
import type { TaskStopForm } from './task-wizard.types';

// The task wizard's rules (issue 20), pure: what each step needs before the next, and the call's body. The
// server checks the same (the window's order, a store stop's store) and answers 400 otherwise.


/** The wizard's offer of task types, in the spec's order (002 section 3). */
export const STOP_TASK_TYPES = [TASK_TYPE.PICK_UP, TASK_TYPE.DROP_OFF, TASK_TYPE.STORE_PICK_UP, TASK_TYPE.STORE_DROP_OFF, TASK_TYPE.QSR_STORE_PICK_UP] as const;
const STORE_TYPES: ReadonlySet<number> = new Set([TASK_TYPE.STORE_PICK_UP, TASK_TYPE.STORE_DROP_OFF, TASK_TYPE.QSR_STORE_PICK_UP]);

export const EMPTY_STOP: TaskStopForm = {
  deliveryId: null, taskTypeId: null, description: '', lat: '', lon: '', storeId: '', windowStart: '', windowEnd: '', contactName: '', contactPhone: '',
};

type Errors = Partial<Record<keyof typeof TASK_WIZARD_TEXTS.errors, string>>;

export function stopTypeErrors(form: TaskStopForm): Errors {
  return {
    ...(form.deliveryId === null && { delivery: TASK_WIZARD_TEXTS.errors.delivery }),
    ...(form.taskTypeId === null && { taskType: TASK_WIZARD_TEXTS.errors.taskType }),
  };
}

const inRange = (text: string, limit: number) => text.trim() !== '' && Number.isFinite(Number(text)) && Math.abs(Number(text)) <= limit;

export function stopAddressErrors(form: TaskStopForm): Errors {
  return {
    ...(form.description.trim() === '' && { description: TASK_WIZARD_TEXTS.errors.description }),
    ...(!(inRange(form.lat, 90) && inRange(form.lon, 180)) && { coordinates: TASK_WIZARD_TEXTS.errors.coordinates }),
    ...(form.taskTypeId !== null && STORE_TYPES.has(form.taskTypeId) && !/^[1-9]\d*$/.test(form.storeId.trim()) && { storeId: TASK_WIZARD_TEXTS.errors.storeId }),
  };
}

export function stopWindowErrors(form: TaskStopForm): Errors {
  const start = form.windowStart ? new Date(form.windowStart).getTime() : null;
  const end = form.windowEnd ? new Date(form.windowEnd).getTime() : null;
  return {
    ...(start !== null && end !== null && !(end > start) && { windowOrder: TASK_WIZARD_TEXTS.errors.windowOrder }),
    ...(form.contactPhone.trim() !== '' && !/^\+?[0-9 ()-]{6,30}$/.test(form.contactPhone.trim()) && { contactPhone: TASK_WIZARD_TEXTS.errors.contactPhone }),
  };
}

export const isEmpty = (errors: Errors) => Object.keys(errors).length === 0;

/** The addtasktojob body of a complete form. */
export function jobTaskFormOf(form: TaskStopForm): components['schemas']['JobTaskForm'] {
  const storeId = form.storeId.trim() === '' ? null : Number(form.storeId);
  return {
    deliveryId: form.deliveryId!,
    taskTypeId: form.taskTypeId as components['schemas']['JobTaskForm']['taskTypeId'],
    address: { description: form.description.trim(), coordinates: { lat: Number(form.lat), lon: Number(form.lon) }, storeId },
    windowStartUtc: form.windowStart ? new Date(form.windowStart).toISOString() : null,
    windowEndUtc: form.windowEnd ? new Date(form.windowEnd).toISOString() : null,
    contactName: form.contactName.trim() || null,
    contactPhone: form.contactPhone.trim() || null,
  };
}
