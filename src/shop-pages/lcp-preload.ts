/**
 * The head of a server-rendered page asks for its LCP image first. The storefront marks the page's largest
 * above-the-fold image (`LazyImage priority`: the first hero or category slide, the product's main picture, the first
 * search result) with `fetchpriority="high"`; this finds that `<img>` in the rendered markup and writes
 * `<link rel="preload" as="image" fetchpriority="high">` for it, so the browser starts the download while it is still
 * reading the head instead of when the parser reaches the image.
 */
const PRIORITY_IMG = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/** The preload link for the first high-priority image of `appHtml` (attribute values stay as React escaped them), or null. */
export function lcpPreloadLink(appHtml: string): string | null {
  const tag = PRIORITY_IMG.exec(appHtml)?.[0];
  if (!tag) return null;
  const src = attribute(tag, 'src');
  if (!src) return null;
  const srcset = attribute(tag, 'srcset');
  const sizes = attribute(tag, 'sizes');
  return `<link rel="preload" as="image" href="${src}"${srcset ? ` imagesrcset="${srcset}"` : ''}${sizes ? ` imagesizes="${sizes}"` : ''} fetchpriority="high" />`;
}
