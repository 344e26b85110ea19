import type { Server } from 'node:http';

export interface QuietRun {
  /** Settles once `run` has finished, or at once when it was cancelled before starting. */
  done: Promise<void>;
  /** Stops waiting; a run already started is not interrupted (await `done`). */
  cancel(): void;
}

/**
 * Runs `run` once no HTTP request has been in flight for `quietMs`, or after `maxWaitMs` whatever the traffic.
 * The second start's demo-data check and ANALYZE (issue 23, "Server start-up") are not needed before the first
 * answers, and on PGlite's single connection every query of the first page would queue behind theirs.
 */
export function runWhenQuiet(server: Server, run: () => Promise<void>, options: { quietMs: number; maxWaitMs: number }): QuietRun {
  let inFlight = 0;
  let lastActivity = performance.now();
  const began = lastActivity;
  const onRequest = (_request: unknown, response: { once(event: 'close', listener: () => void): unknown }) => {
    inFlight += 1;
    lastActivity = performance.now();
    response.once('close', () => {
      inFlight -= 1;
      lastActivity = performance.now();
    });
  };
  server.on('request', onRequest);
  let timer: NodeJS.Timeout | undefined;
  let settle!: () => void;
  const done = new Promise<void>((resolve) => { settle = resolve; });
  const stopWatching = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    server.off('request', onRequest);
  };
  const check = () => {
    const now = performance.now();
    if ((inFlight === 0 && now - lastActivity >= options.quietMs) || now - began >= options.maxWaitMs) {
      stopWatching();
      run().then(settle, settle);
      return;
    }
    timer = setTimeout(check, Math.max(10, options.quietMs / 4));
  };
  timer = setTimeout(check, options.quietMs);
  return {
    done,
    cancel() {
      if (!timer) return;
      stopWatching();
      settle();
    },
  };
}
