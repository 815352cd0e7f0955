// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEarlyActions, resetEarlyActions, useEarlyAction, type EarlyAction } from './early-actions';
import { startReplay } from './early-actions-replay';

// The replay's chunk, watched: it must be loaded only when something was recorded.
vi.mock('./early-actions-replay', async (actual) => {
  const real = await actual<typeof import('./early-actions-replay')>();
  return { startReplay: vi.fn(real.startReplay) };
});

const tap = (action: EarlyAction['action'], productId: string, quantity = 1): EarlyAction => ({ action, productId, quantity, at: Date.now() });

function Control({ id, onAdd, ready = true }: { id: string; onAdd: (a: EarlyAction) => void; ready?: boolean }) {
  useEarlyAction('add-to-cart', id, onAdd, ready);
  return null;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function mount(node: ReactNode) {
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(node));
  return root;
}

const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 5))));

describe('early actions', () => {
  afterEach(() => {
    resetEarlyActions();
    vi.mocked(startReplay).mockClear();
  });

  it('does not load the replay when nothing was recorded, and loads it for the first tap recorded after opening', async () => {
    const onAdd = vi.fn();
    await mount(<Control id="p0" onAdd={onAdd} />);
    openEarlyActions();
    await settle();
    expect(startReplay).not.toHaveBeenCalled();
    window.__earlyActions!.push(tap('add-to-cart', 'p0'));
    await settle();
    expect(startReplay).toHaveBeenCalledTimes(1);
    expect(onAdd).toHaveBeenCalledTimes(1);
    window.__earlyActions!.push(tap('add-to-cart', 'p0', 2));
    await settle();
    expect(startReplay).toHaveBeenCalledTimes(1);
    expect(onAdd).toHaveBeenCalledTimes(2);
  });

  it('carries out each recorded tap once, with its quantity, only after the page is open', async () => {
    window.__earlyActions = [tap('add-to-cart', 'p1', 3), tap('add-to-cart', 'p2')];
    const onAdd = vi.fn();
    await mount(<Control id="p1" onAdd={onAdd} />);
    await settle();
    expect(onAdd).not.toHaveBeenCalled();
    openEarlyActions();
    await settle();
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onAdd.mock.calls[0]![0]).toMatchObject({ productId: 'p1', quantity: 3 });
    // Another product's tap waits for its own control.
    expect(window.__earlyActions).toHaveLength(1);
    openEarlyActions();
    await settle();
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('holds taps back until the control is ready, and takes taps recorded after opening', async () => {
    window.__earlyActions = [tap('add-to-cart', 'p3')];
    openEarlyActions();
    const onAdd = vi.fn();
    const root = await mount(<Control id="p3" onAdd={onAdd} ready={false} />);
    await settle();
    expect(onAdd).not.toHaveBeenCalled();
    await act(async () => root.render(<Control id="p3" onAdd={onAdd} ready />));
    await settle();
    expect(onAdd).toHaveBeenCalledTimes(1);
    window.__earlyActions!.push(tap('add-to-cart', 'p3', 2));
    await settle();
    expect(onAdd).toHaveBeenCalledTimes(2);
    expect(onAdd.mock.calls[1]![0]).toMatchObject({ quantity: 2 });
  });

  it('clears the "taken" mark of the controls once every tap is done', async () => {
    document.body.innerHTML = '<button data-early="add-to-cart" data-product-id="p4" aria-busy="true" data-early-queued="true"></button>';
    window.__earlyActions = [tap('add-to-cart', 'p4')];
    await mount(<Control id="p4" onAdd={() => undefined} />);
    openEarlyActions();
    await settle();
    const button = document.querySelector('button')!;
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.hasAttribute('data-early-queued')).toBe(false);
  });
});
