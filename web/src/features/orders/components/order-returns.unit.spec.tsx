// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReturnDto } from '@contract';
import { UPI_INVALID } from '@contract/return-rules';
import { ToastProvider } from '@kit/ui/toast';
import type { Order } from '../types';

let stored: ReturnDto[] = [];
const get = vi.fn(async (..._args: unknown[]) => ({ success: true, returns: stored }));
const post = vi.fn(async (..._args: unknown[]) => ({ success: true, message: 'Return requested', return: stored[0] }));
vi.mock('@kit/api', () => ({ api: { get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args) } }));
const { OrderReturns } = await import('./order-returns');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DELIVERED = '2026-11-25T10:00:00.000Z';
const NOW = Date.parse('2026-11-28T10:00:00.000Z');
const order = {
  id: 'o-1',
  status: 'delivered',
  paymentMethod: 'cod',
  actualDelivery: DELIVERED,
  items: [{ id: '1', productId: 'p-1', name: 'Naruto Figure', image: '', category: '', price: 1200, quantity: 2 }],
} as unknown as Order;

const aReturn = (over: Partial<ReturnDto>): ReturnDto => ({
  id: 'r-1',
  orderId: 'o-1',
  orderNumber: 'AC-2026-000001',
  customerName: 'Asha',
  status: 'requested',
  items: [{ lineNo: 1, productId: 'p-1', name: 'Naruto Figure', quantity: 1, refund: 1200 }],
  reason: 'Paint chipped',
  refundTo: 'upi',
  upiId: 'asha@okaxis',
  refundAmount: 1200,
  refundedAmount: 0,
  pickupAwb: null,
  courier: null,
  rejectionReason: null,
  receivedItems: null,
  payout: null,
  requestedAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

describe('Returns on the order page', () => {
  let root: Root;
  let host: HTMLElement;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    stored = [];
    get.mockClear();
    post.mockClear();
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });
  const render = async (o: Order, now = NOW) => {
    await act(async () =>
      root.render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ToastProvider>
            <OrderReturns order={o} now={now} />
          </ToastProvider>
        </QueryClientProvider>,
      ),
    );
  };
  const q = <T extends Element>(selector: string) => host.querySelector<T>(selector);
  const type = (el: HTMLInputElement | HTMLTextAreaElement, value: string) => {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!;
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  };

  it('refuses a bad UPI id under its field without sending, then sends the chosen unit, reason and UPI id', async () => {
    await render(order);
    await act(async () => q<HTMLButtonElement>('[data-testid="return-items"]')!.click());
    await act(async () => q<HTMLInputElement>('input[type="checkbox"]')!.click());
    await act(async () => type(q<HTMLTextAreaElement>('textarea')!, 'Paint chipped'));
    const upi = q<HTMLInputElement>('input[placeholder="name@bank"]')!;
    await act(async () => type(upi, 'not-a-upi'));
    await act(async () => q<HTMLButtonElement>('[data-testid="submit-return"]')!.click());
    expect(post).not.toHaveBeenCalled();
    expect(q('#return-upi-error')?.textContent).toBe(UPI_INVALID);
    expect(upi.getAttribute('aria-invalid')).toBe('true');

    stored = [aReturn({})];
    await act(async () => type(upi, 'asha@okaxis'));
    await act(async () => q<HTMLButtonElement>('[data-testid="submit-return"]')!.click());
    expect(post).toHaveBeenCalledWith('/orders/o-1/returns', { items: [{ productId: 'p-1', quantity: 1 }], reason: 'Paint chipped', upiId: 'asha@okaxis' });
    expect(document.body.textContent).toContain('Return requested');
    // The list is read again: the new return shows, the form closes.
    await vi.waitFor(() => expect(host.querySelectorAll('[data-testid="order-return"]')).toHaveLength(1));
    expect(q('[data-testid="return-form"]')).toBeNull();
  });

  it('lists the returns with their status, refund, pickup AWB and rejection reason', async () => {
    stored = [
      aReturn({ status: 'approved', pickupAwb: 'SIMR0000000001', courier: 'Simulator Express' }),
      aReturn({ id: 'r-2', status: 'rejected', rejectionReason: 'Opened box' }),
      aReturn({ id: 'r-3', status: 'refunded', refundedAmount: 1200 }),
    ];
    await render(order);
    await vi.waitFor(() => expect(host.querySelectorAll('[data-testid="order-return"]')).toHaveLength(3));
    const entries = [...host.querySelectorAll('[data-testid="order-return"]')];
    expect(entries.map((e) => e.querySelector('[data-testid="return-status"]')!.textContent)).toEqual(['Approved: pickup booked', 'Not accepted', 'Refunded']);
    expect(entries[0]!.querySelector('[data-testid="return-awb"]')!.textContent).toContain('SIMR0000000001');
    expect(entries[1]!.querySelector('[data-testid="return-rejection"]')!.textContent).toBe('Opened box');
    expect(entries[2]!.querySelector('[data-testid="return-refund"]')!.textContent).toBe('₹1,200');
    // Two units delivered, one approved and one refunded (the rejected one gives its unit back, but none is left).
    expect(q('[data-testid="return-items"]')).toBeNull();
    expect(host.textContent).toContain('Every unit of this order is already in a return.');
  });

  it('offers no return outside the window or before delivery', async () => {
    await render(order, Date.parse('2026-12-03T10:00:00.000Z'));
    expect(q('[data-testid="return-items"]')).toBeNull();
    expect(q('[data-testid="return-window"]')!.textContent).toBe('Returns closed on 2 Dec 2026.');
    await render({ ...order, status: 'shipped', actualDelivery: undefined });
    expect(q('[data-testid="order-returns"]')).toBeNull();
  });
});
