/** Paths a crawler has no business in: private pages and the JSON API (storefront spec's page list). */
export const DISALLOWED = ['/admin', '/cart', '/checkout', '/orders', '/profile', '/wishlist', '/api/'] as const;

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
