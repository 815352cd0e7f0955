import type { AddressBookEvent } from '../../src/modules/profile/events.js';
import { eraseFrom, holdingPersonalData } from '../personal-data-erased.js';

/** customer_addresses: one row per saved address, exactly one default per customer that has any. */
export const addressesProjector = holdingPersonalData(eraseFrom.addresses, {
  name: 'addresses',
  handles: ['AddressAdded', 'AddressUpdated', 'AddressRemoved', 'DefaultAddressSet'],
  tables: ['customer_addresses'],
  async apply(client, recorded) {
    const event = recorded as unknown as AddressBookEvent;
    switch (event.type) {
      case 'AddressAdded': {
        const d = event.data;
        await client.query(
          `insert into customer_addresses (id, customer_id, seq, name, address, address_line2, landmark, city, state, pincode, phone,
             address_type, is_default, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, false, $13, $13) on conflict (id) do nothing`,
          [
            d.addressId,
            d.customerId,
            recorded.streamVersion,
            d.name,
            d.address,
            d.addressLine2,
            d.landmark,
            d.city,
            d.state,
            d.pincode,
            d.phone,
            d.addressType,
            d.addedAt,
          ],
        );
        return;
      }
      case 'AddressUpdated': {
        const d = event.data;
        await client.query(
          `update customer_addresses set name = $2, address = $3, address_line2 = $4, landmark = $5, city = $6, state = $7,
             pincode = $8, phone = $9, address_type = $10, updated_at = $11 where id = $1`,
          [d.addressId, d.name, d.address, d.addressLine2, d.landmark, d.city, d.state, d.pincode, d.phone, d.addressType, d.updatedAt],
        );
        return;
      }
      case 'AddressRemoved':
        await client.query('delete from customer_addresses where id = $1', [event.data.addressId]);
        return;
      case 'DefaultAddressSet': {
        const d = event.data;
        // Two statements: the partial unique index is checked row by row.
        await client.query('update customer_addresses set is_default = false, updated_at = $3 where customer_id = $1 and is_default and id <> $2', [
          d.customerId,
          d.addressId,
          d.setAt,
        ]);
        await client.query('update customer_addresses set is_default = true, updated_at = $2 where id = $1 and not is_default', [d.addressId, d.setAt]);
        return;
      }
      default:
        return;
    }
  },
});
