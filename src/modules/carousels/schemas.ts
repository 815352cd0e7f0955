import { z } from 'zod';
import { answers, created, ok, okMessage } from '../../contract/wire.js';
import { decimalText } from '../../core/decimal-text.js';
import { CAROUSEL_HEIGHTS, DEFAULT_INTERVAL } from './carousel.js';
import { isSafeSlideLink, normaliseSlideLink, SLIDE_LINK_MESSAGE } from './slide-link.js';

const required = 'Name and title are required';
const boolish = (v: unknown) => (v === 'true' || v === 'yes' ? true : v === 'false' || v === 'no' ? false : v);
const heightish = (v: unknown) => (typeof v === 'string' && /^\d{3}px$/.test(v.trim()) ? `h-[${v.trim()}]` : v);

const carouselFields = {
  name: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(60, 'Name is too long')
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'Name may contain letters, digits, - and _ only (e.g. hero, promo, anime-figures)'),
  title: z.string({ error: required }).trim().min(1, required).max(200, 'Title is too long'),
  autoPlay: z.preprocess(boolish, z.boolean({ error: 'Auto-play must be Yes or No' })),
  interval: z.preprocess(
    (v) => decimalText(v, { trim: true }),
    z
      .number({ error: 'Interval must be a number of milliseconds' })
      .int('Interval must be a whole number of milliseconds')
      .min(1000, 'Interval must be at least 1000 ms')
      .max(600_000, 'Interval is too long')
      .refine((n) => n % 500 === 0, 'Interval must be in steps of 500 ms'),
  ),
  height: z.preprocess(heightish, z.enum(CAROUSEL_HEIGHTS, { error: 'Height must be h-[400px], h-[500px] or h-[600px]' })),
  isActive: z.preprocess(boolish, z.boolean({ error: 'Status must be Active or Inactive' })),
};

export const createCarouselBody = z.object({
  ...carouselFields,
  autoPlay: carouselFields.autoPlay.default(true),
  interval: carouselFields.interval.default(DEFAULT_INTERVAL),
  height: carouselFields.height.default('h-[500px]'),
  isActive: carouselFields.isActive.default(true),
});
export const updateCarouselBody = z.object(carouselFields).partial();

const missingImage = 'Missing Information: Please provide an image for the slide.';
const text = z.string().trim().max(300, 'Text is too long');
const link = z.string().trim().max(500, 'Link is too long').refine(isSafeSlideLink, SLIDE_LINK_MESSAGE).transform(normaliseSlideLink);

const slideFields = {
  image: z.string({ error: missingImage }).trim().min(1, missingImage).max(2000, 'Image URL is too long'),
  title: text,
  subtitle: text,
  ctaText: text,
  ctaLink: link,
  overlay: z.preprocess(boolish, z.boolean({ error: 'Dark overlay must be Yes or No' })),
  // Not a positive integer falls back to 1 (spec); checked in the decider.
  order: z.unknown(),
};
export const addSlideBody = z.object({
  ...slideFields,
  title: text.default(''),
  subtitle: text.default(''),
  ctaText: text.default(''),
  ctaLink: link.default(''),
  overlay: slideFields.overlay.default(true),
  order: z.unknown().optional(),
});
export const updateSlideBody = z.object(slideFields).partial();

export const carouselParams = z.object({ carouselId: z.string().max(100) });
export const slideParams = z.object({ carouselId: z.string().max(100), slideId: z.string().max(100) });
export const carouselNameParams = z.object({ name: z.string() });

/** A slide as stored in the read model (the slide fields of the admin spec, camelCase as the spec names them). */
export const slideSchema = z
  .object({
    id: z.string(),
    image: z.string(),
    title: z.string(),
    subtitle: z.string(),
    ctaText: z.string(),
    ctaLink: z.string(),
    overlay: z.boolean(),
    order: z.number(),
  })
  .loose();

/**
 * A carousel: the admin spec's camelCase settings and its snake_case `updated_at` (one name per field, the spec's;
 * `created_at` beside it in the same casing).
 */
export const carouselSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  autoPlay: z.boolean(),
  interval: z.number(),
  height: z.string(),
  isActive: z.boolean(),
  slides: z.array(slideSchema),
  created_at: z.string(),
  updated_at: z.string(),
});

export const carouselResponses = answers(ok({ carousel: carouselSchema }));
export const carouselListResponses = answers(ok({ carousels: z.array(carouselSchema) }));
export const carouselCreatedResponses = created(ok({ message: z.string(), carousel: carouselSchema }));
export const carouselUpdatedResponses = answers(ok({ message: z.string(), carousel: carouselSchema }));
export const slideAddedResponses = created(ok({ message: z.string(), slide: slideSchema.optional(), carousel: carouselSchema }));
export const slideUpdatedResponses = answers(ok({ message: z.string(), slide: slideSchema.optional(), carousel: carouselSchema }));
export const slideDeletedResponses = answers(okMessage);
