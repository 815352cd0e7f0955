import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/helpers/decider-spec.js';
import { evolveCarousel, initialCarouselState, type CarouselEvent, type CarouselSettings } from './carousel.js';
import { decideCarousel, slideOrder, type CarouselCommand, type SlideInput } from './decide.js';

const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-02T00:00:00.000Z';
const id = '11111111-1111-4111-8111-111111111111';
const s1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const s2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const s3 = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const settings: CarouselSettings = { name: 'hero', title: 'Hero', autoPlay: true, interval: 5000, height: 'h-[500px]', isActive: true };
const created: CarouselEvent = { type: 'CarouselCreated', data: { carouselId: id, ...settings, createdAt: now } };
const { given } = deciderSpec({ initialState: initialCarouselState, evolve: evolveCarousel, decide: decideCarousel });
const slide = { image: '/media/a.webp', title: '', subtitle: '', ctaText: '', ctaLink: '', overlay: true };
const added = (slideId: string, order: number): CarouselEvent => ({ type: 'SlideAdded', data: { carouselId: id, slideId, ...slide, order, addedAt: now } });
const threeSlides: CarouselEvent[] = [created, added(s1, 1), added(s2, 2), added(s3, 3)];

describe('carousel decider', () => {
  it('slide order: missing is count + 1, not a positive integer is 1', () => {
    expect(slideOrder(undefined, 3)).toBe(4);
    expect(slideOrder('2', 3)).toBe(2);
    expect(slideOrder(0, 3)).toBe(1);
    expect(slideOrder(2.5, 3)).toBe(1);
    expect(slideOrder('x', 3)).toBe(1);
  });

  it('slide order: null and the empty string count as missing; numbers and numeric text up to 10,000 are kept', () => {
    expect(slideOrder(null, 3)).toBe(4);
    expect(slideOrder('', 0)).toBe(1);
    expect(slideOrder('', 5)).toBe(6);
    expect(slideOrder(7, 3)).toBe(7);
    expect(slideOrder(' 7 ', 3)).toBe(7);
    expect(slideOrder(10_000, 3)).toBe(10_000);
    expect(slideOrder('10000', 3)).toBe(10_000);
    expect(slideOrder(10_001, 3)).toBe(1);
    expect(slideOrder(-5, 3)).toBe(1);
    expect(slideOrder('-5', 3)).toBe(1);
    expect(slideOrder(true, 3)).toBe(1);
    expect(slideOrder({}, 3)).toBe(1);
    expect(slideOrder(Number.NaN, 3)).toBe(1);
  });

  it('AddSlide on a carousel with one slide gives order 2', () => {
    const state = given([created, added(s1, 1)]);
    state.when({ type: 'AddSlide', data: { slideId: s2, slide, now } }).thenMatch([{ type: 'SlideAdded', data: { order: 2, overlay: true } }]);
  });

  it('refuses commands on a missing carousel or slide; an unchanged update is a no-op', () => {
    given([])
      .when({ type: 'AddSlide', data: { slideId: 'x', slide, now } })
      .thenRefuses(404, 'Carousel not found');
    given([created])
      .when({ type: 'RemoveSlide', data: { slideId: 'x', now } })
      .thenRefuses(404, 'Slide not found');
    given([created]).when({ type: 'UpdateCarousel', data: { settings, now } }).thenNothingHappened();
  });
});

describe('CreateCarousel', () => {
  it('creates the carousel with its settings and the time', () => {
    given([])
      .when({ type: 'CreateCarousel', data: { carouselId: id, settings, now } })
      .then([created]);
  });

  it('creating it again writes nothing (a retried request)', () => {
    given([created])
      .when({ type: 'CreateCarousel', data: { carouselId: id, settings: { ...settings, title: 'Other' }, now: later } })
      .thenNothingHappened();
  });
});

describe('commands on a carousel that does not exist are 404', () => {
  const commands: CarouselCommand[] = [
    { type: 'UpdateCarousel', data: { settings, now } },
    { type: 'AddSlide', data: { slideId: s1, slide, now } },
    { type: 'UpdateSlide', data: { slideId: s1, slide, now } },
    { type: 'RemoveSlide', data: { slideId: s1, now } },
  ];
  it.each(commands.map((c) => [c.type, c] as const))('%s', (_type, command) => {
    given([]).when(command).thenRefuses(404, 'Carousel not found');
  });
});

