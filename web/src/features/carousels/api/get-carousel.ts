import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@kit/api';
import { DEFAULT_CAROUSEL, FALLBACK_SLIDES } from '../fallback-slides';
import type { CarouselName, CarouselSettings, Slide } from '../types';
import { carouselKeys } from '../../../lib/query-keys';

interface RawCarousel {
  isActive?: boolean;
  is_active?: boolean;
  autoPlay?: boolean;
  auto_play?: boolean;
  interval?: number;
  height?: string;
  slides?: Record<string, unknown>[];
}

/** 'h-[500px]' (the admin's stored form), '500px' or '70vh' become a CSS height. */
export function cssHeight(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  const match = /(\d+(?:\.\d+)?)(px|vh)/.exec(value);
  return match ? `${match[1]}${match[2]}` : fallback;
}

export function fallbackCarousel(name: CarouselName): CarouselSettings {
  return { slides: FALLBACK_SLIDES[name], autoPlay: true, interval: DEFAULT_CAROUSEL[name].interval, height: DEFAULT_CAROUSEL[name].height, fromServer: false };
}

export function toCarouselSettings(name: CarouselName, raw: RawCarousel | undefined): CarouselSettings {
  const active = raw && (raw.isActive ?? raw.is_active ?? true);
  const slides: Slide[] = (raw?.slides ?? [])
    .map((s, index) => ({
      id: String(s.id ?? index),
      image: typeof s.image === 'string' ? s.image : undefined,
      title: (s.title as string) || undefined,
      subtitle: (s.subtitle as string) || undefined,
      ctaText: (s.ctaText ?? s.cta_text) as string | undefined,
      ctaLink: (s.ctaLink ?? s.cta_link) as string | undefined,
      overlay: s.overlay !== false,
      order: Number(s.order ?? index + 1),
    }))
    .filter((s) => !!s.image)
    .sort((a, b) => a.order - b.order);
  if (!active || slides.length === 0) return fallbackCarousel(name);
  const interval = Number(raw.interval);
  return {
    slides,
    autoPlay: (raw.autoPlay ?? raw.auto_play) !== false,
    interval: Number.isFinite(interval) && interval >= 1000 ? interval : DEFAULT_CAROUSEL[name].interval,
    height: cssHeight(raw.height, DEFAULT_CAROUSEL[name].height),
    fromServer: true,
  };
}

export async function getCarousel(name: CarouselName, signal?: AbortSignal): Promise<CarouselSettings> {
  try {
    const data = await api.get<{ carousel?: RawCarousel }>(`/carousels/${name}?t=${Date.now()}`, signal);
    return toCarouselSettings(name, data.carousel);
  } catch (error) {
    // A fetch the query cancelled (the page re-rendered, e.g. after a 401 at start signed the visitor out) did not
    // fail: the query drops it quietly and asks again, so it is neither logged nor answered with the built-in slides.
    if (signal?.aborted) throw error;
    // Spec: logged, and the built-in slides are used silently.
    console.warn(`Carousel ${name} unavailable, using built-in slides`, error);
    return fallbackCarousel(name);
  }
}

export const carouselQueryOptions = (name: CarouselName, refetchOnWindowFocus = false) =>
  queryOptions({
    queryKey: carouselKeys.slides(name),
    queryFn: ({ signal }) => getCarousel(name, signal),
    staleTime: 0,
    refetchOnWindowFocus: refetchOnWindowFocus ? 'always' : false,
  });

export const useCarousel = (name: CarouselName, options: { refetchOnWindowFocus?: boolean } = {}) =>
  useQuery(carouselQueryOptions(name, options.refetchOnWindowFocus));
