import { Box, Button, Checkbox, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-ui/react/theme';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AnyMachineSnapshot } from 'xstate';
import type { TestPath } from '../../lib/flows/paths';
import { activeIds, enabledEvents, takenEdges } from '../../lib/flows/simulate';
import type { Highlight } from '../../lib/flows/svg';
import { RESOURCE_IDS } from '../../resources';
import { StatechartDiagram } from '../../ui/StatechartDiagram';
import { useResources } from '../../ui/use-resources';
import { FLOW_MACHINES } from './catalogue';
import { LivePanel, useLiveActors } from './LivePanel';
import { PathsPanel } from './PathsPanel';
import { SimulatePanel } from './SimulatePanel';
import { useFlowLayout } from './use-flow-layout';

const TABS = [
  { id: 'diagram', label: 'Diagram' },
  { id: 'simulate', label: 'Simulate' },
  { id: 'live', label: 'Live' },
  { id: 'paths', label: 'Test paths' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * /flows: every machine of src/machines with its description; the selected one (?machine=<id>, shareable)
 * drawn, simulated, followed live in another tab, and its generated test paths overlaid (?view=<tab>).
 */
export function Component() {
  // Every resource's declaration: the list, form and select charts' samples start on some, and simulating or
  // generating their paths reads them.
  useResources(RESOURCE_IDS);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('machine') ?? FLOW_MACHINES[0]?.id;
  const tab = (TABS.some((item) => item.id === params.get('view')) ? params.get('view') : 'diagram') as TabId;
  const entry = FLOW_MACHINES.find((candidate) => candidate.id === selectedId);
  const [showActions, setShowActions] = useState(true);
  const { graph, layout, error } = useFlowLayout(entry, showActions);
  const [simulated, setSimulated] = useState<{ id: string; snapshot?: AnyMachineSnapshot }>({ id: '' });
  const [path, setPath] = useState<{ id: string; path?: TestPath }>({ id: '' });
  const [replay, setReplay] = useState<{ id: string; path?: TestPath }>({ id: '' });
  const live = useLiveActors();
  const entryId = entry?.id ?? '';
  const onSnapshot = useCallback((snapshot: AnyMachineSnapshot | undefined) => setSimulated({ id: entryId, snapshot }), [entryId]);

  const select = (next: Record<string, string>) => setParams((current) => {
    const merged = new URLSearchParams(current);
    Object.entries(next).forEach(([key, value]) => merged.set(key, value));
    return merged;
  });

  const highlight = useMemo<Highlight>(() => {
    if (!entry || !graph) return {};
    if (tab === 'simulate' && simulated.id === entry.id && simulated.snapshot) {
      const snapshot = simulated.snapshot;
      const samples = entry.samples?.scenarios.flatMap((scenario) => scenario.events ?? []) ?? [];
      const enabled = new Set(enabledEvents(snapshot, samples).flatMap((event) => takenEdges(graph.edges, snapshot, event)));
      return { active: activeIds(snapshot), enabledEdges: enabled };
    }
    if (tab === 'live') {
      const latest = live.find((actor) => actor.machineId === entry.machine.id);
      return latest ? { active: new Set(latest.active) } : {};
    }
    if (tab === 'paths' && path.id === entry.id && path.path) {
      return {
        pathEdges: new Set(path.path.steps.flatMap((step) => step.edges)),
        pathStates: new Set(path.path.steps.flatMap((step) => step.states)),
        active: new Set(path.path.steps.at(-1)?.states ?? []),
      };
    }
    return {};
  }, [entry, graph, tab, simulated, live, path]);

  return (
    <Stack direction={{ base: 'column', lg: 'row' }} gap="6" p="4" align="flex-start">
      <Box as="nav" aria-label="Machines" minWidth="16rem" maxWidth={{ lg: '20rem' }}>
        <Heading as="h1" size="lg" mb="3">Flows</Heading>
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
          {FLOW_MACHINES.map((machine) => (
            <Box as="li" key={machine.id}>
              <Button
                variant={machine.id === selectedId ? 'solid' : 'ghost'} size="sm" width="100%" justifyContent="flex-start" height="auto" py="1"
                aria-current={machine.id === selectedId ? 'page' : undefined} onClick={() => select({ machine: machine.id })}
              >
                <Stack gap="0" align="flex-start" textAlign="left" whiteSpace="normal">
                  <Text fontWeight="bold">{machine.id}</Text>
                  {machine.description && <Text fontSize="xs" fontWeight="normal">{machine.description}</Text>}
                </Stack>
              </Button>
            </Box>
          ))}
        </Stack>
      </Box>
      <Stack as="main" gap="3" flex="1" minWidth="0">
        {!entry && <Text role="alert">No machine named {selectedId}.</Text>}
        {entry && (
          <>
            <Heading as="h2" size="md">{entry.id}</Heading>
            {entry.description && <Text>{entry.description}</Text>}
            <Text fontSize="xs" color="fg.muted">{entry.file} · {entry.exportName}</Text>
            <HStack role="tablist" aria-label="Views" gap="1">
              {TABS.map((item) => (
                <Button
                  key={item.id} role="tab" id={`flows-tab-${item.id}`} aria-selected={tab === item.id} aria-controls="flows-panel"
                  size="sm" variant={tab === item.id ? 'solid' : 'outline'} onClick={() => {
                    // Simulate chosen by hand starts afresh, not from the last replayed path.
                    if (item.id === 'simulate') setReplay({ id: '' });
                    select({ view: item.id });
                  }}
                >
                  {item.label}
                </Button>
              ))}
              <Checkbox.Root recipe={checkboxSlotRecipe} size="sm" ml="4" checked={showActions} onCheckedChange={(change) => setShowActions(change.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Show actions</Checkbox.Label>
              </Checkbox.Root>
            </HStack>
            <Stack direction={{ base: 'column', xl: 'row' }} gap="4" align="flex-start" id="flows-panel" role="tabpanel" aria-labelledby={`flows-tab-${tab}`}>
              <Box flex="1" minWidth="0" width="100%">
                {error && <Text role="alert">{error}</Text>}
                {!layout && !error && <Text role="status">Laying out {entry.id}…</Text>}
                {layout && <StatechartDiagram layout={layout} highlight={highlight} />}
              </Box>
              {tab !== 'diagram' && graph && (
                <Box width={{ base: '100%', xl: '26rem' }} flexShrink={0}>
                  {tab === 'simulate' && (
                    <SimulatePanel
                      key={`${entry.id}:${replay.id === entry.id ? replay.path?.id ?? '' : ''}`} entry={entry} onSnapshot={onSnapshot}
                      {...(replay.id === entry.id && replay.path && { replay: replay.path })}
                    />
                  )}
                  {tab === 'live' && <LivePanel entry={entry} actors={live} />}
                  {tab === 'paths' && (
                    <PathsPanel
                      entry={entry} graph={graph} selected={path.id === entry.id ? path.path : undefined} onSelect={(chosen) => setPath({ id: entry.id, path: chosen })}
                      onReplay={(chosen) => {
                        setReplay({ id: entry.id, path: chosen });
                        select({ view: 'simulate' });
                      }}
                    />
                  )}
                </Box>
              )}
            </Stack>
          </>
        )}
      </Stack>
    </Stack>
  );
}
