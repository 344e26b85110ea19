// Auto-dispatch (issue 20): 500 unassigned jobs and 200 drivers in a metro (Cape Town's box, about 40 × 40 km),
// planned by the pure planner (server/domain/operations/auto-dispatch-plan.ts) and by a greedy nearest-driver
// baseline (job by job, the nearest driver who can take it, same hard limits) in the same run. Figures: the
// planner's time (median of the timed runs, budget 1 s), and the total km from drivers to first stops of both.
// Deterministic inputs (mulberry32), so the distances are the same on every machine.
import { AUTO_DISPATCH } from '../src/lib/auto-dispatch';
import { DRIVER_AVAILABILITY } from '../src/lib/statuses';
import {
  planAutoDispatch, planGreedyNearest, totalDistanceKm, type DispatchDriver, type DispatchJob, type DispatchPlan,
} from '../server/domain/operations/auto-dispatch-plan';
import type { Benchmark } from './types';
import { random } from './random';

const JOBS = Number(process.env.BENCH_DISPATCH_JOBS ?? 500);
const DRIVERS = Number(process.env.BENCH_DISPATCH_DRIVERS ?? 200);
const RUNS = 7;
const BOX = { minLat: -34.15, maxLat: -33.8, minLon: 18.35, maxLon: 18.8 };
const NOW = Date.UTC(2026, 0, 7, 8, 0);

export function benchInputs(jobCount = JOBS, driverCount = DRIVERS): { jobs: DispatchJob[]; drivers: DispatchDriver[] } {
  const next = random(20);
  const point = () => ({ lat: BOX.minLat + next() * (BOX.maxLat - BOX.minLat), lon: BOX.minLon + next() * (BOX.maxLon - BOX.minLon) });
  const vehicleTypes = [10, 10, 20, 20, 20, 31, 41, 51];
  const availability = [DRIVER_AVAILABILITY.AVAILABLE, DRIVER_AVAILABILITY.AVAILABLE, DRIVER_AVAILABILITY.ONLINE, DRIVER_AVAILABILITY.AVAILABLE_QSR_ONLY];
  const jobs = Array.from({ length: jobCount }, (_, index): DispatchJob => ({
    id: index + 1, firstStop: point(), optimumVehicleTypeId: vehicleTypes[Math.floor(next() * 6)]!,
    windowStartMs: NOW + Math.floor(next() * 180) * 60_000, isQsr: next() < 0.2,
  }));
  const drivers = Array.from({ length: driverCount }, (_, index): DispatchDriver => ({
    id: 1000 + index, availabilityId: availability[Math.floor(next() * availability.length)]!, position: point(),
    vehicleTypeId: next() < 0.1 ? null : vehicleTypes[Math.floor(next() * vehicleTypes.length)]!, load: Math.floor(next() * 2),
  }));
  return { jobs, drivers };
}

function timed(plan: () => DispatchPlan): { medianMs: number; plan: DispatchPlan } {
  let last: DispatchPlan | undefined;
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const began = performance.now();
    last = plan();
    samples.push(performance.now() - began);
  }
  samples.sort((a, b) => a - b);
  return { medianMs: samples[Math.floor(samples.length / 2)]!, plan: last! };
}

const benchmark: Benchmark = {
  name: 'Auto-dispatch',
  async run() {
    const { jobs, drivers } = benchInputs();
    const ours = timed(() => planAutoDispatch(jobs, drivers, { nowMs: NOW }));
    const greedy = timed(() => planGreedyNearest(jobs, drivers, { nowMs: NOW }));
    const late = (plan: DispatchPlan) => plan.assignments.filter((assignment) => assignment.candidates[0] && assignment.candidates[0].windowKm > 0).length;
    return {
      rows: [
        { name: `plan ${JOBS} jobs × ${DRIVERS} drivers`, figure: ours.medianMs, baseline: greedy.medianMs, baselineName: 'greedy nearest', unit: 'ms', budgetKey: 'autoDispatchMs' },
        { name: 'total km, drivers to first stops', figure: totalDistanceKm(ours.plan), baseline: totalDistanceKm(greedy.plan), baselineName: 'greedy nearest', unit: 'km' },
        { name: 'jobs assigned', figure: ours.plan.assignments.length, baseline: greedy.plan.assignments.length, baselineName: 'greedy nearest', unit: 'jobs' },
        { name: 'km per assigned job', figure: totalDistanceKm(ours.plan) / Math.max(1, ours.plan.assignments.length), baseline: totalDistanceKm(greedy.plan) / Math.max(1, greedy.plan.assignments.length), baselineName: 'greedy nearest', unit: 'km' },
        { name: 'assigned after the window start', figure: late(ours.plan), baseline: late(greedy.plan), baselineName: 'greedy nearest', unit: 'jobs' },
      ],
      notes: [
        `Median of ${RUNS} runs each, in process (no database: the planner is a pure function; the command adds the reads and the assignment writes).`,
        `Inputs: deterministic (seed 20) in a ${BOX.maxLat - BOX.minLat}° × ${BOX.maxLon - BOX.minLon}° box; drivers hold 0–1 jobs, at most ${AUTO_DISPATCH.maxLoad}; reach ${AUTO_DISPATCH.maxDistanceKm} km.`,
        'Distances are great-circle km from each driver\'s position to the job\'s first stop (drivers do not move between their jobs in either plan).',
        'Baseline: job by job (oldest first), the nearest driver who can take it under the same limits (availability, vehicle size, reach, load).',
      ],
      details: { ours: { medianMs: ours.medianMs, totalKm: totalDistanceKm(ours.plan) }, greedy: { medianMs: greedy.medianMs, totalKm: totalDistanceKm(greedy.plan) } },
    };
  },
};

export default benchmark;
