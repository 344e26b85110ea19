import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { LiveMessage } from './publish';

/** Carries published messages to the hubs of every server process. */
export interface Backplane {
  publish(message: LiveMessage): void;
  onMessage(listener: (message: LiveMessage) => void): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

export const REDIS_CHANNEL = 'courier:live';
/** How long start-up waits for Redis before serving without messages from other processes. */
const REDIS_START_TIMEOUT_MS = 5000;

/** One process: messages go straight to its hubs, after the publisher's call returns. */
export function createInProcessBackplane(): Backplane {
  const listeners = new Set<(message: LiveMessage) => void>();
  return {
    publish(message) {
      queueMicrotask(() => {
        for (const listener of listeners) listener(message);
      });
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: async () => undefined,
    close: async () => listeners.clear(),
  };
}

/** Never log a Redis URL as it is: it may carry a password. */
function redisHost(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return '(invalid REDIS_URL)';
  }
}

/**
 * Redis pub/sub on one channel. Every process publishes there and delivers only what comes back from the
 * subscription (its own messages included), so all processes see the same stream. While Redis is unreachable
 * publishes are dropped with a warning (at most once), and ioredis reconnects and resubscribes by itself.
 */
export function createRedisBackplane(url: string, logger: Logger): Backplane {
  const host = redisHost(url);
  const publisher = new Redis(url, { enableOfflineQueue: false, lazyConnect: true, maxRetriesPerRequest: 1 });
  const subscriber = new Redis(url, { lazyConnect: true });
  const listeners = new Set<(message: LiveMessage) => void>();
  let lastWarning = 0;
  const warn = (error: unknown, what: string) => {
    // One line per 10 s at most while Redis is down.
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    logger.warn({ redis: host, err: error instanceof Error ? error.message : String(error) }, what);
  };
  publisher.on('error', (error) => warn(error, 'live backplane: Redis publisher error'));
  subscriber.on('error', (error) => warn(error, 'live backplane: Redis subscriber error'));
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== REDIS_CHANNEL) return;
    let message: LiveMessage;
    try {
      message = JSON.parse(text) as LiveMessage;
    } catch {
      return;
    }
    for (const listener of listeners) listener(message);
  });
  return {
    publish(message) {
      publisher.publish(REDIS_CHANNEL, JSON.stringify(message)).catch((error: unknown) => warn(error, 'live backplane: message dropped'));
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      const ready = Promise.all([publisher.connect(), subscriber.connect().then(() => subscriber.subscribe(REDIS_CHANNEL))]);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), REDIS_START_TIMEOUT_MS); });
      try {
        const outcome = await Promise.race([ready, timeout]);
        if (outcome === 'timeout') logger.warn({ redis: host }, 'live backplane: Redis not reachable yet; serving this process only until it is');
        else logger.info({ redis: host }, 'live backplane: Redis pub/sub connected');
      } catch (error) {
        warn(error, 'live backplane: Redis not reachable yet; serving this process only until it is');
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      listeners.clear();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
