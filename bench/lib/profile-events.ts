import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../src/core/event-store.js';

/**
 * The personal-data benches' load (bench/personal-data/personal-data.ts, bench/personal-data/personal-data-codec.ts): ProfileUpdated events, every
 * field personal, spread over `count` shoppers. `at` stamps the event (the codec bench uses a fixed time).
 */
export function profileEvents(count: number) {
  const shoppers = Array.from({ length: count }, () => randomUUID());
  const event = (i: number, at = new Date()): NewEvent => ({
    type: 'ProfileUpdated',
    data: {
      customerId: shoppers[i % count]!,
      fullName: `Shopper Number ${i}`,
      email: `shopper${i}@example.in`,
      phone: '9876543210',
      address: `${i} MG Road, Indiranagar`,
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560038',
      updatedAt: at.toISOString(),
    },
    metadata: { correlationId: 'bench', timestamp: at.toISOString() },
  });
  return { shoppers, event };
}
