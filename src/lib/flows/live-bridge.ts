import { isMachineSnapshot, type InspectionEvent } from 'xstate';

/**
 * The Live view of /flows: the app's actors report their state over a BroadcastChannel (same origin, this
 * browser only: no network, no Stately cloud) through XState's inspection API; /flows in another tab listens
 * and highlights. Only the state value travels, never the context.
 */

export const FLOWS_CHANNEL = 'courier-flows';

export interface LiveSnapshot {
  kind: 'snapshot';
  /** The actor's session id (unique per actor in this tab), its id and systemId where it has one. */
  sessionId: string;
  actorId: string;
  systemId?: string;
  machineId: string;
  value: unknown;
  status: string;
  /** State node ids of the active configuration. */
  active: string[];
  at: number;
}

export type LiveMessage = LiveSnapshot | { kind: 'hello' } | { kind: 'stopped'; sessionId: string };

interface InspectedActor {
  id: string;
  sessionId: string;
  _systemId?: string;
  logic?: { id?: string };
}

/** The inspector the root actor is created with; undefined where BroadcastChannel is missing. */
export function createFlowsInspector(): ((event: InspectionEvent) => void) | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(FLOWS_CHANNEL);
  // Node (tests) keeps a process alive for an open channel: this one must not.
  (channel as unknown as { unref?: () => void }).unref?.();
  const latest = new Map<string, LiveSnapshot>();
  /** The state value last posted per actor, as JSON. */
  const reported = new Map<string, string>();
  channel.onmessage = (message: MessageEvent<LiveMessage>) => {
    // A /flows tab that opens later asks for what is running now.
    if (message.data?.kind === 'hello') latest.forEach((snapshot) => channel.postMessage(snapshot));
  };
  return (event) => {
    if (event.type !== '@xstate.snapshot') return;
    const snapshot = event.snapshot;
    const actor = event.actorRef as unknown as InspectedActor;
    if (!isMachineSnapshot(snapshot) || !actor.logic?.id) return;
    if (snapshot.status !== 'active') {
      latest.delete(actor.sessionId);
      reported.delete(actor.sessionId);
      channel.postMessage({ kind: 'stopped', sessionId: actor.sessionId } satisfies LiveMessage);
      return;
    }
    // A snapshot in the state already reported (only its context changed: a live list merging 2,000 hub messages
    // a second) is not posted again: /flows shows states, and each post is a structured clone.
    const value = JSON.stringify(snapshot.value);
    if (reported.get(actor.sessionId) === value) return;
    reported.set(actor.sessionId, value);
    const summary: LiveSnapshot = {
      kind: 'snapshot',
      sessionId: actor.sessionId,
      actorId: actor.id,
      ...(actor._systemId && { systemId: actor._systemId }),
      machineId: actor.logic.id,
      value: JSON.parse(value) as unknown,
      status: snapshot.status,
      active: (snapshot as unknown as { _nodes: { id: string; path: string[] }[] })._nodes.filter((node) => node.path.length > 0).map((node) => node.id),
      at: Date.now(),
    };
    latest.set(actor.sessionId, summary);
    channel.postMessage(summary);
  };
}
