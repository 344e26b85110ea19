import { useEffect, useMemo, useState } from 'react';
import type { MachineEntry } from '../../lib/flows/catalogue';
import { machineGraph, type FlowGraph } from '../../lib/flows/graph';
import { layoutFlow, type FlowLayout } from '../../lib/flows/layout';
import { elk } from './elk';

/** The selected machine's graph at once, and its layout when elkjs has finished. */
export function useFlowLayout(entry: MachineEntry | undefined, showActions: boolean): { graph?: FlowGraph; layout?: FlowLayout; error?: string } {
  const graph = useMemo(() => (entry ? machineGraph(entry.machine, entry.delays) : undefined), [entry]);
  const [result, setResult] = useState<{ graph: FlowGraph; showActions: boolean; layout?: FlowLayout; error?: string } | null>(null);
  useEffect(() => {
    if (!graph) return;
    let current = true;
    elk().then((engine) => layoutFlow(graph, engine, { showActions })).then(
      (layout) => current && setResult({ graph, showActions, layout }),
      (error: unknown) => current && setResult({ graph, showActions, error: String(error) }),
    );
    return () => {
      current = false;
    };
  }, [graph, showActions]);
  const fresh = result && result.graph === graph && result.showActions === showActions ? result : undefined;
  return { ...(graph && { graph }), ...(fresh?.layout && { layout: fresh.layout }), ...(fresh?.error && { error: fresh.error }) };
}
