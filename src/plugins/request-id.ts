import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a client or proxy may choose as a request id (nginx's $request_id is 32 hex digits; UUIDs fit too). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's genReqId: the request id becomes the `correlationId` of every event the request appends, in a log that is
 * never rewritten, so a client's `X-Request-Id` is kept only when short and plain; anything else gets a fresh UUID.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}
