import { api } from '@kit/api';

export interface CreateOrderPayload {
  items: { productId: string; name: string; price: number; quantity: number; image: string; category: string }[];
  total_amount: number;
  shipping_address: string;
  shipping_city: string;
  shipping_state: string;
  shipping_pincode: string;
  shipping_phone: string;
  shipping_name?: string;
  payment_method: 'cod' | 'razorpay';
  /** The coupon the shopper applied; the server prices the order with it. */
  coupon_code?: string;
  /** The same id for the same checkout: the server answers the order already placed for it. */
  checkout_id?: string;
}

export interface CreatedOrder {
  id: string;
  status: string;
  payment_method: string;
  orderNumber?: string;
  total_amount?: number;
  totalAmount?: number;
  paymentStatus?: string;
}

export const createOrder = (payload: CreateOrderPayload) => api.post<{ success: boolean; order: CreatedOrder }>('/orders', payload);
