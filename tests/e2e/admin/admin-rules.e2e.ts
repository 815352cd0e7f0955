// The dashboard's pure rules (no browser needed): retries, error texts chosen by message content, image URL rules,
// product form validation, slide order, and which caches a live message refreshes.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
// admin-web and the kit are compiled by their own tsconfigs (bundler resolution, `@kit` aliased in
// tests/e2e/vitest.config.ts), so load their modules at run time rather than through this project's NodeNext type check.
const web = (path: string): Promise<any> => import(/* @vite-ignore */ new URL(`../../../admin-web/src/${path}`, import.meta.url).href);
const kit = (path: string): Promise<any> => import(/* @vite-ignore */ new URL(`../../../shared-web/${path}`, import.meta.url).href);
const [
  { ApiError, errorFrom },
  { displayImageUrl, isRecognisedImageUrl: isValidImageUrl, normaliseImageUrl },
  { PRODUCTS_RATE_LIMIT_RETRY, STATUS_UPDATE_RETRY, isRateLimited, withRetries },
  { keysFor, liveCatchUp },
  orderErrors,
  productForm,
  { slideOrder },
] = await Promise.all([
  kit('api/api-error.ts'),
  kit('images/image-url.ts'),
  kit('api/retry.ts'),
  web('features/live/api/use-live-feed.ts'),
  web('features/orders/components/order-error-messages.ts'),
  web('features/products/components/product-form.ts'),
  web('features/carousels/components/slide-form-dialog.tsx'),
]);
const { bulkDeleteErrorMessage, deleteOrderErrorMessage, statusUpdateErrorMessage } = orderErrors;
const { emptyProductForm, validateProductForm } = productForm;

const recordWaits = () => {
  const waits: number[] = [];
  return { waits, wait: async (ms: number) => void waits.push(ms) };
};

