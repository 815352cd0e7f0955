import type { CarouselEvent } from '../../src/modules/carousels/events.js';
import type { Projector } from '../projector.js';

interface SlideJson {
  id: string;
  image: string;
  title: string;
  subtitle: string;
  ctaText: string;
  ctaLink: string;
  overlay: boolean;
  order: number;
}

/** Slides in display order; ties keep the order they were added in. */
const ordered = (slides: SlideJson[]) =>
  slides
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.order - b.s.order || a.i - b.i)
    .map(({ s }) => s);

/** carousels read model: one row per carousel with its slides, for the shop and the admin. */
export const carouselsProjector: Projector = {
  name: 'carousels',
  handles: ['CarouselCreated', 'CarouselUpdated', 'SlideAdded', 'SlideUpdated', 'SlideRemoved'],
  tables: ['carousels'],
  async apply(client, recorded) {
    const event = recorded as unknown as CarouselEvent;
    if (event.type === 'CarouselCreated' || event.type === 'CarouselUpdated') {
      const d = event.data;
      const at = event.type === 'CarouselCreated' ? event.data.createdAt : event.data.updatedAt;
      await client.query(
        `insert into carousels (id, name, title, auto_play, interval, height, is_active, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $8)
         on conflict (id) do update set name = excluded.name, title = excluded.title, auto_play = excluded.auto_play,
           interval = excluded.interval, height = excluded.height, is_active = excluded.is_active, updated_at = excluded.updated_at`,
        [d.carouselId, d.name, d.title, d.autoPlay, d.interval, d.height, d.isActive, at],
      );
      return;
    }
    const current = await client.query<{ slides: SlideJson[] }>('select slides from carousels where id = $1 for update', [event.data.carouselId]);
    const row = current.rows[0];
    if (!row) return;
    let slides = row.slides;
    let at: string;
    switch (event.type) {
      case 'SlideAdded':
      case 'SlideUpdated': {
        const { carouselId: _c, slideId, ...rest } = event.data;
        const slide: SlideJson = {
          id: slideId,
          image: rest.image,
          title: rest.title,
          subtitle: rest.subtitle,
          ctaText: rest.ctaText,
          ctaLink: rest.ctaLink,
          overlay: rest.overlay,
          order: rest.order,
        };
        slides = event.type === 'SlideAdded' ? [...slides, slide] : slides.map((s) => (s.id === slideId ? slide : s));
        at = event.type === 'SlideAdded' ? event.data.addedAt : event.data.updatedAt;
        break;
      }
      case 'SlideRemoved':
        slides = slides.filter((s) => s.id !== event.data.slideId);
        at = event.data.removedAt;
        break;
      default:
        return;
    }
    await client.query('update carousels set slides = $2, updated_at = $3 where id = $1', [event.data.carouselId, JSON.stringify(ordered(slides)), at]);
  },
};
