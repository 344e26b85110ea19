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

// The SignalR JSON hub protocol as our hubs speak it (server/realtime/protocol.ts): UTF-8 JSON records, each ended by
// the record separator. The browser speaks it itself over one WebSocket rather than loading the official client
// (@microsoft/signalr, 14 kB gzip on every signed-in first load for negotiation, transports and reconnection we do
// not use; issue 19); other clients (the API tests, a driver's app) use the official one against the same server.
const RECORD_SEPARATOR = '\u001e';
const MessageType = { Invocation: 1, Completion: 3, Ping: 6, Close: 7 } as const;
/** The official client's timings: a ping after 15 s without sending, a server silent for 30 s is gone. */
const KEEP_ALIVE_MS = 15_000;
const SERVER_TIMEOUT_MS = 30_000;
const HANDSHAKE_TIMEOUT_MS = 15_000;

interface HubMessage { type?: number; target?: string; arguments?: unknown[]; invocationId?: string; error?: string }

/**
 * One WebSocket connection to a hub: the handshake, invocations with their completions, pings both ways, and the
 * server's close message (its error says why, e.g. the access token expired). No reconnection: the caller starts a
 * new one.
 */
class HubSocket {
  state: 'Connecting' | 'Connected' | 'Disconnected' = 'Connecting';
  readonly ready: Promise<void>;
  private readonly socket: WebSocket;
  private readonly pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  private readonly closeListeners: Array<(error?: Error) => void> = [];
  private nextInvocationId = 0;
  private closeError: Error | undefined;
  private keepAlive: ReturnType<typeof setTimeout> | undefined;
  private serverTimeout: ReturnType<typeof setTimeout> | undefined;

  constructor(url: string, private readonly onInvocation: (target: string, args: unknown[]) => void) {
    const socket = new WebSocket(url);
    this.socket = socket;
    this.ready = new Promise<void>((resolve, reject) => {
      const handshakeTimer = setTimeout(() => this.fail(new Error('Server timeout elapsed without receiving a handshake response.')), HANDSHAKE_TIMEOUT_MS);
      socket.onopen = () => this.send({ protocol: 'json', version: 1 });
      socket.onmessage = (event: MessageEvent) => {
        if (typeof event.data !== 'string') return;
        this.resetServerTimeout();
        for (const record of event.data.split(RECORD_SEPARATOR).slice(0, -1)) {
          let message: HubMessage;
          try {
            message = JSON.parse(record) as HubMessage;
          } catch {
            return this.fail(new Error('Invalid message from the server.'));
          }
          if (this.state === 'Connecting') {
            clearTimeout(handshakeTimer);
            if (message.error) return this.fail(new Error(message.error));
            this.state = 'Connected';
            this.scheduleKeepAlive();
            resolve();
          } else this.receive(message);
        }
      };
      // A refused socket (a 401 on the upgrade) errors, then closes: the close says what happened.
      socket.onerror = () => undefined;
      socket.onclose = (event: CloseEvent) => {
        clearTimeout(handshakeTimer);
        const error = this.closeError ?? (event.wasClean ? undefined : new Error(`WebSocket closed with status code: ${event.code}.`));
        if (this.state === 'Connecting') reject(error ?? new Error('The connection closed during the handshake.'));
        this.ended(error);
      };
    });
    // A rejected start is the caller's to handle; the promise itself must not be reported as unhandled twice.
    this.ready.catch(() => undefined);
  }

  /** Calls a hub method; resolves with its completion, rejects with the server's error or a closed connection. */
  invoke(target: string, args: unknown[]): Promise<void> {
    if (this.state !== 'Connected') return Promise.reject(new Error(`Cannot send data if the connection is not in the 'Connected' State.`));
    const invocationId = String(this.nextInvocationId++);
    return new Promise<void>((resolve, reject) => {
      this.pending.set(invocationId, { resolve, reject });
      this.send({ type: MessageType.Invocation, invocationId, target, arguments: args });
    });
  }

  onclose(listener: (error?: Error) => void): void {
    this.closeListeners.push(listener);
  }

