export interface Slide {
  id: string;
  image?: string;
  /** Built-in slides draw a gradient instead of loading an image. */
  background?: string;
  title?: string;
  subtitle?: string;
  ctaText?: string;
  ctaLink?: string;
  overlay: boolean;
  order: number;
}

export interface CarouselSettings {
  slides: Slide[];
  autoPlay: boolean;
  interval: number;
  /** CSS height, e.g. 80vh or 500px. */
  height: string;
  fromServer: boolean;
}

export type CarouselName = 'hero' | 'anime-figures' | 'keychains';
