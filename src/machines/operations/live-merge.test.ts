import { describe, expect, it } from 'vitest';
import { TASK_STATUS, TASK_TYPE } from '../../lib/statuses';
import {
  applyBatch, batchHasNotification, batchTouches, compareXmin, EMPTY_LISTS, enqueueUpdates, mergeCoordinate, mergeDelivery, mergeDriver, mergeJob, mergeTask,
  type LiveCoordinate, type LiveJob, type LiveUser, type LiveTask, type TaskListScope,
} from './live-merge';

const job = (id: number, xmin: string, extra: Partial<LiveJob> = {}): LiveJob => ({ id, xmin, jobStatusId: 0, ...extra });
const task = (id: number, xmin: string, extra: Partial<LiveTask> = {}): LiveTask => ({
  id, xmin, jobId: 7, taskTypeId: TASK_TYPE.PICK_UP, taskStatusId: TASK_STATUS.NOT_STARTED, arrivedDate: null, distanceFromDriver: 1.5, ...extra,
});
const scope: TaskListScope = { shownJobIds: new Set([7]), listType: 'incomplete' };

describe('xmin', () => {
  it('compares numerically, not as text', () => {
    expect(compareXmin('10', '9')).toBe(1);
    expect(compareXmin(9, '10')).toBe(-1);
    expect(compareXmin('5', 5)).toBe(0);
  });
});

describe('jobs and deliveries', () => {
  it('adds new ids', () => {
    expect(mergeJob([job(1, '5')], job(2, '1')).map((row) => row.id)).toEqual([1, 2]);
    expect(mergeDelivery([], { id: 3, xmin: '1', waybill: 'WBJ1' })).toEqual([{ id: 3, xmin: '1', waybill: 'WBJ1' }]);
  });

  it('replaces with a higher xmin and refuses a lower or equal one (same array back)', () => {
    const list = [job(1, '10', { jobStatusId: 0 })];
    expect(mergeJob(list, job(1, '11', { jobStatusId: 2001 }))[0]!.jobStatusId).toBe(2001);
    expect(mergeJob(list, job(1, '9', { jobStatusId: 2001 }))).toBe(list);
    expect(mergeJob(list, job(1, '10', { jobStatusId: 2001 }))).toBe(list);
  });

  it('removes a rejected job, unless the rejection is older than what is shown', () => {
    const list = [job(1, '10'), job(2, '3')];
    expect(mergeJob(list, job(1, '12', { isRejected: true })).map((row) => row.id)).toEqual([2]);
    expect(mergeJob(list, job(1, '8', { isRejected: true }))).toBe(list);
    expect(mergeJob(list, job(9, '8', { isRejected: true }))).toBe(list);
  });
});

describe('drivers', () => {
  it('takes user updates only for users whose roles include Driver', () => {
    expect(mergeDriver([], { id: 4, xmin: '1', roles: ['Driver'] })).toHaveLength(1);
    const list = [{ id: 4, xmin: '1', roles: ['Driver'] }];
    expect(mergeDriver(list, { id: 4, xmin: '2', roles: ['StaffOperator'] })).toBe(list);
    expect(mergeDriver(list, { id: 5, xmin: '2' })).toBe(list);
  });
});

describe('tasks (002 section 4)', () => {
  it('replaces a task with a newer version whose status or arrival date changed', () => {
    const list = [task(1, '10')];
    expect(mergeTask(list, task(1, '11', { taskStatusId: TASK_STATUS.IN_PROGRESS }), scope)[0]!.taskStatusId).toBe(TASK_STATUS.IN_PROGRESS);
    const arrived = mergeTask(list, task(1, '11', { arrivedDate: '2026-11-21T08:00:00Z' }), scope);
    expect(arrived[0]!.arrivedDate).toBe('2026-11-21T08:00:00Z');
  });

  it('refuses an older or equal version', () => {
    const list = [task(1, '10')];
    expect(mergeTask(list, task(1, '9', { taskStatusId: TASK_STATUS.IN_PROGRESS }), scope)).toBe(list);
    expect(mergeTask(list, task(1, '10', { taskStatusId: TASK_STATUS.IN_PROGRESS }), scope)).toBe(list);
  });

  it('removes a task moving into a finished status', () => {
    for (const status of [TASK_STATUS.COMPLETED, TASK_STATUS.EXCEPTION, TASK_STATUS.CANCELLED]) {
      expect(mergeTask([task(1, '10', { taskStatusId: TASK_STATUS.IN_PROGRESS })], task(1, '11', { taskStatusId: status }), scope)).toEqual([]);
    }
  });

  it('never replaces a task already finished', () => {
    const list = [task(1, '10', { taskStatusId: TASK_STATUS.COMPLETED })];
    expect(mergeTask(list, task(1, '11', { taskStatusId: TASK_STATUS.IN_PROGRESS }), { ...scope, listType: 'completed' })).toBe(list);
  });

  it('accepts a newer version where only distanceFromDriver changed', () => {
    const merged = mergeTask([task(1, '10')], task(1, '11', { distanceFromDriver: 0.42 }), scope);
    expect(merged[0]!.distanceFromDriver).toBe(0.42);
  });

  it('ignores a newer version that changes none of status, arrival date or distance', () => {
    const list = [task(1, '10')];
    expect(mergeTask(list, task(1, '11', { taskJobOrder: 3 }), scope)).toBe(list);
  });

  it('adds a task not yet listed only for a shown job and a matching list type', () => {
    expect(mergeTask([], task(2, '1'), scope)).toHaveLength(1);
    expect(mergeTask([], task(2, '1', { jobId: 8 }), scope)).toEqual([]);
    expect(mergeTask([], task(2, '1', { taskStatusId: TASK_STATUS.COMPLETED }), scope)).toEqual([]);
    expect(mergeTask([], task(2, '1', { taskStatusId: TASK_STATUS.COMPLETED }), { ...scope, listType: 'completed' })).toHaveLength(1);
    expect(mergeTask([], task(2, '1'), { ...scope, listType: 'completed' })).toEqual([]);
  });
});

