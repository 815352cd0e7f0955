// @vitest-environment happy-dom
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@kit/ui/toast';
import { mountInDocument } from '../../../testing/mount-in-document';

const IN_STOCK = 'This product is in stock: you can order it now.';
let waiting: string[] = [];
const get = vi.fn(async (..._args: unknown[]) => ({ success: true, productIds: waiting }));
const post = vi.fn(async (_path: string, body: { productId: string }) => {
  if (body.productId === 'in-stock') throw Object.assign(new Error(IN_STOCK), { status: 409 });
  waiting = [...waiting, body.productId];
  return { success: true, message: 'We will e-mail you when it is available.', productId: body.productId, subscribed: true, productIds: waiting };
});
const del = vi.fn(async (path: string) => {
  waiting = waiting.filter((id) => !path.endsWith(`/${id}`));
  return { success: true, message: 'You will not be notified about this product.', productId: 'p1', subscribed: false, productIds: waiting };
});
vi.mock('@kit/api', () => ({
  api: { get: (...a: unknown[]) => get(...a), post: (p: string, b: { productId: string }) => post(p, b), delete: (p: string) => del(p) },
}));
let user: { id: string } | null = null;
vi.mock('../../../lib/auth/auth-provider', () => ({ useAuth: () => ({ user }) }));
const navigate = vi.fn();
vi.mock('react-router', () => ({ useNavigate: () => navigate }));
const { NotifyMeButton, NOTIFY_ME_LABEL, NOTIFY_ME_STOP_LABEL } = await import('./notify-me-button');

const tree = (productId = 'p1') => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <ToastProvider>
      <NotifyMeButton productId={productId} productName="Nendoroid Miku" />
    </ToastProvider>
  </QueryClientProvider>
);
const button = () => document.querySelector<HTMLButtonElement>('[data-testid="notify-me"] button')!;
const toasts = () => [...document.querySelectorAll('[data-testid="toast"] .toast__title')].map((t) => t.textContent);
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe("'Notify me when available' on the product page", () => {
  let unmount: () => Promise<void> = async () => undefined;
  beforeEach(() => {
    waiting = [];
    user = null;
    for (const fn of [get, post, del, navigate]) fn.mockClear();
  });
  afterEach(() => unmount());

  it('the server renders the button for a guest, who is asked to sign in when they tap it', async () => {
    expect(renderToString(tree())).toContain(NOTIFY_ME_LABEL);
    unmount = await mountInDocument(tree());
    await act(async () => button().click());
    expect(post).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(toasts()).toContain('Please sign in');
  });

  it('a signed-in shopper subscribes (toast with the answer), sees it, and can take it back', async () => {
    user = { id: 'u1' };
    unmount = await mountInDocument(tree());
    await settle();
    expect(button().textContent).toBe(NOTIFY_ME_LABEL);
    await act(async () => button().click());
    await settle();
    expect(post).toHaveBeenCalledWith('/user/notify-me', { productId: 'p1' });
    expect(toasts()).toContain('We will e-mail you when it is available.');
    expect(button().textContent).toBe(NOTIFY_ME_STOP_LABEL);
    expect(button().getAttribute('aria-pressed')).toBe('true');
    await act(async () => button().click());
    await settle();
    expect(del).toHaveBeenCalledWith('/user/notify-me/p1');
    expect(toasts()).toContain('You will not be notified about this product.');
    expect(button().textContent).toBe(NOTIFY_ME_LABEL);
  });

  it("shows the server's refusal (back in stock meanwhile) as an error toast", async () => {
    user = { id: 'u1' };
    unmount = await mountInDocument(tree('in-stock'));
    await settle();
    await act(async () => button().click());
    await settle();
    expect(toasts()).toContain(IN_STOCK);
    expect(button().textContent).toBe(NOTIFY_ME_LABEL);
  });
});
