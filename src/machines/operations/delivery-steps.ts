import { LOGISTIC_STATUS, TASK_STATUS, isFinishedTaskStatus, logisticStage } from '../../lib/statuses';
import { isPickUpTask } from './task.machine';

// The pick-up / drop-off stepper of a delivery on the job screens (002 section 2): which step is done, current,
// failed or still to come. It derives from the delivery's tasks on the job, so once every task is completed or
// failed no step is current (issue 'What a new user trips over' #9: 'Drop-off (current)' after the delivery was done).

export const DELIVERY_STEPS = ['pickUp', 'dropOff'] as const;
export type DeliveryStep = (typeof DELIVERY_STEPS)[number];
export type DeliveryStepState = 'done' | 'failed' | 'current' | 'pending';

export interface StepTask {
  deliveryId: number;
  taskTypeId: number;
  taskStatusId: number;
}

/**
 * Each step's state for one delivery. A step with tasks is finished when all its tasks are (completed: done; any
 * exception or cancellation: failed); a step without tasks on this job falls back on the delivery's logistic status.
 * The current step is the first one not finished; none when all are.
 */
export function deliveryStepStates(deliveryId: number, logisticStatusId: number, tasks: readonly StepTask[]): Record<DeliveryStep, DeliveryStepState> {
  const reached = DELIVERY_STEPS.indexOf(logisticStage(logisticStatusId, false) as DeliveryStep);
  const finished = DELIVERY_STEPS.map((step, index): 'done' | 'failed' | null => {
    const own = tasks.filter((task) => task.deliveryId === deliveryId && (step === 'pickUp') === isPickUpTask(task.taskTypeId));
    if (own.length === 0) return logisticStatusId === LOGISTIC_STATUS.DELIVERED || index < reached ? 'done' : null;
    if (!own.every((task) => isFinishedTaskStatus(task.taskStatusId))) return null;
    return own.every((task) => task.taskStatusId === TASK_STATUS.COMPLETED) ? 'done' : 'failed';
  });
  const current = finished.indexOf(null);
  const states = DELIVERY_STEPS.map((_, index): DeliveryStepState => finished[index] ?? (index === current ? 'current' : 'pending'));
  return { pickUp: states[0]!, dropOff: states[1]! };
}