describe('batches', () => {
  it('applies a batch in order and leaves the lists object alone when nothing changed', () => {
    const lists = { ...EMPTY_LISTS, jobs: [job(1, '5')] };
    const next = applyBatch(lists, [
      { kind: 'job', payload: job(1, '6', { jobStatusId: 2001 }) },
      { kind: 'job', payload: job(1, '4', { jobStatusId: 0 }) },
      { kind: 'delivery', payload: { id: 9, xmin: '1' } },
      { kind: 'jobTask', payload: task(3, '1') },
      { kind: 'user', payload: { id: 4, xmin: '1', roles: ['Driver'] } },
      { kind: 'webNotification', payload: { id: 1 } },
    ], scope);
    expect(next.jobs).toEqual([job(1, '6', { jobStatusId: 2001 })]);
    expect(next.deliveries).toHaveLength(1);
    expect(next.tasks).toHaveLength(1);
    expect(next.drivers).toHaveLength(1);
    expect(applyBatch(lists, [{ kind: 'job', payload: job(1, '1') }], scope)).toBe(lists);
  });

  // The id index is kept with each list and handed on to the list a batch makes: merging into an older list again
  // (a list the index was handed on from, or one a removal left behind) must still find its own rows.
  it('finds the rows of the list it merges into, whichever list the kept index was handed on to', () => {
    const first = [job(1, '10'), job(2, '10')];
    const added = mergeJob(first, job(3, '1'));
    const removed = mergeJob(added, job(1, '12', { isRejected: true }));
    expect(removed.map((row) => row.id)).toEqual([2, 3]);
    // `added` handed its index on (then job 1 left it): job 1 is still in `added`, and is replaced in place, not added twice.
    expect(mergeJob(added, job(1, '11', { jobStatusId: 2001 })).map((row) => `${row.id}:${row.xmin}`)).toEqual(['1:11', '2:10', '3:1']);
    // `first` never had job 3: a newer job 3 is added to it, at its end.
    expect(mergeJob(first, job(3, '2')).map((row) => row.id)).toEqual([1, 2, 3]);
    expect(mergeJob(removed, job(3, '5')).map((row) => `${row.id}:${row.xmin}`)).toEqual(['2:10', '3:5']);
  });

  it('merges like a fresh index on every batch, over a long run of batches branching from earlier lists', () => {
    // The rules without any kept index: a linear search per update.
    const reference = (list: readonly LiveJob[], updates: readonly LiveJob[]) => {
      let rows = [...list];
      for (const update of updates) {
        const position = rows.findIndex((row) => row.id === update.id);
        const current = rows[position];
        if (update.isRejected) {
          if (current && compareXmin(update.xmin, current.xmin) > 0) rows = rows.filter((row) => row.id !== update.id);
        } else if (!current) rows.push(update);
        else if (compareXmin(update.xmin, current.xmin) > 0) rows[position] = { ...current, ...update };
      }
      return rows;
    };
    let seed = 7;
    const next = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    const lists: LiveJob[][] = [[]];
    for (let round = 0; round < 400; round++) {
      const from = lists[Math.floor(next() * lists.length)]!;
      const updates = Array.from({ length: 1 + Math.floor(next() * 4) }, () => job(1 + Math.floor(next() * 8), String(1 + Math.floor(next() * 50)), { isRejected: next() < 0.15, jobStatusId: round }));
      const merged = applyBatch({ ...EMPTY_LISTS, jobs: from }, updates.map((payload) => ({ kind: 'job' as const, payload })), scope).jobs;
      expect(merged).toEqual(reference(from, updates));
      lists.push(merged);
    }
  });

  it('says whether a batch touches an open detail and whether it brings a notification', () => {
    const batch = [{ kind: 'jobTask' as const, payload: task(3, '1', { jobId: 7 }) }];
    expect(batchTouches(batch, { kind: 'job', id: 7 })).toBe(true);
    expect(batchTouches(batch, { kind: 'job', id: 8 })).toBe(false);
    expect(batchTouches([{ kind: 'job', payload: job(1, '2', { driverId: 4 }) }], { kind: 'driver', id: 4 })).toBe(true);
    expect(batchTouches([{ kind: 'delivery', payload: { id: 5, xmin: '2' } }], { kind: 'delivery', id: 5 })).toBe(true);
    expect(batchHasNotification(batch)).toBe(false);
    expect(batchHasNotification([{ kind: 'webNotification', payload: { id: 1 } }])).toBe(true);
  });
});

