import { describe, expect, it } from 'vitest';
import { kindsCausedBy, MESSAGE_TRIGGERS, outboxId } from './events.js';
import { MESSAGE_KINDS } from './kinds/index.js';
import { checkKinds } from './sender.js';
import { domainOf, permanentFailure } from './transport.js';

describe('message kinds', () => {
  it('the idempotency key is a UUID fixed by (event, kind): the same pair always, another pair never', () => {
    const a = outboxId('0190c3a2-0000-7000-8000-000000000001', 'order-placed');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(outboxId('0190c3a2-0000-7000-8000-000000000001', 'order-placed')).toBe(a);
    expect(outboxId('0190c3a2-0000-7000-8000-000000000001', 'order-confirmed')).not.toBe(a);
    expect(outboxId('0190c3a2-0000-7000-8000-000000000002', 'order-placed')).not.toBe(a);
  });

  it('a status change causes only the kind of its new status', () => {
    expect(kindsCausedBy('OrderStatusChanged', { to: 'shipped' })).toEqual(['order-shipped']);
    expect(kindsCausedBy('OrderStatusChanged', { to: 'delivered' })).toEqual(['order-delivered']);
    expect(kindsCausedBy('OrderStatusChanged', { to: 'processing' })).toEqual([]);
    expect(kindsCausedBy('OrderPlaced', {})).toEqual(['order-placed']);
    expect(kindsCausedBy('ProductAdded', {})).toEqual([]);
  });

  it('every trigger has a composer and the other way round; MESSAGES_OFF may only name known kinds', () => {
    expect(MESSAGE_KINDS.map((k) => k.name).sort()).toEqual(MESSAGE_TRIGGERS.map((t) => t.kind).sort());
    expect(() => checkKinds(MESSAGE_KINDS, ['order-shipped'])).not.toThrow();
    expect(() => checkKinds(MESSAGE_KINDS, ['order-shiped'])).toThrow(/MESSAGES_OFF names unknown message kinds: order-shiped/);
    expect(() => checkKinds(MESSAGE_KINDS.slice(1), [])).toThrow(/without a composer.*order-placed/);
  });

  it('only a 5xx answer fails a message for good', () => {
    expect(permanentFailure(Object.assign(new Error('rejected'), { responseCode: 550 }))).toBe(true);
    expect(permanentFailure(Object.assign(new Error('later'), { responseCode: 451 }))).toBe(false);
    expect(permanentFailure(Object.assign(new Error('down'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(domainOf('Anime Collectibles <orders@shop.example.in>')).toBe('shop.example.in');
    expect(domainOf('orders@shop.example.in')).toBe('shop.example.in');
  });
});
