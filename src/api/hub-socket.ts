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
export class HubSocket {
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

