import { num } from '@kit/format';

export type Slide = { id: string; image: string; title: string; subtitle: string; ctaText: string; ctaLink: string; overlay: boolean; order: number };
export type Carousel = {
  id: string;
  name: string;
  title: string;
  autoPlay: boolean;
  interval: number;
  height: string;
  isActive: boolean;
  slides: Slide[];
  updated_at: string;
};
export type CarouselInput = { name: string; title: string; autoPlay: boolean; interval: number; height: string; isActive: boolean };
export type SlideInput = { image: string; title: string; subtitle: string; ctaText: string; ctaLink: string; overlay: boolean; order: number };

export const HEIGHTS = ['h-[400px]', 'h-[500px]', 'h-[600px]'] as const;

export function toSlide(raw: Record<string, any>): Slide {
  return {
    id: String(raw.id ?? raw._id ?? ''),
    image: raw.image ?? '',
    title: raw.title ?? '',
    subtitle: raw.subtitle ?? '',
    ctaText: raw.ctaText ?? raw.cta_text ?? '',
    ctaLink: raw.ctaLink ?? raw.cta_link ?? '',
    overlay: raw.overlay !== false,
    order: num(raw.order, 1),
  };
}

export function toCarousel(raw: Record<string, any>): Carousel {
  return {
    id: String(raw.id ?? raw._id ?? ''),
    name: raw.name ?? '',
    title: raw.title ?? '',
    autoPlay: raw.autoPlay ?? raw.auto_play ?? true,
    interval: num(raw.interval, 5000),
    height: raw.height ?? 'h-[500px]',
    isActive: raw.isActive ?? raw.is_active ?? true,
    slides: (Array.isArray(raw.slides) ? raw.slides.map(toSlide) : []).sort((a: Slide, b: Slide) => a.order - b.order),
    updated_at: raw.updated_at ?? '',
  };
}
