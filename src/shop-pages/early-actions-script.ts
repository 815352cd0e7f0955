import { createHash } from 'node:crypto';

/**
 * The storefront's first script, inline at the top of every page's body: it makes the server-rendered controls answer
 * before the application has started (docs/decisions/0010-early-actions.md).
 *
 * Until `<html data-hydrated="true">` (set once React has hydrated the page):
 * - a click on an element marked `data-early="<action>"` (Add to Cart, Buy Now, the wishlist heart, Load More) is
 *   kept in `window.__earlyActions` as `{ action, productId, quantity }`, the element marked `aria-busy` and
 *   `data-early-queued` at once (the shopper sees the tap was taken); the application carries each one out exactly
 *   once when it starts (web/src/lib/early-actions.ts), with the spec's toast and badge. `quantity` is the value of
 *   the `[data-early-quantity]` select in the same `[data-early-scope]`, when there is one.
 * - a change of a select inside a `form[data-early-submit]` submits that GET form (price range, sort): the server
 *   renders the URL it leads to. Search boxes and the grid/list toggle are plain GET forms and links, which need no script.
 * - a form sent or a link followed on this site marks `<html data-navigating>` at once: the stylesheet draws a
 *   progress bar until the next page paints (a slow network's round trip is otherwise a dead moment).
 *
 * Plain ES5 with no dependency, small enough to sit inline; the CSP lists its hash (EARLY_ACTIONS_SCRIPT_HASH).
 */
export const EARLY_ACTIONS_SCRIPT = `(function(){var d=document,q=window.__earlyActions=window.__earlyActions||[];
function live(){return d.documentElement.getAttribute('data-hydrated')==='true'}
d.addEventListener('click',function(e){if(live())return;var t=e.target,el=t&&t.closest?t.closest('[data-early]'):null;if(!el||el.disabled)return;
e.preventDefault();e.stopPropagation();var s=el.closest('[data-early-scope]'),n=s&&s.querySelector('[data-early-quantity]');
q.push({action:el.getAttribute('data-early'),productId:el.getAttribute('data-product-id')||'',quantity:n?Number(n.value)||1:1,at:Date.now()});
el.setAttribute('aria-busy','true');el.setAttribute('data-early-queued','true')},true);
d.addEventListener('change',function(e){if(live())return;var t=e.target,f=t&&t.form;if(t.tagName==='SELECT'&&f&&f.hasAttribute('data-early-submit')){if(f.requestSubmit)f.requestSubmit();else f.submit()}},true);
function going(){if(!live())d.documentElement.setAttribute('data-navigating','true')}
d.addEventListener('submit',going);d.addEventListener('click',function(e){var a=e.target&&e.target.closest?e.target.closest('a[href]'):null;if(a&&!e.defaultPrevented&&!a.target&&a.origin===location.origin)going()});
addEventListener('pageshow',function(){d.documentElement.removeAttribute('data-navigating')})})();`;

/** The CSP source that allows exactly this script (`script-src 'sha256-…'`). */
export const EARLY_ACTIONS_SCRIPT_HASH = `'sha256-${createHash('sha256').update(EARLY_ACTIONS_SCRIPT).digest('base64')}'`;

/** The page template with the script as the body's first element, so it listens before any control is painted. */
export function withEarlyActionsScript(html: string): string {
  return html.replace(/<body([^>]*)>/, (open) => `${open}\n    <script>${EARLY_ACTIONS_SCRIPT}</script>`);
}
