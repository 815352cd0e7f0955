import type { Page } from 'playwright-core';

/** One look at a carousel, recorded in the page each time its source or laid-out height changed. */
export interface CarouselLook {
  /** Which document load of the tab (1 for the first `goto`, 2 for the next…). */
  visit: number;
  path: string;
  /** The carousel's class name (`carousel--hero`). */
  name: string;
  source: string | null;
  /** Its laid-out height, rounded to whole pixels. */
  height: number;
  /** `<html data-hydrated>` at that moment: false for the server's HTML, true once React has the page. */
  hydrated: boolean;
}

const KEY = 'e2e-carousel-history';

/**
 * Records, in the browser itself, every source (`data-source`) and laid-out height each carousel of the page takes,
 * from the server's HTML as the parser inserts it, through hydration, to every later read: a MutationObserver for the
 * element and its attributes, a ResizeObserver for its height. Installed as an init script (before any page script)
 * and kept in sessionStorage, so a journey's navigations add up; read it back with `carouselHistory(page)`.
 */
export async function recordCarousels(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const visit = Number(sessionStorage.getItem(`${key}-visits`) ?? '0') + 1;
    sessionStorage.setItem(`${key}-visits`, String(visit));
    const last = new Map<Element, string>();
    const look = (element: Element) => {
      const entry = {
        visit,
        path: location.pathname,
        name: [...element.classList].find((c) => c.startsWith('carousel--')) ?? 'carousel',
        source: element.getAttribute('data-source'),
        height: Math.round(element.getBoundingClientRect().height),
        hydrated: document.documentElement.dataset.hydrated === 'true',
      };
      const seen = JSON.stringify([entry.source, entry.height]);
      if (last.get(element) === seen) return;
      last.set(element, seen);
      const history = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[];
      history.push(entry);
      sessionStorage.setItem(key, JSON.stringify(history));
    };
    const resized = new ResizeObserver((entries) => entries.forEach((e) => look(e.target)));
    const watch = (element: Element) => {
      if (!last.has(element)) resized.observe(element);
      look(element);
    };
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.type === 'attributes' && m.target instanceof Element && m.target.matches('section.carousel')) watch(m.target);
        for (const node of m.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches('section.carousel')) watch(node);
          node.querySelectorAll('section.carousel').forEach(watch);
        }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-source', 'style'] });
  }, KEY);
}

/** Every look `recordCarousels` recorded in this tab so far, in order. */
export async function carouselHistory(page: Page): Promise<CarouselLook[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as CarouselLook[], KEY);
}

/** The sources a visit's carousel showed, in order, each once per stretch (['server', 'fallback']). */
export const sourcesOf = (looks: CarouselLook[]) => looks.map((l) => l.source).filter((source, i, all) => i === 0 || all[i - 1] !== source);
