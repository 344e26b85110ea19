import type { ActorSystem, ActorSystemInfo, AnyActorRef } from 'xstate';

/** Any running actor's system; other actors are found in it by systemId. */
export type AppSystem = ActorSystem<ActorSystemInfo>;
import { asApiError } from '../../api/api-error';

/** The actor with this systemId in the running actor's system, if the app runs one (unit tests may not). */
export function systemActor(system: AppSystem, systemId: string): AnyActorRef | undefined {
  return system.get(systemId);
}

/** A success toast through the notifications actor (systemId 'notifications'). */
export function notifySuccess({ system }: { system: AppSystem }, params: { text: string }): void {
  systemActor(system, 'notifications')?.send({ type: 'notify.success', text: params.text });
}

/** A failure for the global error dialog through the notifications actor, titled by status. */
export function notifyError({ system }: { system: AppSystem }, params: { error: unknown }): void {
  systemActor(system, 'notifications')?.send({ type: 'notify.error', error: asApiError(params.error) });
}

/** Params of an `onError` transition: the error the invoked actor threw. */
export const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** Params of an `onDone` transition: the invoked actor's output. */
export const outputParams = <T>({ event }: { event: { output: T } }) => event.output;
