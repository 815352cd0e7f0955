import type { Env } from '../config/env.js';

/** The origin absolute URLs (canonical, Open Graph, sitemap) are built on: PUBLIC_URL, else this server on localhost. */
export function publicOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}

/** An absolute URL for a path of the shop, or an image that may already be absolute (Cloudinary, Unsplash). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export const productPath = (id: string) => `/product/${encodeURIComponent(id)}`;
