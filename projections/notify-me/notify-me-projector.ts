import type { NotifyMeEvent } from '../../src/modules/notify-me/events.js';
import { notifyMeReadModel } from '../../src/modules/notify-me/events.js';
import type { Projector } from '../projector.js';

/** notify-me read model: who waits (or waited) for which product: the admin's demand per product, a shopper's own list. */
export const notifyMeProjector: Projector = {
  name: notifyMeReadModel.name,
  handles: notifyMeReadModel.handles,
  tables: ['notify_me_subscriptions'],
  async apply(client, recorded) {
    const event = recorded as unknown as NotifyMeEvent;
    switch (event.type) {
      case 'NotifyMeSubscribed':
        await client.query(
          `insert into notify_me_subscriptions (product_id, customer_id, state, subscribed_at, changed_at) values ($1, $2, 'waiting', $3, $3)
           on conflict (product_id, customer_id) do update set state = 'waiting', subscribed_at = excluded.subscribed_at, changed_at = excluded.changed_at`,
          [event.data.productId, event.data.customerId, event.data.at],
        );
        return;
      case 'NotifyMeUnsubscribed':
      case 'BackInStockNotified':
        await client.query('update notify_me_subscriptions set state = $3, changed_at = $4 where product_id = $1 and customer_id = $2', [
          event.data.productId,
          event.data.customerId,
          event.type === 'BackInStockNotified' ? 'notified' : 'unsubscribed',
          event.data.at,
        ]);
        return;
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
};
