import type { NotifyMeEvent } from './events.js';

export * from './events.js';

/** Who waits for one product lives in that product's own stream, so telling them is decided once, exactly. */
export const notifyMeStream = (productId: string) => `notify-me-${productId}`;

export interface NotifyMeState {
  /** Shoppers waiting to be told, in the order they asked. */
  waiting: string[];
}

export const initialNotifyMeState = (): NotifyMeState => ({ waiting: [] });

export function evolveNotifyMe(state: NotifyMeState, event: NotifyMeEvent): NotifyMeState {
  switch (event.type) {
    case 'NotifyMeSubscribed':
      return state.waiting.includes(event.data.customerId) ? state : { waiting: [...state.waiting, event.data.customerId] };
    case 'NotifyMeUnsubscribed':
    case 'BackInStockNotified':
      return { waiting: state.waiting.filter((id) => id !== event.data.customerId) };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
