import { useEffect, useState } from 'react';
import { createActor, type Actor, type AnyActorLogic, type InputFrom } from 'xstate';
import { RootActor } from './root-actor';

/** What a parent calls on its children; `stop()` refuses actors that have a parent. */
function stopChild(actor: Actor<AnyActorLogic>): void {
  (actor as unknown as { _stop(): void })._stop();
}

/**
 * Runs a screen's workflow as a local actor of its route that joins the root actor's system, so its machine
 * finds the long-lived actors by systemId (`system.get('auth')`, `system.get('notifications')`), runs on the
 * system's clock (a SimulatedClock in tests) and appears in the system's inspection (the /flows page).
 * It starts on mount and stops on unmount. The input is read once: give the component a `key` to start over.
 */
export function useScreenActor<TLogic extends AnyActorLogic>(logic: TLogic, input: InputFrom<TLogic>): Actor<TLogic> {
  const root = RootActor.useActorRef();
  const [actor] = useState(() => createActor(logic, { input, parent: root } as never) as Actor<TLogic>);
  useEffect(() => {
    // StrictMode unmounts and mounts again at once: a stop still pending from that is cancelled and the same
    // actor carries on.
    clearTimeout(pendingStops.get(actor));
    pendingStops.delete(actor);
    actor.start();
    return () => {
      pendingStops.set(actor, setTimeout(() => {
        pendingStops.delete(actor);
        stopChild(actor);
      }, 0));
    };
  }, [actor]);
  return actor;
}

const pendingStops = new WeakMap<Actor<AnyActorLogic>, ReturnType<typeof setTimeout>>();
