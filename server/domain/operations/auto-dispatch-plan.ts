// Auto-dispatch's decision, pure (issue 20): unassigned jobs and drivers in, assignments with their reasons out.
// No database, no clock: the command (auto-dispatch.ts) loads the inputs, runs this and writes through the manual
// assignment path; the benchmark and the unit tests call it directly.
import { haversineKm, type LatLon } from '../../../src/lib/distance';
import {
  AUTO_DISPATCH, AUTO_DISPATCH_TEXTS, VEHICLE_SIZE, type DispatchExclusion, type DispatchRule,
} from '../../../src/lib/auto-dispatch';
import { DRIVER_AVAILABILITY } from '../../../src/lib/statuses';

export interface DispatchJob {
  id: number;
  /** The first open stop (the pick-up) the driver drives to. */
  firstStop: LatLon;
  /** The largest optimum vehicle type of its deliveries; null when unknown. */
  optimumVehicleTypeId: number | null;
  /** The first stop's window start (epoch ms); null when it has none. */
  windowStartMs: number | null;
  /** The first stop is a QSR store pick-up (what an "available QSR only" driver takes). */
  isQsr: boolean;
}

export interface DispatchDriver {
  id: number;
  availabilityId: number;
  position: LatLon | null;
  vehicleTypeId: number | null;
  /** Jobs held now (not started or in progress). */
  load: number;
}

export interface ScoredCandidate {
  driverId: number;
  distanceKm: number;
  vehicleKm: number;
  windowKm: number;
  loadKm: number;
  /** distanceKm + the penalties, in km; the lowest wins. */
  score: number;
  /** Set when the driver could not take the job; the score is then only indicative. */
  excluded?: DispatchExclusion;
}

export interface PlannedAssignment {
  jobId: number;
  driverId: number;
  distanceKm: number;
  score: number;
  rule: DispatchRule;
  /** The best scored candidates (winner first) and the nearest excluded ones. */
  candidates: ScoredCandidate[];
  /** How many drivers were scored (the record keeps the best few). */
  considered: number;
}

export interface DispatchPlan {
  assignments: PlannedAssignment[];
  unassigned: { jobId: number; reason: string }[];
}

export interface PlanOptions {
  /** Now (epoch ms): arrival estimates start from it. */
  nowMs: number;
}

/** Drivers who can take work now; "available QSR only" only QSR pick-ups. Busy and offline are not considered. */
const TAKES_WORK = new Set<number>([DRIVER_AVAILABILITY.AVAILABLE, DRIVER_AVAILABILITY.AVAILABLE_QSR_ONLY, DRIVER_AVAILABILITY.ONLINE]);

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The driver's score for the job at a given load, or why they cannot take it. */
function scoreOf(job: DispatchJob, driver: DispatchDriver, distanceKm: number, load: number, nowMs: number): ScoredCandidate {
  let excluded: DispatchExclusion | undefined;
  if (driver.availabilityId === DRIVER_AVAILABILITY.AVAILABLE_QSR_ONLY && !job.isQsr) excluded = 'QSR only';
  const needed = job.optimumVehicleTypeId === null ? undefined : VEHICLE_SIZE[job.optimumVehicleTypeId];
  const has = driver.vehicleTypeId === null ? undefined : VEHICLE_SIZE[driver.vehicleTypeId];
  let vehicleKm = 0;
  if (needed !== undefined) {
    if (has === undefined) vehicleKm = AUTO_DISPATCH.unknownVehicleKm;
    else if (has < needed) excluded ??= 'vehicle too small';
    else vehicleKm = (has - needed) * AUTO_DISPATCH.oversizeKmPerStep;
  }
  if (load >= AUTO_DISPATCH.maxLoad) excluded ??= 'full';
  if (distanceKm > AUTO_DISPATCH.maxDistanceKm) excluded ??= 'too far';
  let windowKm = 0;
  if (job.windowStartMs !== null) {
    const arrival = nowMs + (distanceKm / AUTO_DISPATCH.speedKmh) * 3_600_000;
    const lateMinutes = Math.max(0, (arrival - job.windowStartMs) / 60_000);
    windowKm = lateMinutes * AUTO_DISPATCH.lateKmPerMinute;
  }
  const loadKm = load * AUTO_DISPATCH.loadKm;
  const candidate: ScoredCandidate = {
    driverId: driver.id, distanceKm: round2(distanceKm), vehicleKm: round2(vehicleKm), windowKm: round2(windowKm), loadKm: round2(loadKm),
    score: round2(distanceKm + vehicleKm + windowKm + loadKm),
  };
  if (excluded) candidate.excluded = excluded;
  return candidate;
}

