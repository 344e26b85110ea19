import { createContext, useContext } from 'react';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { countdownMachine } from '../machines/session/countdown.machine';
import { errorReportMachine } from '../machines/session/error-report.machine';

/**
 * The machines behind the error and start-up screens. They run on their own (not in the root actor's
 * system) so that they still work when the rest of the app has failed; tests provide controlled machines
 * (a replaced reload, a deferred report) and a simulated clock.
 */
export interface ScreenLogic {
  countdown: typeof countdownMachine;
  errorReport: typeof errorReportMachine;
  clock?: ActorOptions<AnyActorLogic>['clock'];
}

export const ScreenLogicContext = createContext<ScreenLogic>({ countdown: countdownMachine, errorReport: errorReportMachine });

export function useScreenLogic(): ScreenLogic {
  return useContext(ScreenLogicContext);
}
