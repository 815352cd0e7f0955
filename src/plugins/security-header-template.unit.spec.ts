import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { nextNonce, securityHeaderTemplate, securityPolicy, socketOrigins } from './security-headers.js';

/** A response that records every header call, in order. */
function recordingResponse() {
  const calls: string[] = [];
  const res = {
    setHeader: (name: string, value: unknown) => calls.push(`set ${name}: ${JSON.stringify(value)}`),
    removeHeader: (name: string) => calls.push(`remove ${name}`),
  };
  return { calls, res: res as unknown as ServerResponse };
}

describe('security headers taken once from helmet', () => {
  const hosts = ['localhost:3000', 'shop.example.in', '[::1]:8080', undefined, "a; script-src 'unsafe-inline'"];
  for (const https of [false, true]) {
    const publicUrl = https ? new URL('https://shop.example.in') : null;
    for (const host of hosts) {
      it(`${https ? 'https' : 'http'}, Host ${JSON.stringify(host)}: the same headers, in the same order, as helmet's middleware sets per response`, () => {
        const template = securityHeaderTemplate(https);
        for (let i = 0; i < 5; i++) {
          const nonce = nextNonce();
          const sockets = socketOrigins(publicUrl, host).join(' ') || "'self'";
          const expected = recordingResponse();
          let failure: unknown;
          helmet(
            securityPolicy(
              https,
              () => `'nonce-${nonce}'`,
              () => sockets,
            ),
          )({ headers: { host } } as IncomingMessage, expected.res, (error?: unknown) => (failure = error));
          expect(failure).toBeUndefined();
          const actual = recordingResponse();
          template.apply({ header: (name, value) => actual.res.setHeader(name, value), raw: actual.res }, nonce, sockets);
          // Helmet names the headers as written (Content-Security-Policy); a reply keeps them lower-cased, as HTTP has them.
          expect(actual.calls).toEqual(expected.calls.map((call) => call.replace(/^set ([^:]+)/, (_, name: string) => `set ${name.toLowerCase()}`)));
          expect(actual.calls.join('\n')).toContain(`'nonce-${nonce}'`);
        }
      });
    }
  }
});
