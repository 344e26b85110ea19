import type { HubConnection } from '@microsoft/signalr';
import { HUB_PATHS, LIVE_TEXTS, subscribeMethod, unsubscribeMethod, type HubName, type LiveTopic } from '../lib/realtime';
import { sessionAccessToken } from './session';

/** How a live connection ended: `tokenExpired` when the server closed it because the access token expired. */
export interface LiveClosed {
  tokenExpired: boolean;
  error?: string;
}

interface Handler {
  event: string;
  handler: (...args: unknown[]) => void;
}

interface TopicSubscription {
  topic: LiveTopic;
  args: unknown[];
}

/**
 * One hub connection of the app, built with the official `@microsoft/signalr` client. The connection machine
 * (src/machines/session/connection.machine.ts) owns its lifecycle: there is no automatic reconnect here, every
 * start is a new connection. Event handlers and subscriptions registered here survive reconnects: they are
 * attached to each new connection and subscriptions are invoked again once it is up. The token comes from the
 * auth actor through the token gate, so an expired one is refreshed before the negotiate and the socket.
 */
/** The official client loads with the first connection: signed-out visitors (the public home) never need it. */
const loadSignalR = () => import('@microsoft/signalr');

export class LiveClient {
  private connection: HubConnection | undefined;
  private readonly handlers = new Set<Handler>();
  private readonly subscriptions = new Map<string, TopicSubscription>();

  constructor(
    private readonly url: string,
    private readonly tokenFactory: () => Promise<string | undefined> | string | undefined = sessionAccessToken,
  ) {}

  /** Starts a new connection (closing any previous one); resolves once the handshake is done and subscriptions are renewed. */
  async start(): Promise<void> {
    await this.stop();
    const { HttpTransportType, HubConnectionBuilder, LogLevel } = await loadSignalR();
    const connection = new HubConnectionBuilder()
      .withUrl(this.url, {
        transport: HttpTransportType.WebSockets,
        accessTokenFactory: async () => (await this.tokenFactory()) ?? '',
      })
      .configureLogging(LogLevel.None)
      .build();
    for (const { event, handler } of this.handlers) connection.on(event, handler);
    this.connection = connection;
    await connection.start();
    await Promise.all([...this.subscriptions.values()].map(({ topic, args }) => connection.invoke(subscribeMethod(topic), ...args)));
  }

  /** Resolves when the current connection closes, however it closes. */
  closed(): Promise<LiveClosed> {
    const connection = this.connection;
    if (!connection || connection.state === 'Disconnected') return Promise.resolve({ tokenExpired: false });
    return new Promise((resolve) => {
      connection.onclose((error) => resolve({
        tokenExpired: Boolean(error?.message.includes(LIVE_TEXTS.tokenExpired)),
        ...(error && { error: error.message }),
      }));
    });
  }

  async stop(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    await connection?.stop().catch(() => undefined);
  }

  /** Listens to a hub event on this and every later connection; returns how to stop listening. */
  on(event: string, handler: (...args: unknown[]) => void): () => void {
    const entry = { event, handler };
    this.handlers.add(entry);
    this.connection?.on(event, handler);
    return () => {
      this.handlers.delete(entry);
      this.connection?.off(event, handler);
    };
  }

  /** Subscribes to a topic now (when connected) and after every reconnect; returns how to unsubscribe. */
  async subscribe(topic: LiveTopic, ...args: unknown[]): Promise<() => Promise<void>> {
    const key = `${topic}:${JSON.stringify(args)}`;
    this.subscriptions.set(key, { topic, args });
    if (this.connected) await this.connection!.invoke(subscribeMethod(topic), ...args);
    return async () => {
      this.subscriptions.delete(key);
      if (this.connected) await this.connection!.invoke(unsubscribeMethod(topic), ...args).catch(() => undefined);
    };
  }

  get connected(): boolean {
    return this.connection?.state === 'Connected';
  }
}

const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

/** The hub URL on the API's origin (VITE_HUBS_URL overrides, like the REST clients' base URLs). */
export function hubUrl(hub: HubName): string {
  const base = import.meta.env?.VITE_HUBS_URL as string | undefined; // `?.`: rendered ahead of time under plain Node too
  return base ? `${base.replace(/\/$/, '')}${HUB_PATHS[hub].slice('/hubs'.length)}` : new URL(HUB_PATHS[hub], origin).toString();
}

/** The app's dashboard hub connection (the shell's connection machine starts and stops it). */
export const liveDashboard = new LiveClient(hubUrl('dashboard'));

/** The identity hub connection (issue 20: live identity; the identity-live machine starts and stops it). */
export const liveIdentity = new LiveClient(hubUrl('identity'));
