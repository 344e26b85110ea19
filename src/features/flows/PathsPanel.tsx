import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { MachineEntry } from '../../lib/flows/catalogue';
import type { FlowGraph } from '../../lib/flows/graph';
import { generatePaths, pathCoverage, type PathCoverage, type TestPath } from '../../lib/flows/paths';

const percent = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(whole, 1))} %`;

/** Test paths: the generated paths of the model-based tests; choosing one overlays its steps. */
export function PathsPanel({ entry, graph, selected, onSelect, onReplay }: {
  entry: MachineEntry; graph: FlowGraph; selected?: TestPath; onSelect: (path: TestPath | undefined) => void;
  /** Takes the path's events in the simulator. */
  onReplay: (path: TestPath) => void;
}) {
  const [result, setResult] = useState<{ graph: FlowGraph; paths?: TestPath[]; coverage?: PathCoverage; error?: string } | null>(null);
  useEffect(() => {
    // Generating walks the whole state space: after the panel has painted.
    const timer = setTimeout(() => {
      try {
        const scenarios = entry.samples?.scenarios ?? [{ name: 'no input', input: undefined }];
        const paths = generatePaths(entry.machine, graph, scenarios, 'shortest', entry.samples?.targets);
        setResult({ graph, paths, coverage: pathCoverage(graph, paths) });
      } catch (error) {
        setResult({ graph, error: String(error) });
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [entry, graph]);
  const current = result?.graph === graph ? result : undefined;
  if (!current) return <Text role="status">Generating paths…</Text>;
  if (current.error) return <Text role="alert">{current.error}</Text>;
  const { paths = [], coverage } = current;
  return (
    <Stack gap="3">
      {coverage && (
        <Box aria-label="Coverage" role="group" fontSize="sm">
          <Heading as="h3" size="sm">Coverage</Heading>
          <Text>States reached: {coverage.statesReached} / {coverage.states} ({percent(coverage.statesReached, coverage.states)})</Text>
          <Text>Transitions reached: {coverage.transitionsReached} / {coverage.transitions} ({percent(coverage.transitionsReached, coverage.transitions)})</Text>
          <Text>Paths: {paths.length}</Text>
          {coverage.unreachedStates.length > 0 && <Text color="red.600">Unreached: {coverage.unreachedStates.join(', ')}</Text>}
        </Box>
      )}
      {selected && (
        <Box fontSize="sm">
          <Text>{selected.scenario}: {selected.steps.length} step(s) ⇒ {selected.target}</Text>
          <Button size="xs" mt="1" onClick={() => onReplay(selected)}>Replay in the simulator</Button>
        </Box>
      )}
      <Stack gap="1" role="list" aria-label="Test paths" maxHeight="50vh" overflow="auto">
        {paths.map((path) => (
          <Box role="listitem" key={path.id}>
            <Button
              size="xs" variant={selected?.id === path.id ? 'solid' : 'outline'} aria-pressed={selected?.id === path.id}
              onClick={() => onSelect(selected?.id === path.id ? undefined : path)} maxWidth="100%" justifyContent="flex-start" title={path.label}
            >
              <Text truncate>{path.scenario}: {path.label} ⇒ {path.target}</Text>
            </Button>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