describe('coordinates (CoordinateUpdates) in the drivers list', () => {
  const driver: LiveUser = {
    id: 4, xmin: '50', roles: ['Driver'], fullName: 'Thabo Mokoena', lastLocation: { lat: -26.1, lon: 28.05 }, lastLocationAt: '2026-11-21T08:00:00.000Z',
  };
  const coordinate = (time: string, lat = -26.2, lon = 28.1): LiveCoordinate => ({ id: 4, driverId: 4, lat, lon, time, jobId: 9 });

  it('moves the driver\'s last known location and time, keeping the row\'s xmin', () => {
    const [moved] = mergeCoordinate([driver], coordinate('2026-11-21T08:00:05.000Z'));
    expect(moved).toEqual({ ...driver, lastLocation: { lat: -26.2, lon: 28.1 }, lastLocationAt: '2026-11-21T08:00:05.000Z' });
    expect(moved!.xmin).toBe('50');
  });

  it('refuses an older coordinate, one of a driver not listed, and a repeat (same array back)', () => {
    const list = [driver];
    expect(mergeCoordinate(list, coordinate('2026-11-21T07:59:59.000Z'))).toBe(list);
    expect(mergeCoordinate(list, { ...coordinate('2026-11-21T09:00:00.000Z'), id: 5, driverId: 5 })).toBe(list);
    expect(mergeCoordinate(list, coordinate('2026-11-21T08:00:00.000Z', -26.1, 28.05))).toBe(list);
    expect(mergeCoordinate(list, { ...coordinate('not a time') })).toBe(list);
  });

  it('takes a driver without a position yet', () => {
    const [moved] = mergeCoordinate([{ ...driver, lastLocation: null, lastLocationAt: null }], coordinate('2026-11-21T08:00:05.000Z'));
    expect(moved!.lastLocation).toEqual({ lat: -26.2, lon: 28.1 });
  });

  it('keeps the newest coordinate of a driver in a batch, and a user message still merges by xmin afterwards', () => {
    let queue = enqueueUpdates([], [{ kind: 'coordinate', payload: coordinate('2026-11-21T08:00:10.000Z', -26.3) }]);
    queue = enqueueUpdates(queue, [{ kind: 'coordinate', payload: coordinate('2026-11-21T08:00:05.000Z', -26.2) }]);
    expect(queue).toHaveLength(1);
    expect((queue[0]!.payload as LiveCoordinate).lat).toBe(-26.3);
    const lists = { ...EMPTY_LISTS, drivers: [driver] };
    const next = applyBatch(lists, [...queue, { kind: 'user', payload: { ...driver, xmin: '51', driverAvailabilityId: 3001 } }], scope);
    expect(next.drivers[0]).toMatchObject({ xmin: '51', driverAvailabilityId: 3001 });
    // The user row (REST shape) carries its own lastLocation: here the older one from the driver's row.
    const onlyCoordinates = applyBatch(lists, queue, scope);
    expect(onlyCoordinates.drivers[0]!.lastLocation).toEqual({ lat: -26.3, lon: 28.1 });
  });
});

describe('a batch merges as its messages one by one would', () => {
  it('ends where merging each message in turn ends (one copy and one index per list instead of one per message)', () => {
    let seed = 7;
    const next = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    const tasks = Array.from({ length: 200 }, (_, index) => task(index + 1, '10', { jobId: 7 + (index % 3) }));
    const jobs = Array.from({ length: 50 }, (_, index) => job(index + 1, '10'));
    const lists = { ...EMPTY_LISTS, tasks, jobs };
    const statuses = [TASK_STATUS.NOT_STARTED, TASK_STATUS.IN_PROGRESS, TASK_STATUS.COMPLETED];
    const batch = Array.from({ length: 400 }, (_, index) => (next() < 0.7
      ? { kind: 'jobTask' as const, payload: task(1 + Math.floor(next() * 260), String(11 + index), { jobId: 7 + Math.floor(next() * 3), taskStatusId: statuses[Math.floor(next() * 3)]!, distanceFromDriver: Math.floor(next() * 5) }) }
      : { kind: 'job' as const, payload: job(1 + Math.floor(next() * 60), String(5 + Math.floor(next() * 20)), { isRejected: next() < 0.1 }) }));
    let oneByOne = { tasks: lists.tasks, jobs: lists.jobs };
    for (const update of batch) {
      oneByOne = update.kind === 'jobTask'
        ? { ...oneByOne, tasks: mergeTask(oneByOne.tasks, update.payload, scope) }
        : { ...oneByOne, jobs: mergeJob(oneByOne.jobs, update.payload) };
    }
    const merged = applyBatch(lists, batch, scope);
    expect(merged.tasks).toEqual(oneByOne.tasks);
    expect(merged.jobs).toEqual(oneByOne.jobs);
  });
});
