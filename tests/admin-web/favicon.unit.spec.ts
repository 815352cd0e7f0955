import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The admin names an icon the shop serves (the storefront's public files are served from the site's root), so a
 * browser does not ask for /favicon.ico and log a 404 on every admin load.
 */
describe('admin favicon', () => {
  it('admin-web/index.html links an icon that the storefront build publishes at that path', () => {
    const html = readFileSync('admin-web/index.html', 'utf8');
    const href = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1];
    expect(href, 'a <link rel="icon"> in the admin HTML').toMatch(/^\/[\w.-]+\.svg$/);
    expect(existsSync(`web/public${href}`)).toBe(true);
  });
});
