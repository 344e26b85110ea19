// Issue 20: the auto-dispatch planner, pure: who gets which job and the rule recorded for it.
import { describe, expect, it } from 'vitest';
import { AUTO_DISPATCH, AUTO_DISPATCH_TEXTS, optimumVehicleTypeOf } from '../../src/lib/auto-dispatch';
import { DRIVER_AVAILABILITY } from '../../src/lib/statuses';
import {
  planAutoDispatch, planGreedyNearest, totalDistanceKm, type DispatchDriver, type DispatchJob,
} from '../../server/domain/operations/auto-dispatch-plan';
import { benchInputs } from '../../bench/auto-dispatch';

const NOW = Date.UTC(2026, 0, 7, 8, 0);
// About 1.1 km per 0.01° of latitude.
const at = (northKm: number) => ({ lat: -33.9 + northKm / 111.2, lon: 18.4 });
const job = (id: number, northKm: number, extra: Partial<DispatchJob> = {}): DispatchJob => ({
  id, firstStop: at(northKm), optimumVehicleTypeId: null, windowStartMs: null, isQsr: false, ...extra,
});
const driver = (id: number, northKm: number, extra: Partial<DispatchDriver> = {}): DispatchDriver => ({
  id, availabilityId: DRIVER_AVAILABILITY.AVAILABLE, position: at(northKm), vehicleTypeId: 20, load: 0, ...extra,
});
const plan = (jobs: DispatchJob[], drivers: DispatchDriver[]) => planAutoDispatch(jobs, drivers, { nowMs: NOW });

