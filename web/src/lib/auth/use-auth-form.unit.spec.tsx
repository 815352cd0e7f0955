// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@kit/ui/toast';
import { useAuthForm } from './use-auth-form';
import { mountInDocument } from '../../testing/mount-in-document';

/** The submit that sign-in and sign-up share: the check stops the call, a refusal reaches the error line and a toast. */

let check: () => string | null = () => null;
let call: () => Promise<void> = async () => undefined;
function Form() {
  const { error, busy, onSubmit } = useAuthForm({
    title: 'Sign In Failed',
    describe: (err) => (err instanceof Error && err.message ? err.message : 'An error occurred during sign in'),
  });
  return (
    <form
      data-testid="form"
      onSubmit={onSubmit(
        () => check(),
        () => call(),
      )}
    >
      <p data-testid="error">{error}</p>
      <button type="submit">{busy ? 'busy' : 'idle'}</button>
    </form>
  );
}

const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)!.textContent;
const button = () => document.querySelector('button')!.textContent;
const toastTitles = () => [...document.querySelectorAll('[data-testid="toast"] .toast__title')].map((t) => t.textContent);
const submit = () => act(async () => document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));

let unmount: () => Promise<void> = async () => undefined;
beforeEach(async () => {
  unmount = await mountInDocument(<ToastProvider>{<Form />}</ToastProvider>);
});
afterEach(() => unmount());

describe('useAuthForm', () => {
  it("shows the check's message and makes no call", async () => {
    const spy = vi.fn(async () => undefined);
    check = () => 'Please fill in all fields';
    call = spy;
    await submit();
    expect(text('error')).toBe('Please fill in all fields');
    expect(spy).not.toHaveBeenCalled();
    expect(toastTitles()).toEqual([]);
  });

  it('runs the call once with the button busy, clearing an earlier error', async () => {
    let finish: () => void = () => undefined;
    check = () => 'Please fill in all fields';
    await submit();
    check = () => null;
    call = () => new Promise<void>((resolve) => (finish = resolve));
    await submit();
    expect(text('error')).toBe('');
    expect(button()).toBe('busy');
    await act(async () => finish());
    expect(button()).toBe('idle');
    expect(toastTitles()).toEqual([]);
  });

  it("shows a refusal's message on the form and in a destructive toast titled by the form, then is ready again", async () => {
    check = () => null;
    call = async () => {
      throw new Error('Invalid email or password');
    };
    await submit();
    expect(text('error')).toBe('Invalid email or password');
    expect(toastTitles()).toEqual(['Sign In Failed']);
    expect(document.querySelector('[data-testid="toast"]')!.className).toContain('toast--destructive');
    expect(button()).toBe('idle');

    call = async () => {
      throw new Error('');
    };
    await submit();
    expect(text('error')).toBe('An error occurred during sign in');
  });
});
