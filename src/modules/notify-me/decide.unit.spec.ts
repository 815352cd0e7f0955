import { describe, expect, it } from 'vitest';
import { canBeBought } from './buyable.js';
import { decideNotifyMe, NOTIFY_ME_MESSAGES, type NotifyMeCommand } from './decide.js';
import { evolveNotifyMe, initialNotifyMeState, type NotifyMeEvent } from './notify-me.js';

const now = '2026-11-28T10:00:00.000Z';
const productId = 'nendoroid-miku';
const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';
const subscribed = (customerId: string): NotifyMeEvent => ({ type: 'NotifyMeSubscribed', data: { productId, customerId, at: now } });
const given = (events: NotifyMeEvent[]) => events.reduce(evolveNotifyMe, initialNotifyMeState());
const subscribe = (customerId: string, buyable = false): NotifyMeCommand => ({ type: 'SubscribeToNotifyMe', data: { productId, customerId, buyable, now } });
const notify = (buyable = true): NotifyMeCommand => ({ type: 'NotifyWaitingShoppers', data: { productId, buyable, now } });

describe('notify-me decider', () => {
  it('a shopper joins the waiting list of a product that cannot be bought, once', () => {
    expect(decideNotifyMe(subscribe(a), given([]))).toEqual([subscribed(a)]);
    expect(decideNotifyMe(subscribe(a), given([subscribed(a)]))).toEqual([]);
  });

  it('refuses a product that can be bought now, with a clear message', () => {
    expect(() => decideNotifyMe(subscribe(a, true), given([]))).toThrow(NOTIFY_ME_MESSAGES.inStock);
  });

  it('unsubscribing takes the shopper off the list; not waiting changes nothing', () => {
    const events = decideNotifyMe({ type: 'UnsubscribeFromNotifyMe', data: { productId, customerId: a, now } }, given([subscribed(a)]));
    expect(events).toEqual([{ type: 'NotifyMeUnsubscribed', data: { productId, customerId: a, at: now } }]);
    expect(given([subscribed(a), ...events]).waiting).toEqual([]);
    expect(decideNotifyMe({ type: 'UnsubscribeFromNotifyMe', data: { productId, customerId: b, now } }, given([subscribed(a)]))).toEqual([]);
  });

  it('tells every waiting shopper once when the product can be bought, and nobody a second time', () => {
    const state = given([subscribed(a), subscribed(b)]);
    const told = decideNotifyMe(notify(), state);
    expect(told).toEqual([
      { type: 'BackInStockNotified', data: { productId, customerId: a, at: now } },
      { type: 'BackInStockNotified', data: { productId, customerId: b, at: now } },
    ]);
    const after = told.reduce(evolveNotifyMe, state);
    expect(after.waiting).toEqual([]);
    expect(decideNotifyMe(notify(), after)).toEqual([]);
  });

  it('tells nobody while the product cannot be bought', () => {
    expect(decideNotifyMe(notify(false), given([subscribed(a)]))).toEqual([]);
  });

  it('a shopper told once may ask again after it sells out, and is told again', () => {
    const state = given([subscribed(a), { type: 'BackInStockNotified', data: { productId, customerId: a, at: now } }]);
    expect(decideNotifyMe(subscribe(a), state)).toEqual([subscribed(a)]);
  });
});

describe('canBeBought', () => {
  it('needs stock on hand and the in-stock switch on', () => {
    expect(canBeBought({ in_stock: true, stock_quantity: 1 })).toBe(true);
    expect(canBeBought({ in_stock: true, stock_quantity: 0 })).toBe(false);
    expect(canBeBought({ in_stock: false, stock_quantity: 5 })).toBe(false);
  });
});
