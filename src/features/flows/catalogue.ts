import { buildCatalogue, type ModuleMap } from '../../lib/flows/catalogue';

// Every machine file and scenario catalogue of src/machines, found by Vite from the files themselves: a
// machine another issue adds appears here without an edit. The sources name the constants behind delays.
const machineModules = import.meta.glob('/src/machines/**/*.machine.ts', { eager: true }) as ModuleMap;
const sampleModules = import.meta.glob('/src/machines/**/*.samples.ts', { eager: true }) as ModuleMap;
const sources = import.meta.glob('/src/machines/**/*.machine.ts', { eager: true, query: '?raw', import: 'default' }) as Record<string, string>;

export const FLOW_MACHINES = buildCatalogue(machineModules, sampleModules, sources);
