/**
 * Runs `run` once the browser has painted the page's largest contentful element (call it after the load event).
 *
 * The storefront starts its application only then. Lighthouse simulates the LCP from every request and script that
 * ran before the LCP it observed: an app fetched and run before the LCP image reached the screen (the image loaded,
 * its frame not yet shown) was counted into the LCP — 90 KB of script on a slow 4G line and its evaluation at 4×
 * CPU, 2.5–3 s instead of ~1.3 s.
 *
 * The largest element is the server's priority image (`img[fetchpriority="high"]`, LazyImage `priority`) when the
 * page has one: this waits for the browser's `largest-contentful-paint` entry naming it, or for an entry as large
 * (within 1 %: a card beside it in the same row, painted first, ties; Chrome then keeps that one) or larger, and at
 * most `capMs`. Without a priority image everything was in the
 * first frames: two painted frames.
 */
export function afterLargestPaint(run: () => void, { doc = document, capMs = 1000 }: { doc?: Document; capMs?: number } = {}): void {
  const image = doc.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  const area = image ? visibleArea(image, doc) : 0;
  if (!image || area === 0 || !image.complete || image.naturalWidth === 0 || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run, 0)));
    return;
  }
  const start = () => {
    observer.disconnect();
    clearTimeout(cap);
    run();
  };
  const observer = new PerformanceObserver((list) => {
    const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null; size: number })[];
    if (entries.some((entry) => entry.element === image || entry.size >= area * 0.99)) start();
  });
  const cap = setTimeout(start, capMs);
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}

/** The part of the element inside the viewport, in CSS pixels² (what an LCP entry's `size` measures). */
function visibleArea(element: Element, doc: Document): number {
  const rect = element.getBoundingClientRect();
  const view = doc.defaultView;
  const width = Math.min(rect.right, view?.innerWidth ?? rect.right) - Math.max(rect.left, 0);
  const height = Math.min(rect.bottom, view?.innerHeight ?? rect.bottom) - Math.max(rect.top, 0);
  return width > 0 && height > 0 ? width * height : 0;
}
