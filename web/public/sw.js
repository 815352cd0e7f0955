/* Anime Collectibles service worker: caches the hashed build assets so repeat visits start fast.
   A new version waits until the page tells it to skip waiting (the update prompt). The build writes its id and
   asset list below (web/build/service-worker-build-id.ts), so every deploy is a new worker with its own cache. */
const BUILD_ID = 'dev';
const CACHE = `ac-assets-${BUILD_ID}`;

self.addEventListener('install', () => {
  // Stay in "waiting" while an older worker controls pages; the page asks the user first.
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
  if (event.data && event.data.type === 'GET_BUILD_ID' && event.ports[0]) event.ports[0].postMessage(BUILD_ID);
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  // Only content-hashed build files are cached: they never change under the same name.
  if (!url.pathname.startsWith('/assets/')) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(event.request);
      if (hit) return hit;
      const response = await fetch(event.request);
      if (response.ok) cache.put(event.request, response.clone());
      return response;
    }),
  );
});
