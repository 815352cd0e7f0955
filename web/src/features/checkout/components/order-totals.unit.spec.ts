import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatINR } from '@kit/format';
import { OrderTotals } from './order-totals';

/** The rows of the summary as 'term: value' pairs, in order. */
const rows = (html: string) => [...html.matchAll(/<dt>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((m) => `${m[1]}: ${m[2]}`);

describe("the order summary's totals (cart and checkout)", () => {
  it('shows subtotal, shipping and total, and the total under the page’s own test id', () => {
    const html = renderToStaticMarkup(createElement(OrderTotals, { subtotal: 900, shipping: 100, total: 1000, totalTestId: 'cart-total' }));
    expect(rows(html)).toEqual([`Subtotal: ${formatINR(900)}`, `Shipping: ${formatINR(100)}`, `Total: ${formatINR(1000)}`]);
    expect(html).toContain(`<div class="summary__total"><dt>Total</dt><dd data-testid="cart-total">${formatINR(1000)}</dd></div>`);
  });

  it("says 'Free' for no shipping", () => {
    const html = renderToStaticMarkup(createElement(OrderTotals, { subtotal: 1500, shipping: 0, total: 1500, totalTestId: 'checkout-total' }));
    expect(rows(html)).toEqual([`Subtotal: ${formatINR(1500)}`, 'Shipping: Free', `Total: ${formatINR(1500)}`]);
    expect(html).toContain('data-testid="checkout-total"');
  });
});

describe("the checkout's totals with a coupon", () => {
  it('shows the discount under the subtotal; the total is the server’s', () => {
    const html = renderToStaticMarkup(createElement(OrderTotals, { subtotal: 1100, discount: 220, shipping: 100, total: 980, totalTestId: 'checkout-total' }));
    expect(rows(html)).toEqual([
      `Subtotal: ${formatINR(1100)}`,
      `Coupon discount: −${formatINR(220)}`,
      `Shipping: ${formatINR(100)}`,
      `Total: ${formatINR(980)}`,
    ]);
  });
});