const byScore = (a: ScoredCandidate, b: ScoredCandidate) => a.score - b.score || a.distanceKm - b.distanceKm || a.driverId - b.driverId;

/** The rule that decided: compares the winner with the nearest driver considered. */
function ruleOf(winner: ScoredCandidate, scored: ScoredCandidate[], takenThisRound: Set<number>): DispatchRule {
  const feasible = scored.filter((candidate) => !candidate.excluded);
  const nearest = scored.filter((candidate) => candidate.excluded !== 'too far')
    .reduce((best, candidate) => (candidate.distanceKm < best.distanceKm || (candidate.distanceKm === best.distanceKm && candidate.driverId < best.driverId) ? candidate : best), winner);
  if (nearest.driverId === winner.driverId || nearest.distanceKm >= winner.distanceKm) return feasible.length === 1 ? 'only candidate' : 'nearest';
  if (nearest.excluded === 'vehicle too small') return 'vehicle fit';
  if (nearest.excluded === 'full') return 'load';
  if (nearest.excluded === undefined && takenThisRound.has(nearest.driverId)) return 'nearer driver taken';
  if (nearest.excluded === 'QSR only') return feasible.length === 1 ? 'only candidate' : 'nearest';
  // The nearer driver scored worse: the penalty that grew most against the winner decided.
  const differences: [DispatchRule, number][] = [
    ['vehicle fit', nearest.vehicleKm - winner.vehicleKm],
    ['window', nearest.windowKm - winner.windowKm],
    ['load', nearest.loadKm - winner.loadKm],
  ];
  differences.sort((a, b) => b[1] - a[1]);
  return differences[0]![0];
}

/**
 * Assigns jobs to drivers in rounds: in each round every driver may take one more job, and the cheapest
 * job–driver pairs over all jobs are taken first (not job by job), so a driver goes to the job they suit best;
 * a driver's load grows between rounds (and costs more). Stops when a round assigns nothing.
 */
export function planAutoDispatch(jobs: DispatchJob[], drivers: DispatchDriver[], options: PlanOptions): DispatchPlan {
  const usable = drivers.filter((driver) => TAKES_WORK.has(driver.availabilityId) && driver.position !== null)
    .sort((a, b) => a.id - b.id);
  const orderedJobs = [...jobs].sort((a, b) => a.id - b.id);
  const distances = distanceMatrix(orderedJobs, usable);
  const load = usable.map((driver) => driver.load);
  const open = new Set(orderedJobs.map((_, index) => index));
  const assignments: PlannedAssignment[] = [];
  const lastScored = new Map<number, ScoredCandidate[]>();

  for (;;) {
    const pairs: { job: number; driver: number; candidate: ScoredCandidate }[] = [];
    for (const jobIndex of open) {
      const job = orderedJobs[jobIndex]!;
      const scored: ScoredCandidate[] = [];
      for (let driverIndex = 0; driverIndex < usable.length; driverIndex++) {
        const distanceKm = distances[jobIndex * usable.length + driverIndex]!;
        // Far drivers are never assigned: skip the scoring of most of a large fleet early.
        if (distanceKm > AUTO_DISPATCH.maxDistanceKm) continue;
        const candidate = scoreOf(job, usable[driverIndex]!, distanceKm, load[driverIndex]!, options.nowMs);
        scored.push(candidate);
        if (!candidate.excluded) pairs.push({ job: jobIndex, driver: driverIndex, candidate });
      }
      lastScored.set(jobIndex, scored);
    }
    pairs.sort((a, b) => byScore(a.candidate, b.candidate) || orderedJobs[a.job]!.id - orderedJobs[b.job]!.id);
    const takenDrivers = new Set<number>();
    const takenIds = new Set<number>();
    let assignedThisRound = 0;
    for (const pair of pairs) {
      if (!open.has(pair.job) || takenDrivers.has(pair.driver)) continue;
      const scored = lastScored.get(pair.job)!;
      const rule = ruleOf(pair.candidate, scored, takenIds);
      const others = scored.filter((candidate) => !candidate.excluded && candidate.driverId !== pair.candidate.driverId).sort(byScore);
      const best = [pair.candidate, ...others].slice(0, AUTO_DISPATCH.keptCandidates);
      const excluded = scored.filter((candidate) => candidate.excluded && candidate.distanceKm < pair.candidate.distanceKm)
        .sort((a, b) => a.distanceKm - b.distanceKm).slice(0, AUTO_DISPATCH.keptExcluded);
      assignments.push({
        jobId: orderedJobs[pair.job]!.id, driverId: pair.candidate.driverId, distanceKm: pair.candidate.distanceKm, score: pair.candidate.score,
        rule, candidates: [...best, ...excluded], considered: scored.length,
      });
      open.delete(pair.job);
      takenDrivers.add(pair.driver);
      takenIds.add(pair.candidate.driverId);
      assignedThisRound++;
    }
    for (const driverIndex of takenDrivers) load[driverIndex]!++;
    if (assignedThisRound === 0 || open.size === 0) break;
  }

  const unassigned = [...open].map((jobIndex) => ({ jobId: orderedJobs[jobIndex]!.id, reason: unassignedReason(lastScored.get(jobIndex) ?? []) }));
  return { assignments, unassigned };
}

