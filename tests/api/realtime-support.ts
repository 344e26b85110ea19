import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import WebSocket from 'ws';
import type { TestServer } from './support';

/** The official client as the app builds it, in Node: WebSockets only, the token from a factory. */
export function hubClient(server: { url: string }, hub: string, token: () => string | undefined | Promise<string | undefined>): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(`${server.url}/hubs/${hub}`, {
      transport: HttpTransportType.WebSockets,
      accessTokenFactory: async () => (await token()) ?? '',
    })
    .configureLogging(LogLevel.None)
    // The test servers drop clients silent for a short while; the client pings well within it.
    .withKeepAliveInterval(250)
    .build();
}

export const RS = '\u001e';

/** A raw socket on a hub after negotiating, collecting every record the server sends. */
export async function rawHub(server: TestServer, hub: string, token: string | undefined, options: { tokenInQuery?: boolean } = {}) {
  const response = await fetch(`${server.url}/hubs/${hub}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`negotiate ${response.status}`);
  const { connectionToken } = await response.json() as { connectionToken: string };
  const query = new URLSearchParams({ id: connectionToken, ...(options.tokenInQuery && token && { access_token: token }) });
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/hubs/${hub}?${query}`);
  const received: string[] = [];
  const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })));
  socket.on('message', (data) => {
    for (const record of String(data).split(RS).filter(Boolean)) received.push(record);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    received,
    closed,
    send(text: string) {
      socket.send(text);
    },
    /** Waits until a record matching the predicate has arrived. */
    async next(predicate: (message: Record<string, unknown>) => boolean, timeoutMs = 5000): Promise<Record<string, unknown>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.map((text) => JSON.parse(text) as Record<string, unknown>).find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(received)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** Resolves with the arguments of the next call of a client method. */
export function nextEvent<T = unknown>(connection: HubConnection, method: string): Promise<T> {
  return new Promise((resolve) => {
    const handler = (payload: T) => {
      connection.off(method, handler);
      resolve(payload);
    };
    connection.on(method, handler);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