describe('admin dashboard rules', () => {
  it('retries a status update twice (1 s, 2 s) on Failed to fetch / 502 / 503 / 504 only', async () => {
    const { waits, wait } = recordWaits();
    let calls = 0;
    await expect(withRetries(async () => (calls++, Promise.reject(new Error('HTTP error! status: 503'))), STATUS_UPDATE_RETRY, wait)).rejects.toThrow('503');
    expect(calls).toBe(3);
    expect(waits).toEqual([1000, 2000]);
    calls = 0;
    await expect(withRetries(async () => (calls++, Promise.reject(new Error('Order not found'))), STATUS_UPDATE_RETRY, wait)).rejects.toThrow();
    expect(calls).toBe(1);
    calls = 0;
    const ok = await withRetries(async () => (++calls < 2 ? Promise.reject(new Error('Failed to fetch')) : 'done'), STATUS_UPDATE_RETRY, wait);
    expect([ok, calls]).toEqual(['done', 2]);
  });

  it('retries product loading on 429 after 2, 4 and 8 s', async () => {
    const { waits, wait } = recordWaits();
    await expect(withRetries(async () => Promise.reject(errorFrom(429, undefined, '60')), PRODUCTS_RATE_LIMIT_RETRY, wait)).rejects.toMatchObject({
      message: 'Too many requests',
      status: 429,
      retryAfter: '60',
    });
    expect(waits).toEqual([2000, 4000, 8000]);
    expect(isRateLimited(new Error('Too many requests'))).toBe(true);
  });

  it('uses the server error, else HTTP error! status: {code}', () => {
    expect(errorFrom(404, { success: false, error: 'Order not found' }).message).toBe('Order not found');
    expect(errorFrom(502, undefined).message).toBe('HTTP error! status: 502');
    expect(errorFrom(502, undefined)).toBeInstanceOf(ApiError);
  });

  it('chooses the order error texts of section 8 by message content', () => {
    expect(statusUpdateErrorMessage(new Error('Order not found'), 'AC-1')).toBe('Order #AC-1 not found. It may have been deleted or the ID is incorrect.');
    expect(statusUpdateErrorMessage(new TypeError('Failed to fetch'), 'AC-1')).toBe(
      'Network error: Unable to connect to the server. Please check your internet connection.',
    );
    expect(statusUpdateErrorMessage(new Error('HTTP error! status: 502'), 'AC-1')).toBe(
      'Server error: The server is temporarily unavailable. Please try again later.',
    );
    expect(statusUpdateErrorMessage(new Error('HTTP error! status: 404'), 'AC-1')).toBe('Order #AC-1 not found. Please refresh the page and try again.');
    expect(statusUpdateErrorMessage(new Error('HTTP error! status: 403'), 'AC-1')).toBe("Access denied: You don't have permission to update this order.");
    expect(statusUpdateErrorMessage(new Error('boom'), 'AC-1')).toBe('Failed to update order status for #AC-1.');
    expect(deleteOrderErrorMessage(new Error('Order not found'), 'AC-2')).toBe('Order #AC-2 not found. It may have already been deleted.');
    expect(deleteOrderErrorMessage(new Error('HTTP error! status: 500'), 'AC-2')).toBe(
      'Server error: The server encountered an error while deleting the order.',
    );
    expect(deleteOrderErrorMessage(new Error('HTTP error! status: 418'), 'AC-2')).toBe('Failed to delete order #AC-2.');
    expect(bulkDeleteErrorMessage(new Error('HTTP error! status: 500'))).toBe('Server error: The server encountered an error while deleting the orders.');
    expect(bulkDeleteErrorMessage(new Error('nope'))).toBe('Failed to delete orders.');
  });

  it('converts Drive links and ids, and recognises image URLs', () => {
    const id = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    const direct = `https://drive.google.com/uc?export=view&id=${id}`;
    for (const link of [`https://drive.google.com/file/d/${id}/view?usp=sharing`, `https://drive.google.com/open?id=${id}`, id])
      expect(normaliseImageUrl(link)).toBe(direct);
    expect(displayImageUrl(direct)).toBe(`/api/products/image-proxy?url=${encodeURIComponent(direct)}`);
    expect(displayImageUrl('')).toBe('/placeholder.svg');
    expect(isValidImageUrl('https://cdn.example.com/naruto.webp')).toBe(true);
    expect(isValidImageUrl('https://lh3.googleusercontent.com/abc')).toBe(true);
    expect(isValidImageUrl('/media/uploads/a.png')).toBe(true);
    expect(isValidImageUrl('https://example.com/page.html')).toBe(false);
    expect(isValidImageUrl('javascript:alert(1)')).toBe(false);
  });

  it('validates the product form with the spec messages; powerPoints numeric else 0', () => {
    const base = { ...emptyProductForm, name: 'Luffy', category: 'Anime Figures', price: '999', stock_quantity: '3' };
    expect(validateProductForm({ ...base, name: ' ' })).toEqual({ ok: false, error: 'Please fill in all required fields' });
    expect(validateProductForm({ ...base, price: '0' })).toEqual({ ok: false, error: 'Please enter a valid price' });
    expect(validateProductForm({ ...base, stock_quantity: '2.5' })).toEqual({ ok: false, error: 'Please enter a valid stock quantity' });
    expect(validateProductForm({ ...base, imageUrls: 'https://x.com/a.png\nftp://x' })).toEqual({ ok: false, error: 'One or more image URLs are invalid...' });
    const ok = validateProductForm({ ...base, imageUrls: 'https://x.com/a.png\nhttps://x.com/b.jpg', powerPoints: 'lots' });
    expect(ok).toMatchObject({
      ok: true,
      product: { image: 'https://x.com/a.png', images: ['https://x.com/a.png', 'https://x.com/b.jpg'], powerPoints: 0, price: 999, stock_quantity: 3 },
    });
  });

  it('slide order falls back to 1 when not a positive integer', () => {
    expect([slideOrder('3'), slideOrder('0'), slideOrder('-2'), slideOrder('1.5'), slideOrder('x')]).toEqual([3, 1, 1, 1, 1]);
  });

  it("refetches a message's queries once its read model is there, even when their first read (answered before the event) is still under way", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let answerFirst = (_: string) => undefined as void;
    let reads = 0;
    const observer = new QueryObserver<string>(client, {
      queryKey: ['admin', 'orders', { page: 1, limit: 50 }],
      queryFn: () => (++reads === 1 ? new Promise<string>((resolve) => (answerFirst = resolve)) : Promise.resolve('with the new order')),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    const position = { commit: '42', prepare: '42' };
    const catchUp = liveCatchUp(client);
    catchUp.onEvent({ type: 'order.placed', eventType: 'OrderPlaced', at: '2026-11-24T05:00:00.000Z', by: 'u1', position, affects: ['orders'], orderId: 'o1' });
    catchUp.onProjected({ type: 'projected', readModel: 'orders', position });
    answerFirst('before the order');
    await expect.poll(() => observer.getCurrentResult().data).toBe('with the new order');
    expect(reads).toBe(2);
    unsubscribe();
    client.clear();
  });

  it('maps live messages to the caches they make stale, by the read models each names', () => {
    const flat = (type: string, affects: string[] = []) => keysFor({ type, affects }).map((k: string[]) => k.join('/'));
    expect(flat('order.placed', ['orders'])).toEqual(expect.arrayContaining(['admin/orders', 'admin/stats', 'admin/analytics', 'admin/customers']));
    expect(flat('payment.completed', ['orders'])).toContain('admin/orders');
    expect(flat('stock.changed', ['catalogue'])).toEqual(['admin/products', 'admin/stats']);
    expect(flat('changed', ['carousels'])).toEqual(['admin/carousels']);
    expect(flat('changed', ['wishlists'])).toEqual([]);
    expect(flat('changed', ['returns'])).toEqual(['admin/returns']);
    expect(flat('order.status', ['orders'])).toContain('admin/returns');
    expect(flat('projected')).toEqual([]);
    expect(flat('hello')).toEqual([]);
  });
});
