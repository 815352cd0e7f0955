export interface PerformanceMetrics {
  loadTime: number;
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  firstInputDelay: number;
  cumulativeLayoutShift: number;
  imageLoadTime: number;
  totalImages: number;
  loadedImages: number;
}

/** Thresholds (green below, otherwise yellow) of the admin spec's performance overlay. */
export const THRESHOLDS = { loadTime: 2000, firstContentfulPaint: 1500, largestContentfulPaint: 2500, imageLoadTime: 500 } as const;

const IMAGE = /\.(jpe?g|png|webp)(\?|$)/i;

export function measure(lcp: number): PerformanceMetrics {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const paint = performance.getEntriesByType('paint').find((p) => p.name === 'first-contentful-paint');
  const images = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => IMAGE.test(r.name));
  const loaded = images.filter((r) => r.transferSize > 0);
  return {
    loadTime: nav ? Math.round(nav.loadEventEnd - nav.startTime) : 0,
    firstContentfulPaint: paint ? Math.round(paint.startTime) : 0,
    largestContentfulPaint: Math.round(lcp),
    firstInputDelay: 0,
    cumulativeLayoutShift: 0,
    imageLoadTime: images.length ? Math.round(images.reduce((sum, r) => sum + r.duration, 0) / images.length) : 0,
    totalImages: images.length,
    loadedImages: loaded.length,
  };
}
