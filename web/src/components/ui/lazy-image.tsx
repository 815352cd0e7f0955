import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { displayImageUrl, PLACEHOLDER_IMAGE, withCacheBust } from '@kit/images';
import { IMAGE_SIZES, responsiveSrcSet } from '../../lib/responsive-images';

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
  /**
   * How wide the image is drawn (the `sizes` attribute, IMAGE_SIZES): with the `srcset` of resized copies
   * (lib/responsive-images.ts) the browser downloads the smallest copy that fills it. Default: the full viewport.
   */
  sizes?: string;
  /** No src until the image is about to be seen (IntersectionObserver), then a fade-in: for carousel slides. */
  untilVisible?: boolean;
}

/**
 * An image with its `src` (and `srcset`) in the server's HTML, loaded by the browser's own lazy loading
 * (`loading="lazy"`) unless eager, so cards below the fold appear without waiting for the app. `untilVisible` images
 * (carousel slides after the first, which native lazy loading would fetch at once: they sit beside the viewport) get
 * their src only 50 px before they scroll or slide into view, and fade in. On error: one retry with a cache-busting
 * query, then the placeholder.
 */
export function LazyImage({
  src,
  alt,
  eager: eagerProp = false,
  priority: priorityProp = false,
  sizes = IMAGE_SIZES.fullWidth,
  untilVisible = false,
  className,
  ...rest
}: LazyImageProps) {
  const resolved = displayImageUrl(src);
  // No high priority for the placeholder drawing (a product without a picture): a small local file, and too little
  // detail for Chrome to count it as the largest paint at a large size (the product page's gallery), so the app's
  // start (lib/after-largest-paint.ts) would wait for an LCP entry naming it that never comes. It stays eager.
  const priority = priorityProp && resolved !== PLACEHOLDER_IMAGE;
  const eager = eagerProp || priorityProp;
  const observed = untilVisible && !eager;
  const ref = useRef<HTMLImageElement>(null);
  const [visible, setVisible] = useState(!observed);
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

  // A server-rendered image may load or fail before React hydrates and listens: those events are gone, so look once.
  useEffect(() => {
    const node = ref.current;
    if (node?.getAttribute('src') && node.complete) {
      if (node.naturalWidth === 0) onError();
      else setLoaded(true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for what happened before hydration
  }, []);

  // The resized copies only for the image as stored: a retry (cache-busting query) or the placeholder goes by src alone.
  const srcSet = visible && current === resolved ? responsiveSrcSet(current) : undefined;

  return (
    <img
      ref={ref}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      src={visible ? current : undefined}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      onError={onError}
      onLoad={() => setLoaded(true)}
      // An eager image is painted as soon as it arrives, before any JavaScript runs (no fade from opacity 0: an
      // invisible image is not a contentful paint, and without JavaScript it would never appear).
      // Only an image that gets its src from JavaScript fades in (`lazy-image` starts at opacity 0).
      className={`${observed ? `lazy-image ${loaded ? 'is-loaded' : ''}` : 'eager-image'} ${className ?? ''}`}
      {...rest}
    />
  );
}
