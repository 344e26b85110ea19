import { describe, expect, it } from 'vitest';
import { LOGISTIC_STATUS, TASK_STATUS, TASK_TYPE } from '../../lib/statuses';
import { deliveryStepStates } from './delivery-steps';

const task = (taskTypeId: number, taskStatusId: number, deliveryId = 7) => ({ deliveryId, taskTypeId, taskStatusId });
const { NOT_STARTED, IN_PROGRESS, COMPLETED, EXCEPTION, CANCELLED } = TASK_STATUS;

describe('a delivery\'s pick-up / drop-off steps on the job screen', () => {
  it('makes the first unfinished step current', () => {
    expect(deliveryStepStates(7, LOGISTIC_STATUS.PENDING_PICK_UP, [task(TASK_TYPE.PICK_UP, IN_PROGRESS), task(TASK_TYPE.DROP_OFF, NOT_STARTED)]))
      .toEqual({ pickUp: 'current', dropOff: 'pending' });
    expect(deliveryStepStates(7, LOGISTIC_STATUS.COLLECTED, [task(TASK_TYPE.STORE_PICK_UP, COMPLETED), task(TASK_TYPE.DROP_OFF, IN_PROGRESS)]))
      .toEqual({ pickUp: 'done', dropOff: 'current' });
  });

  it('has no current step once every task is completed (the delivery is done)', () => {
    expect(deliveryStepStates(7, LOGISTIC_STATUS.DELIVERED, [task(TASK_TYPE.PICK_UP, COMPLETED), task(TASK_TYPE.DROP_OFF, COMPLETED)]))
      .toEqual({ pickUp: 'done', dropOff: 'done' });
  });

  it('has no current step once every task is completed or failed', () => {
    expect(deliveryStepStates(7, LOGISTIC_STATUS.DROP_OFF_EXCEPTION, [task(TASK_TYPE.PICK_UP, COMPLETED), task(TASK_TYPE.DROP_OFF, EXCEPTION)]))
      .toEqual({ pickUp: 'done', dropOff: 'failed' });
    expect(deliveryStepStates(7, LOGISTIC_STATUS.PICK_UP_EXCEPTION, [task(TASK_TYPE.PICK_UP, EXCEPTION), task(TASK_TYPE.DROP_OFF, CANCELLED)]))
      .toEqual({ pickUp: 'failed', dropOff: 'failed' });
  });

  it('reads only the delivery\'s own tasks, and the logistic status for a step without tasks on the job', () => {
    const others = [task(TASK_TYPE.PICK_UP, NOT_STARTED, 8), task(TASK_TYPE.DROP_OFF, NOT_STARTED, 8)];
    expect(deliveryStepStates(7, LOGISTIC_STATUS.COLLECTED, [...others, task(TASK_TYPE.DROP_OFF, NOT_STARTED)]))
      .toEqual({ pickUp: 'done', dropOff: 'current' });
    expect(deliveryStepStates(7, LOGISTIC_STATUS.DELIVERED, others)).toEqual({ pickUp: 'done', dropOff: 'done' });
    expect(deliveryStepStates(7, LOGISTIC_STATUS.PENDING_PICK_UP, [])).toEqual({ pickUp: 'current', dropOff: 'pending' });
  });
});
