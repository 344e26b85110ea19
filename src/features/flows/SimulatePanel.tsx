import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { FieldError } from '../../ui/FieldError';
import { Select } from '../../ui/Select';
import { useEffect, useMemo, useState } from 'react';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { MachineEntry } from '../../lib/flows/catalogue';
import type { TestPath } from '../../lib/flows/paths';
import { activeIds, describeEvent, enabledEvents, inertMachine, startSimulation, takeEvent } from '../../lib/flows/simulate';

export interface SimulationView {
  snapshot: AnyMachineSnapshot;
}

function safeJson(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_, item: unknown) => {
    if (item instanceof Error) return { name: item.name, message: item.message };
    if (typeof item === 'object' && item !== null) {
      if (seen.has(item)) return '[circular]';
      seen.add(item);
      if ('sessionId' in item && 'send' in item) return `[actor ${(item as { id?: string }).id ?? ''}]`;
    }
    return item;
  }, 2) ?? 'undefined';
}

function start(entry: MachineEntry, scenario: number): { snapshot?: AnyMachineSnapshot; error?: string } {
  try {
    const input = entry.samples?.scenarios[scenario]?.input;
    return { snapshot: startSimulation(inertMachine(entry.machine), input) };
  } catch (error) {
    return { error: `This machine cannot start without a scenario of its own: ${String(error)}` };
  }
}

interface Simulation {
  snapshot?: AnyMachineSnapshot;
  error?: string;
  taken: string[];
  /** A test path replayed from its scenario: whether it ended in the path's states. */
  replayed?: { path: TestPath; matches: boolean };
}

/** Takes a generated path's events one after the other from its scenario's start, as the model tests do. */
function replayPath(entry: MachineEntry, machine: ReturnType<typeof inertMachine>, scenario: number, path: TestPath): Simulation {
  const started = start(entry, scenario);
  if (!started.snapshot) return { ...started, taken: [] };
  let snapshot = started.snapshot;
  const taken: string[] = [];
  for (const event of path.events) {
    if (event.type === 'xstate.init') continue;
    snapshot = takeEvent(machine, snapshot, event);
    taken.push(event.type);
  }
  const expected = path.steps.at(-1)?.states ?? [];
  const active = activeIds(snapshot);
  return { snapshot, taken, replayed: { path, matches: expected.length === active.size && expected.every((id) => active.has(id)) } };
}

/**
 * Simulate: start from a scenario of the machine's catalogue, take any enabled event (user events and the
 * catalogue's sample events with payloads), watch the active states on the diagram and the context here.
 * With `replay`, a generated test path is taken first (Test paths → "Replay in the simulator").
 */
export function SimulatePanel({ entry, onSnapshot, replay }: {
  entry: MachineEntry; onSnapshot: (snapshot: AnyMachineSnapshot | undefined) => void; replay?: TestPath;
}) {
  const machine = useMemo(() => inertMachine(entry.machine), [entry]);
  const scenarios = entry.samples?.scenarios ?? [];
  const [scenario, setScenario] = useState(() => Math.max(0, replay ? scenarios.findIndex((item) => item.name === replay.scenario) : 0));
  const [state, setState] = useState<Simulation>(() => (replay ? replayPath(entry, machine, scenario, replay) : { ...start(entry, scenario), taken: [] }));
  const samples = scenarios[scenario]?.events ?? [];
  // The page highlights the active states on the diagram.
  useEffect(() => onSnapshot(state.snapshot), [state.snapshot, onSnapshot]);
  const events = state.snapshot ? enabledEvents(state.snapshot, samples) : [];

  const restart = (index: number) => {
    const next = { ...start(entry, index), taken: [] };
    setScenario(index);
    setState(next);
  };
  const take = (event: AnyEventObject) => {
    if (!state.snapshot) return;
    const snapshot = takeEvent(machine, state.snapshot, event);
    setState({ snapshot, taken: [...state.taken, event.type] });
  };

  return (
    <Stack gap="3" aria-label="Simulator">
      <HStack gap="2" flexWrap="wrap">
        {scenarios.length > 0 && (
          <Select label="Scenario" value={scenario} width="auto" onChange={(value) => restart(Number(value))}>
            {scenarios.map((item, index) => <option key={item.name} value={index}>{item.name}</option>)}
          </Select>
        )}
        <Button size="sm" variant="outline" onClick={() => restart(scenario)}>Reset</Button>
      </HStack>
      {scenarios.length === 0 && <Text fontSize="sm" color="fg.muted">No scenario catalogue (a *.samples.ts beside the machine): started without input.</Text>}
      {state.error && <FieldError>{state.error}</FieldError>}
      {state.replayed && (
        <Text role="status" fontSize="sm" data-testid="replay-result" data-matches={state.replayed.matches} color={state.replayed.matches ? 'green.700' : 'red.600'}>
          Replayed “{state.replayed.path.scenario}: {state.replayed.path.label}”: {state.replayed.matches
            ? `ends in ${state.replayed.path.target}, as the path does.`
            : `expected ${state.replayed.path.target}, got ${JSON.stringify(state.snapshot?.value)}.`}
        </Text>
      )}
      {state.snapshot && (
        <>
          <Text fontSize="sm" data-testid="simulated-state">State: <code>{JSON.stringify(state.snapshot.value)}</code> ({state.snapshot.status})</Text>
          <Box>
            <Heading as="h3" size="sm" mb="1">Enabled events</Heading>
            {events.length === 0 && <Text fontSize="sm" color="fg.muted">None: the machine waits for nothing here.</Text>}
            <Stack gap="1" role="list" aria-label="Enabled events">
              {events.map((event, index) => (
                <Box role="listitem" key={`${event.type}-${index}`}>
                  <Button size="xs" variant="outline" onClick={() => take(event)} title={safeJson(event)} maxWidth="100%" justifyContent="flex-start">
                    <Text truncate>{describeEvent(event)}</Text>
                  </Button>
                </Box>
              ))}
            </Stack>
          </Box>
          {state.taken.length > 0 && <Text fontSize="xs" color="fg.muted">Taken: {state.taken.join(' → ')}</Text>}
          <details>
            <summary>Context</summary>
            <Box as="pre" fontSize="xs" maxHeight="40vh" overflow="auto" bg="gray.50" p="2">{safeJson(state.snapshot.context)}</Box>
          </details>
        </>
      )}
    </Stack>
  );
}
