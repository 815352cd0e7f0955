import { NotFoundError } from '../../core/errors.js';
import { pickSlide, type CarouselEvent, type CarouselSettings, type CarouselState, type SlideFields } from './carousel.js';

/** Slide fields as the admin sent them; order may be missing or not a positive integer. */
export type SlideInput = Omit<SlideFields, 'order'> & { order?: unknown };

export type CarouselCommand =
  | { type: 'CreateCarousel'; data: { carouselId: string; settings: CarouselSettings; now: string } }
  | { type: 'UpdateCarousel'; data: { settings: CarouselSettings; now: string } }
  | { type: 'AddSlide'; data: { slideId: string; slide: SlideInput; now: string } }
  | { type: 'UpdateSlide'; data: { slideId: string; slide: SlideInput; now: string } }
  | { type: 'RemoveSlide'; data: { slideId: string; now: string } };

/** Spec: an order that is not a positive integer falls back to 1; a missing one is slide count + 1. */
export function slideOrder(order: unknown, slideCount: number): number {
  if (order === undefined || order === null || order === '') return slideCount + 1;
  const n = typeof order === 'string' ? Number(order.trim()) : order;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

export function decideCarousel(command: CarouselCommand, state: CarouselState): CarouselEvent[] {
  if (command.type === 'CreateCarousel') {
    if (state.status !== 'none') return [];
    return [{ type: 'CarouselCreated', data: { carouselId: command.data.carouselId, ...command.data.settings, createdAt: command.data.now } }];
  }
  if (state.status !== 'created') throw new NotFoundError('Carousel not found');
  const carouselId = state.carouselId;
  switch (command.type) {
    case 'UpdateCarousel':
      if (JSON.stringify(state.settings) === JSON.stringify(command.data.settings)) return [];
      return [{ type: 'CarouselUpdated', data: { carouselId, ...command.data.settings, updatedAt: command.data.now } }];
    case 'AddSlide': {
      const slide = pickSlide({ ...command.data.slide, order: slideOrder(command.data.slide.order, state.slides.length) });
      return [{ type: 'SlideAdded', data: { carouselId, slideId: command.data.slideId, ...slide, addedAt: command.data.now } }];
    }
    case 'UpdateSlide': {
      const existing = state.slides.find((s) => s.id === command.data.slideId);
      if (!existing) throw new NotFoundError('Slide not found');
      const order = command.data.slide.order === undefined ? existing.order : slideOrder(command.data.slide.order, state.slides.length - 1);
      return [
        { type: 'SlideUpdated', data: { carouselId, slideId: existing.id, ...pickSlide({ ...command.data.slide, order }), updatedAt: command.data.now } },
      ];
    }
    case 'RemoveSlide': {
      if (!state.slides.some((s) => s.id === command.data.slideId)) throw new NotFoundError('Slide not found');
      return [{ type: 'SlideRemoved', data: { carouselId, slideId: command.data.slideId, removedAt: command.data.now } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
