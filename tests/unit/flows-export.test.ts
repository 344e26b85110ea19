import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { renderFlowFiles, FLOWS_DIR } from '../../src/lib/flows/export';
import { discoverMachines, machineFiles } from '../../src/lib/flows/node-discovery';

const root = process.cwd();
const HINT = 'run `npm run flows:export` and commit docs/flows';

describe('docs/flows', () => {
  it('has an up-to-date diagram and Mermaid file for every machine of src/machines', async () => {
    const entries = await discoverMachines(root, (path) => import(/* @vite-ignore */ join(root, path)));
    expect(entries.length).toBeGreaterThanOrEqual(machineFiles(root).machines.length);
    const problems = new Map<string, string[]>();
    const files = await renderFlowFiles(entries, new ELK(), problems);
    // Every drawing readable: no overlapping states, labels or initial dots (src/lib/flows/layout-check.ts).
    expect(Object.fromEntries(problems), 'layout overlaps').toEqual({});
    const dir = join(root, FLOWS_DIR);
    const missing = [...files.keys()].filter((name) => !existsSync(join(dir, name)));
    expect(missing, `missing in ${FLOWS_DIR}: ${HINT}`).toEqual([]);
    const stale = [...files].filter(([name, content]) => readFileSync(join(dir, name), 'utf8') !== content).map(([name]) => name);
    expect(stale, `stale in ${FLOWS_DIR}: ${HINT}`).toEqual([]);
    const orphans = readdirSync(dir).filter((name) => /\.(svg|mmd)$/.test(name) && !files.has(name));
    expect(orphans, `no machine for these files in ${FLOWS_DIR}: ${HINT}`).toEqual([]);
  }, 120_000);
});
