import { useEffect, useId, useState } from 'react';
import type { Actor, AnyActorLogic, AnyActorRef, InputFrom } from 'xstate';
import { RootActor } from './root-actor';

type Root = ReturnType<typeof RootActor.useActorRef>;

/** Screens whose close is pending (StrictMode's unmount and mount again), by the screen actor. */
const pendingCloses = new WeakMap<AnyActorRef, ReturnType<typeof setTimeout>>();

/**
 * The root spawns the screen's actor (`screen.open`) unless this render already did: StrictMode calls a state
 * initializer twice, and a render React threw away and retried keeps its useId. A screen whose close is still
 * pending at the same place (a remount with a new `key`), or that runs other logic, is closed first.
 */
function openScreen<TLogic extends AnyActorLogic>(root: Root, id: string, logic: TLogic, input: InputFrom<TLogic>): Actor<TLogic> {
  // A spawned child is an Actor of the logic it was spawned from; the system does not know which.
  const open = (): Actor<TLogic> | undefined => root.system.get(id);
  const existing = open();
  if (existing && !pendingCloses.has(existing) && existing.src === logic) return existing;
  if (existing) {
    clearTimeout(pendingCloses.get(existing));
    pendingCloses.delete(existing);
    root.send({ type: 'screen.close', id });
  }
  root.send({ type: 'screen.open', id, logic, input });
  return open()!;
}

/**
 * Runs a screen's workflow as a child of the root actor, so its machine finds the long-lived actors by systemId
 * (`system.get('auth')`, `system.get('notifications')`), runs on the system's clock (a SimulatedClock in tests)
 * and appears in the system's inspection (the /flows page). The root spawns it when the screen first renders and
 * stops it when the screen unmounts. The input is read once: give the component a `key` to start over.
 */
export function useScreenActor<TLogic extends AnyActorLogic>(logic: TLogic, input: InputFrom<TLogic>): Actor<TLogic> {
  const root = RootActor.useActorRef();
  const id = `screen${useId()}`;
  const [actor] = useState(() => openScreen(root, id, logic, input));
  useEffect(() => {
    // StrictMode unmounts and mounts again at once: a close still pending from that is cancelled and the same
    // actor carries on.
    clearTimeout(pendingCloses.get(actor));
    pendingCloses.delete(actor);
    return () => {
      pendingCloses.set(actor, setTimeout(() => {
        pendingCloses.delete(actor);
        root.send({ type: 'screen.close', id });
      }, 0));
    };
  }, [actor, root, id]);
  return actor;
}
