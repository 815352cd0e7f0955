import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, type TestContext } from '../../tests/helpers/test-runtime.js';
import { nextNonce, PERMISSIONS_POLICY, socketOrigins } from './security-headers.js';

/** Parses a CSP header into directive -> sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

const PAGES = ['/', '/admin', '/api/products', '/api/health'];

describe('security headers', () => {
  let http: TestContext;
  let httpApp: FastifyInstance;
  let httpsApp: FastifyInstance;
  let https: TestContext;

  beforeAll(async () => {
    http = await createTestApp();
    httpApp = await buildApp(http.runtime, { serveFrontends: true });
    https = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.in' } });
    httpsApp = await buildApp(https.runtime, { serveFrontends: true });
  });
  afterAll(async () => {
    await httpApp.close();
    await httpsApp.close();
    await http.close();
    await https.close();
  });

  for (const url of PAGES) {
    it(`${url}: CSP without inline scripts, a per-response nonce, connect-src limited to this origin and Razorpay`, async () => {
      const first = await httpApp.inject({ url, headers: { host: 'localhost:3000' } });
      const second = await httpApp.inject({ url, headers: { host: 'localhost:3000' } });
      const policy = csp(first.headers['content-security-policy']);
      const scripts = policy.get('script-src')!;
      expect(scripts).toContain("'self'");
      expect(scripts).toContain('https://checkout.razorpay.com');
      expect(scripts.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*|https:$/);
      const nonce = scripts.find((s) => s.startsWith("'nonce-"));
      expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
      // A fresh nonce per response.
      expect(csp(second.headers['content-security-policy']).get('script-src')).not.toContain(nonce);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('connect-src')!.sort()).toEqual(
        ["'self'", 'ws://localhost:3000', 'wss://localhost:3000', 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'].sort(),
      );
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
      expect(first.headers['strict-transport-security']).toBeUndefined();
      expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(first.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(first.headers['x-content-type-options']).toBe('nosniff');
    });
  }

  it('Permissions-Policy turns off camera, microphone and geolocation and allows payment to this origin and Razorpay', () => {
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).toContain('microphone=()');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
    expect(PERMISSIONS_POLICY).toMatch(/payment=\(self "https:\/\/checkout\.razorpay\.com"/);
  });

  for (const url of PAGES) {
    it(`${url} with an https PUBLIC_URL: HSTS, upgrade-insecure-requests, wss of the public origin only`, async () => {
      const response = await httpsApp.inject({ url, headers: { host: 'evil.example' } });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const policy = csp(response.headers['content-security-policy']);
      expect(policy.has('upgrade-insecure-requests')).toBe(true);
      expect(policy.get('connect-src')).toContain('wss://shop.example.in');
      expect(policy.get('connect-src')!.join(' ')).not.toMatch(/evil|ws:\/\/|^wss?:$| wss?: /);
    });
  }

  it('nonces drawn from the random pool are 16 bytes of base64 and never repeat, across refills of the pool', () => {
    const nonces = Array.from({ length: 1000 }, () => nextNonce());
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('a Host header that is not a host never reaches the policy', () => {
    expect(socketOrigins(null, "a; script-src 'unsafe-inline'")).toEqual([]);
    expect(socketOrigins(null, 'shop.example.in:8080')).toEqual(['ws://shop.example.in:8080', 'wss://shop.example.in:8080']);
    expect(socketOrigins(new URL('http://10.0.0.5:3000'), 'x')).toEqual(['ws://10.0.0.5:3000']);
  });

  it('a route can read its nonce from reply.cspNonce (what a server-rendered page puts on its inline scripts)', async () => {
    const app = await buildApp(http.runtime);
    app.get('/ssr-probe', async (_request, reply) => reply.type('text/html').send(`<script nonce="${reply.cspNonce.script}">1</script>`));
    const response = await app.inject({ url: '/ssr-probe' });
    const nonce = /nonce="([^"]+)"/.exec(response.body)![1];
    expect(csp(response.headers['content-security-policy']).get('script-src')).toContain(`'nonce-${nonce}'`);
    await app.close();
  });

  it("a route's own helmet option replaces the policy on that route only (the global headers are built once, not per request)", async () => {
    const app = await buildApp(http.runtime);
    app.get(
      '/framed-probe',
      { helmet: { frameguard: { action: 'deny' }, contentSecurityPolicy: { directives: { defaultSrc: ["'none'"] } } } },
      async () => 'x',
    );
    app.get('/plain-probe', async () => 'x');
    const framed = await app.inject({ url: '/framed-probe' });
    expect(framed.headers['x-frame-options']).toBe('DENY');
    expect(csp(framed.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
    for (const url of ['/plain-probe', '/api/no-such-route']) {
      const plain = await app.inject({ url });
      expect(plain.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(csp(plain.headers['content-security-policy']).get('default-src')).toEqual(["'self'"]);
      expect(
        csp(plain.headers['content-security-policy'])
          .get('script-src')!
          .some((s) => s.startsWith("'nonce-")),
      ).toBe(true);
    }
    await app.close();
  });
});
