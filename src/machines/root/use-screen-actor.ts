import { useCallback, useEffect, useId, useState } from 'react';
import { createActor, type Actor, type AnyActorLogic, type AnyActorRef, type InputFrom } from 'xstate';
import { RootActor } from './root-actor';

/** Which mounted screen opened a screen actor, and its close if one is pending. */
const screens = new WeakMap<AnyActorRef, { owner: object; closing?: ReturnType<typeof setTimeout> }>();
/** The actor each mounted screen opened (kept after it reaches a final state and leaves the system). */
const opened = new WeakMap<object, AnyActorRef>();

/**
 * Runs a screen's workflow as a child of the root actor, so its machine finds the long-lived actors by systemId
 * (`system.get('auth')`, `system.get('notifications')`), runs on the system's clock (a SimulatedClock in tests)
 * and appears in the system's inspection (the /flows page). The root spawns it (`screen.open`) when the screen
 * mounts and stops it (`screen.close`) when the screen unmounts; nothing runs during render. Until the mount, the
 * view reads an unstarted actor of the same logic (its initial snapshot). The input is read once: give the
 * component a `key` to start over.
 */
export function useScreenActor<TLogic extends AnyActorLogic>(logic: TLogic, input: InputFrom<TLogic>): Actor<TLogic> {
  const root = RootActor.useActorRef();
  const id = `screen${useId()}`;
  const [start] = useState(() => ({ logic, input, standIn: createActor(logic, { input }) }));
  // A spawned child is an Actor of the logic it was spawned from; the system does not know which.
  const find = useCallback((): Actor<TLogic> | undefined => root.system.get(id), [root, id]);
  // The root's snapshot changes when it spawns or stops a child: this renders again and finds its actor.
  RootActor.useSelector(() => find());
  const actor = (opened.get(start) as Actor<TLogic> | undefined) ?? start.standIn;
  useEffect(() => {
    let child = find();
    const entry = child && screens.get(child);
    if (child && entry?.owner === start) {
      // StrictMode unmounts and mounts again at once: the pending close is cancelled and the same actor carries on.
      clearTimeout(entry.closing);
      entry.closing = undefined;
    } else if (!opened.has(start)) {
      // A screen remounted at the same place (a new `key`) closes its predecessor now, then opens its own.
      if (child) {
        clearTimeout(entry?.closing);
        root.send({ type: 'screen.close', id });
      }
      root.send({ type: 'screen.open', id, logic: start.logic, input: start.input });
      child = find()!;
      screens.set(child, { owner: start });
      opened.set(start, child);
    }
    if (!child) return undefined;
    const mine = child;
    return () => {
      const entry = screens.get(mine);
      if (!entry) return;
      entry.closing = setTimeout(() => {
        screens.delete(mine);
        // Unless it has ended (a final state leaves the system) and another screen opened at this place since.
        if (find() === mine) root.send({ type: 'screen.close', id });
      }, 0);
    };
  }, [root, id, start, find]);
  return actor;
}
