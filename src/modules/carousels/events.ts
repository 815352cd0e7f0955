import { z } from 'zod';
import { registerEvents, type EventsOf } from '../../core/event-registry.js';

/**
 * The carousels feature's events: their schemas (validated at append through the registry) and types, nothing else.
 * The write side folds them; the read side (projections/carousels) imports only this file.
 */
export const CAROUSEL_HEIGHTS = ['h-[400px]', 'h-[500px]', 'h-[600px]'] as const;
export const DEFAULT_INTERVAL = 5000;

const settings = {
  name: z.string().min(1),
  title: z.string().min(1),
  autoPlay: z.boolean(),
  interval: z.number().int().min(1000),
  height: z.enum(CAROUSEL_HEIGHTS),
  isActive: z.boolean(),
};
const slideFields = {
  image: z.string().min(1),
  title: z.string(),
  subtitle: z.string(),
  ctaText: z.string(),
  ctaLink: z.string(),
  overlay: z.boolean(),
  order: z.number().int().min(1),
};
export const carouselSettingsSchema = z.object(settings);
export type CarouselSettings = z.infer<typeof carouselSettingsSchema>;
export const slideSchema = z.object(slideFields);
export type SlideFields = z.infer<typeof slideSchema>;

export const carouselEvents = {
  CarouselCreated: z.object({ carouselId: z.string().uuid(), ...settings, createdAt: z.string().datetime() }),
  CarouselUpdated: z.object({ carouselId: z.string().uuid(), ...settings, updatedAt: z.string().datetime() }),
  SlideAdded: z.object({ carouselId: z.string().uuid(), slideId: z.string().uuid(), ...slideFields, addedAt: z.string().datetime() }),
  SlideUpdated: z.object({ carouselId: z.string().uuid(), slideId: z.string().uuid(), ...slideFields, updatedAt: z.string().datetime() }),
  SlideRemoved: z.object({ carouselId: z.string().uuid(), slideId: z.string().uuid(), removedAt: z.string().datetime() }),
  DemoCarouselsSeedClaimed: z.object({ claimedAt: z.string().datetime() }),
} as const;
registerEvents(carouselEvents);

export type CarouselEvent = EventsOf<typeof carouselEvents, Exclude<keyof typeof carouselEvents, 'DemoCarouselsSeedClaimed'>>;