  /** Closes the socket; the close listeners hear no error. */
  stop(): Promise<void> {
    if (this.state === 'Disconnected') return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.onclose(() => resolve());
      this.socket.close(1000);
    });
  }

  private receive(message: HubMessage): void {
    switch (message.type) {
      case MessageType.Invocation:
        if (message.target) this.onInvocation(message.target, message.arguments ?? []);
        return;
      case MessageType.Completion: {
        const waiting = this.pending.get(message.invocationId ?? '');
        this.pending.delete(message.invocationId ?? '');
        if (message.error) waiting?.reject(new Error(message.error));
        else waiting?.resolve();
        return;
      }
      case MessageType.Close:
        return this.fail(message.error ? new Error(message.error) : undefined);
      default:
        // Pings only keep the connection alive (the timeout was reset above).
        return;
    }
  }

  private send(message: object): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send(JSON.stringify(message) + RECORD_SEPARATOR);
    this.scheduleKeepAlive();
  }

  private scheduleKeepAlive(): void {
    if (this.state !== 'Connected') return;
    clearTimeout(this.keepAlive);
    this.keepAlive = setTimeout(() => this.send({ type: MessageType.Ping }), KEEP_ALIVE_MS);
  }

  private resetServerTimeout(): void {
    clearTimeout(this.serverTimeout);
    this.serverTimeout = setTimeout(() => this.fail(new Error('Server timeout elapsed without receiving a message from the server.')), SERVER_TIMEOUT_MS);
  }

  /** Closes the socket because of `error` (the close listeners hear it). */
  private fail(error: Error | undefined): void {
    this.closeError ??= error;
    this.socket.close(1000);
  }

  private ended(error: Error | undefined): void {
    if (this.state === 'Disconnected') return;
    this.state = 'Disconnected';
    clearTimeout(this.keepAlive);
    clearTimeout(this.serverTimeout);
    for (const { reject } of this.pending.values()) reject(new Error('Invocation canceled due to the underlying connection being closed.'));
    this.pending.clear();
    for (const listener of this.closeListeners.splice(0)) listener(error);
  }
}

/**
 * One hub connection of the app. The connection machine (src/machines/session/connection.machine.ts) owns its
 * lifecycle: there is no automatic reconnect here, every start is a new connection. Event handlers and subscriptions
 * registered here survive reconnects: events of the current connection reach them, and subscriptions are invoked
 * again once it is up. The token comes from the auth actor through the token gate, so an expired one is refreshed
 * before the socket opens.
 */
export class LiveClient {
  private connection: HubSocket | undefined;
  private readonly handlers = new Set<Handler>();
  private readonly subscriptions = new Map<string, TopicSubscription>();

  constructor(
    private readonly url: string,
    private readonly tokenFactory: () => Promise<string | undefined> | string | undefined = sessionAccessToken,
  ) {}

  /** Starts a new connection (closing any previous one); resolves once the handshake is done and subscriptions are renewed. */
  async start(): Promise<void> {
    await this.stop();
    const token = await this.tokenFactory();
    // Negotiate first, as the official client does: the server checks the token and names the connection.
    const negotiated = await fetch(`${this.url}/negotiate?negotiateVersion=1`, { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!negotiated.ok) throw new Error(`Failed to complete negotiation with the server: status code '${negotiated.status}'`);
    const { connectionToken, connectionId } = await negotiated.json() as { connectionToken?: string; connectionId?: string };
    const url = new URL(this.url);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('id', connectionToken ?? connectionId ?? '');
    if (token) url.searchParams.set('access_token', token);
    // Event names as the official client matches them: case-insensitively.
    const connection = new HubSocket(url.toString(), (target, args) => {
      if (this.connection !== connection) return;
      for (const { event, handler } of [...this.handlers]) if (event.toLowerCase() === target.toLowerCase()) handler(...args);
    });
    this.connection = connection;
    await connection.ready;
    await Promise.all([...this.subscriptions.values()].map(({ topic, args }) => connection.invoke(subscribeMethod(topic), args)));
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
    return () => { this.handlers.delete(entry); };
  }

  /** Subscribes to a topic now (when connected) and after every reconnect; returns how to unsubscribe. */
  async subscribe(topic: LiveTopic, ...args: unknown[]): Promise<() => Promise<void>> {
    const key = `${topic}:${JSON.stringify(args)}`;
    this.subscriptions.set(key, { topic, args });
    if (this.connected) await this.connection!.invoke(subscribeMethod(topic), args);
    return async () => {
      this.subscriptions.delete(key);
      if (this.connected) await this.connection!.invoke(unsubscribeMethod(topic), args).catch(() => undefined);
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
