import { api } from '@kit/api';

/** What the server prices the cart at with a coupon (nothing is used up until the order is placed). */
export interface CouponQuote {
  coupon: { code: string };
  message: string;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  codAvailable: boolean;
  items: { productId: string; discount: number }[];
}

export const applyCoupon = (code: string, items: { productId: string; quantity: number }[]) =>
  api.post<CouponQuote & { success: boolean }>('/coupons/apply', { code, items });
