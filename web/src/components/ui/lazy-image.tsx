import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { displayImageUrl, PLACEHOLDER_IMAGE, withCacheBust } from '@kit/images';

interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  alt: string;
  /** Above-the-fold images load at once: the server's HTML carries their src, and they show without a fade. */
  eager?: boolean;
  /**
   * The page's largest above-the-fold image (its LCP element): eager, `fetchpriority="high"`, and the server adds a
   * `<link rel="preload" as="image">` for it to the head (src/shop-pages/lcp-preload.ts finds it by this attribute).
   */
  priority?: boolean;
}

/** Loads 50 px before it enters the viewport; on error retries once with a cache-busting query, then shows the placeholder. */
export function LazyImage({ src, alt, eager: eagerProp = false, priority = false, className, ...rest }: LazyImageProps) {
  const eager = eagerProp || priority;
  const ref = useRef<HTMLImageElement>(null);
  const resolved = displayImageUrl(src);
  const [visible, setVisible] = useState(eager);
  const [current, setCurrent] = useState(resolved);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    setCurrent(resolved);
    setAttempt(0);
  }, [resolved]);

  useEffect(() => {
    if (visible) return;
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '50px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible]);

  const onError = () => {
    if (current === PLACEHOLDER_IMAGE) return;
    if (attempt === 0) {
      setAttempt(1);
      setCurrent(withCacheBust(resolved));
    } else {
      setCurrent(PLACEHOLDER_IMAGE);
    }
  };

  // A server-rendered image may fail before React hydrates and listens: its error event is gone, so look once.
  useEffect(() => {
    const node = ref.current;
    if (node?.getAttribute('src') && node.complete && node.naturalWidth === 0) onError();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for what happened before hydration
  }, []);

  return (
    <img
      ref={ref}
      src={visible ? current : undefined}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      onError={onError}
      onLoad={() => setLoaded(true)}
      // An eager image is painted as soon as it arrives, before any JavaScript runs (no fade from opacity 0: an
      // invisible image is not a contentful paint, and without JavaScript it would never appear).
      className={`${eager ? 'eager-image' : `lazy-image ${loaded ? 'is-loaded' : ''}`} ${className ?? ''}`}
      {...rest}
    />
  );
}
