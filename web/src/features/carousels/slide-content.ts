import type { Slide } from './types';

/**
 * What a slide shows over its picture. The generated demo banners carry their own lettering, so their title and
 * subtitle are not printed again; a call-to-action (text and link) shows on every carousel, the hero's included, except
 * one that repeats an action the carousel already offers (`actions`: the hero's own Shop Now, which scrolls to the
 * featured products): one button per action.
 */
export function slideContent(slide: Slide, actions: readonly string[] = []): { showText: boolean; cta: { text: string; link: string } | null } {
  const lettered = !!slide.image && slide.image.includes('/media/demo/');
  const showText = !lettered && !!(slide.title || slide.subtitle);
  const text = slide.ctaText?.trim() ?? '';
  const repeated = actions.some((action) => action.toLowerCase() === text.toLowerCase());
  const cta = text && slide.ctaLink?.trim() && !repeated ? { text, link: slide.ctaLink.trim() } : null;
  return { showText, cta };
}
