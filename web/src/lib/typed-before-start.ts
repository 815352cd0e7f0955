import { isHydrating, isPageHydrating } from './hydration';

/**
 * The text a shopper typed into a server-rendered input (by its id) before the app started: React takes over the
 * input with its own state, which must start from what the box shows, or the two disagree. '' on the server and for
 * inputs rendered in the browser.
 */
export function typedBeforeStart(id: string): string {
  if (typeof document === 'undefined' || !(isHydrating() || isPageHydrating())) return '';
  const input = document.getElementById(id);
  return input instanceof HTMLInputElement ? input.value : '';
}