describe('UpdateCarousel', () => {
  it('a change of any setting is recorded with all the settings and the time', () => {
    const changed = { ...settings, interval: 4000 };
    given([created])
      .when({ type: 'UpdateCarousel', data: { settings: changed, now: later } })
      .then([{ type: 'CarouselUpdated', data: { carouselId: id, ...changed, updatedAt: later } }]);
    given([created])
      .when({ type: 'UpdateCarousel', data: { settings: { ...settings, isActive: false }, now: later } })
      .thenTypes(['CarouselUpdated']);
  });
});

describe('AddSlide', () => {
  it('records the slide fields only, with its id, the carousel id, the order and the time', () => {
    const input = { ...slide, title: 'New arrivals', ctaLink: '/products', order: 5, extra: 'dropped' } as SlideInput;
    given([created])
      .when({ type: 'AddSlide', data: { slideId: s2, slide: input, now: later } })
      .then([{ type: 'SlideAdded', data: { carouselId: id, slideId: s2, ...slide, title: 'New arrivals', ctaLink: '/products', order: 5, addedAt: later } }]);
  });

  it('the first slide without an order is 1; a bad order falls back to 1', () => {
    given([created])
      .when({ type: 'AddSlide', data: { slideId: s1, slide, now } })
      .thenMatch([{ data: { order: 1 } }]);
    given(threeSlides)
      .when({ type: 'AddSlide', data: { slideId: s1, slide: { ...slide, order: 'first' }, now } })
      .thenMatch([{ data: { order: 1 } }]);
  });
});

describe('UpdateSlide', () => {
  const update = (slideId: string, input: SlideInput): CarouselCommand => ({ type: 'UpdateSlide', data: { slideId, slide: input, now: later } });

  it('records the new fields of the slide it names, keeping its order when none is sent', () => {
    given(threeSlides)
      .when(update(s2, { ...slide, title: 'Sale' }))
      .then([{ type: 'SlideUpdated', data: { carouselId: id, slideId: s2, ...slide, title: 'Sale', order: 2, updatedAt: later } }]);
  });

  it('an order sent is taken; an empty one moves the slide last among the others (count of the rest + 1)', () => {
    given(threeSlides)
      .when(update(s1, { ...slide, order: 3 }))
      .thenMatch([{ data: { slideId: s1, order: 3 } }]);
    given(threeSlides)
      .when(update(s1, { ...slide, order: '' }))
      .thenMatch([{ data: { order: 3 } }]);
    given(threeSlides)
      .when(update(s1, { ...slide, order: null }))
      .thenMatch([{ data: { order: 3 } }]);
    given(threeSlides)
      .when(update(s1, { ...slide, order: 0 }))
      .thenMatch([{ data: { order: 1 } }]);
  });

  it('a slide that is not in the carousel is 404', () => {
    given([created, added(s1, 1)])
      .when(update('dddddddd-dddd-4ddd-8ddd-dddddddddddd', slide))
      .thenRefuses(404, 'Slide not found');
  });

  it('a removed slide is not found', () => {
    const removed: CarouselEvent = { type: 'SlideRemoved', data: { carouselId: id, slideId: s1, removedAt: now } };
    given([created, added(s1, 1), removed])
      .when(update(s1, slide))
      .thenRefuses(404, 'Slide not found');
  });
});

describe('RemoveSlide', () => {
  it('removes the slide it names, with the time', () => {
    given(threeSlides)
      .when({ type: 'RemoveSlide', data: { slideId: s3, now: later } })
      .then([{ type: 'SlideRemoved', data: { carouselId: id, slideId: s3, removedAt: later } }]);
  });

  it('a slide that is not in the carousel is 404', () => {
    given([created, added(s2, 1)])
      .when({ type: 'RemoveSlide', data: { slideId: s1, now } })
      .thenRefuses(404, 'Slide not found');
  });
});
