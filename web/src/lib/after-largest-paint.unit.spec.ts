import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterLargestPaint } from './after-largest-paint';

type Entry = { element: unknown; size: number };

/** The browser's `largest-contentful-paint` entries, handed out by the test. */
let report: (entries: Entry[]) => void;
let observing: boolean;

class FakeObserver {
  static supportedEntryTypes = ['largest-contentful-paint'];
  constructor(private readonly callback: (list: { getEntries: () => Entry[] }) => void) {}
  observe() {
    observing = true;
    report = (entries) => this.callback({ getEntries: () => entries });
  }
  disconnect() {
    observing = false;
  }
}

/** A loaded priority image of 412 × 206 CSS px at the top of a 412 × 823 viewport (area 84,872), or none. */
function pageWith(image: Partial<HTMLImageElement> | null) {
  const img = image && { complete: true, naturalWidth: 1280, getBoundingClientRect: () => ({ left: 0, top: 115, right: 412, bottom: 321 }), ...image };
  const doc = {
    defaultView: { innerWidth: 412, innerHeight: 823 },
    querySelector: (selector: string) => (selector === 'img[fetchpriority="high"]' ? img : null),
  } as unknown as Document;
  return { doc, img };
}

describe('the storefront starts its application after the largest contentful paint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    observing = false;
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    vi.stubGlobal('requestAnimationFrame', (frame: () => void) => setTimeout(frame, 16));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the LCP entry naming the priority image, then starts once', async () => {
    const { doc, img } = pageWith({});
    const run = vi.fn();
    afterLargestPaint(run, { doc });
    report([{ element: { tagName: 'SPAN' }, size: 2240 }]);
    await vi.advanceTimersByTimeAsync(500);
    expect(run).not.toHaveBeenCalled();
    report([{ element: img, size: 84_872 }]);
    expect(run).toHaveBeenCalledOnce();
    expect(observing).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledOnce();
  });

  it('starts on an entry as large as the image (a card of the same row painted first) or larger', () => {
    for (const size of [84_100, 90_000]) {
      const { doc } = pageWith({});
      const run = vi.fn();
      afterLargestPaint(run, { doc });
      report([{ element: { tagName: 'H1' }, size: 80_000 }]);
      expect(run).not.toHaveBeenCalled();
      report([{ element: { tagName: 'IMG' }, size }]);
      expect(run).toHaveBeenCalledOnce();
    }
  });

  it('starts after the cap when no entry names it', async () => {
    const { doc } = pageWith({});
    const run = vi.fn();
    afterLargestPaint(run, { doc, capMs: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledOnce();
  });

  it('without a painted priority image (none, broken, below the fold): two frames after the call', async () => {
    for (const image of [null, { naturalWidth: 0 }, { getBoundingClientRect: () => ({ left: 0, top: 900, right: 412, bottom: 1100 }) }] as const) {
      const { doc } = pageWith(image as Partial<HTMLImageElement> | null);
      const run = vi.fn();
      afterLargestPaint(run, { doc });
      await vi.advanceTimersByTimeAsync(16);
      expect(run).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(17);
      expect(run).toHaveBeenCalledOnce();
      expect(observing).toBe(false);
    }
  });
});
