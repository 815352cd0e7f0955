import { useState, type ReactNode } from 'react';
import { displayImageUrl, withCacheBust } from '@kit/images';

/** An image that, when it fails, retries once with a cache-busting query and then shows the fallback instead of a broken icon. */
export function FallbackImage({
  src,
  alt,
  className,
  fallback,
  loading = 'lazy',
}: {
  src: string;
  alt: string;
  className?: string;
  fallback: ReactNode;
  loading?: 'lazy' | 'eager';
}) {
  const url = displayImageUrl(src);
  const [failure, setFailure] = useState<{ url: string; retryUrl: string | null } | null>(null);
  // A new src starts over.
  const current = failure?.url === url ? failure : null;
  if (current && current.retryUrl === null) return <>{fallback}</>;
  return (
    <img
      className={className}
      src={current?.retryUrl ?? url}
      alt={alt}
      loading={loading}
      onError={() => setFailure(current ? { url, retryUrl: null } : { url, retryUrl: withCacheBust(url) })}
    />
  );
}
