import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { ANONYMOUS_HUBS, HUB_PATHS, LIVE_EVENTS, LIVE_TEXTS, type HubName, type LiveTopic } from '../../src/lib/realtime';
import type { Permissions } from '../../src/lib/roles';
import { authenticateAccessToken, SESSIONS_ENDED_CHANNEL } from '../auth/sessions';
import { InvalidTokenError } from '../auth/tokens';
import { redactUrl } from '../logger';
import type { AppContext } from '../context';
import { HubMethodError, invokeHubMethod, type Subscription } from './hubs';
import {
  closeFrame, completion, frame, HANDSHAKE_OK_FRAME, invocation, MessageType, PING_FRAME, records, type HandshakeRequest,
} from './protocol';
import type { LiveMessage } from './publish';

/** A slow client whose socket buffers more than this skips messages (at most once) instead of growing memory. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

const HUB_BY_PATH = new Map<string, HubName>(Object.entries(HUB_PATHS).map(([hub, path]) => [path, hub as HubName]));
const NEGOTIATE_PATH = /^\/hubs\/(dashboard|identity|tracking|chat)\/negotiate$/;

interface Caller {
  permissions: Permissions | undefined;
  /** The session (refresh-token family) the token belongs to: when it ends, the connection closes. */
  sid: string | undefined;
  /** ms since the epoch: the token's expiry or the session's end, whichever is first; the connection closes then. */
  expiresAt: number | undefined;
}

interface Negotiated extends Caller {
  connectionId: string;
  hub: HubName;
  timer: NodeJS.Timeout;
}

class Unauthorized extends Error {}

function newId(): string {
  return randomBytes(16).toString('base64url');
}

function bearerOf(header: string | undefined): string | undefined {
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || undefined : undefined;
}

/**
 * The SignalR hubs on the app's own HTTP server: `POST /hubs/{hub}/negotiate`, then a WebSocket upgrade on
 * `/hubs/{hub}?id=<connectionToken>` speaking the JSON hub protocol. Published live messages (context.live)
 * reach every subscribed connection whose token may see them.
 */
