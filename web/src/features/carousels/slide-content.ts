import type { Slide } from './types';

/**
 * What a slide shows over its picture. The generated demo banners carry their own lettering, so their title and
 * subtitle are not printed again; a call-to-action (text and link) shows on every carousel, the hero's included.
 */
export function slideContent(slide: Slide): { showText: boolean; cta: { text: string; link: string } | null } {
  const lettered = !!slide.image && slide.image.includes('/media/demo/');
  const showText = !lettered && !!(slide.title || slide.subtitle);
  const cta = slide.ctaText?.trim() && slide.ctaLink?.trim() ? { text: slide.ctaText.trim(), link: slide.ctaLink.trim() } : null;
  return { showText, cta };
}
