import { ValidationError } from '../../core/errors.js';

/** Money rules (docs/decisions/0003-money-and-gst.md), in integer paise so sums are exact. */
export const FREE_SHIPPING_FROM_PAISE = 1000_00;
export const SHIPPING_FEE_PAISE = 100_00;
export const COD_MINIMUM_PAISE = 1000_00;
export const COD_MESSAGE = 'Cash on Delivery is only available for orders above ₹1000.';
export const COD_NEEDS_VERIFIED_EMAIL =
  'Please verify your e-mail address to pay with Cash on Delivery: use the link we sent you, or send a new one from your profile.';

/** Rupees (number or numeric text with at most 2 decimals) to paise, without float drift. */
export function toPaise(rupees: number | string): number {
  const text = typeof rupees === 'number' ? rupees.toFixed(2) : rupees.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text);
  if (!match) throw new ValidationError('Invalid amount');
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -value : value;
}

/** Paise to rupees as a JSON number (e.g. 129999 -> 1299.99). */
export const toRupees = (paise: number): number => Number((paise / 100).toFixed(2));

export function shippingFor(subtotalPaise: number): number {
  return subtotalPaise >= FREE_SHIPPING_FROM_PAISE ? 0 : SHIPPING_FEE_PAISE;
}

export function priceLines(lines: { unitPricePaise: number; quantity: number }[]) {
  const subtotalPaise = lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  const shippingPaise = shippingFor(subtotalPaise);
  return { subtotalPaise, shippingPaise, totalPaise: subtotalPaise + shippingPaise };
}

/**
 * An order's amounts with a coupon: the items at their GST-inclusive prices, less the discount (each line's share),
 * and shipping judged on what the items cost after the discount. A line's discount never counts for more than its
 * amount, so no amount goes below zero.
 */
export function priceDiscountedLines(lines: { unitPricePaise: number; quantity: number; discountPaise?: number }[]) {
  const { subtotalPaise } = priceLines(lines);
  const discountPaise = lines.reduce((sum, l) => sum + Math.min(l.discountPaise ?? 0, l.unitPricePaise * l.quantity), 0);
  const shippingPaise = shippingFor(subtotalPaise - discountPaise);
  return { subtotalPaise, discountPaise, shippingPaise, totalPaise: subtotalPaise - discountPaise + shippingPaise };
}

export const codAllowed = (totalPaise: number) => totalPaise >= COD_MINIMUM_PAISE;

/** GST contained in a GST-inclusive total: total - total / (1 + rate), rounded to the paisa. */
export function gstContained(totalPaise: number, rate: number): number {
  return Math.round(totalPaise - totalPaise / (1 + rate));
}
