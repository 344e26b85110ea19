import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';

export type AutoDispatchSetting = components['schemas']['AutoDispatchSetting'];
export type AutoDispatchRun = components['schemas']['AutoDispatchRun'];

export interface AutoDispatchInput {
  cca2: string;
}

export interface AutoDispatchContext {
  cca2: string;
  /** The portal's active territories, each on or off. */
  settings: AutoDispatchSetting[];
  /** The territory chosen to run (the first by name when opened). */
  territoryId: number | null;
  /** The last run's answer: what was assigned (with why) and what was left. */
  result: AutoDispatchRun | null;
  error: ApiError | null;
}

export type AutoDispatchEvent =
  | { type: 'autoDispatch.open' }
  | { type: 'autoDispatch.territory'; territoryId: number }
  | { type: 'autoDispatch.run' }
  | { type: 'autoDispatch.leaveOn'; isOn: boolean }
  | { type: 'autoDispatch.retry' }
  | { type: 'autoDispatch.close' };

/** The dashboard's lists update over the hub; the console is told a run assigned jobs (e.g. to reopen a job). */
export type AutoDispatchEmitted = { type: 'autoDispatch.ran'; run: AutoDispatchRun };

/** The machine's types for `setup({ types })`: one schema (context, events, input, emitted). */
export interface AutoDispatchSchema {
  input: AutoDispatchInput;
  context: AutoDispatchContext;
  events: AutoDispatchEvent;
  emitted: AutoDispatchEmitted;
}
