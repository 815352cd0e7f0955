import type { CarouselName, Slide } from './types';

const slide = (id: string, background: string, title: string, subtitle: string, ctaText: string, ctaLink: string): Slide => ({
  id,
  background,
  title,
  subtitle,
  ctaText,
  ctaLink,
  overlay: true,
  order: Number(id.split('-').pop()),
});

/** Built-in banners, used silently when the server has none (hero 11, anime-figures 3, keychains 2). */
export const FALLBACK_SLIDES: Record<CarouselName, Slide[]> = {
  hero: [
    slide(
      'hero-1',
      'linear-gradient(120deg,#7a0c1c,#d7263d 55%,#f4a259)',
      'Collect the legends',
      'Authentic anime figures, shipped across India',
      'Shop Now',
      '/products',
    ),
    slide(
      'hero-2',
      'linear-gradient(120deg,#1b1f3b,#3d3b8e 60%,#b084cc)',
      'New arrivals every week',
      'Fresh scale figures from your favourite series',
      'See what is new',
      '/anime-figures',
    ),
    slide(
      'hero-3',
      'linear-gradient(120deg,#3a0d12,#a4161a 50%,#e5383b)',
      'Sale on fan favourites',
      'Up to 30% off selected figures',
      'Grab a deal',
      '/anime-figures',
    ),
    slide(
      'hero-4',
      'linear-gradient(120deg,#0b3d3a,#107e7d 55%,#f2c14e)',
      'Keychains for every bag',
      'Small, sturdy and full of character',
      'Shop keychains',
      '/keychains',
    ),
    slide(
      'hero-5',
      'linear-gradient(120deg,#2b193d,#6c3a8a 60%,#f0a6ca)',
      'Shonen heroes',
      'Power poses straight from the manga panels',
      'Explore figures',
      '/anime-figures',
    ),
    slide(
      'hero-6',
      'linear-gradient(120deg,#1d3557,#457b9d 55%,#e63946)',
      'Cash on delivery',
      'Pay at your door on orders from ₹1,000',
      'Start shopping',
      '/products',
    ),
    slide(
      'hero-7',
      'linear-gradient(120deg,#3d2b1f,#9c6644 60%,#ffe8d6)',
      'Gift a collectible',
      'Birthdays, Diwali and every fandom in between',
      'Find a gift',
      '/products',
    ),
    slide(
      'hero-8',
      'linear-gradient(120deg,#10002b,#5a189a 60%,#e0aaff)',
      'Limited editions',
      'Numbered runs that never come back',
      'Browse now',
      '/anime-figures',
    ),
    slide(
      'hero-9',
      'linear-gradient(120deg,#081c15,#2d6a4f 55%,#b7e4c7)',
      'Free shipping over ₹1,000',
      'Fast delivery with trusted couriers',
      'Shop Now',
      '/products',
    ),
    slide(
      'hero-10',
      'linear-gradient(120deg,#370617,#9d0208 55%,#ffba08)',
      'Hot Wheels — coming soon',
      'Die-cast classics are on their way',
      'Keep browsing',
      '/products',
    ),
    slide(
      'hero-11',
      'linear-gradient(120deg,#22223b,#4a4e69 55%,#f2e9e4)',
      'Trending picks',
      'What collectors are buying right now',
      'See all products',
      '/products',
    ),
  ],
  'anime-figures': [
    slide('figures-1', 'linear-gradient(120deg,#7a0c1c,#d7263d 60%,#f4a259)', 'Anime Figures', 'Scale figures, chibis and statues', '', ''),
    slide('figures-2', 'linear-gradient(120deg,#1b1f3b,#3d3b8e 60%,#b084cc)', 'Display-ready detail', 'Hand-painted, officially licensed', '', ''),
    slide('figures-3', 'linear-gradient(120deg,#3a0d12,#a4161a 55%,#e5383b)', 'On sale this week', 'Fan favourites at better prices', '', ''),
  ],
  keychains: [
    slide('keychains-1', 'linear-gradient(120deg,#0b3d3a,#107e7d 55%,#f2c14e)', 'Keychains', 'Carry your favourite character everywhere', '', ''),
    slide('keychains-2', 'linear-gradient(120deg,#2b193d,#6c3a8a 60%,#f0a6ca)', 'Acrylic & metal charms', 'Under ₹500 and built to last', '', ''),
  ],
};

export const DEFAULT_CAROUSEL = {
  hero: { interval: 4000, height: '80vh' },
  'anime-figures': { interval: 4000, height: '70vh' },
  keychains: { interval: 4000, height: '70vh' },
} as const;

export const DEFAULT_SLIDE_INTERVAL = 5000;
