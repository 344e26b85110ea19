import type { Logger } from 'pino';
import type { LiveEvent, LiveTopic } from '../../src/lib/realtime';
import { createInProcessBackplane, createRedisBackplane, type Backplane } from './backplane';
import type { LiveScope } from './scope';

/**
 * One change for the live subscribers. Server code calls `context.live.publish(...)` after it committed a
 * change, e.g. `live.publish({ topic: 'Deliveries', payload: delivery, scope: { companyId, storeId } })`.
 * The hubs deliver it to every connection subscribed to the topic whose token may see the scope.
 * Delivery is at most once: a client that was disconnected reloads over REST.
 */
export interface LiveMessage<T extends LiveTopic = LiveTopic> {
  topic: T;
  /** The client method called; defaults to the topic's only event (MyIdentity has three: name one). */
  event?: LiveEvent<T>;
  /** The record as the REST API returns it (plain JSON). */
  payload: unknown;
  scope: LiveScope;
  /** WebNotifications: the notification's type id, for subscribers that asked for some types only. */
  typeId?: number;
}

export interface Live {
  readonly mode: 'in-process' | 'redis';
  /** Fire and forget; never throws (a lost message is what at-most-once allows). */
  publish<T extends LiveTopic>(message: LiveMessage<T>): void;
  /** The hubs of this process: every published message, from any process. */
  subscribe(listener: (message: LiveMessage) => void): () => void;
  /** Messages published by this process only (each change once, whatever the backplane): webhooks listen here. */
  onPublish(listener: (message: LiveMessage) => void): () => void;
  /** Resolves once messages from other processes can arrive (Redis subscription in place). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface LiveOptions {
  redisUrl?: string;
  logger: Logger;
}

/** In-process fan-out by default; Redis pub/sub when a URL is given, so several processes serve one set of clients. */
export function createLive({ redisUrl, logger }: LiveOptions): Live {
  const backplane: Backplane = redisUrl ? createRedisBackplane(redisUrl, logger) : createInProcessBackplane();
  const listeners = new Set<(message: LiveMessage) => void>();
  const publishListeners = new Set<(message: LiveMessage) => void>();
  const unsubscribe = backplane.onMessage((message) => {
    for (const listener of listeners) {
      try {
        listener(message);
      } catch (error) {
        logger.error({ err: error, topic: message.topic }, 'live message delivery failed');
      }
    }
  });
  return {
    mode: redisUrl ? 'redis' : 'in-process',
    publish(message) {
      backplane.publish(message as LiveMessage);
      for (const listener of publishListeners) {
        try {
          listener(message as LiveMessage);
        } catch (error) {
          logger.error({ err: error, topic: message.topic }, 'publish listener failed');
        }
      }
    },
    onPublish(listener) {
      publishListeners.add(listener);
      return () => publishListeners.delete(listener);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => backplane.start(),
    async close() {
      unsubscribe();
      listeners.clear();
      publishListeners.clear();
      await backplane.close();
    },
  };
}