describe('planAutoDispatch', () => {
  it('gives a job to the nearest driver who can take it and says so, with the candidates scored', () => {
    const result = plan([job(1, 0)], [driver(10, 5), driver(11, 1), driver(12, 3)]);
    expect(result.unassigned).toEqual([]);
    const [assignment] = result.assignments;
    expect(assignment).toMatchObject({ jobId: 1, driverId: 11, rule: 'nearest', considered: 3 });
    expect(assignment!.candidates.map((candidate) => candidate.driverId)).toEqual([11, 12, 10]);
    expect(assignment!.distanceKm).toBeCloseTo(1, 1);
  });

  it('never considers busy, offline or unlocated drivers; a lone driver is the only candidate', () => {
    const result = plan([job(1, 0)], [
      driver(10, 0.1, { availabilityId: DRIVER_AVAILABILITY.BUSY }), driver(11, 0.1, { availabilityId: DRIVER_AVAILABILITY.OFFLINE }),
      driver(12, 0, { position: null }), driver(13, 4, { availabilityId: DRIVER_AVAILABILITY.ONLINE }),
    ]);
    expect(result.assignments[0]).toMatchObject({ driverId: 13, rule: 'only candidate', considered: 1 });
  });

  it('vehicle fit: a nearer motorcycle cannot carry a sedan load; an oversized vehicle costs km', () => {
    const result = plan([job(1, 0, { optimumVehicleTypeId: 20 })], [driver(10, 1, { vehicleTypeId: 10 }), driver(11, 3, { vehicleTypeId: 20 })]);
    expect(result.assignments[0]).toMatchObject({ driverId: 11, rule: 'vehicle fit' });
    expect(result.assignments[0]!.candidates.find((candidate) => candidate.driverId === 10)).toMatchObject({ excluded: 'vehicle too small' });
    const oversize = plan([job(1, 0, { optimumVehicleTypeId: 10 })], [driver(10, 1, { vehicleTypeId: 51 }), driver(11, 3, { vehicleTypeId: 10 })]);
    // The flatbed is 4 sizes too big (8 km) against 2 km more driving.
    expect(oversize.assignments[0]).toMatchObject({ driverId: 11, rule: 'vehicle fit' });
  });

  it('load: a driver holding two jobs loses to one a little farther with none; a full driver is not given more', () => {
    const result = plan([job(1, 0)], [driver(10, 1, { load: 2 }), driver(11, 4)]);
    expect(result.assignments[0]).toMatchObject({ driverId: 11, rule: 'load' });
    const full = plan([job(1, 0)], [driver(10, 1, { load: AUTO_DISPATCH.maxLoad })]);
    expect(full.assignments).toEqual([]);
    expect(full.unassigned).toEqual([{ jobId: 1, reason: AUTO_DISPATCH_TEXTS.unassigned.full }]);
  });

  it('window: a driver who would arrive late loses to one on time', () => {
    // Window starts in 10 minutes; at 30 km/h a driver 2 km away is on time, 9 km away 8 minutes late (4 km).
    const windowStartMs = NOW + 10 * 60_000;
    const result = plan([job(1, 0, { windowStartMs }), job(2, 20)], [driver(10, 2), driver(11, 9)]);
    expect(result.assignments.find((assignment) => assignment.jobId === 1)).toMatchObject({ driverId: 10 });
    expect(result.assignments.find((assignment) => assignment.driverId === 11)).toMatchObject({ jobId: 2 });
  });

  it('the nearer driver taken: two jobs, the shared nearest driver goes to the job closest to them', () => {
    const result = plan([job(1, 0), job(2, 2.5)], [driver(10, 2), driver(11, -3)]);
    expect(result.assignments.find((assignment) => assignment.jobId === 2)).toMatchObject({ driverId: 10, rule: 'nearest' });
    expect(result.assignments.find((assignment) => assignment.jobId === 1)).toMatchObject({ driverId: 11, rule: 'nearer driver taken' });
  });

  it('QSR only drivers take QSR pick-ups only; far drivers are not considered', () => {
    const qsrDriver = driver(10, 0.5, { availabilityId: DRIVER_AVAILABILITY.AVAILABLE_QSR_ONLY });
    expect(plan([job(1, 0)], [qsrDriver]).unassigned).toEqual([{ jobId: 1, reason: AUTO_DISPATCH_TEXTS.unassigned.noDriver }]);
    expect(plan([job(1, 0, { isQsr: true })], [qsrDriver]).assignments[0]).toMatchObject({ driverId: 10 });
    expect(plan([job(1, 0)], [driver(10, AUTO_DISPATCH.maxDistanceKm + 5)]).assignments).toEqual([]);
  });

  it('no jobs, no drivers: an empty plan', () => {
    expect(plan([], [driver(10, 0)])).toEqual({ assignments: [], unassigned: [] });
    expect(plan([job(1, 0)], []).unassigned).toHaveLength(1);
  });

  it('on the benchmark inputs: each driver within the load limit, no job twice, less driving than greedy nearest', () => {
    const { jobs, drivers } = benchInputs(120, 50);
    const ours = planAutoDispatch(jobs, drivers, { nowMs: NOW });
    const greedy = planGreedyNearest(jobs, drivers, { nowMs: NOW });
    expect(new Set(ours.assignments.map((assignment) => assignment.jobId)).size).toBe(ours.assignments.length);
    expect(ours.assignments.length + ours.unassigned.length).toBe(jobs.length);
    for (const each of drivers) {
      const given = ours.assignments.filter((assignment) => assignment.driverId === each.id).length;
      expect(each.load + given).toBeLessThanOrEqual(AUTO_DISPATCH.maxLoad);
    }
    expect(ours.assignments.length).toBeGreaterThanOrEqual(greedy.assignments.length);
    expect(totalDistanceKm(ours) / ours.assignments.length).toBeLessThan(totalDistanceKm(greedy) / greedy.assignments.length);
  });
});

describe('optimumVehicleTypeOf', () => {
  it('the smallest vehicle for the parcels: by total weight and longest side', () => {
    expect(optimumVehicleTypeOf([])).toBeNull();
    expect(optimumVehicleTypeOf([{ weight: 2, length: 30, width: 20, height: 10 }])).toBe(10);
    expect(optimumVehicleTypeOf([{ weight: 15, length: 30, width: 20, height: 10 }, { weight: 15, length: 30, width: 20, height: 10 }])).toBe(20);
    expect(optimumVehicleTypeOf([{ weight: 300, length: 150, width: 100, height: 100 }])).toBe(31);
    expect(optimumVehicleTypeOf([{ weight: 2000, length: 300, width: 100, height: 100 }])).toBe(51);
  });
});
