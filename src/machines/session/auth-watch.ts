import { fromCallback, type AnyActorRef, type EventObject } from 'xstate';

type AuthSnapshot = { matches(value: string): boolean; hasTag(tag: string): boolean };

const signedIn = (snapshot: AuthSnapshot) => snapshot.matches('signedIn');

/**
 * An actor that follows the auth actor (systemId 'auth') and sends `start` when someone signs in and `end` when
 * they sign out: the session machines (idle watch, hub connection) only make sense while a user is signed in.
 */
export function authWatchOf<TStart extends EventObject, TEnd extends EventObject>(start: TStart, end: TEnd, isActive: (snapshot: AuthSnapshot) => boolean = signedIn) {
  return fromCallback<EventObject>(({ sendBack, system }) => {
    const auth = (system as { get(id: string): AnyActorRef | undefined }).get('auth');
    if (!auth) return undefined;
    let signedIn: boolean | undefined;
    const update = (snapshot: AuthSnapshot) => {
      const now = isActive(snapshot);
      if (now === signedIn) return;
      signedIn = now;
      sendBack(now ? start : end);
    };
    update(auth.getSnapshot() as AuthSnapshot);
    const subscription = auth.subscribe((snapshot) => update(snapshot as AuthSnapshot));
    return () => subscription.unsubscribe();
  });
}