export async function attachRealtime(app: FastifyInstance, context: AppContext, logger: Logger): Promise<void> {
  const { config, live } = context;
  const negotiated = new Map<string, Negotiated>();
  const byTopic = new Map<LiveTopic, Set<HubConnection>>();
  const connections = new Set<HubConnection>();

  // Live messages are sent in one frame per connection every hubCoalesceMs: a browser then handles one WebSocket
  // message (and the client's timeout reset) per interval instead of one per update, which at thousands of updates
  // a second was most of a dashboard's script per frame. One timer for the hub, not one per connection.
  const toFlush = new Set<HubConnection>();
  let flushTimer: NodeJS.Timeout | undefined;
  function waitingToFlush(connection: HubConnection): void {
    toFlush.add(connection);
    flushTimer ??= setTimeout(() => {
      flushTimer = undefined;
      const due = [...toFlush];
      toFlush.clear();
      for (const each of due) each.flush();
    }, config.hubCoalesceMs);
  }
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  async function authenticate(token: string | undefined, hub: HubName): Promise<Caller> {
    if (!token) {
      if (ANONYMOUS_HUBS.has(hub)) return { permissions: undefined, sid: undefined, expiresAt: undefined };
      throw new Unauthorized(ERROR_TEXTS.unauthorized);
    }
    try {
      const { permissions, sid, endsAt } = await authenticateAccessToken(context, token);
      return { permissions, sid, expiresAt: endsAt.getTime() };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw new Unauthorized(error.message);
      throw error;
    }
  }

  class HubConnection {
    readonly subscriptions = new Map<string, Subscription>();
    private handshaken = false;
    private closed = false;
    private readonly keepAlive: NodeJS.Timeout;
    private readonly silence: NodeJS.Timeout;
    private readonly expiry: NodeJS.Timeout | undefined;

    constructor(readonly id: string, readonly hub: HubName, readonly socket: WebSocket, readonly caller: Caller) {
      this.keepAlive = setInterval(() => this.send(PING_FRAME), config.hubKeepAliveMs);
      // Refreshed by every message from the client (its pings included).
      this.silence = setTimeout(() => this.close('Client timeout elapsed without receiving a message from the client.', false), config.hubClientTimeoutMs);
      if (caller.expiresAt !== undefined) {
        const left = Math.min(Math.max(0, caller.expiresAt - Date.now()), 2 ** 31 - 1);
        this.expiry = setTimeout(() => this.close(LIVE_TEXTS.tokenExpired, true), left);
      }
      socket.on('message', (data: RawData, isBinary: boolean) => this.receive(data, isBinary));
      socket.on('close', () => this.dispose());
      socket.on('error', () => this.dispose());
    }

    /** Live messages waiting for the next flush, and their size. */
    private waiting: string[] = [];
    private waitingBytes = 0;

    /** Sends a frame now, after the live messages waiting, so that the client sees everything in order. */
    send(text: string): void {
      this.flush();
      if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
      this.socket.send(text);
    }

    /** Sends the waiting live messages as one WebSocket frame (the protocol allows several records per frame). */
    flush(): void {
      if (this.waiting.length === 0) return;
      const text = this.waiting.length === 1 ? this.waiting[0]! : this.waiting.join('');
      this.waiting = [];
      this.waitingBytes = 0;
      if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
      this.socket.send(text);
    }

    deliver(message: LiveMessage, text: string): void {
      if (!this.handshaken || this.socket.bufferedAmount + this.waitingBytes > MAX_BUFFERED_BYTES) return;
      for (const subscription of this.subscriptions.values()) {
        if (subscription.topic === message.topic && subscription.wants(message, this.caller.permissions)) {
          if (config.hubCoalesceMs <= 0) return this.send(text);
          this.waiting.push(text);
          this.waitingBytes += text.length;
          if (this.waiting.length === 1) waitingToFlush(this);
          return;
        }
      }
    }

    /** Sends Close (with the reason, and whether the client should reconnect) and ends the socket. */
    close(error: string | undefined, allowReconnect: boolean): void {
      if (this.closed) return;
      if (this.handshaken) this.send(closeFrame(error, allowReconnect));
      this.dispose();
      this.socket.close(1000);
    }

    dispose(): void {
      if (this.closed) return;
      this.closed = true;
      this.waiting = [];
      toFlush.delete(this);
      clearInterval(this.keepAlive);
      clearTimeout(this.silence);
      clearTimeout(this.expiry);
      for (const subscription of this.subscriptions.values()) byTopic.get(subscription.topic)?.delete(this);
      this.subscriptions.clear();
      connections.delete(this);
      logger.debug({ hub: this.hub, connectionId: this.id }, 'hub connection closed');
    }

    private receive(data: RawData, isBinary: boolean): void {
      this.silence.refresh();
      if (isBinary) {
        this.close('Binary frames are not supported by the json protocol.', false);
        return;
      }
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8');
      for (const record of records(text)) {
        if (this.closed) return;
        let message: Record<string, unknown>;
        try {
          message = JSON.parse(record) as Record<string, unknown>;
        } catch {
          this.close('Invalid message.', false);
          return;
        }
        if (!this.handshaken) this.handshake(message);
        else this.handle(message);
      }
    }

    private handshake(request: Record<string, unknown>): void {
      const { protocol, version } = request as Partial<HandshakeRequest>;
      const refuse = (error: string) => {
        this.send(frame({ error }));
        this.dispose();
        this.socket.close(1000);
      };
      if (typeof protocol !== 'string') return refuse(LIVE_TEXTS.handshakeInvalid);
      if (protocol !== 'json') return refuse(LIVE_TEXTS.protocolNotSupported(protocol));
      if (version !== 1) return refuse(LIVE_TEXTS.versionNotSupported(version, protocol));
      this.handshaken = true;
      this.send(HANDSHAKE_OK_FRAME);
    }

    private handle(message: Record<string, unknown>): void {
      switch (message.type) {
        case MessageType.Invocation:
          return this.invoke(message);
        case MessageType.StreamInvocation:
          if (typeof message.invocationId === 'string') this.send(completion(message.invocationId, { error: 'Streaming is not supported.' }));
          return;
        case MessageType.Close:
          return this.close(undefined, false);
        default:
          // Pings only keep the connection alive (done above); cancel and acks have nothing to act on.
          return;
      }
    }

    private invoke(message: Record<string, unknown>): void {
      const invocationId = typeof message.invocationId === 'string' ? message.invocationId : undefined;
      const target = typeof message.target === 'string' ? message.target : '';
      const args = Array.isArray(message.arguments) ? message.arguments as unknown[] : [];
      try {
        const outcome = invokeHubMethod(this.hub, target, args, this.caller.permissions);
        if ('subscribe' in outcome) {
          const { subscribe } = outcome;
          this.subscriptions.set(subscribe.key, subscribe);
          let set = byTopic.get(subscribe.topic);
          if (!set) byTopic.set(subscribe.topic, (set = new Set()));
          set.add(this);
        } else {
          const removed = this.subscriptions.get(outcome.unsubscribe);
          this.subscriptions.delete(outcome.unsubscribe);
          if (removed && ![...this.subscriptions.values()].some((other) => other.topic === removed.topic)) {
            byTopic.get(removed.topic)?.delete(this);
          }
        }
        if (invocationId !== undefined) this.send(completion(invocationId, {}));
      } catch (error) {
        const text = error instanceof HubMethodError ? error.message : ERROR_TEXTS.serverError;
        if (!(error instanceof HubMethodError)) logger.error({ err: error, hub: this.hub, target }, 'hub method failed');
        if (invocationId !== undefined) this.send(completion(invocationId, { error: text }));
      }
    }
  }

  // Every published message, from this process or (through Redis) another: serialised once, sent to each taker.
  const unsubscribeLive = live.subscribe((message) => {
    const takers = byTopic.get(message.topic);
    if (!takers || takers.size === 0) return;
    const event = message.event ?? LIVE_EVENTS[message.topic][0];
    const text = invocation(event, [message.payload]);
    for (const connection of takers) connection.deliver(message, text);
  });

  // A session ended anywhere (logout, revocation, impersonation stop, deactivation, password change) closes its
  // connections on every process now, not when their token expires. Reconnecting would only be refused.
  const unlistenSessions = await context.listen(SESSIONS_ENDED_CHANNEL, (payload) => {
    const ended = new Set(payload.split(','));
    for (const connection of [...connections]) {
      if (connection.caller.sid !== undefined && ended.has(connection.caller.sid)) connection.close(LIVE_TEXTS.sessionEnded, false);
    }
    for (const [token, pending] of negotiated) {
      if (pending.sid !== undefined && ended.has(pending.sid)) {
        clearTimeout(pending.timer);
        negotiated.delete(token);
      }
    }
  });

  // Negotiate: any body (the client posts an empty text/plain one); the token comes in the Authorization header.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
    scope.post('/hubs/:hub/negotiate', async (request: FastifyRequest, reply) => {
      const match = NEGOTIATE_PATH.exec(request.url.split('?')[0] ?? '');
      if (!match) return reply.status(404).send({ message: `Not found: POST ${redactUrl(request.url.split('?')[0] ?? '')}` });
      const hub = match[1] as HubName;
      const query = request.query as Record<string, string | undefined>;
      const token = bearerOf(request.headers.authorization) ?? query.access_token;
      let caller: Caller;
      try {
        caller = await authenticate(token, hub);
      } catch (error) {
        if (error instanceof Unauthorized) return reply.status(401).send({ message: error.message });
        throw error;
      }
      const connectionId = newId();
      const connectionToken = newId();
      // A negotiation not followed by a socket is forgotten after the client timeout.
      const timer = setTimeout(() => negotiated.delete(connectionToken), config.hubClientTimeoutMs);
      timer.unref();
      negotiated.set(connectionToken, { ...caller, connectionId, hub, timer });
      const version = Number(query.negotiateVersion ?? 0) >= 1 ? 1 : 0;
      return {
        negotiateVersion: version,
        connectionId,
        ...(version >= 1 && { connectionToken }),
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      };
    });
  });

  function refuse(socket: Duplex, status: number, text: string): void {
    const body = JSON.stringify({ message: text });
    socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Not Found'}\r\nContent-Type: application/json\r\n`
      + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const hub = HUB_BY_PATH.get(url.pathname);
    if (!hub) return refuse(socket, 404, `Not found: ${redactUrl(url.pathname)}`);
    const id = url.searchParams.get('id') ?? '';
    const token = bearerOf(request.headers.authorization) ?? (url.searchParams.get('access_token') || undefined);
    const pending = negotiated.get(id);
    let caller: Caller;
    try {
      // The socket's own token wins (it is the fresher one); a negotiation made on another process is accepted
      // with a valid token, so several processes behind one address need no sticky sessions.
      if (token || !pending) caller = await authenticate(token, hub);
      else caller = pending;
    } catch (error) {
      if (error instanceof Unauthorized) return refuse(socket, 401, error.message);
      throw error;
    }
    if (pending) {
      clearTimeout(pending.timer);
      negotiated.delete(id);
      if (pending.hub !== hub) return refuse(socket, 404, 'No connection with that ID');
    }
    const connectionId = pending?.connectionId ?? (id || newId());
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new HubConnection(connectionId, hub, ws, caller);
      connections.add(connection);
      logger.info({ hub, connectionId, userId: caller.permissions?.id, url: redactUrl(request.url ?? '') }, 'hub connection opened');
    });
  }

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(request, socket, head).catch((error: unknown) => {
      logger.error({ err: error, url: redactUrl(request.url ?? '') }, 'hub upgrade failed');
      socket.destroy();
    });
  });

  // Shutdown: tell every client to reconnect (to this server once it is back, or another process).
  app.addHook('preClose', async () => {
    clearTimeout(flushTimer);
    for (const connection of [...connections]) connection.close(LIVE_TEXTS.shuttingDown, true);
    for (const pending of negotiated.values()) clearTimeout(pending.timer);
    negotiated.clear();
  });
  app.addHook('onClose', async () => {
    unsubscribeLive();
    await unlistenSessions();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}

