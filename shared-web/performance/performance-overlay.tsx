import { useEffect, useState } from 'react';
import { measure, THRESHOLDS, type PerformanceMetrics } from './measure';

const enabled = () => typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('debug') === 'performance';

const noHydration = () => typeof window === 'undefined';

/**
 * Hidden debugging overlay of both apps: only with ?debug=performance; Ctrl+Shift+P toggles it. Data stays in the
 * browser. `isHydrating`: the storefront's, so a server-rendered page hydrates it as the server rendered it (hidden).
 */
export function PerformanceOverlay({ isHydrating = noHydration }: { isHydrating?: () => boolean } = {}) {
  const [active, setActive] = useState(() => !isHydrating() && enabled());
  useEffect(() => setActive(enabled()), []);
  const [visible, setVisible] = useState(true);
  const [metrics, setMetrics] = useState<PerformanceMetrics | null>(null);

  useEffect(() => {
    if (!active) return;
    let lcp = 0;
    let observer: PerformanceObserver | undefined;
    try {
      observer = new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        if (last) lcp = last.startTime;
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    } catch {
      /* not supported */
    }
    const run = () => setTimeout(() => setMetrics(measure(lcp)), 500);
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (document.readyState === 'complete') timer = run();
    else window.addEventListener('load', () => (timer = run()), { once: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey && e.shiftKey && (e.key === 'P' || e.key === 'p')) {
        e.preventDefault();
        setVisible((v) => !v);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      observer?.disconnect();
      clearTimeout(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, [active]);

  if (!active || !visible || !metrics) return null;
  const row = (label: string, value: number, limit: number) => (
    <li>
      <span className={`dot-indicator ${value < limit ? 'is-good' : 'is-warn'}`} aria-hidden="true" />
      {label}: <strong>{value} ms</strong>
    </li>
  );
  return (
    <aside className="perf-overlay" aria-label="Performance metrics" data-testid="performance-overlay">
      <div className="perf-overlay__head">
        <strong>Performance</strong>
        <button type="button" className="icon-button" aria-label="Close performance overlay" onClick={() => setVisible(false)}>
          ×
        </button>
      </div>
      <ul>
        {row('Page load', metrics.loadTime, THRESHOLDS.loadTime)}
        {row('First paint', metrics.firstContentfulPaint, THRESHOLDS.firstContentfulPaint)}
        {row('Largest paint', metrics.largestContentfulPaint, THRESHOLDS.largestContentfulPaint)}
        {row('Avg image load', metrics.imageLoadTime, THRESHOLDS.imageLoadTime)}
        <li>
          <span className={`dot-indicator ${metrics.loadedImages === metrics.totalImages ? 'is-good' : 'is-warn'}`} aria-hidden="true" />
          Images:{' '}
          <strong>
            {metrics.loadedImages}/{metrics.totalImages}
          </strong>
        </li>
      </ul>
    </aside>
  );
}
