import { describe, expect, it } from 'vitest';
import { responsiveSrcSet } from './responsive-images';

describe('responsiveSrcSet', () => {
  it('lists the server-resized copies of our own media, one per width', () => {
    expect(responsiveSrcSet('/media/demo/hero-01.webp')).toBe(
      '/media/resized/320/demo/hero-01.webp 320w, /media/resized/480/demo/hero-01.webp 480w, /media/resized/640/demo/hero-01.webp 640w, /media/resized/960/demo/hero-01.webp 960w, /media/resized/1280/demo/hero-01.webp 1280w',
    );
    expect(responsiveSrcSet('/media/0123456789abcdef0123456789abcdef.png')).toContain('/media/resized/320/0123456789abcdef0123456789abcdef.png 320w');
  });

  it('asks Cloudinary for its own width and format transformations', () => {
    const set = responsiveSrcSet('https://res.cloudinary.com/demo-shop/image/upload/v1700000000/products/tanjiro.jpg');
    expect(set).toContain('https://res.cloudinary.com/demo-shop/image/upload/w_640,c_limit,f_auto,q_auto/v1700000000/products/tanjiro.jpg 640w');
    expect(set?.split(', ')).toHaveLength(5);
  });

  it('leaves other images alone: Drive through the proxy, other hosts, the placeholder, odd names', () => {
    for (const src of [
      '/api/products/image-proxy?url=https%3A%2F%2Fdrive.google.com%2Fuc%3Fid%3Dabc',
      'https://example.com/figure.jpg',
      '/placeholder.svg',
      '/media/notes.txt',
      '/media/../secret.png',
      '/media/resized/640/demo/hero-01.webp',
      '/media/demo/hero-01.webp?retry=1',
    ]) {
      expect(responsiveSrcSet(src), src).toBeUndefined();
    }
  });
});
