import type { ELK } from 'elkjs/lib/elk-api';
import type { MachineEntry } from './catalogue';
import { machineGraph } from './graph';
import { layoutFlow } from './layout';
import { layoutProblems } from './layout-check';
import { flowToMermaid } from './mermaid';
import { flowToSvg } from './svg';

/** The folder `npm run flows:export` writes, relative to the project root. */
export const FLOWS_DIR = 'docs/flows';

/**
 * File name → content of docs/flows: `<machine id>.svg` and `<machine id>.mmd` for every machine. With
 * `problems`, also what makes a drawing unreadable (overlaps, see layout-check.ts), by machine id.
 */
export async function renderFlowFiles(entries: MachineEntry[], elk: ELK, problems?: Map<string, string[]>): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of entries) {
    const graph = machineGraph(entry.machine, entry.delays);
    const layout = await layoutFlow(graph, elk);
    const found = problems ? layoutProblems(layout) : [];
    if (found.length > 0) problems!.set(entry.id, found);
    files.set(`${entry.id}.svg`, flowToSvg(layout));
    files.set(`${entry.id}.mmd`, flowToMermaid(graph));
  }
  return files;
}
