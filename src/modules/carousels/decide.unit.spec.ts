import { describe, expect, it } from 'vitest';
import { evolveCarousel, initialCarouselState, type CarouselEvent } from './carousel.js';
import { decideCarousel, slideOrder } from './decide.js';

const now = '2026-01-01T00:00:00.000Z';
const id = '11111111-1111-4111-8111-111111111111';
const created: CarouselEvent = { type: 'CarouselCreated', data: { carouselId: id, name: 'hero', title: 'Hero', autoPlay: true, interval: 5000, height: 'h-[500px]', isActive: true, createdAt: now } };
const given = (events: CarouselEvent[]) => events.reduce(evolveCarousel, initialCarouselState());
const slide = { image: '/media/a.webp', title: '', subtitle: '', ctaText: '', ctaLink: '', overlay: true };

describe('carousel decider', () => {
  it('slide order: missing is count + 1, not a positive integer is 1', () => {
    expect(slideOrder(undefined, 3)).toBe(4);
    expect(slideOrder('2', 3)).toBe(2);
    expect(slideOrder(0, 3)).toBe(1);
    expect(slideOrder(2.5, 3)).toBe(1);
    expect(slideOrder('x', 3)).toBe(1);
  });

  it('AddSlide on a carousel with one slide gives order 2', () => {
    const s1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const state = given([created, { type: 'SlideAdded', data: { carouselId: id, slideId: s1, ...slide, order: 1, addedAt: now } }]);
    const [event] = decideCarousel({ type: 'AddSlide', data: { slideId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', slide, now } }, state);
    expect(event).toMatchObject({ type: 'SlideAdded', data: { order: 2, overlay: true } });
  });

  it('refuses commands on a missing carousel or slide; an unchanged update is a no-op', () => {
    expect(() => decideCarousel({ type: 'AddSlide', data: { slideId: 'x', slide, now } }, given([]))).toThrow('Carousel not found');
    expect(() => decideCarousel({ type: 'RemoveSlide', data: { slideId: 'x', now } }, given([created]))).toThrow('Slide not found');
    const { carouselId: _c, createdAt: _t, ...settings } = created.data as typeof created.data;
    expect(decideCarousel({ type: 'UpdateCarousel', data: { settings, now } }, given([created]))).toEqual([]);
  });
});
