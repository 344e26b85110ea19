import type { ELK } from 'elkjs/lib/elk-api';
import type { MachineEntry } from './catalogue';
import { machineGraph } from './graph';
import { layoutFlow } from './layout';
import { flowToMermaid } from './mermaid';
import { flowToSvg } from './svg';

/** The folder `npm run flows:export` writes, relative to the project root. */
export const FLOWS_DIR = 'docs/flows';

/** File name → content of docs/flows: `<machine id>.svg` and `<machine id>.mmd` for every machine. */
export async function renderFlowFiles(entries: MachineEntry[], elk: ELK): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of entries) {
    const graph = machineGraph(entry.machine, entry.delays);
    files.set(`${entry.id}.svg`, flowToSvg(await layoutFlow(graph, elk)));
    files.set(`${entry.id}.mmd`, flowToMermaid(graph));
  }
  return files;
}
