import { describe, expect, it } from 'vitest';
import { createLogFormatter, readableLogDestination } from './log-format';

const time = new Date(2026, 0, 2, 3, 4, 5).getTime();
const line = (record: object) => JSON.stringify({ level: 30, time, pid: 1, hostname: 'box', ...record });

describe('readable log lines', () => {
  it('shows a request as one line: status, method, URL and duration', () => {
    const format = createLogFormatter();
    expect(format(line({ reqId: 'req-1', req: { method: 'GET', url: '/connect/api/x' }, msg: 'incoming request' }))).toBeUndefined();
    expect(format(line({ reqId: 'req-1', res: { statusCode: 200 }, responseTime: 12.6, msg: 'request completed' })))
      .toBe('03:04:05 200 GET /connect/api/x 13 ms');
  });

  it('shows other lines with their level, extra fields and an error stack', () => {
    const format = createLogFormatter();
    expect(format(line({ level: 40, msg: 'slow', table: 'jobs' }))).toBe('03:04:05 WARN  slow table=jobs');
    expect(format(line({ level: 50, msg: 'failed', err: { type: 'Error', message: 'no', stack: 'Error: no\n    at here' } })))
      .toBe('03:04:05 ERROR failed\n    Error: no\n        at here');
    expect(format('not json\n')).toBe('not json');
  });

  it('writes formatted lines to its output and skips the incoming-request half', () => {
    const written: string[] = [];
    const destination = readableLogDestination({ write: (text: string) => written.push(text) });
    destination.write(line({ reqId: 'r', req: { method: 'POST', url: '/a' }, msg: 'incoming request' }));
    destination.write(line({ reqId: 'r', res: { statusCode: 201 }, responseTime: 3, msg: 'request completed' }));
    expect(written).toEqual(['03:04:05 201 POST /a 3 ms\n']);
  });
});
