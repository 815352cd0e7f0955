import type { CustomerEvent } from '../../src/modules/customers/events.js';
import { applyCustomersMany } from './customers-apply-many.js';
import { eraseFrom, holdingPersonalData } from '../personal-data-erased.js';

/** customers read model: one row per registered customer, for the admin and for joins. */
export const customersProjector = holdingPersonalData(eraseFrom.customers, {
  name: 'customers',
  handles: ['CustomerRegistered', 'ProfileUpdated', 'RoleChanged'],
  tables: ['customers'],
  applyMany: applyCustomersMany,
  async apply(client, recorded) {
    const event = recorded as unknown as CustomerEvent;
    switch (event.type) {
      case 'CustomerRegistered': {
        const d = event.data;
        await client.query(
          `insert into customers (id, email, full_name, phone, address, city, state, pincode, role, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) on conflict (id) do nothing`,
          [d.customerId, d.email, d.fullName, d.phone, d.address, d.city, d.state, d.pincode, d.role, d.registeredAt],
        );
        return;
      }
      case 'ProfileUpdated': {
        const d = event.data;
        await client.query(
          `update customers set email = coalesce($2, email), full_name = coalesce($3, full_name), phone = coalesce($4, phone),
             address = coalesce($5, address), city = coalesce($6, city), state = coalesce($7, state),
             pincode = coalesce($8, pincode), updated_at = $9 where id = $1`,
          [
            d.customerId,
            d.email ?? null,
            d.fullName ?? null,
            d.phone ?? null,
            d.address ?? null,
            d.city ?? null,
            d.state ?? null,
            d.pincode ?? null,
            d.updatedAt,
          ],
        );
        return;
      }
      case 'RoleChanged': {
        const d = event.data;
        await client.query('update customers set role = $2, updated_at = $3 where id = $1', [d.customerId, d.to, d.at]);
        return;
      }
      default:
        return;
    }
  },
});
