/** Informational pages linked from the header and footer (content in info-content.ts, loaded with the page). */
export const INFO_PATHS = [
  '/help', '/contact', '/returns', '/faq', '/account', '/about', '/careers', '/gift-vouchers', '/community', '/terms',
  '/privacy', '/sitemap', '/newsletter', '/blog', '/stores', '/stores/mumbai', '/stores/pune', '/stores/bangalore', '/forgot-password',
] as const;
