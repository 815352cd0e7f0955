import { z } from 'zod';
import { registerEvents, type EventsOf } from '../../core/event-registry.js';

/**
 * The notify-me feature's events: their schemas (validated at append through the registry) and types, nothing else.
 * The write side folds them; the read side (projections/notify-me) and the messages trigger import only this file.
 */
const subscription = { productId: z.string().min(1), customerId: z.uuid(), at: z.iso.datetime() };

export const notifyMeEvents = {
  /** A signed-in shopper asked to hear when a product they cannot buy now can be bought. */
  NotifyMeSubscribed: z.object(subscription),
  NotifyMeUnsubscribed: z.object(subscription),
  /** The product can be bought: this waiting shopper is told once (one event per shopper, one message each). */
  BackInStockNotified: z.object(subscription),
} as const;
registerEvents(notifyMeEvents);

export type NotifyMeEvent = EventsOf<typeof notifyMeEvents>;
export const NOTIFY_ME_EVENT_TYPES = Object.keys(notifyMeEvents) as NotifyMeEvent['type'][];

/** The read model of who waits for which product (projections/notify-me): the admin's demand and a shopper's list. */
export const notifyMeReadModel = { name: 'notify-me', handles: NOTIFY_ME_EVENT_TYPES } as const;
