// The SignalR JSON hub protocol (HubProtocol.md, "JSON encoding"): UTF-8 JSON records, each ended by the
// record separator 0x1E. Only what the official client sends and expects is modelled.

export const RECORD_SEPARATOR = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface InvocationMessage {
  type: typeof MessageType.Invocation;
  invocationId?: string;
  target: string;
  arguments: unknown[];
}

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

/** Frames one record. */
export function frame(message: unknown): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/** Splits a text frame into its records (a frame may hold several; a trailing separator ends the last). */
export function records(data: string): string[] {
  const parts = data.split(RECORD_SEPARATOR);
  // A well-formed frame ends with the separator, so the last part is empty; anything else is an unfinished record.
  parts.pop();
  return parts;
}

export const PING_FRAME = frame({ type: MessageType.Ping });
export const HANDSHAKE_OK_FRAME = frame({});

export function completion(invocationId: string, outcome: { result?: unknown } | { error: string }): string {
  return frame({ type: MessageType.Completion, invocationId, ...outcome });
}

export function invocation(target: string, args: unknown[]): string {
  return frame({ type: MessageType.Invocation, target, arguments: args });
}

export function closeFrame(error: string | undefined, allowReconnect: boolean): string {
  return frame({ type: MessageType.Close, ...(error && { error }), ...(allowReconnect && { allowReconnect: true }) });
}
