import { describe, expect, it } from 'vitest';
import { roleFlagsOf, type Permissions } from '../../lib/roles';
import { JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS, TASK_TYPE } from '../../lib/statuses';
import { allowedTaskActions } from './job-actions';

const driver: Permissions = {
  ...roleFlagsOf(4, ['Driver']), id: 4, companyId: null, storeId: null, email: 'driver@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
};
const pickUp = { id: 1, taskTypeId: TASK_TYPE.STORE_PICK_UP, taskStatusId: TASK_STATUS.NOT_STARTED, arrivedDate: null };
const dropOff = { id: 2, taskTypeId: TASK_TYPE.DROP_OFF, taskStatusId: TASK_STATUS.NOT_STARTED, arrivedDate: null };

describe('task actions offered (the three charts, as the server decides)', () => {
  it('offers start on a pick-up of a job not started (it starts the job), nothing else before arrival', () => {
    expect(allowedTaskActions(pickUp, driver, { jobStatusId: JOB_STATUS.NOT_STARTED, logisticStatusId: LOGISTIC_STATUS.PENDING_PICK_UP })).toEqual(['start']);
  });

  it('does not offer a drop-off start before the parcels are collected, and does once they are', () => {
    expect(allowedTaskActions(dropOff, driver, { jobStatusId: JOB_STATUS.IN_PROGRESS, logisticStatusId: LOGISTIC_STATUS.PENDING_PICK_UP })).toEqual([]);
    expect(allowedTaskActions(dropOff, driver, { jobStatusId: JOB_STATUS.IN_PROGRESS, logisticStatusId: LOGISTIC_STATUS.COLLECTED })).toEqual(['start']);
    // Without the surroundings only the task chart speaks (the dashboard's use).
    expect(allowedTaskActions(dropOff, driver)).toEqual(['start']);
  });

  it('offers nothing in an unassigned or completed job', () => {
    expect(allowedTaskActions(pickUp, driver, { jobStatusId: JOB_STATUS.UNASSIGNED })).toEqual([]);
    expect(allowedTaskActions({ ...pickUp, taskStatusId: TASK_STATUS.IN_PROGRESS, arrivedDate: '2026-11-21T08:00:00Z' }, driver,
      { jobStatusId: JOB_STATUS.COMPLETED, logisticStatusId: LOGISTIC_STATUS.PENDING_PICK_UP })).toEqual([]);
  });

  it('offers completing the pick-up or an exception once arrived, in a job in progress', () => {
    const arrived = { ...pickUp, taskStatusId: TASK_STATUS.IN_PROGRESS, arrivedDate: '2026-11-21T08:00:00Z' };
    expect(allowedTaskActions(arrived, driver, { jobStatusId: JOB_STATUS.IN_PROGRESS, logisticStatusId: LOGISTIC_STATUS.PENDING_PICK_UP }))
      .toEqual(['completepickup', 'exceptionpickup']);
    const onTheWay = { ...pickUp, taskStatusId: TASK_STATUS.IN_PROGRESS };
    expect(allowedTaskActions(onTheWay, driver, { jobStatusId: JOB_STATUS.IN_PROGRESS, logisticStatusId: LOGISTIC_STATUS.PENDING_PICK_UP }))
      .toEqual(['arrived', 'exceptionpickup']);
  });
});
