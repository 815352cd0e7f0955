import type { LoggerOptions } from 'pino';

/** Query parameters that carry a credential (the old `?token=`, the websocket `?ticket=`, common OAuth names). */
const SECRET_PARAMS = /([?&](?:token|ticket|access_token|id_token|refresh_token|jwt|password)=)[^&#]*/gi;

/** The URL with the value of every credential-carrying query parameter replaced. */
export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The store's pino options: no credential reaches a log line. The request serialiser (Fastify's own, but with the
 * URL redacted) never includes headers, and `redact` covers an Authorization or Cookie header logged by hand.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: req.url === undefined ? undefined : redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.authorization', 'authorization'],
      censor: '[redacted]',
    },
  };
}
