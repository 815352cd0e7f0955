import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { ImageFetchRules, Resolver } from '../../src/modules/media/index.js';
import { defaultPolicy } from '../../src/modules/media/remote-image.js';
import { pixelBombPng } from '../../src/modules/media/test-images.js';

/**
 * A local image host the fuzzer aims the image proxy and the Drive-URL uploads at, so that no fuzzed request ever
 * reaches a real host. It is reached by a name (`fake-image-host.test`) that the injected resolver maps to 127.0.0.1;
 * `private.fake-image-host.test` maps to 10.0.0.1, and every other name to 192.0.2.1 (TEST-NET-1), neither of which
 * the injected policy lets a socket connect to. The production host rule still applies to everything else (IP
 * literals refused), so every connection the app makes goes to this server's port on 127.0.0.1.
 */
export const FAKE_HOST = 'fake-image-host.test';
export const PRIVATE_NAME = `private.${FAKE_HOST}`;

/** Paths the host answers, each a case the fetcher must handle without a 5xx or a write to the log. */
export const FAKE_PATHS = [
  '/image.png',
  '/image.jpg',
  '/pixel-bomb.png',
  '/not-an-image',
  '/lying-type',
  '/empty',
  '/status/204',
  '/status/404',
  '/status/500',
  '/status/503',
  '/too-big',
  '/redirect/image',
  '/redirect/metadata',
  '/redirect/private-name',
  '/redirect/loopback-literal',
  '/redirect/file',
  '/redirect/loop',
  '/redirect/no-location',
] as const;

export interface FakeImageHost {
  /** `http://fake-image-host.test:<port>` */
  origin: string;
  port: number;
  /** The injected fetch rules (createTestApp({ imageFetch }), createBenchApp({ imageFetch })). */
  rules: ImageFetchRules;
  /** Paths asked for, in order (query strings dropped). */
  requests: string[];
  /** Every name the app asked the resolver for. */
  lookups: string[];
  close(): Promise<void>;
}

export async function startFakeImageHost(): Promise<FakeImageHost> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#e11d48' } })
    .png()
    .toBuffer();
  const jpg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2563eb' } })
    .jpeg()
    .toBuffer();
  const bomb = pixelBombPng();
  const requests: string[] = [];
  const lookups: string[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const redirect = (location?: string) => res.writeHead(302, location ? { location } : {}).end();
    const image = (type: string, body: Buffer) => res.writeHead(200, { 'content-type': type, 'content-length': body.length }).end(body);
    const status = /^\/status\/(\d{3})$/.exec(path);
    if (status) return res.writeHead(Number(status[1]), { 'content-type': 'text/plain' }).end(status[1] === '204' ? undefined : 'no');
    switch (path) {
      case '/image.png':
        return image('image/png', png);
      case '/image.jpg':
        return image('image/jpeg', jpg);
      case '/pixel-bomb.png':
        return image('image/png', bomb);
      case '/not-an-image':
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>');
      case '/lying-type':
        return image('image/png', Buffer.from('GIF89a but not really an image'));
      case '/empty':
        return image('image/png', Buffer.alloc(0));
      case '/too-big':
        // Announces more than the 10 MB cap; the fetcher must give up on the header without reading a body.
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': 11 * 1024 * 1024 });
        res.flushHeaders();
        return void res.on('close', () => res.destroy());
      case '/redirect/image':
        return redirect(`${origin}/image.png`);
      case '/redirect/metadata':
        return redirect('http://169.254.169.254/latest/meta-data/iam/security-credentials/');
      case '/redirect/private-name':
        return redirect(`http://${PRIVATE_NAME}:${port()}/image.png`);
      case '/redirect/loopback-literal':
        return redirect(`http://127.0.0.1:${port()}/image.png`);
      case '/redirect/file':
        return redirect('file:///etc/passwd');
      case '/redirect/loop':
        return redirect('/redirect/loop');
      case '/redirect/no-location':
        return redirect();
      default:
        return res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = () => (server.address() as AddressInfo).port;
  origin = `http://${FAKE_HOST}:${port()}`;
  const resolve: Resolver = async (asked) => {
    lookups.push(asked);
    const hostname = asked.toLowerCase().replace(/\.$/, ''); // as DNS does: `name.` is `name`
    if (hostname === FAKE_HOST) return [{ address: '127.0.0.1', family: 4 }];
    if (hostname === PRIVATE_NAME) return [{ address: '10.0.0.1', family: 4 }];
    return [{ address: '192.0.2.1', family: 4 }];
  };
  const rules: ImageFetchRules = {
    resolve,
    policy: {
      allowHost: (host) => host === FAKE_HOST || host === PRIVATE_NAME || defaultPolicy.allowHost(host),
      allowAddress: (ip) => ip === '127.0.0.1',
      allowPort: (p) => p === String(port()),
    },
  };
  return {
    origin,
    port: port(),
    rules,
    requests,
    lookups,
    close: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))),
  };
}
