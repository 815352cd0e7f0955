import { describe, expect, it } from 'vitest';
import { FALLBACK_SLIDES } from './fallback-slides';
import { slideContent } from './slide-content';

describe('carousel slide content', () => {
  it("every slide with a call-to-action shows it, the hero's included", () => {
    const hero = FALLBACK_SLIDES.hero[0]!;
    expect(slideContent(hero).cta).toEqual({ text: hero.ctaText, link: hero.ctaLink });
    expect(slideContent({ id: 's', image: '/media/x.webp', title: 'Sale', ctaText: 'Shop now', ctaLink: '/products', overlay: true, order: 1 })).toEqual({
      showText: true,
      cta: { text: 'Shop now', link: '/products' },
    });
  });
  it('a lettered demo banner keeps its call-to-action but does not print its title twice; no link, no button', () => {
    expect(
      slideContent({ id: 'd', image: '/media/demo/hero-1.webp', title: 'Big Sale', ctaText: 'Shop', ctaLink: '/anime-figures', overlay: true, order: 1 }),
    ).toEqual({ showText: false, cta: { text: 'Shop', link: '/anime-figures' } });
    expect(slideContent({ id: 'n', image: '/media/a.webp', title: 'T', ctaText: 'Shop', overlay: true, order: 1 }).cta).toBeNull();
  });
  it("a slide's call-to-action that repeats one of the carousel's own actions is not shown: one Shop Now on the hero", () => {
    const hero = FALLBACK_SLIDES.hero[0]!;
    expect(hero.ctaText).toBe('Shop Now');
    const actions = ['Shop Now', 'Explore Categories'];
    expect(slideContent(hero, actions).cta).toBeNull();
    expect(
      slideContent({ id: 's', image: '/media/x.webp', title: 'Sale', ctaText: ' shop now ', ctaLink: '/products', overlay: true, order: 1 }, actions).cta,
    ).toBeNull();
    expect(slideContent(FALLBACK_SLIDES.hero[1]!, actions).cta).toEqual({ text: 'See what is new', link: FALLBACK_SLIDES.hero[1]!.ctaLink });
  });
});
