import compress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { UnauthorizedError } from './core/errors.js';
import { readUser } from './plugins/auth.js';
import { registerErrorHandler, registerJsonNotFound } from './plugins/error-handler.js';
import { registerFrontends } from './plugins/frontends.js';
import { frameworkErrors } from './plugins/framework-errors.js';
import { registerMediaServing } from './modules/media/index.js';
import { registerOpenApi } from './plugins/openapi.js';
import { healthResponses } from './plugins/health-schemas.js';
import { registerAdminGuard } from './plugins/admin-guard.js';
import { registerCrawlerRoutes, type CrawlerOptions } from './shop-pages/crawler-routes.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { registerPersonalNoStore } from './plugins/personal-answers.js';
import { requestId } from './plugins/request-id.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerReadiness } from './plugins/readiness.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import type { Runtime } from './runtime.js';

export interface AppOptions {
  /** A pino logger instance to use; none in tests. */
  logger?: FastifyBaseLogger;
  /** Serve the built storefront and admin SPAs (off in API tests). */
  serveFrontends?: boolean;
  /** /robots.txt and /sitemap.xml options (tests lower the sitemap's URLs per file). */
  crawler?: CrawlerOptions;
}

/** Builds the Fastify app from plugins and modules; never listens. */
export async function buildApp(runtime: Runtime, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY unset: no proxy is trusted and request.ip is the socket's address (rate limits key on it).
    trustProxy: runtime.env.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: requestId,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurityHeaders(app, { publicUrl: runtime.env.PUBLIC_URL });

  // Before the routes: it learns them through onRoute. Serves /docs and /docs/json.
  await registerOpenApi(app);
  registerAdminGuard(app);

  // Before the routes: its onResponse hook times every request by route pattern.
  const metrics = await registerMetrics(app, runtime);
  app.addHook('onClose', async () => metrics.stop());

  app.decorateRequest('user', null);
  app.decorateRequest('authError', null);
  app.addHook('onRequest', (request, _reply, done) => {
    // A guest's request (no Authorization header: most catalogue reads) is decided at once, without a promise.
    if (!request.url.startsWith('/api/') || request.headers.authorization === undefined) return done();
    // A stale or forged token makes the request a guest's: public reads (catalogue, carousels) still work while the
    // browser drops the token, and every protected route answers 401 with the reason.
    readUser(request, runtime.jwtSecret, runtime.sessions, runtime.now()).then(
      (user) => {
        request.user = user;
        done();
      },
      (error: unknown) => {
        if (!(error instanceof UnauthorizedError)) return done(error as Error);
        request.user = null;
        request.authError = error.message;
        done();
      },
    );
  });

  await app.register(
    async (api) => {
      // JSON answers (a category page, the product list) shrink 5-10 x: shoppers on mobile data feel it. Brotli at
      // quality 4 costs about what gzip does; request bodies are never inflated (no decompression bombs).
      await api.register(compress, {
        global: true,
        threshold: 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
        globalDecompression: false,
      });
      await registerRateLimits(api, runtime.limits);
      registerPersonalNoStore(api);
      api.get('/health', { schema: { response: healthResponses } }, async (_request, reply) => {
        const started = Date.now();
        let database = 'ok';
        try {
          await runtime.pool.query('select 1');
        } catch {
          database = 'unavailable';
        }
        const projections = runtime.projections.status();
        const healthy = database === 'ok';
        return reply.code(healthy ? 200 : 503).send({
          success: healthy,
          status: healthy ? (projections.some((p) => p.lastError) ? 'degraded' : 'ok') : 'unavailable',
          database,
          eventStore: runtime.store.kind,
          projections,
          // leader: this instance projects the read models; follower: another process does (npm run projector).
          projectionRole: runtime.projections.role,
          latencyMs: Date.now() - started,
        });
      });
      metrics.routes(api);
      const readiness = registerReadiness(api, runtime);
      api.addHook('onClose', async () => readiness.stop());
      for (const module of runtime.modules) await module.routes(api, runtime);
    },
    { prefix: '/api' },
  );

  await registerMediaServing(app, runtime);
  await registerCrawlerRoutes(app, runtime, options.crawler);
  if (options.serveFrontends) await registerFrontends(app, runtime);
  else registerJsonNotFound(app);
  return app;
}
