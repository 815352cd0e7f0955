import type pg from 'pg';
import type { RecordedEvent } from '../../src/core/event-store.js';
import type { CustomerEvent } from '../../src/modules/customers/events.js';
import { layersBy, ofType } from '../layers.js';
import { eraseFrom, holdingPersonalData } from '../personal-data-erased.js';
import { batchProjector } from '../projector.js';

type DataOf<K extends CustomerEvent['type']> = Extract<CustomerEvent, { type: K }>['data'];

/** The customers projector, set-based: a statement per kind and layer (a layer holds at most one event per customer). */
async function applyCustomers(client: pg.PoolClient, events: RecordedEvent[]): Promise<void> {
  for (const layer of layersBy(events, (e) => (e.data as { customerId: string }).customerId)) {
    const registered = ofType<DataOf<'CustomerRegistered'>>(layer, 'CustomerRegistered');
    if (registered.length > 0) {
      await client.query(
        `insert into customers (id, email, full_name, phone, address, city, state, pincode, role, created_at, updated_at)
         select id, email, full_name, phone, address, city, state, pincode, role, at, at
           from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::timestamptz[])
             as u(id, email, full_name, phone, address, city, state, pincode, role, at)
         on conflict (id) do nothing`,
        [
          registered.map((d) => d.customerId),
          registered.map((d) => d.email),
          registered.map((d) => d.fullName),
          registered.map((d) => d.phone),
          registered.map((d) => d.address),
          registered.map((d) => d.city),
          registered.map((d) => d.state),
          registered.map((d) => d.pincode),
          registered.map((d) => d.role),
          registered.map((d) => d.registeredAt),
        ],
      );
    }
    const updated = ofType<DataOf<'ProfileUpdated'>>(layer, 'ProfileUpdated');
    if (updated.length > 0) {
      const column = (pick: (d: DataOf<'ProfileUpdated'>) => string | undefined) => updated.map((d) => pick(d) ?? null);
      await client.query(
        `update customers c set email = coalesce(u.email, c.email), full_name = coalesce(u.full_name, c.full_name), phone = coalesce(u.phone, c.phone),
           address = coalesce(u.address, c.address), city = coalesce(u.city, c.city), state = coalesce(u.state, c.state),
           pincode = coalesce(u.pincode, c.pincode), updated_at = u.at
           from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[])
             as u(id, email, full_name, phone, address, city, state, pincode, at)
          where c.id = u.id`,
        [
          updated.map((d) => d.customerId),
          column((d) => d.email),
          column((d) => d.fullName),
          column((d) => d.phone),
          column((d) => d.address),
          column((d) => d.city),
          column((d) => d.state),
          column((d) => d.pincode),
          updated.map((d) => d.updatedAt),
        ],
      );
    }
    const roles = ofType<DataOf<'RoleChanged'>>(layer, 'RoleChanged');
    if (roles.length > 0) {
      await client.query(
        `update customers c set role = u.role, updated_at = u.at from unnest($1::uuid[], $2::text[], $3::timestamptz[]) as u(id, role, at) where c.id = u.id`,
        [roles.map((d) => d.customerId), roles.map((d) => d.to), roles.map((d) => d.at)],
      );
    }
  }
}

/** customers read model: one row per registered customer, for the admin and for joins. */
export const customersProjector = holdingPersonalData(
  eraseFrom.customers,
  batchProjector({ name: 'customers', handles: ['CustomerRegistered', 'ProfileUpdated', 'RoleChanged'], tables: ['customers'], applyMany: applyCustomers }),
);
