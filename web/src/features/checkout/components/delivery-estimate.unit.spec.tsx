// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn(async (..._args: unknown[]): Promise<unknown> => ({}));
vi.mock('@kit/api', () => ({ api: { get: (...args: unknown[]) => get(...args) } }));
const { DeliveryEstimate } = await import('./delivery-estimate');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the delivery date at checkout', () => {
  let root: Root;
  let host: HTMLElement;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    get.mockReset();
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });
  const render = async (pincode: string, cod = false) => {
    const client = new QueryClient();
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <DeliveryEstimate pincode={pincode} cod={cod} />
        </QueryClientProvider>,
      ),
    );
    // The query's answer (a resolved mock) and React's render after it.
    for (let i = 0; i < 3; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  };
  const text = (testId: string) => host.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;

  it('asks the server for a complete pincode and shows the courier’s date', async () => {
    get.mockResolvedValue({ success: true, serviceable: true, estimatedDelivery: '2026-12-02T06:30:00.000Z', courier: 'Simulator Express' });
    await render('411001', true);
    expect(get).toHaveBeenCalledWith('/shipping/serviceability?pincode=411001&cod=true', expect.anything());
    expect(text('delivery-estimate')).toBe('Estimated delivery by 2 Dec 2026 with Simulator Express');
    expect(text('delivery-unserviceable')).toBeNull();
  });

  it('shows the server’s message for a pincode it does not deliver to', async () => {
    const message = 'Sorry, we do not deliver to pincode 900001 yet. Please use another delivery address.';
    get.mockResolvedValue({ success: true, serviceable: false, message });
    await render('900001');
    expect(text('delivery-unserviceable')).toBe(message);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(message);
    expect(text('delivery-estimate')).toBeNull();
  });

  it('asks nothing until the pincode has six digits', async () => {
    await render('41100');
    expect(get).not.toHaveBeenCalled();
    expect(host.textContent).toBe('');
  });

  it('a courier it cannot reach does not block: the date is confirmed when the order ships', async () => {
    get.mockRejectedValue(Object.assign(new Error('We could not check delivery'), { status: 503 }));
    await render('110001');
    expect(text('delivery-estimate')).toContain('We could not check the delivery date right now');
  });
});
