import type { Decider } from '../../core/decider.js';
import { ConflictError } from '../../core/errors.js';
import { evolveNotifyMe, initialNotifyMeState, type NotifyMeEvent, type NotifyMeState } from './notify-me.js';

export const NOTIFY_ME_MESSAGES = {
  inStock: 'This product is in stock: you can order it now.',
  subscribed: 'We will e-mail you when it is available.',
  unsubscribed: 'You will not be notified about this product.',
} as const;

export type NotifyMeCommand =
  /** `buyable`: whether the product can be bought as the command is handled (canBeBought). */
  | { type: 'SubscribeToNotifyMe'; data: { productId: string; customerId: string; buyable: boolean; now: string } }
  | { type: 'UnsubscribeFromNotifyMe'; data: { productId: string; customerId: string; now: string } }
  | { type: 'NotifyWaitingShoppers'; data: { productId: string; buyable: boolean; now: string } };

export function decideNotifyMe(command: NotifyMeCommand, state: NotifyMeState): NotifyMeEvent[] {
  switch (command.type) {
    case 'SubscribeToNotifyMe': {
      const { productId, customerId, buyable, now } = command.data;
      if (buyable) throw new ConflictError(NOTIFY_ME_MESSAGES.inStock);
      // Asking twice changes nothing: the shopper is told once.
      if (state.waiting.includes(customerId)) return [];
      return [{ type: 'NotifyMeSubscribed', data: { productId, customerId, at: now } }];
    }
    case 'UnsubscribeFromNotifyMe': {
      const { productId, customerId, now } = command.data;
      // Not waiting (already told, or the button was stale): nothing to undo.
      if (!state.waiting.includes(customerId)) return [];
      return [{ type: 'NotifyMeUnsubscribed', data: { productId, customerId, at: now } }];
    }
    case 'NotifyWaitingShoppers': {
      const { productId, buyable, now } = command.data;
      if (!buyable) return [];
      // Each waiting shopper once: the event takes them off the list, so a second restock finds nobody to tell.
      return state.waiting.map((customerId) => ({ type: 'BackInStockNotified', data: { productId, customerId, at: now } }));
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

export const notifyMeDecider: Decider<NotifyMeState, NotifyMeCommand, NotifyMeEvent> = {
  initialState: initialNotifyMeState,
  evolve: evolveNotifyMe,
  decide: decideNotifyMe,
};
