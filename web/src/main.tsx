import './styles/index.css';

/**
 * The storefront's entry, kept tiny. A server-rendered page is complete without JavaScript: the application (React,
 * the router, the query cache; ~130 KB compressed, a few hundred ms of main-thread work on a phone) is fetched and run
 * only once the page has loaded and painted, so it neither competes with the LCP image for the network nor holds
 * back the first paint. Hydration then makes the controls live (`<html data-hydrated>`). Client-rendered pages (an
 * empty shell: cart, checkout, orders, …) start it at once.
 */
const boot = () => void import('./boot');
const serverRendered = !!document.getElementById('ssr-data');

if (!serverRendered) boot();
else if (document.readyState === 'complete') afterPaint(boot);
else window.addEventListener('load', () => afterPaint(boot), { once: true });

/** After the next frame has been painted. */
function afterPaint(run: () => void) {
  requestAnimationFrame(() => setTimeout(run, 0));
}
