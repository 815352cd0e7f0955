import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Errors the router raises before any route or error handler runs (a malformed %-escape in the URL, a path parameter
 * longer than the router allows): answered in the API's `{ success: false, error }` shape instead of Fastify's own.
 * Pass as Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'Request path is too long' : error.code === 'FST_ERR_BAD_URL' ? 'Invalid URL' : 'Bad request';
  void reply.code(error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400).send({ success: false, error: message });
}
