import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LazyImage } from './lazy-image';

describe('LazyImage priority', () => {
  it('a real picture: eager, high priority (the server preloads it, the app starts after its paint)', () => {
    const html = renderToStaticMarkup(<LazyImage src="/media/demo/hero-01.webp" alt="Hero" priority />);
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('loading="eager"');
  });

  it('the placeholder of a product without a picture: eager, but no high priority (Chrome may not count it as the LCP)', () => {
    const html = renderToStaticMarkup(<LazyImage src={null} alt="No picture" priority />);
    expect(html).toContain('src="/placeholder.svg"');
    expect(html).toContain('loading="eager"');
    expect(html).not.toContain('fetchPriority');
  });
});
