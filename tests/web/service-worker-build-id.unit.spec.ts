import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILD_ID_LINE, buildIdOf, stampServiceWorker } from '../../web/build/service-worker-build-id.js';

const source = readFileSync(new URL('../../web/public/sw.js', import.meta.url), 'utf8');

describe('service worker build id', () => {
  it('stamps sw.js with an id and asset list that change whenever an asset changes', () => {
    expect(source).toContain(BUILD_ID_LINE);
    const first = stampServiceWorker(source, ['index.html', 'assets/index-AAAA.js', 'assets/index-BBBB.css', 'sw.js']);
    const same = stampServiceWorker(source, ['sw.js', 'assets/index-BBBB.css', 'assets/index-AAAA.js', 'index.html']);
    const next = stampServiceWorker(source, ['index.html', 'assets/index-CCCC.js', 'assets/index-BBBB.css', 'sw.js']);
    expect(first).toBe(same);
    expect(next).not.toBe(first);
    expect(first).toContain(`const BUILD_ID = '${buildIdOf(['index.html', 'assets/index-AAAA.js', 'assets/index-BBBB.css', 'sw.js'])}';`);
    expect(first).toContain('const BUILD_ASSETS = ["/assets/index-AAAA.js","/assets/index-BBBB.css"];');
    expect(first).not.toContain(BUILD_ID_LINE);
  });

  it('refuses a worker without the line to stamp, so a renamed constant cannot silently ship the same bytes', () => {
    expect(() => stampServiceWorker('self.addEventListener("fetch", () => {});', ['assets/a.js'])).toThrow(/no "const BUILD_ID/);
  });
});
