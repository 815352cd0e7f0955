import { toNewEvents } from '../../core/command-handler.js';
import type { StreamWrite } from '../../core/event-store.js';
import { customerStream, emailStream } from './customer.js';

interface LegacyShopper {
  customerId: string;
  email: string;
  passwordHash: string;
  registeredAt: string;
  fullName: string;
  phone: string;
  address: string;
}

/**
 * A sign-up as the store wrote it before credentials left the log (migration 046): the e-mail claim, and the
 * registration with the password hash in the event (a shopper in Pune). `later` events follow on the customer stream.
 */
export function legacyRegistration(shopper: LegacyShopper, later: { type: string; data: unknown }[] = []): StreamWrite[] {
  const { customerId, email, passwordHash, registeredAt, fullName, phone, address } = shopper;
  return [
    { streamId: emailStream(email), expectedVersion: 'no_stream', events: toNewEvents([{ type: 'EmailClaimed', data: { email, customerId } }], {}) },
    {
      streamId: customerStream(customerId),
      expectedVersion: 'no_stream',
      events: toNewEvents(
        [
          {
            type: 'CustomerRegistered',
            data: { customerId, email, passwordHash, role: 'customer', registeredAt, fullName, phone, address, city: 'Pune', state: 'MH', pincode: '411001' },
          },
          ...later,
        ],
        {},
      ),
    },
  ];
}
