import { Box, Button, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { MachineEntry } from '../../lib/flows/catalogue';
import { describeEvent, enabledEvents, inertMachine, startSimulation, takeEvent } from '../../lib/flows/simulate';

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

/**
 * Simulate: start from a scenario of the machine's catalogue, take any enabled event (user events and the
 * catalogue's sample events with payloads), watch the active states on the diagram and the context here.
 */
export function SimulatePanel({ entry, onSnapshot }: { entry: MachineEntry; onSnapshot: (snapshot: AnyMachineSnapshot | undefined) => void }) {
  const machine = useMemo(() => inertMachine(entry.machine), [entry]);
  const scenarios = entry.samples?.scenarios ?? [];
  const [scenario, setScenario] = useState(0);
  const [state, setState] = useState(() => ({ ...start(entry, 0), taken: [] as string[] }));
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
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field aria-label="Scenario" value={scenario} onChange={(event) => restart(Number(event.currentTarget.value))}>
              {scenarios.map((item, index) => <option key={item.name} value={index}>{item.name}</option>)}
            </NativeSelect.Field>
          </NativeSelect.Root>
        )}
        <Button size="sm" variant="outline" onClick={() => restart(scenario)}>Reset</Button>
      </HStack>
      {scenarios.length === 0 && <Text fontSize="sm" color="fg.muted">No scenario catalogue (a *.samples.ts beside the machine): started without input.</Text>}
      {state.error && <Text role="alert" color="red.600">{state.error}</Text>}
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
