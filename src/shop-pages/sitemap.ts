import { productPath } from './public-url.js';

/** The sitemaps protocol's limit per file (sitemaps.org): past it, /sitemap.xml becomes an index of parts. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapProduct {
  id: string;
  category: string;
  updated_at: string;
}

interface Entry {
  path: string;
  lastmod?: string;
}

/** Listing pages with public content; the two categories that have pages (Hot Wheels and Trending are "coming soon"). */
const CATEGORY_PAGES: Record<string, string> = { 'Anime Figures': '/anime-figures', Keychains: '/keychains' };

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const latest = (a: string | undefined, b: string) => (a === undefined || b > a ? b : a);

/** Every URL of the sitemap: home, all products, each category page (lastmod: its newest product change), each product. */
export function sitemapEntries(products: readonly SitemapProduct[]): Entry[] {
  let all: string | undefined;
  const byCategory = new Map<string, string>();
  for (const p of products) {
    all = latest(all, p.updated_at);
    if (CATEGORY_PAGES[p.category]) byCategory.set(p.category, latest(byCategory.get(p.category), p.updated_at));
  }
  return [
    { path: '/', lastmod: all },
    { path: '/products', lastmod: all },
    ...Object.entries(CATEGORY_PAGES).map(([category, path]) => ({ path, lastmod: byCategory.get(category) })),
    ...products.map((p) => ({ path: productPath(p.id), lastmod: p.updated_at })),
  ];
}

function urlset(origin: string, entries: Entry[]): string {
  const urls = entries.map((e) => `<url><loc>${xml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * /sitemap.xml and its parts. Up to `maxUrls` URLs it is one urlset; past that it is a sitemap index of
 * /sitemap-products-N.xml parts of at most `maxUrls` URLs each (the pages first, then the products, newest first).
 */
export function buildSitemap(origin: string, products: readonly SitemapProduct[], maxUrls = SITEMAP_MAX_URLS) {
  const entries = sitemapEntries(products);
  const parts = Math.ceil(entries.length / maxUrls);
  const part = (n: number) => entries.slice((n - 1) * maxUrls, n * maxUrls);
  return {
    parts: parts > 1 ? parts : 0,
    /** /sitemap.xml */
    root(): string {
      if (parts <= 1) return urlset(origin, entries);
      const items = Array.from({ length: parts }, (_, i) => {
        const lastmod = part(i + 1).reduce<string | undefined>((m, e) => (e.lastmod ? latest(m, e.lastmod) : m), undefined);
        return `<sitemap><loc>${xml(`${origin}/sitemap-products-${i + 1}.xml`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`;
      });
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
    },
    /** /sitemap-products-N.xml, or null when there is no such part. */
    part(n: number): string | null {
      if (parts <= 1 || !Number.isInteger(n) || n < 1 || n > parts) return null;
      return urlset(origin, part(n));
    },
  };
}
