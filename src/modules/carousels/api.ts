import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CommandContext } from '../../core/command-handler.js';
import { NotFoundError } from '../../core/errors.js';
import type { GlobalPosition } from '../../core/event-store.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { addSlide, createCarousel, removeSlide, updateCarousel, updateSlide } from './commands.js';
import { isSafeSlideLink, normaliseSlideLink } from './slide-link.js';
import {
  addSlideBody,
  carouselCreatedResponses,
  carouselListResponses,
  carouselNameParams,
  carouselParams,
  carouselResponses,
  carouselUpdatedResponses,
  createCarouselBody,
  slideAddedResponses,
  slideDeletedResponses,
  slideParams,
  slideUpdatedResponses,
  updateCarouselBody,
  updateSlideBody,
} from './schemas.js';

interface CarouselRow {
  id: string;
  name: string;
  title: string;
  auto_play: boolean;
  interval: number;
  height: string;
  is_active: boolean;
  slides: { id: string; image: string; title: string; subtitle: string; ctaText: string; ctaLink: string; overlay: boolean; order: number }[];
  created_at: Date;
  updated_at: Date;
}

export function toCarouselDto(row: CarouselRow) {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    autoPlay: row.auto_play,
    interval: row.interval,
    height: row.height,
    isActive: row.is_active,
    // A link kept before dot segments were resolved on the way in is checked again on the way out.
    slides: row.slides.map((slide) => ({ ...slide, ctaLink: isSafeSlideLink(slide.ctaLink) ? normaliseSlideLink(slide.ctaLink) : '' })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The active carousel a shopper sees by name (hero, anime-figures, keychains), or null (the storefront falls back). */
export async function activeCarousel(pool: ModuleDeps['pool'], name: string) {
  const row = (await pool.query<CarouselRow>('select * from carousels where lower(name) = lower($1) and is_active order by created_at limit 1', [name]))
    .rows[0];
  return row ? toCarouselDto(row) : null;
}

export async function carouselsApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const pool = runtime.pool;
  const byId = async (id: string) => {
    const row = (await pool.query<CarouselRow>('select * from carousels where id = $1', [id])).rows[0];
    if (!row) throw new NotFoundError('Carousel not found');
    return toCarouselDto(row);
  };
  const nameTaken = async (name: string, exceptId?: string) =>
    (await pool.query('select 1 from carousels where lower(name) = lower($1) and id::text <> $2', [name, exceptId ?? ''])).rowCount! > 0;
  /**
   * Read-your-writes: the read model shows the change, and its generation, which this instance's rendered pages are
   * keyed by, has moved past it (the runner moves it before the wait resolves).
   */
  const settle = async (position: GlobalPosition | null) => {
    if (position) await runtime.projections.waitFor(position, ['carousels']).catch(() => undefined);
  };
  const context = (request: FastifyRequest): CommandContext => ({ userId: request.user?.id ?? null, correlationId: request.id, now: new Date() });

  // Shopper: an active carousel by name (hero, anime-figures, keychains); anything else tells the storefront to fall back.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/carousels/:name', { schema: { params: carouselNameParams, response: carouselResponses } }, async (request, reply) => {
      const { name } = request.params;
      const carousel = await activeCarousel(pool, name);
      reply.header('cache-control', 'no-store');
      if (!carousel) return reply.code(404).send({ success: false, error: 'Carousel not found' });
      return { success: true, carousel };
    });

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAdmin);
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get('/carousels/admin/all', { schema: { response: carouselListResponses } }, async () => {
      const rows = await pool.query<CarouselRow>('select * from carousels order by created_at, name');
      return { success: true, carousels: rows.rows.map(toCarouselDto) };
    });

    api.post('/carousels/admin', { schema: { body: createCarouselBody, response: carouselCreatedResponses } }, async (request, reply) => {
      const { carouselId, position } = await createCarousel(runtime.store, request.body, nameTaken, context(request));
      await settle(position);
      return reply.code(201).send({ success: true, message: 'Carousel created successfully', carousel: await byId(carouselId) });
    });

    api.put(
      '/carousels/admin/:carouselId',
      { schema: { params: carouselParams, body: updateCarouselBody, response: carouselUpdatedResponses } },
      async (request) => {
        const { carouselId } = request.params;
        const { position } = await updateCarousel(runtime.store, carouselId, request.body, nameTaken, context(request));
        await settle(position);
        return { success: true, message: 'Carousel updated successfully', carousel: await byId(carouselId) };
      },
    );

    api.post(
      '/carousels/admin/:carouselId/slides',
      { schema: { params: carouselParams, body: addSlideBody, response: slideAddedResponses } },
      async (request, reply) => {
        const { carouselId } = request.params;
        const { slideId, position } = await addSlide(runtime.store, carouselId, request.body, context(request));
        await settle(position);
        const carousel = await byId(carouselId);
        return reply.code(201).send({ success: true, message: 'Slide added successfully', slide: carousel.slides.find((s) => s.id === slideId), carousel });
      },
    );

    api.put(
      '/carousels/admin/:carouselId/slides/:slideId',
      { schema: { params: slideParams, body: updateSlideBody, response: slideUpdatedResponses } },
      async (request) => {
        const { carouselId, slideId } = request.params;
        const { position } = await updateSlide(runtime.store, carouselId, slideId, request.body, context(request));
        await settle(position);
        const carousel = await byId(carouselId);
        return { success: true, message: 'Slide updated successfully', slide: carousel.slides.find((s) => s.id === slideId), carousel };
      },
    );

    api.delete('/carousels/admin/:carouselId/slides/:slideId', { schema: { params: slideParams, response: slideDeletedResponses } }, async (request) => {
      const { carouselId, slideId } = request.params;
      const { position } = await removeSlide(runtime.store, carouselId, slideId, context(request));
      await settle(position);
      return { success: true, message: 'Slide deleted successfully' };
    });
  });
}
