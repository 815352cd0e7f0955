import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Routes whose answers are about one account or the shop's back office, whoever asks (a 401 included). */
const PERSONAL_URL = /^\/api\/(user|orders|auth|admin|cloudinary|carousels\/admin|razorpay|payments)(\/|\?|$)/;

/** An answer that may carry someone's data: to a signed-in request (it may say `mine`), or from a personal route. */
export const isPersonal = (request: FastifyRequest) => request.headers.authorization !== undefined || PERSONAL_URL.test(request.url);

/**
 * Personal answers are never kept by a browser's or a proxy's cache (`Cache-Control: no-store`): a shared computer's
 * back button or disk cache must not show one shopper's profile or orders to the next. An answer the route itself
 * declares public (a pincode lookup, an image) keeps its own caching: it is the same for everyone.
 */
export function registerPersonalNoStore(api: FastifyInstance): void {
  api.addHook('onSend', (request, reply, payload, done) => {
    if (isPersonal(request) && !/\bpublic\b/.test(String(reply.getHeader('cache-control') ?? ''))) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
