import { useEffect, useSyncExternalStore } from 'react';
import { openEarlyActions } from './early-actions';

/**
 * True while React hydrates the root of the server's HTML (the providers). State that the browser alone knows (a stored cart, the wishlist, the
 * window's width, a signed-in token) must start as the server rendered it and be read in an effect, or hydration
 * would not match; components mounted after hydration read it at once.
 */
let hydrating = false;

/** Also true on the server (no window): it renders what a hydrating browser first renders, a guest with nothing stored. */
export const isHydrating = () => hydrating || typeof window === 'undefined';

const subscribeNever = () => () => undefined;

/**
 * False on the server and while React hydrates this component (it may do so after the root, boundary by boundary),
 * true in every later render and in components mounted in the browser afterwards: React re-renders once with true
 * after hydration, without a mismatch. Used by the page content; the providers at the root use `isHydrating`.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * True from the start of hydration until the page area (RootLayout's `<main>`, a Suspense boundary React may hydrate
 * after the root) has hydrated: a component can read it in a state initialiser to know, without rendering twice, that
 * it mounted from the server's HTML rather than in the browser (useHydrated answers the same with a second render,
 * which React makes synchronous: one long task when it is a whole page).
 */
let pageHydrating = false;

export const isPageHydrating = () => pageHydrating || typeof window === 'undefined';

/** Rendered last inside the page area: its effect runs once the page's components have mounted (hydrated). */
export function PageHydrated() {
  useEffect(() => {
    pageHydrating = false;
    openEarlyActions();
  }, []);
  return null;
}

const afterHydration: (() => void)[] = [];

/**
 * Runs `task` once the page is hydrated and the browser is idle (at once if that has happened): work a shopper does
 * not see (the service worker's registration and its precache) stays out of the tasks that make the page live.
 */
export function whenHydratedAndIdle(task: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => task(), { timeout: 3000 }) : setTimeout(task, 200));
  if (document.documentElement.dataset.hydrated === 'true') idle();
  else afterHydration.push(idle);
}

export function beginHydration(): void {
  hydrating = true;
  pageHydrating = true;
}

/**
 * Rendered once at the root: its effect runs after every child's, when the hydrated tree has committed. It marks the
 * document `data-hydrated="true"`: from then on the server-rendered controls answer (the e2e harness waits for it
 * after each page load of a server-rendered page before it clicks anything).
 */
export function HydrationDone() {
  useEffect(() => {
    hydrating = false;
    document.documentElement.dataset.hydrated = 'true';
    // When the app started, for the browser's own timeline (and bench/storefront/first-tap.ts).
    performance.mark('app-started');
    for (const run of afterHydration.splice(0)) run();
  }, []);
  return null;
}
