import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_SLIDES } from '../fallback-slides';
import { cssHeight, getCarousel, toCarouselSettings } from './get-carousel';

describe('carousel settings', () => {
  it('has 11 built-in hero banners, 3 for figures and 2 for keychains', () => {
    expect([FALLBACK_SLIDES.hero.length, FALLBACK_SLIDES['anime-figures'].length, FALLBACK_SLIDES.keychains.length]).toEqual([11, 3, 2]);
  });

  it("applies the server carousel's own interval, height, auto-play and overlay", () => {
    const settings = toCarouselSettings('hero', {
      isActive: true,
      autoPlay: false,
      interval: 6500,
      height: 'h-[500px]',
      slides: [
        { id: 's1', image: '/media/a.webp', overlay: false, order: 2 },
        { id: 's0', image: '/media/b.webp', order: 1 },
      ],
    });
    expect(settings).toMatchObject({ fromServer: true, autoPlay: false, interval: 6500, height: '500px' });
    expect(settings.slides.map((s) => [s.id, s.overlay])).toEqual([
      ['s0', true],
      ['s1', false],
    ]);
  });

  it('falls back silently to the built-in slides when inactive, empty or missing, with the spec defaults', () => {
    for (const raw of [undefined, { isActive: false, slides: [{ image: '/x.png' }] }, { isActive: true, slides: [] }]) {
      const settings = toCarouselSettings('anime-figures', raw);
      expect(settings).toMatchObject({ fromServer: false, interval: 4000, height: '70vh' });
      expect(settings.slides).toHaveLength(3);
    }
    expect(toCarouselSettings('hero', undefined)).toMatchObject({ interval: 4000, height: '80vh' });
  });

  it('reads heights in the admin form and plain CSS', () => {
    expect(cssHeight('h-[600px]', '80vh')).toBe('600px');
    expect(cssHeight('70vh', '80vh')).toBe('70vh');
    expect(cssHeight('tall', '80vh')).toBe('80vh');
  });
});

describe('a cancelled carousel fetch is not a failure', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('an aborted fetch (the query cancelled it) is handed back to the query: no console warning, no built-in slides', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', () => {
      controller.abort();
      return Promise.reject(new DOMException('signal is aborted without reason', 'AbortError'));
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(getCarousel('hero', controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('a real failure still falls back to the built-in slides, logged', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const settings = await getCarousel('hero', new AbortController().signal);
    expect(settings.fromServer).toBeFalsy();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
