import './styles/index.css';
import { afterLargestPaint } from './lib/after-largest-paint';

/**
 * The storefront's entry, kept tiny. A server-rendered page is complete without JavaScript: the application (React,
 * the router, the query cache; ~130 KB compressed, a few hundred ms of main-thread work on a phone) is fetched and run
 * only once the page has loaded and its largest element has been painted (lib/after-largest-paint.ts), so it neither
 * competes with the LCP image for the network nor holds back its paint. Hydration then makes the controls live
 * (`<html data-hydrated>`). Client-rendered pages (an empty shell: cart, checkout, orders, …) start it at once.
 */
const boot = () => void import('./boot').then((app) => app.startApp());
const serverRendered = !!document.getElementById('ssr-data');
// A measuring switch, not a feature: `?app-start=dcl` starts the app as soon as the page is parsed (this module runs
// just before DOMContentLoaded), so bench/storefront/first-tap.ts can weigh the shorter dead window against LCP and
// TBT in one run. Pages render and cache without it (it is not one of their parameters). The figures and the choice:
// docs/decisions/0010-early-actions.md
const startAtOnce = new URLSearchParams(location.search).get('app-start') === 'dcl';

if (!serverRendered || startAtOnce) boot();
else if (document.readyState === 'complete') afterLargestPaint(boot);
else window.addEventListener('load', () => afterLargestPaint(boot), { once: true });
