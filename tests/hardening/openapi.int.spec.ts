import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-runtime.js';
import { apiRoutes, printedRoutes, toOpenApiPath } from './routes.js';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>>;
}

describe('OpenAPI document at /docs', () => {
  let ctx: TestContext;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    ctx = await createTestApp();
    const response = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    doc = response.json() as OpenApiDocument;
  });
  afterAll(async () => ctx?.close());

  it('is an OpenAPI 3 document that lists the login route with its body schema', () => {
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/auth/login']?.post;
    expect(login).toBeDefined();
    const body = JSON.stringify(login!.requestBody);
    expect(body).toContain('email');
    expect(body).toContain('password');
  });

  it('lists every registered /api route (and only routes the router knows)', () => {
    const routes = apiRoutes(ctx.app);
    expect(routes.length).toBeGreaterThan(5);
    const missing = routes.filter((r) => !doc.paths[toOpenApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    for (const [path, operations] of Object.entries(doc.paths)) {
      const url = path.replace(/\{([^}]+)\}/g, ':$1');
      for (const method of Object.keys(operations)) {
        expect(ctx.app.hasRoute({ method: method.toUpperCase() as 'GET', url }), `${method} ${path}`).toBe(true);
      }
    }
  });

  it('documents every /api route app.printRoutes knows', () => {
    const printed = printedRoutes(ctx.app).filter((r) => r.split(' ')[1]!.startsWith('/api/'));
    expect(printed).toContain('POST /api/auth/login');
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`)),
    );
    const websockets = new Set(
      apiRoutes(ctx.app, true)
        .filter((r) => r.websocket)
        .map((r) => `${r.method} ${r.url}`),
    );
    expect(printed.filter((r) => !documented.has(r) && !websockets.has(r))).toEqual([]);
  });

  it('is a valid OpenAPI document (@apidevtools/swagger-parser)', async () => {
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as unknown as OpenAPI.Document)).resolves.toBeTruthy();
  });

  it('declares a response schema on every /api route, and documents its success answer', () => {
    const routes = apiRoutes(ctx.app);
    const withoutSchema = routes.filter((r) => !(r.schema as { response?: unknown } | undefined)?.response).map((r) => `${r.method} ${r.url}`);
    expect(withoutSchema).toEqual([]);
    const undocumented = routes
      .filter((r) => {
        const responses =
          (doc.paths[toOpenApiPath(r.url)]?.[r.method.toLowerCase()] as { responses?: Record<string, { content?: unknown }> } | undefined)?.responses ?? {};
        return !Object.entries(responses).some(([code, answer]) => /^2/.test(code) && answer.content !== undefined);
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(undocumented).toEqual([]);
    // A schema zod cannot express makes the transform fall back to an untyped route (src/plugins/openapi.ts).
    expect(JSON.stringify(doc)).not.toContain('schema not expressible in OpenAPI');
  });

  it('serves the Swagger UI page as a real route, not the SPA fallback', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger');
  });
});
