import type { NotifyMeEvent } from '../../src/modules/notify-me/events.js';
import { notifyMeReadModel } from '../../src/modules/notify-me/events.js';
import type { Projector } from '../projector.js';

/** notify-me read model: who waits for which product (the admin's demand per product, a shopper's own list). */
export const notifyMeProjector: Projector = {
  name: notifyMeReadModel.name,
  handles: notifyMeReadModel.handles,
  tables: ['notify_me_waiting'],
  async apply(client, recorded) {
    const event = recorded as unknown as NotifyMeEvent;
    switch (event.type) {
      case 'NotifyMeSubscribed':
        await client.query(
          `insert into notify_me_waiting (product_id, customer_id, subscribed_at) values ($1, $2, $3)
           on conflict (product_id, customer_id) do nothing`,
          [event.data.productId, event.data.customerId, event.data.at],
        );
        return;
      case 'NotifyMeUnsubscribed':
      case 'BackInStockNotified':
        await client.query('delete from notify_me_waiting where product_id = $1 and customer_id = $2', [event.data.productId, event.data.customerId]);
        return;
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
};
