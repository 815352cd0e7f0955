/**
 * One chunk for the modules every shopper page runs before it is live: React, the query cache, the toast and menu
 * primitives, the API client, the providers and the product cards and lists the storefront pages share.
 *
 * Left to itself the bundler cuts them into a chunk per combination of pages that share them — about twenty requests
 * of 0.3–8 KB each on every page, each paying its own response headers (about 1.5 KB on this server) and round trip.
 * Together they are one request, and the bytes a page transfers go down (bench/storefront/bytes-per-page.ts).
 *
 * Not in it: the entry (main.tsx and what it imports: it must stay tiny, it runs at first paint), React DOM's client
 * (fetched and evaluated in a task of its own), each page's own route module and the early-actions replay (fetched
 * only when a tap was recorded). Private pages (cart, checkout, account) load this chunk too; most of it they need.
 */
const SHARED = [
  /node_modules[\\/](react|react-dom|scheduler|@tanstack|@radix-ui|@floating-ui|tslib|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|aria-hidden)[\\/]/,
  /[\\/]shared-web[\\/]/,
  /[\\/]src[\\/]contract[\\/]image-urls\.ts$/,
  /[\\/]web[\\/]src[\\/](lib|components[\\/]ui)[\\/]/,
  /[\\/]web[\\/]src[\\/]features[\\/]products[\\/](filters|list-state|use-list-state|pagination)\.ts$/,
  /[\\/]web[\\/]src[\\/]features[\\/]products[\\/]api[\\/](product-list|get-product)\.ts$/,
  /[\\/]web[\\/]src[\\/]features[\\/]products[\\/]components[\\/](product-card|product-grid|preorder-labels|result-count|product-browser|pagination)\.tsx$/,
];
const NOT_SHARED = [/react-dom[\\/]client|react-dom-client|scheduler/, /after-largest-paint/, /early-actions-replay/, /\.css$/];

export function inSharedChunk(id: string): boolean {
  return SHARED.some((re) => re.test(id)) && !NOT_SHARED.some((re) => re.test(id));
}

/**
 * What the entry shares with the rest: Vite's preload helper (the entry fetches the app's chunks with it) and the
 * bundler's runtime. A chunk of their own, so the entry never waits for the shared chunk.
 */
export function inStartChunk(id: string): boolean {
  return /preload-helper|rolldown[:\\/]runtime|after-largest-paint/.test(id);
}
