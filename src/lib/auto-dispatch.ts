// Auto-dispatch (issue 20, "Beyond the peers"): the rules that decide an assignment, the weights that turn vehicle
// fit, windows and load into kilometres, and the texts that explain a decision on the job and the dashboard.
// Shared by the server's planner and the screens. The numbers are ours (docs/decisions.md, "Auto-dispatch").

/** Why the winning driver won (recorded with each assignment). */
export const DISPATCH_RULES = ['only candidate', 'nearest', 'vehicle fit', 'window', 'load', 'nearer driver taken'] as const;
export type DispatchRule = (typeof DISPATCH_RULES)[number];

/** Why a driver could not take the job at all (recorded beside the scored candidates). */
export const DISPATCH_EXCLUSIONS = ['vehicle too small', 'full', 'too far', 'QSR only'] as const;
export type DispatchExclusion = (typeof DISPATCH_EXCLUSIONS)[number];

export const AUTO_DISPATCH = {
  /** A driver farther than this from the first stop is not considered (the far warning of manual assignment). */
  maxDistanceKm: 50,
  /** Jobs a driver may hold (not started or in progress) after auto-dispatch; a driver at it is full. */
  maxLoad: 3,
  /** Each job already held costs as much as this many km of extra driving. */
  loadKm: 5,
  /** Each vehicle size above the one the delivery needs costs this many km (a flatbed for an envelope). */
  oversizeKmPerStep: 2,
  /** A driver whose vehicle is not known: as if one size too big (they may still fit). */
  unknownVehicleKm: 3,
  /** Average urban speed used to estimate arrival at the first stop. */
  speedKmh: 30,
  /** Each minute the estimated arrival falls after the first stop's window start costs this many km. */
  lateKmPerMinute: 0.5,
  /** Candidates kept in the record of each assignment (the best scored, plus the nearest excluded ones). */
  keptCandidates: 5,
  keptExcluded: 3,
  /** How often a territory left on is dispatched (the queue's cron; whole minutes). */
  cron: '*/2 * * * *',
} as const;

/** Dragging a job onto a driver on the dashboard (issue 20): the keyboard path is the driver picker. */
export const DASHBOARD_DRAG_TEXTS = {
  dragJob: 'Drag onto a driver in the drivers list to assign, or open the job and choose a driver.',
  dropHint: (driver: string) => `Drop a job here to assign it to ${driver}`,
} as const;

/** Vehicle sizes, smallest first: the codes of 002 section 9 (bakkies have two codes each). */
export const VEHICLE_SIZE: Record<number, number> = { 10: 1, 20: 2, 31: 3, 32: 3, 41: 4, 42: 4, 51: 5 };

/** The smallest vehicle for a delivery's parcels (its optimum vehicle type): by total weight and longest side. */
export function optimumVehicleTypeOf(items: { weight: number; length: number; width: number; height: number }[]): number | null {
  if (items.length === 0) return null;
  const weight = items.reduce((sum, item) => sum + item.weight, 0);
  const longest = Math.max(...items.map((item) => Math.max(item.length, item.width, item.height)));
  if (weight <= 20 && longest <= 60) return 10;
  if (weight <= 100 && longest <= 120) return 20;
  if (weight <= 500 && longest <= 180) return 31;
  if (weight <= 1000 && longest <= 250) return 41;
  return 51;
}

export const AUTO_DISPATCH_TEXTS = {
  run: 'Run auto-dispatch',
  runOnce: 'Run now',
  running: 'Assigning jobs...',
  loading: 'Loading the territories...',
  retry: 'Try again',
  close: 'Close',
  noTerritories: 'There are no active territories to dispatch.',
  assignedList: 'Jobs assigned',
  unassignedList: 'Jobs left unassigned',
  assignedLine: (jobId: number, driver: string, km: number, rule: string) => `Job ${jobId} → ${driver}, ${km.toFixed(2)} km: ${rule}`,
  unassignedLine: (jobId: number, reason: string) => `Job ${jobId}: ${reason}`,
  leaveOn: 'Leave auto-dispatch on',
  territory: 'Territory',
  result: (assigned: number, left: number) => `${assigned} ${assigned === 1 ? 'job' : 'jobs'} assigned, ${left} left unassigned.`,
  nothing: 'There are no unassigned jobs in this territory.',
  why: 'Why this driver',
  candidates: 'Candidates considered',
  recorded: (driver: string, rule: string, considered: number) => `Auto-dispatch chose ${driver}: ${rule.toLowerCase()} (${considered} ${considered === 1 ? 'driver' : 'drivers'} considered).`,
  excluded: (why: DispatchExclusion) => `Not eligible: ${why}`,
  rule: (rule: DispatchRule) => ({
    'only candidate': 'The only driver who could take it',
    nearest: 'The nearest driver who could take it',
    'vehicle fit': 'A nearer driver had an unsuitable vehicle',
    window: 'A nearer driver would have missed the window',
    load: 'A nearer driver already had more work',
    'nearer driver taken': 'The nearer driver was given a job closer to them',
  })[rule],
  assignedMeanwhile: 'The job was assigned or changed meanwhile.',
  unassigned: {
    noDriver: 'No available driver within reach',
    noVehicle: 'No available driver with a big enough vehicle',
    full: 'Every driver within reach is full',
  },
  columns: { driver: 'Driver', distance: 'Distance (km)', vehicle: 'Vehicle', window: 'Window', load: 'Load', score: 'Score' },
} as const;
