import type pg from 'pg';
import type { RecordedEvent } from '../src/core/event-store.js';
import { ERASED_NAME, erasedEmail } from '../src/shared/personal-fields.js';
import type { Projector } from './projector.js';

/**
 * PersonalDataErased in each read model that holds personal data: the same erased values the event store's
 * codec gives the customer's events once their key is gone, so a live erasure and a replay after it leave equal rows.
 * Orders keep amounts, items, status and the delivery state (GST place of supply).
 */
export const PERSONAL_DATA_ERASED = 'PersonalDataErased';

type Client = Pick<pg.PoolClient, 'query'>;
const erasedCustomer = (recorded: RecordedEvent) => {
  const d = recorded.data as { customerId: string; at: string };
  return { id: d.customerId, at: d.at, email: (erasedEmail as (s: string) => string)(d.customerId) };
};

export const eraseFrom = {
  async customers(client: Client, recorded: RecordedEvent) {
    const c = erasedCustomer(recorded);
    await client.query(
      `update customers set email = $2, full_name = $3, phone = '', address = '', city = '', state = '', pincode = '', updated_at = $4 where id = $1`,
      [c.id, c.email, ERASED_NAME, c.at],
    );
  },
  async orders(client: Client, recorded: RecordedEvent) {
    const c = erasedCustomer(recorded);
    await client.query(
      `update orders set customer_name = $2, customer_email = $3,
         shipping_address = jsonb_build_object('name', $2::text, 'address', '', 'addressLine2', '', 'city', '', 'state', coalesce(shipping_address->>'state', ''), 'pincode', '', 'phone', '')
       where customer_id = $1`,
      [c.id, ERASED_NAME, c.email],
    );
  },
  async addresses(client: Client, recorded: RecordedEvent) {
    await client.query('delete from customer_addresses where customer_id = $1', [erasedCustomer(recorded).id]);
  },
  async wishlists(client: Client, recorded: RecordedEvent) {
    await client.query('delete from wishlist_items where customer_id = $1', [erasedCustomer(recorded).id]);
  },
  async reviews(client: Client, recorded: RecordedEvent) {
    await client.query(`update product_reviews set user_name = $2, comment = $3 where user_id = $1`, [
      erasedCustomer(recorded).id,
      ERASED_NAME,
      '(removed at the reviewer’s request)',
    ]);
  },
};

/**
 * A set-based `applyMany` that also erases: the events before each PersonalDataErased go through `applyMany`, the
 * erasure runs in its place in log order, and so on, so a batch gives the same rows as `apply` on each event in turn.
 */
export function applyManyWithErasure(
  applyMany: (client: pg.PoolClient, events: RecordedEvent[]) => Promise<void>,
  erase: (client: Client, recorded: RecordedEvent) => Promise<void>,
) {
  return async (client: pg.PoolClient, events: RecordedEvent[]): Promise<void> => {
    let start = 0;
    for (let i = 0; i < events.length; i++) {
      if (events[i]!.type !== PERSONAL_DATA_ERASED) continue;
      if (i > start) await applyMany(client, events.slice(start, i));
      await erase(client, events[i]!);
      start = i + 1;
    }
    if (start < events.length) await applyMany(client, events.slice(start));
  };
}

/**
 * A projector of a read model that holds personal data: it also handles PersonalDataErased by `erase`, both one event
 * at a time and in batches (applyManyWithErasure), so no read model can honour an erasure in one path and miss it in
 * the other.
 */
export function holdingPersonalData(erase: (client: Client, recorded: RecordedEvent) => Promise<void>, projector: Projector): Projector {
  const { apply, applyMany } = projector;
  return {
    ...projector,
    handles: [...projector.handles, PERSONAL_DATA_ERASED],
    apply: (client, recorded) => (recorded.type === PERSONAL_DATA_ERASED ? erase(client, recorded) : apply(client, recorded)),
    ...(applyMany ? { applyMany: applyManyWithErasure(applyMany, erase) } : {}),
  };
}
