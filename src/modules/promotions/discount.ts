import type { CouponTerms } from './events.js';

/** A priced cart line as the coupon sees it: GST-inclusive unit price in paise. */
export interface CartLine {
  lineNo: number;
  productId: string;
  category: string;
  unitPricePaise: number;
  quantity: number;
}

const lineAmount = (line: CartLine) => line.unitPricePaise * line.quantity;

/** The lines a coupon applies to: all of them, or those of its categories (any case) or its products. */
export function eligibleLines(terms: Pick<CouponTerms, 'categories' | 'productIds'>, lines: CartLine[]): CartLine[] {
  if (terms.categories.length === 0 && terms.productIds.length === 0) return lines;
  const categories = new Set(terms.categories.map((c) => c.toLowerCase()));
  const products = new Set(terms.productIds);
  return lines.filter((l) => categories.has(l.category.toLowerCase()) || products.has(l.productId));
}

/**
 * The discount on `basePaise` (the GST-inclusive amount of the lines it applies to): a percentage rounded half up to
 * the paisa, or a fixed amount; never more than the base, so no line, and no total, can go below zero.
 */
export function discountOn(terms: Pick<CouponTerms, 'kind' | 'value'>, basePaise: number): number {
  const raw = terms.kind === 'percent' ? Math.floor((basePaise * Math.min(terms.value, 10_000) + 5_000) / 10_000) : terms.value;
  return Math.max(0, Math.min(raw, basePaise));
}

/**
 * Spreads `discountPaise` over `lines` in proportion to their amounts, to the paisa, by the largest-remainder rule:
 * each line first gets floor(discount × amount ÷ total); the paise left over (fewer than the number of lines) go one
 * each to the lines with the largest remainders, ties to the lower line number. The shares always sum to the
 * discount exactly, and no line's share exceeds its amount when the discount does not exceed the total.
 */
export function spreadDiscount(discountPaise: number, lines: { lineNo: number; amountPaise: number }[]): Map<number, number> {
  const total = lines.reduce((s, l) => s + l.amountPaise, 0);
  const shares = new Map<number, number>();
  if (total <= 0 || discountPaise <= 0) {
    for (const l of lines) shares.set(l.lineNo, 0);
    return shares;
  }
  const parts = lines.map((l) => {
    // BigInt: discount × amount can pass 2^53 for large carts.
    const product = BigInt(discountPaise) * BigInt(l.amountPaise);
    return { lineNo: l.lineNo, share: Number(product / BigInt(total)), remainder: Number(product % BigInt(total)) };
  });
  let left = discountPaise - parts.reduce((s, p) => s + p.share, 0);
  const byRemainder = [...parts].sort((a, b) => b.remainder - a.remainder || a.lineNo - b.lineNo);
  for (const part of byRemainder) {
    if (left === 0) break;
    part.share += 1;
    left -= 1;
  }
  for (const p of parts) shares.set(p.lineNo, p.share);
  return shares;
}

/** The coupon's discount on a cart and each line's share of it (lines it does not apply to get none). */
export function priceCoupon(terms: CouponTerms, lines: CartLine[]): { discountPaise: number; basePaise: number; lineDiscounts: Map<number, number> } {
  const eligible = eligibleLines(terms, lines);
  const basePaise = eligible.reduce((s, l) => s + lineAmount(l), 0);
  const discountPaise = discountOn(terms, basePaise);
  const spread = spreadDiscount(
    discountPaise,
    eligible.map((l) => ({ lineNo: l.lineNo, amountPaise: lineAmount(l) })),
  );
  const lineDiscounts = new Map(lines.map((l) => [l.lineNo, spread.get(l.lineNo) ?? 0]));
  return { discountPaise, basePaise, lineDiscounts };
}
