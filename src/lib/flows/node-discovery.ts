import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildCatalogue, type MachineEntry, type ModuleMap } from './catalogue';

/** Every `*.machine.ts` / `*.samples.ts` under a folder, as '/src/machines/...' paths (as Vite names them). */
export function machineFiles(root: string, folder = 'src/machines'): { machines: string[]; samples: string[] } {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(`/${relative(root, path).split('\\').join('/')}`);
    }
  };
  walk(join(root, folder));
  found.sort();
  return { machines: found.filter((path) => path.endsWith('.machine.ts')), samples: found.filter((path) => path.endsWith('.samples.ts')) };
}

/**
 * The catalogue in Node: walks src/machines and imports each file with `load` (vitest's `import`, or a
 * Vite module runner in scripts, since machines read `import.meta.env` through the API clients).
 */
export async function discoverMachines(root: string, load: (path: string) => Promise<Record<string, unknown>>): Promise<MachineEntry[]> {
  const { machines, samples } = machineFiles(root);
  const machineModules: ModuleMap = {};
  const sampleModules: ModuleMap = {};
  const sources: Record<string, string> = {};
  for (const path of machines) {
    machineModules[path] = await load(path);
    sources[path] = readFileSync(join(root, path), 'utf8');
  }
  for (const path of samples) sampleModules[path] = await load(path);
  return buildCatalogue(machineModules, sampleModules, sources);
}
