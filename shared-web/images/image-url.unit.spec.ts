import { describe, expect, it } from 'vitest';
import { displayImageUrl, withCacheBust } from './image-url.js';

/** Spec section 8: an image that fails to load is retried once with a cache-busting query, then replaced by a placeholder. */
describe('admin image retry URL', () => {
  it('adds a cache-busting parameter with ? or & as the URL needs', () => {
    expect(withCacheBust('/media/a.png', 42)).toBe('/media/a.png?_r=42');
    const proxied = displayImageUrl('https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz012345/view');
    expect(withCacheBust(proxied, 7)).toBe(`${proxied}&_r=7`);
    expect(new URL(withCacheBust(proxied, 7), 'http://x').searchParams.get('url')).toBe(
      'https://drive.google.com/uc?export=view&id=1AbCdEfGhIjKlMnOpQrStUvWxYz012345',
    );
  });

  it('gives a different URL each retry stamp, so the browser cannot answer from its cache', () => {
    expect(withCacheBust('/media/a.png', 1)).not.toBe(withCacheBust('/media/a.png', 2));
  });
});
