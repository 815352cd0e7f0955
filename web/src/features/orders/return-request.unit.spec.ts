import { describe, expect, it } from 'vitest';
import type { ReturnDto } from '@contract';
import { RETURN_ITEMS_REQUIRED, RETURN_REASON_MAX, RETURN_REASON_REQUIRED, RETURN_REASON_TOO_LONG, UPI_INVALID, UPI_REQUIRED } from '@contract/return-rules';
import { checkReturnForm, fieldOfServerError, returnableLines, returnWindow } from './return-request';

const items = [
  { productId: 'naruto', name: 'Naruto Figure', quantity: 3 },
  { productId: 'kakashi', name: 'Kakashi Keychain', quantity: 1 },
];
const asked = (status: ReturnDto['status'], productId: string, quantity: number) => ({
  status,
  items: [{ lineNo: 1, productId, name: productId, quantity, refund: 0 }],
});

describe('the window for a return', () => {
  const delivered = '2026-11-20T10:00:00.000Z';
  it('is open until 7 days after delivery, closed after, and absent for an order not delivered', () => {
    expect(returnWindow({ status: 'delivered', actualDelivery: delivered }, Date.parse('2026-11-27T10:00:00.000Z'))).toEqual({
      state: 'open',
      closesAt: '2026-11-27T10:00:00.000Z',
    });
    expect(returnWindow({ status: 'delivered', actualDelivery: delivered }, Date.parse('2026-11-27T10:00:00.001Z'))).toEqual({
      state: 'closed',
      closedAt: '2026-11-27T10:00:00.000Z',
    });
    expect(returnWindow({ status: 'shipped', actualDelivery: undefined }, Date.parse(delivered)).state).toBe('none');
    expect(returnWindow({ status: 'delivered', actualDelivery: undefined }, Date.parse(delivered)).state).toBe('none');
  });
});

describe('units left to return per line', () => {
  it('takes away the units of every return that was not rejected', () => {
    const lines = returnableLines(items, [
      asked('requested', 'naruto', 1),
      asked('refunded', 'naruto', 1),
      asked('rejected', 'naruto', 1),
      asked('approved', 'kakashi', 1),
    ]);
    expect(lines).toEqual([
      { productId: 'naruto', name: 'Naruto Figure', delivered: 3, asked: 2, left: 1 },
      { productId: 'kakashi', name: 'Kakashi Keychain', delivered: 1, asked: 1, left: 0 },
    ]);
  });
});

describe('the return form, checked before sending', () => {
  const lines = returnableLines(items, [asked('requested', 'naruto', 1)]);
  const valid = { chosen: { naruto: 2 }, reason: '  Paint chipped  ', upiId: ' asha.k@okaxis ' };

  it('sends the chosen units, the trimmed reason and (cash on delivery only) the UPI id', () => {
    expect(checkReturnForm(valid, lines, true)).toEqual({
      errors: {},
      body: { items: [{ productId: 'naruto', quantity: 2 }], reason: 'Paint chipped', upiId: 'asha.k@okaxis' },
    });
    expect(checkReturnForm({ ...valid, upiId: '' }, lines, false).body).toEqual({ items: [{ productId: 'naruto', quantity: 2 }], reason: 'Paint chipped' });
  });

  it('never asks for more units than a line has left, nor for a line with none left', () => {
    const tooMany = checkReturnForm({ ...valid, chosen: { naruto: 3 } }, lines, true);
    expect(tooMany).toEqual({ errors: { items: 'You can return at most 2 of Naruto Figure (1 already in a return).' }, body: null });
    const none = checkReturnForm({ ...valid, chosen: { kakashi: 1 } }, returnableLines(items, [asked('approved', 'kakashi', 1)]), true);
    expect(none.body).toBeNull();
    expect(none.errors.items).toBe('A return has already been requested for every unit of Kakashi Keychain.');
    expect(checkReturnForm({ ...valid, chosen: { naruto: 0 } }, lines, true).body).toBeNull();
    expect(checkReturnForm({ ...valid, chosen: { 'not-in-order': 1 } }, lines, true).body).toBeNull();
  });

  it('needs at least one item and a reason of at most the limit', () => {
    expect(checkReturnForm({ ...valid, chosen: {} }, lines, true).errors).toEqual({ items: RETURN_ITEMS_REQUIRED });
    expect(checkReturnForm({ ...valid, reason: '   ' }, lines, true).errors).toEqual({ reason: RETURN_REASON_REQUIRED });
    expect(checkReturnForm({ ...valid, reason: 'x'.repeat(RETURN_REASON_MAX + 1) }, lines, true).errors).toEqual({ reason: RETURN_REASON_TOO_LONG });
    expect(checkReturnForm({ ...valid, reason: 'x'.repeat(RETURN_REASON_MAX) }, lines, true).body).not.toBeNull();
  });

  it('needs a valid UPI id for a cash-on-delivery order, with the server’s words', () => {
    expect(checkReturnForm({ ...valid, upiId: '  ' }, lines, true)).toEqual({ errors: { upiId: UPI_REQUIRED }, body: null });
    for (const bad of ['not-a-upi', 'asha@', '@okaxis', 'a@ok', 'asha k@okaxis', 'asha@ok1axis']) {
      expect(checkReturnForm({ ...valid, upiId: bad }, lines, true), bad).toEqual({ errors: { upiId: UPI_INVALID }, body: null });
    }
    for (const good of ['asha.k@okaxis', '98765-43210@ybl', 'ravi_k@paytm'])
      expect(checkReturnForm({ ...valid, upiId: good }, lines, true).body, good).not.toBeNull();
  });

  it('puts the server’s refusals under the field they are about', () => {
    expect(fieldOfServerError(UPI_INVALID)).toBe('upiId');
    expect(fieldOfServerError(RETURN_REASON_TOO_LONG)).toBe('reason');
    expect(fieldOfServerError('You can return at most 1 of Naruto Figure.')).toBe('items');
    expect(fieldOfServerError('The return window for this order has closed.')).toBeNull();
  });
});
