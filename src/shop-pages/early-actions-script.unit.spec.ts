// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EARLY_ACTIONS_SCRIPT } from './early-actions-script.js';

type Recorded = { action: string; productId: string; quantity: number };
const recorded = () => (window as unknown as { __earlyActions: Recorded[] }).__earlyActions;

/** The page's inline script, run in a document as a browser would before the app starts. */
describe('the early-actions script', () => {
  beforeAll(() => {
    new Function(EARLY_ACTIONS_SCRIPT)();
    // After the script's own listeners: the test's links and forms go nowhere.
    document.addEventListener('click', (e) => e.preventDefault());
  });
  beforeEach(() => {
    document.documentElement.removeAttribute('data-hydrated');
    document.documentElement.removeAttribute('data-navigating');
    recorded().length = 0;
    document.body.innerHTML = `
      <div data-early-scope>
        <select data-early-quantity><option>1</option><option selected>3</option></select>
        <button id="add" data-early="add-to-cart" data-product-id="p1">Add</button>
      </div>
      <button id="heart" data-early="wishlist" data-product-id="p2">♡</button>
      <form id="list" method="get" action="/anime-figures" data-early-submit><select name="sort"><option>featured</option><option>price-low</option></select></form>
      <a id="next" href="/products?page=2">2</a>`;
  });

  it('records a tap on a marked control with the quantity of its scope, and marks it taken', () => {
    document.getElementById('add')!.click();
    document.getElementById('heart')!.click();
    expect(recorded()).toMatchObject([
      { action: 'add-to-cart', productId: 'p1', quantity: 3 },
      { action: 'wishlist', productId: 'p2', quantity: 1 },
    ]);
    expect(document.getElementById('add')!.getAttribute('aria-busy')).toBe('true');
    expect(document.getElementById('add')!.hasAttribute('data-early-queued')).toBe(true);
  });

  it('sends a filter form when its select changes, and shows that the page is on its way', () => {
    const form = document.getElementById('list') as HTMLFormElement;
    let sent = 0;
    form.addEventListener('submit', (e) => {
      sent += 1;
      e.preventDefault();
    });
    const select = form.querySelector('select')!;
    select.value = 'price-low';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(sent).toBe(1);
    expect(document.documentElement.getAttribute('data-navigating')).toBe('true');
  });

  it('marks a followed link as navigating', () => {
    const link = document.getElementById('next')!;
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(document.documentElement.getAttribute('data-navigating')).toBe('true');
  });

  it('does nothing once the app has started', () => {
    document.documentElement.setAttribute('data-hydrated', 'true');
    document.getElementById('add')!.click();
    expect(recorded()).toEqual([]);
    expect(document.getElementById('add')!.hasAttribute('aria-busy')).toBe(false);
  });
});
