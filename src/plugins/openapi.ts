import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** One registered route as the app knows it (every method of a multi-method route listed on its own). */
export interface RegisteredRoute {
  method: HTTPMethods;
  url: string;
  /** The route's zod schemas (body/params/querystring), when it declared them. */
  schema: RouteOptions['schema'];
  /** True when the route is served over a websocket (`{ websocket: true }`). */
  websocket: boolean;
}

const registry = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered after `registerOpenApi` ran (the /api modules, /api/health, the docs themselves). */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return registry.get(app) ?? [];
}

type Transform = typeof jsonSchemaTransform;

/** The zod transform, but a schema it cannot express never takes the whole document down: it is shown untyped. */
const safeTransform: Transform = (input) => {
  try {
    return jsonSchemaTransform(input);
  } catch {
    return { schema: { description: 'schema not expressible in OpenAPI' } as never, url: input.url };
  }
};

/**
 * OpenAPI 3 document generated from the routes' zod schemas, served at /docs (Swagger UI) and /docs/json.
 * Register it BEFORE the module routes: it learns routes through an onRoute hook. It also keeps the list of every
 * registered route for the hardening tests (fuzzing, security walk).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routes: RegisteredRoute[] = [];
  registry.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue; // Fastify's automatic HEAD twin of a GET
      routes.push({
        method: method as HTTPMethods,
        url: route.url,
        schema: route.schema,
        websocket: Boolean((route as { websocket?: boolean }).websocket),
      });
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Anime Collectibles store API',
        description: 'Event-sourced store for anime figures and keychains. Every answer is `{ success, ... }`; errors are `{ success: false, error }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: safeTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false },
    staticCSP: false,
  });
}
