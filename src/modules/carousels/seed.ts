import { WrongExpectedVersionError } from '../../core/errors.js';
import type { ModuleDeps } from '../module.js';
import { getLocalMediaStorage, renderBannerImage } from '../media/index.js';
import type { CarouselSettings } from './carousel.js';
import { addSlide, createCarousel } from './commands.js';

const SEED_STREAM = 'carousels-demo-seed';

interface DemoBanner {
  file: string;
  title: string;
  subtitle: string;
  theme: string;
  ctaText: string;
  ctaLink: string;
}

const DEMO: { settings: CarouselSettings; slides: DemoBanner[] }[] = [
  {
    settings: { name: 'hero', title: 'Home hero', autoPlay: true, interval: 4000, height: 'h-[600px]', isActive: true },
    slides: [
      {
        file: 'hero-01',
        title: 'Anime Collectibles',
        subtitle: 'Figures and keychains, shipped across India',
        theme: 'Anime Collectibles',
        ctaText: 'Shop Now',
        ctaLink: '/products',
      },
      {
        file: 'hero-02',
        title: 'Naruto Shippuden',
        subtitle: 'Sage Mode, Akatsuki and more',
        theme: 'Naruto Shippuden',
        ctaText: 'Shop Figures',
        ctaLink: '/anime-figures',
      },
      {
        file: 'hero-03',
        title: 'One Piece',
        subtitle: 'Set sail with the Straw Hat crew',
        theme: 'One Piece',
        ctaText: 'Shop Figures',
        ctaLink: '/anime-figures',
      },
      {
        file: 'hero-04',
        title: 'Dragon Ball Z',
        subtitle: 'Super Saiyan power on your shelf',
        theme: 'Dragon Ball Z',
        ctaText: 'Shop Figures',
        ctaLink: '/anime-figures',
      },
      {
        file: 'hero-05',
        title: 'Demon Slayer',
        subtitle: 'Tanjiro, Nezuko and the Hashira',
        theme: 'Demon Slayer',
        ctaText: 'Shop Figures',
        ctaLink: '/anime-figures',
      },
      {
        file: 'hero-06',
        title: 'Jujutsu Kaisen',
        subtitle: 'Domain Expansion: your desk',
        theme: 'Jujutsu Kaisen',
        ctaText: 'Shop Figures',
        ctaLink: '/anime-figures',
      },
      {
        file: 'hero-07',
        title: 'Attack on Titan',
        subtitle: 'Scout Regiment collectibles',
        theme: 'Attack on Titan',
        ctaText: 'Shop Figures',
        ctaLink: '/anime-figures',
      },
      {
        file: 'hero-08',
        title: 'Keychains',
        subtitle: 'Carry your favourite characters everywhere',
        theme: 'Keychains',
        ctaText: 'Shop Keychains',
        ctaLink: '/keychains',
      },
      { file: 'hero-09', title: 'New Arrivals', subtitle: 'Fresh drops every week', theme: 'New Arrivals', ctaText: 'See What’s New', ctaLink: '/products' },
      {
        file: 'hero-10',
        title: 'Free Shipping',
        subtitle: 'On orders of ₹1000 and above',
        theme: 'Free Shipping',
        ctaText: 'Start Shopping',
        ctaLink: '/products',
      },
      {
        file: 'hero-11',
        title: 'Cash on Delivery',
        subtitle: 'Available on orders of ₹1000 and above',
        theme: 'Cash on Delivery',
        ctaText: 'Shop Now',
        ctaLink: '/products',
      },
    ],
  },
  {
    settings: { name: 'anime-figures', title: 'Anime figures', autoPlay: true, interval: 4000, height: 'h-[500px]', isActive: true },
    slides: [
      { file: 'figures-01', title: 'Anime Figures', subtitle: 'PVC figures, statues and chibis', theme: 'Anime Figures', ctaText: '', ctaLink: '' },
      { file: 'figures-02', title: 'Premium Statues', subtitle: 'Collector-grade detail, 25 cm and up', theme: 'Premium Statues', ctaText: '', ctaLink: '' },
      { file: 'figures-03', title: 'Chibi Corner', subtitle: 'Small figures, big personality', theme: 'Chibi Corner', ctaText: '', ctaLink: '' },
    ],
  },
  {
    settings: { name: 'keychains', title: 'Keychains', autoPlay: true, interval: 4000, height: 'h-[500px]', isActive: true },
    slides: [
      { file: 'keychains-01', title: 'Keychains', subtitle: 'Metal, acrylic and rubber', theme: 'Keychains', ctaText: '', ctaLink: '' },
      { file: 'keychains-02', title: 'Gift Packs', subtitle: 'Bundle your favourites', theme: 'Gift Packs', ctaText: '', ctaLink: '' },
    ],
  },
];

/** First start with SEED_DEMO: the three shop carousels as events, with banners drawn locally. */
export async function seedDemoCarousels(runtime: ModuleDeps): Promise<boolean> {
  if (!runtime.env.SEED_DEMO) return false;
  if ((await runtime.store.readStream(SEED_STREAM)).length > 0) return false;
  const existing = await runtime.pool.query('select 1 from carousels limit 1');
  if (existing.rowCount) return false;
  const now = new Date();
  try {
    await runtime.store.append(
      SEED_STREAM,
      [{ type: 'DemoCarouselsSeedClaimed', data: { claimedAt: now.toISOString() }, metadata: { correlationId: 'demo-seed', timestamp: now.toISOString() } }],
      {
        expectedVersion: 'no_stream',
      },
    );
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return false;
    throw error;
  }
  const storage = getLocalMediaStorage(runtime);
  const context = { correlationId: 'demo-seed', now };
  let last = null;
  for (const carousel of DEMO) {
    const { carouselId } = await createCarousel(runtime.store, carousel.settings, async () => false, context);
    for (const [i, banner] of carousel.slides.entries()) {
      const image = await storage.saveAs(`demo/${banner.file}.webp`, await renderBannerImage(banner));
      const { position } = await addSlide(
        runtime.store,
        carouselId,
        { image, title: banner.title, subtitle: banner.subtitle, ctaText: banner.ctaText, ctaLink: banner.ctaLink, overlay: true, order: i + 1 },
        context,
      );
      last = position;
    }
  }
  if (last) await runtime.projections.waitFor(last, ['carousels'], 30_000).catch(() => undefined);
  return true;
}
