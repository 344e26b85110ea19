import type { AnyStateMachine } from 'xstate';
import type { MachineSamples } from './samples';
import { delaySourcesOf, type DelaySources } from './labels';

/**
 * The machines of src/machines, found from the files themselves (no list to keep): every export of a
 * `*.machine.ts` whose name ends in `Machine`, with the scenario catalogue a `*.samples.ts` beside it exports
 * (an export ending in `Samples`). The app finds the files with `import.meta.glob`, Node scripts and tests by
 * walking the folder; both build the catalogue here.
 */

export interface MachineEntry {
  /** The machine's id: the key of the URL (/flows?machine=auth) and of docs/flows/<id>.svg. */
  id: string;
  /** Export name ('authMachine') and the file it comes from ('/src/machines/auth/auth.machine.ts'). */
  exportName: string;
  file: string;
  machine: AnyStateMachine;
  description?: string;
  samples?: MachineSamples<AnyStateMachine>;
  delays: DelaySources;
}

export type ModuleMap = Record<string, Record<string, unknown>>;

export function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'config' in value
    && typeof (value as { transition?: unknown }).transition === 'function' && typeof (value as { provide?: unknown }).provide === 'function';
}

function isSamples(value: unknown): value is MachineSamples<AnyStateMachine> {
  return typeof value === 'object' && value !== null && isMachine((value as { machine?: unknown }).machine)
    && Array.isArray((value as { scenarios?: unknown }).scenarios);
}

/**
 * @param machineModules the `*.machine.ts` modules by path
 * @param sampleModules the `*.samples.ts` modules by path
 * @param sources the machine files' text by path (names the constants behind delays), when available
 */
export function buildCatalogue(machineModules: ModuleMap, sampleModules: ModuleMap, sources: Record<string, string> = {}): MachineEntry[] {
  const samples = Object.keys(sampleModules).sort().flatMap((path) =>
    Object.entries(sampleModules[path]!).filter(([name, value]) => name.endsWith('Samples') && isSamples(value)).map(([, value]) => value as MachineSamples<AnyStateMachine>));
  const entries: MachineEntry[] = [];
  for (const file of Object.keys(machineModules).sort()) {
    for (const [exportName, value] of Object.entries(machineModules[file]!).sort(([a], [b]) => a.localeCompare(b))) {
      if (!exportName.endsWith('Machine') || !isMachine(value)) continue;
      const machine = value;
      const own = samples.find((candidate) => candidate.machine === machine) ?? samples.find((candidate) => candidate.machine.id === machine.id);
      entries.push({
        id: machine.id,
        exportName,
        file,
        machine,
        ...(machine.root.description && { description: machine.root.description }),
        ...(own && { samples: own }),
        delays: sources[file] ? delaySourcesOf(sources[file]) : {},
      });
    }
  }
  // Two machines with one id would share a file name: keep them apart by export name.
  const counts = new Map<string, number>();
  entries.forEach((entry) => counts.set(entry.id, (counts.get(entry.id) ?? 0) + 1));
  for (const entry of entries) if (counts.get(entry.id)! > 1) entry.id = `${entry.id}-${entry.exportName}`;
  return entries.sort((a, b) => a.id.localeCompare(b.id));
}
