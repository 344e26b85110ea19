import pino, { type DestinationStream, type Logger } from 'pino';

/** Strips tokens that browsers put on WebSocket URLs (`access_token=`) before a URL reaches a log line. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:access_token|token|refreshToken)=)[^&#]*/gi, '$1[redacted]');
}

/** pino for the whole server: headers are never logged, and tokens in URLs are redacted. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.jwtToken', '*.refreshToken'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; id: string; ip?: string }) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
