// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@kit/ui/toast';
import { usePincodeLookup } from './use-pincode-lookup';
import { mountInDocument } from '../../testing/mount-in-document';

/**
 * The address form's pincode lookup (storefront spec: 'a pincode of 6 characters triggers a lookup that fills city and
 * state; lookup failure shows 'Invalid Pincode' or 'Failed to fetch pincode data') with the real hook, toaster and
 * Radix toasts in happy-dom, on fake timers for the toast's 5 s default.
 */

let setPincode: (value: string) => void = () => undefined;
function Form() {
  const [pincode, set] = useState('');
  const [place, setPlace] = useState('');
  setPincode = set;
  const status = usePincodeLookup(pincode, (city, state) => setPlace(`${city}, ${state}`));
  return (
    <p data-testid="form">
      {status} {place}
    </p>
  );
}

const calls: string[] = [];
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (status === 0) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}
async function type(pincode: string) {
  await act(async () => setPincode(pincode));
  await act(async () => vi.advanceTimersByTimeAsync(0));
}
const toasts = () =>
  [...document.querySelectorAll('[data-testid="toast"]')].map((t) => [
    t.querySelector('.toast__title')?.textContent,
    t.className.includes('toast--destructive'),
  ]);
const form = () => document.querySelector('[data-testid="form"]')!.textContent!.trim();

let unmount: () => Promise<void> = async () => undefined;
beforeEach(async () => {
  vi.useFakeTimers();
  calls.length = 0;
  unmount = await mountInDocument(<ToastProvider>{<Form />}</ToastProvider>);
});
afterEach(async () => {
  await unmount();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pincode lookup toasts', () => {
  it('looks up only at 6 characters and fills city and state', async () => {
    answer(200, { success: true, city: 'Pune', state: 'Maharashtra' });
    await type('41100');
    expect(calls).toEqual([]);
    await type('411001');
    expect(calls).toEqual(['/api/pincode/411001']);
    expect(form()).toBe('found Pune, Maharashtra');
    expect(toasts()).toEqual([]);
  });

  it("an unknown pincode (404 or no city) shows 'Invalid Pincode' for 5 s", async () => {
    answer(404, { success: false, error: 'Pincode not found' });
    await type('999999');
    expect(form()).toBe('failed');
    expect(toasts()).toEqual([['Invalid Pincode', true]]);
    await act(async () => vi.advanceTimersByTimeAsync(4900));
    expect(toasts()).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(200));
    await act(async () => vi.advanceTimersByTimeAsync(500)); // the closing animation's own timer
    expect(toasts()).toEqual([]);

    answer(200, { success: true, city: '', state: '' });
    await type('111111');
    expect(toasts()).toEqual([['Invalid Pincode', true]]);
  });

  it("a failed request (network or server error) shows 'Failed to fetch pincode data'", async () => {
    answer(0, null);
    await type('411001');
    expect(toasts()).toEqual([['Failed to fetch pincode data', true]]);
    answer(500, { success: false, error: 'boom' });
    await type('411002');
    expect(toasts().map(([title]) => title)).toEqual(['Failed to fetch pincode data', 'Failed to fetch pincode data']);
  });

  it('at most 3 toasts are visible at once: the oldest goes first', async () => {
    answer(404, { success: false, error: 'Pincode not found' });
    for (const pin of ['100001', '100002', '100003']) await type(pin);
    answer(0, null);
    await type('100004');
    expect(toasts().map(([title]) => title)).toEqual(['Invalid Pincode', 'Invalid Pincode', 'Failed to fetch pincode data']);
  });
});
