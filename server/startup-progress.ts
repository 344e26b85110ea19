/**
 * What `npm start` prints while it gets ready: each phase as it begins, and again with its duration when it ends, so
 * a first start (build, migrations, seed: most of a minute) never looks stuck. Tests start the server silently.
 */
export interface Progress {
  /** Runs one phase of the start-up, announcing it before and timing it after. */
  step<T>(label: string, run: () => Promise<T>): Promise<T>;
  /** A line of its own (a phase that was skipped, and why). */
  note(text: string): void;
}

export const silentProgress: Progress = {
  step: (_label, run) => run(),
  note: () => undefined,
};

/** Progress lines on standard output (one line per event, so log lines and pipes never split one). */
export function printedProgress(write: (line: string) => void = (line) => { process.stdout.write(`${line}\n`); }): Progress {
  return {
    async step(label, run) {
      const started = performance.now();
      write(`  ${label}…`);
      try {
        const result = await run();
        write(`  ${label}: done in ${seconds(performance.now() - started)}`);
        return result;
      } catch (error) {
        write(`  ${label}: failed after ${seconds(performance.now() - started)}`);
        throw error;
      }
    },
    note(text) {
      write(`  ${text}`);
    },
  };
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}
