import type { ProductDto } from '../modules/catalogue/index.js';
import { escapeHtml, scriptJson } from './html-escape.js';
import { absoluteUrl, productPath } from './public-url.js';
import { formatINR as inr } from '../../shared-web/format/format.js';

export const SHOP_NAME = 'Anime Collectibles';
/** The titles the storefront's useDocumentTitle sets after hydration: the server writes the same. */
export const HOME_TITLE = 'Anime Collectibles — anime figures and keychains';
export const pageTitle = (title: string) => `${title} · ${SHOP_NAME}`;
/** What a share of a page without a picture of its own shows (web/public, 1200×630 as link previews want). */
export const DEFAULT_SHARE_IMAGE = '/og-image.png';
export const DEFAULT_DESCRIPTION = 'Anime Collectibles — authentic anime figures and keychains, delivered across India.';

export interface PageHead {
  title: string;
  description: string;
  /** Path of the one canonical URL (absolute in the HTML); none for pages that are not to be indexed. */
  canonical?: string;
  noindex?: boolean;
  og: { type: 'website' | 'product'; image?: string; price?: number };
  jsonLd: object[];
}

const clip = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};
const rupees = (n: number) => n.toFixed(2);

export const CATEGORY_PAGES = {
  'Anime Figures': { path: '/anime-figures', blurb: 'scale figures, chibis and statues' },
  Keychains: { path: '/keychains', blurb: 'charms for bags and keys' },
} as const;
export type CategoryName = keyof typeof CATEGORY_PAGES;

const breadcrumbs = (origin: string, items: { name: string; path: string }[]) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: origin + item.path })),
});

export function homeHead(origin: string): PageHead {
  return {
    title: HOME_TITLE,
    description: DEFAULT_DESCRIPTION,
    canonical: '/',
    og: { type: 'website' },
    jsonLd: [
      { '@context': 'https://schema.org', '@type': 'Organization', name: SHOP_NAME, url: `${origin}/`, logo: `${origin}/favicon.svg` },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: SHOP_NAME,
        url: `${origin}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

export function categoryHead(origin: string, category: CategoryName, total: number, image?: string): PageHead {
  const page = CATEGORY_PAGES[category];
  return {
    title: pageTitle(category),
    description: `Shop ${total} ${category.toLowerCase()} — ${page.blurb} — at Anime Collectibles, priced in rupees and delivered across India.`,
    canonical: page.path,
    og: { type: 'website', image: image ? absoluteUrl(origin, image) : undefined },
    jsonLd: [
      breadcrumbs(origin, [
        { name: 'Home', path: '/' },
        { name: category, path: page.path },
      ]),
    ],
  };
}

export function allProductsHead(origin: string, total: number, image?: string): PageHead {
  return {
    title: pageTitle('All Products'),
    description: `All ${total} anime figures and keychains at Anime Collectibles, priced in rupees and delivered across India.`,
    canonical: '/products',
    og: { type: 'website', image: image ? absoluteUrl(origin, image) : undefined },
    jsonLd: [
      breadcrumbs(origin, [
        { name: 'Home', path: '/' },
        { name: 'All Products', path: '/products' },
      ]),
    ],
  };
}

export function searchHead(origin: string, q: string, total: number): PageHead {
  return {
    title: pageTitle(`Search: ${q}`),
    description: `${total} ${total === 1 ? 'product' : 'products'} found for “${q}” at Anime Collectibles.`,
    canonical: `/search?q=${encodeURIComponent(q)}`,
    // Any text can be put in ?q= and shows in the title and heading: results pages stay out of search engines.
    noindex: true,
    og: { type: 'website' },
    jsonLd: [],
  };
}

export function productHead(origin: string, p: ProductDto): PageHead {
  const url = origin + productPath(p.id);
  const images = [p.image, ...p.images].filter((v, i, all) => !!v && all.indexOf(v) === i).map((i) => absoluteUrl(origin, i));
  const category = CATEGORY_PAGES[p.category as CategoryName];
  const product: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: clip(p.description || p.name, 5000),
    sku: p.id,
    url,
    category: p.category,
    brand: { '@type': 'Brand', name: SHOP_NAME },
    ...(images.length ? { image: images } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: rupees(p.price),
      priceCurrency: 'INR',
      availability: p.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
  if (p.reviews > 0) {
    product.aggregateRating = { '@type': 'AggregateRating', ratingValue: Number(p.rating.toFixed(1)), reviewCount: p.reviews, bestRating: 5, worstRating: 1 };
  }
  return {
    title: pageTitle(p.name),
    description: clip(`${p.name} — ${inr(p.price)}${p.in_stock ? '' : ' (out of stock)'}. ${p.description}`),
    canonical: productPath(p.id),
    og: { type: 'product', image: images[0], price: p.price },
    jsonLd: [
      product,
      breadcrumbs(origin, [
        { name: 'Home', path: '/' },
        category ? { name: p.category, path: category.path } : { name: 'All Products', path: '/products' },
        { name: p.name, path: productPath(p.id) },
      ]),
    ],
  };
}

export function notFoundHead(kind: 'product' | 'page'): PageHead {
  return {
    title: pageTitle(kind === 'product' ? 'Product Not Found' : 'Page not found'),
    description: DEFAULT_DESCRIPTION,
    noindex: true,
    og: { type: 'website' },
    jsonLd: [],
  };
}

/** The <head> tags of a page: title, description, canonical, Open Graph, Twitter card, JSON-LD. */
export function renderHead(origin: string, head: PageHead): string {
  const tags: string[] = [`<title>${escapeHtml(head.title)}</title>`];
  const meta = (attr: 'name' | 'property', key: string, content: string) => tags.push(`<meta ${attr}="${key}" content="${escapeHtml(content)}" />`);
  // Every page shares with a picture: its own, or the shop's.
  const image = head.og.image ?? absoluteUrl(origin, DEFAULT_SHARE_IMAGE);
  meta('name', 'description', head.description);
  if (head.noindex) meta('name', 'robots', 'noindex');
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(origin + head.canonical)}" />`);
  meta('property', 'og:site_name', SHOP_NAME);
  meta('property', 'og:type', head.og.type);
  meta('property', 'og:title', head.title);
  meta('property', 'og:description', head.description);
  if (head.canonical) meta('property', 'og:url', origin + head.canonical);
  meta('property', 'og:locale', 'en_IN');
  meta('property', 'og:image', image);
  if (head.og.price !== undefined) {
    meta('property', 'product:price:amount', rupees(head.og.price));
    meta('property', 'product:price:currency', 'INR');
  }
  meta('name', 'twitter:card', 'summary_large_image');
  meta('name', 'twitter:title', head.title);
  meta('name', 'twitter:description', head.description);
  meta('name', 'twitter:image', image);
  if (head.og.price !== undefined) {
    meta('name', 'twitter:label1', 'Price');
    meta('name', 'twitter:data1', inr(head.og.price));
  }
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}
