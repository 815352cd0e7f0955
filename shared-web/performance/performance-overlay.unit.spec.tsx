// @vitest-environment happy-dom
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THRESHOLDS } from './measure';
import { PerformanceOverlay } from './performance-overlay';

/**
 * The admin spec's performance overlay (§ service worker and performance overlay, §9 thresholds) rendered by React in
 * happy-dom on fake timers: the page's timings come from a stubbed Performance API.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Timings {
  load: number;
  firstPaint: number;
  largestPaint: number;
  images: { name: string; duration: number; transferSize: number }[];
}

function stubPerformance({ load, firstPaint, largestPaint, images }: Timings) {
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(private readonly report: (list: { getEntries: () => { startTime: number }[] }) => void) {}
      observe(options: { type: string }) {
        if (options.type === 'largest-contentful-paint') this.report({ getEntries: () => [{ startTime: largestPaint / 2 }, { startTime: largestPaint }] });
      }
      disconnect() {}
    },
  );
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type: string) => {
    if (type === 'navigation') return [{ startTime: 0, loadEventEnd: load }] as unknown as PerformanceEntryList;
    if (type === 'paint') return [{ name: 'first-contentful-paint', startTime: firstPaint }] as unknown as PerformanceEntryList;
    if (type === 'resource') return images as unknown as PerformanceEntryList;
    return [];
  });
}

let root: Root | undefined;
let host: HTMLElement | undefined;

async function mount(search: string) {
  window.history.replaceState(null, '', `/${search}`);
  host = document.createElement('div');
  document.body.append(host);
  const created = createRoot(host);
  root = created;
  await act(async () => created.render(<PerformanceOverlay />));
}
const overlay = () => host!.querySelector('[data-testid="performance-overlay"]');
const rows = () =>
  [...host!.querySelectorAll('li')].map((li) => `${li.textContent} ${li.querySelector('.dot-indicator')?.className.replace('dot-indicator ', '')}`);
const advance = (ms: number) => act(async () => vi.advanceTimersByTime(ms));
const press = (init: KeyboardEventInit) => act(async () => window.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init })));

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
});
afterEach(async () => {
  if (root) await act(async () => root!.unmount());
  host?.remove();
  root = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const slow: Timings = {
  load: THRESHOLDS.loadTime,
  firstPaint: THRESHOLDS.firstContentfulPaint,
  largestPaint: THRESHOLDS.largestContentfulPaint,
  images: [
    { name: 'https://shop.test/a.webp', duration: 500, transferSize: 10 },
    { name: 'https://shop.test/b.png?v=1', duration: 500, transferSize: 0 },
    { name: 'https://shop.test/app.js', duration: 9000, transferSize: 10 },
  ],
};
const fast: Timings = {
  load: THRESHOLDS.loadTime - 1,
  firstPaint: THRESHOLDS.firstContentfulPaint - 1,
  largestPaint: THRESHOLDS.largestContentfulPaint - 1,
  images: [
    { name: 'https://shop.test/a.jpg', duration: 499, transferSize: 10 },
    { name: 'https://shop.test/b.JPEG', duration: 499, transferSize: 10 },
  ],
};

describe('performance overlay', () => {
  it('the spec thresholds: page load 2000, first paint 1500, largest paint 2500, average image load 500 ms', () => {
    expect(THRESHOLDS).toEqual({ loadTime: 2000, firstContentfulPaint: 1500, largestContentfulPaint: 2500, imageLoadTime: 500 });
  });

  it('stays hidden without ?debug=performance, whatever the time and keys', async () => {
    stubPerformance(fast);
    await mount('?debug=other');
    await advance(10_000);
    expect(overlay()).toBeNull();
    await press({ key: 'P', ctrlKey: true, shiftKey: true });
    await advance(10_000);
    expect(overlay()).toBeNull();
  });

  it('appears 500 ms after load with ?debug=performance; at each threshold yellow, 1 ms below green', async () => {
    stubPerformance(slow);
    await mount('?page=2&debug=performance');
    await advance(499);
    expect(overlay()).toBeNull();
    await advance(1);
    expect(overlay()).not.toBeNull();
    expect(rows()).toEqual([
      'Page load: 2000 ms is-warn',
      'First paint: 1500 ms is-warn',
      'Largest paint: 2500 ms is-warn', // the last largest-contentful-paint entry counts
      'Avg image load: 500 ms is-warn',
      'Images: 1/2 is-warn', // only jpg, jpeg, png and webp count; one of them was not transferred
    ]);
  });

  it('all green just below the thresholds with every image loaded', async () => {
    stubPerformance(fast);
    await mount('?debug=performance');
    await advance(500);
    expect(rows()).toEqual([
      'Page load: 1999 ms is-good',
      'First paint: 1499 ms is-good',
      'Largest paint: 2499 ms is-good',
      'Avg image load: 499 ms is-good',
      'Images: 2/2 is-good',
    ]);
  });

  it('Ctrl+Shift+P toggles it; P alone or Ctrl+P do not; the close button hides it', async () => {
    stubPerformance(fast);
    await mount('?debug=performance');
    await advance(500);
    await press({ key: 'P', ctrlKey: true, shiftKey: true });
    expect(overlay()).toBeNull();
    await press({ key: 'p', ctrlKey: true, shiftKey: true });
    expect(overlay()).not.toBeNull();
    await press({ key: 'P', shiftKey: true });
    await press({ key: 'p', ctrlKey: true });
    expect(overlay()).not.toBeNull();
    await act(async () => (host!.querySelector('button[aria-label="Close performance overlay"]') as HTMLButtonElement).click());
    expect(overlay()).toBeNull();
  });

  it('green and yellow are the indicator colours in both apps', () => {
    // A variable, not a literal: Vite rewrites `new URL('<literal>', import.meta.url)` outside the app's root to a served URL.
    const sharedFile = '../styles/performance-overlay.css';
    const shared = readFileSync(new URL(sharedFile, import.meta.url), 'utf8');
    // Whatever the layout of the rule (Prettier writes one declaration per line).
    expect(shared).toMatch(/\.dot-indicator\.is-good\s*\{\s*background:\s*#3ccf7a;\s*\}/); // green
    expect(shared).toMatch(/\.dot-indicator\.is-warn\s*\{\s*background:\s*#f5c542;\s*\}/); // yellow
    // One stylesheet for both apps: each entry stylesheet imports it.
    for (const css of ['../../web/src/styles/index.css', '../../admin-web/src/app/styles.css']) {
      expect(readFileSync(new URL(css, import.meta.url), 'utf8')).toContain("@import '@kit/styles/performance-overlay.css';");
    }
  });
});
