import { randomUUID } from 'node:crypto';
import { handleCommand, type CommandContext } from '../../core/command-handler.js';
import type { EventStore } from '../../core/event-store.js';
import type { CatalogueReader } from '../catalogue/index.js';
import { canBeBought } from './buyable.js';
import { notifyMeDecider, type NotifyMeCommand } from './decide.js';
import { notifyMeStream } from './notify-me.js';

/** Runs one notify-me command on the product's stream through the command pipeline. */
export function runNotifyMeCommand(store: EventStore, command: NotifyMeCommand, context: CommandContext) {
  return handleCommand(store, notifyMeStream(command.data.productId), notifyMeDecider, command, context);
}

/** Whether the product can be bought, as this instance's catalogue has it now (an unknown product cannot). */
export function buyableNow(catalogue: Pick<CatalogueReader, 'getProduct'>, productId: string): boolean {
  const product = catalogue.getProduct(productId);
  return product !== undefined && canBeBought(product);
}

/**
 * Tells the product's waiting shoppers, once each, when it can be bought now; nothing otherwise. Safe to call any
 * number of times from any instance: telling a shopper takes them off the stream's waiting list in the same append,
 * and two instances deciding at once are kept apart by the stream's expected version. Returns how many were told.
 */
export async function notifyIfBuyable(store: EventStore, catalogue: Pick<CatalogueReader, 'getProduct'>, productId: string, now: Date): Promise<number> {
  if (!buyableNow(catalogue, productId)) return 0;
  const { events } = await runNotifyMeCommand(
    store,
    { type: 'NotifyWaitingShoppers', data: { productId, buyable: true, now: now.toISOString() } },
    { userId: null, now, correlationId: randomUUID() },
  );
  return events.length;
}
