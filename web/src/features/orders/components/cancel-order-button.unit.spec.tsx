// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@kit/ui/toast';
import type { Order } from '../types';

const post = vi.fn(async (..._args: unknown[]) => ({ success: true, message: 'Order cancelled' }));
vi.mock('@kit/api', () => ({ api: { post: (...args: unknown[]) => post(...args) } }));
const { CancelOrderButton } = await import('./cancel-order-button');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('Cancel Order on the order page', () => {
  let root: Root;
  let host: HTMLElement;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    post.mockClear();
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });
  const render = (order: Partial<Order>) =>
    act(() =>
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <ToastProvider>
            <CancelOrderButton order={{ id: 'o-1', status: 'confirmed', paymentStatus: 'completed', ...order } as Order} />
          </ToastProvider>
        </QueryClientProvider>,
      ),
    );
  const button = (testId: string) => host.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);

  it('asks once more, then posts the cancellation of that order and says the payment is refunded', async () => {
    render({});
    await act(async () => button('cancel-order')!.click());
    expect(post).not.toHaveBeenCalled();
    expect(host.textContent).toContain('The amount you paid will be refunded.');
    await act(async () => button('confirm-cancel-order')!.click());
    expect(post).toHaveBeenCalledWith('/orders/o-1/cancel', {});
    expect(document.body.textContent).toContain('Order cancelled');
  });

  it('is not offered once the order is shipped, delivered or cancelled', () => {
    for (const status of ['shipped', 'delivered', 'cancelled']) {
      render({ status });
      expect(button('cancel-order'), status).toBeNull();
    }
  });
});
