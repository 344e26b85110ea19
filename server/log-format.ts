import type { DestinationStream } from 'pino';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has, or that the formatted line already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);
/** Requests seen but not yet completed, at most this many (a request that never completes is forgotten). */
const PENDING_LIMIT = 1000;

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

/**
 * pino's JSON lines as short readable ones, for a terminal (`npm start` on a TTY; pipes and CI keep JSON):
 * `12:04:31 200 GET /connect/api/... 14 ms` for a request (its "incoming" and "completed" lines as one),
 * `12:04:31 WARN message key=value` for the rest, an error's stack under it.
 */
export function createLogFormatter(): (line: string) => string | undefined {
  const pending = new Map<string, string>();
  return (line) => {
    let record: LogRecord;
    try {
      record = JSON.parse(line) as LogRecord;
    } catch {
      return line.trimEnd();
    }
    const time = clock(record.time);
    if (record.msg === 'incoming request' && record.req && record.reqId !== undefined) {
      pending.set(record.reqId, `${record.req.method ?? ''} ${record.req.url ?? ''}`);
      if (pending.size > PENDING_LIMIT) pending.delete(pending.keys().next().value!);
      return undefined;
    }
    if (record.msg === 'request completed' && record.res) {
      const request = (record.reqId !== undefined && pending.get(record.reqId)) || `request ${record.reqId ?? ''}`;
      if (record.reqId !== undefined) pending.delete(record.reqId);
      const took = record.responseTime === undefined ? '' : ` ${Math.round(record.responseTime)} ms`;
      return `${time} ${record.res.statusCode ?? '-'} ${request}${took}`;
    }
    const level = LEVELS[record.level ?? 30] ?? String(record.level);
    const fields = Object.entries(record)
      .filter(([name]) => !SHOWN.has(name))
      .map(([name, value]) => ` ${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join('');
    const request = record.req ? ` (${record.req.method ?? ''} ${record.req.url ?? ''})` : '';
    const error = record.err ? `\n    ${(record.err.stack ?? `${record.err.type ?? 'Error'}: ${record.err.message ?? ''}`).split('\n').join('\n    ')}` : '';
    return `${time} ${level.padEnd(5)} ${record.msg ?? ''}${request}${fields}${error}`;
  };
}

/** A pino destination writing the formatted lines to `output` (synchronously on a TTY, like pino's own). */
export function readableLogDestination(output: { write(text: string): unknown } = process.stdout): DestinationStream {
  const format = createLogFormatter();
  return {
    write(line: string) {
      const text = format(line);
      if (text !== undefined) output.write(`${text}\n`);
    },
  };
}

function clock(time: number | undefined): string {
  return new Date(time ?? Date.now()).toTimeString().slice(0, 8);
}