function unassignedReason(scored: ScoredCandidate[]): string {
  if (scored.length === 0) return AUTO_DISPATCH_TEXTS.unassigned.noDriver;
  if (scored.some((candidate) => candidate.excluded === 'full')) return AUTO_DISPATCH_TEXTS.unassigned.full;
  if (scored.some((candidate) => candidate.excluded === 'vehicle too small')) return AUTO_DISPATCH_TEXTS.unassigned.noVehicle;
  return AUTO_DISPATCH_TEXTS.unassigned.noDriver;
}

/** Great-circle km from every driver to every job's first stop, row per job. */
function distanceMatrix(jobs: DispatchJob[], drivers: DispatchDriver[]): Float64Array {
  const matrix = new Float64Array(jobs.length * drivers.length);
  jobs.forEach((job, jobIndex) => {
    drivers.forEach((driver, driverIndex) => { matrix[jobIndex * drivers.length + driverIndex] = haversineKm(driver.position!, job.firstStop); });
  });
  return matrix;
}

/**
 * The baseline the benchmark compares against: job by job (oldest first), the nearest driver who can take it
 * (the same hard limits: availability, vehicle size, reach, load), ignoring windows and load balance.
 */
export function planGreedyNearest(jobs: DispatchJob[], drivers: DispatchDriver[], options: PlanOptions): DispatchPlan {
  const usable = drivers.filter((driver) => TAKES_WORK.has(driver.availabilityId) && driver.position !== null);
  const load = new Map(usable.map((driver) => [driver.id, driver.load]));
  const assignments: PlannedAssignment[] = [];
  const unassigned: DispatchPlan['unassigned'] = [];
  for (const job of [...jobs].sort((a, b) => a.id - b.id)) {
    let best: ScoredCandidate | undefined;
    for (const driver of usable) {
      const candidate = scoreOf(job, driver, haversineKm(driver.position!, job.firstStop), load.get(driver.id)!, options.nowMs);
      if (candidate.excluded) continue;
      if (!best || candidate.distanceKm < best.distanceKm) best = candidate;
    }
    if (!best) { unassigned.push({ jobId: job.id, reason: AUTO_DISPATCH_TEXTS.unassigned.noDriver }); continue; }
    load.set(best.driverId, load.get(best.driverId)! + 1);
    assignments.push({ jobId: job.id, driverId: best.driverId, distanceKm: best.distanceKm, score: best.score, rule: 'nearest', candidates: [best], considered: usable.length });
  }
  return { assignments, unassigned };
}

/** Total km from the drivers to their jobs' first stops. */
export const totalDistanceKm = (plan: DispatchPlan) => round2(plan.assignments.reduce((sum, assignment) => sum + assignment.distanceKm, 0));
