import { Badge, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { MachineEntry } from '../../lib/flows/catalogue';
import { FLOWS_CHANNEL, type LiveMessage, type LiveSnapshot } from '../../lib/flows/live-bridge';

/** Every live actor the app's tabs report over the BroadcastChannel, latest first. */
export function useLiveActors(): LiveSnapshot[] {
  const [actors, setActors] = useState<Map<string, LiveSnapshot>>(new Map());
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(FLOWS_CHANNEL);
    channel.onmessage = (message: MessageEvent<LiveMessage>) => {
      const data = message.data;
      if (data?.kind === 'snapshot') setActors((current) => new Map(current).set(data.sessionId, data));
      if (data?.kind === 'stopped') {
        setActors((current) => {
          const next = new Map(current);
          next.delete(data.sessionId);
          return next;
        });
      }
    };
    channel.postMessage({ kind: 'hello' } satisfies LiveMessage);
    return () => channel.close();
  }, []);
  return [...actors.values()].sort((a, b) => b.at - a.at);
}

/** Live: the running app's actors of the selected machine, in the other tabs of this browser. */
export function LivePanel({ entry, actors }: { entry: MachineEntry; actors: LiveSnapshot[] }) {
  const mine = actors.filter((actor) => actor.machineId === entry.machine.id);
  return (
    <Stack gap="2" aria-label="Live actors">
      <Text fontSize="sm" color="fg.muted">
        Open the app in another tab of this browser: its actors report their states here (BroadcastChannel, nothing leaves the browser).
      </Text>
      {mine.length === 0 && <Text fontSize="sm">No running actor of {entry.id} yet.</Text>}
      {mine.map((actor) => (
        <Stack key={actor.sessionId} gap="0" borderWidth="1px" borderRadius="md" p="2">
          <Text fontSize="sm" fontWeight="bold">{actor.systemId ?? actor.actorId} <Badge>{actor.status}</Badge></Text>
          <Text fontSize="sm" data-testid="live-state">State: <code>{JSON.stringify(actor.value)}</code></Text>
        </Stack>
      ))}
      {actors.length > 0 && (
        <Text fontSize="xs" color="fg.muted">All live actors: {[...new Set(actors.map((actor) => actor.machineId))].join(', ')}</Text>
      )}
    </Stack>
  );
}
