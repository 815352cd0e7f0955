import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, TooManyRequestsError } from '../core/errors.js';
import { InvalidEventError } from '../core/event-registry.js';

/** Fastify's own client errors, with the words a shopper or an admin should read. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Invalid JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_ERR_CTP_INVALID_TYPE: 'Invalid content type',
  FST_ERR_VALIDATION: 'Invalid request',
};

function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  const message = (error as Error).message ?? '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '08003'].includes(code) ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(message)
  );
}

/**
 * PostgreSQL data exceptions caused by what the client sent (a NUL byte in text, a value out of range, text that is
 * not a uuid, ...): the request is bad, not the server.
 */
const PG_BAD_INPUT = new Set(['22021', '22P05', '22P02', '22003', '22001', '22007', '22008', '2200N', '22025', '22019']);

/** One error handler: typed errors -> status codes and `{ success: false, error }`; a 5xx never shows its message. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.code(400).send({
        success: false,
        error: first?.message ?? 'Invalid request',
        details: error.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      });
    }
    if (error instanceof TooManyRequestsError) reply.header('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ success: false, error: error.message, ...(error.details ? { details: error.details } : {}) });
    }
    if (error instanceof InvalidEventError) {
      return reply.code(400).send({ success: false, error: error.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ success: false, error: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ success: false, error: 'Too many requests' });
    }
    if (status >= 400 && status < 500) {
      const message = (error.code && FASTIFY_CLIENT_ERRORS[error.code]) || error.message || 'Bad request';
      return reply.code(status).send({ success: false, error: message });
    }
    if (PG_BAD_INPUT.has((error as { code?: string }).code ?? '') && 'severity' in error) {
      return reply.code(400).send({ success: false, error: 'Invalid request' });
    }
    if (/^(Multipart: |Unexpected end of (form|multipart)|Malformed part header|Unsupported Content-Type\.)/.test(error.message ?? '')) {
      return reply.code(400).send({ success: false, error: 'Invalid multipart body' }); // busboy's parse errors carry no status
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('Retry-After', '5').send({ success: false, error: 'Service temporarily unavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ success: false, error: 'Internal server error' });
  });
}

export function registerJsonNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ success: false, error: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}
