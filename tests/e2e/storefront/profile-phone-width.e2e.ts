import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { openPage, signUpShopper } from './shopper-session.js';

/** At a phone's 390 px the Profile's four tabs fit the row: the Orders tab is whole on screen, not cut off or scrolled away. */
describe('storefront: the Profile tabs at 390 px', () => {
  const store = useStore();

  it('every tab, Orders included, lies inside the viewport and the tab row does not scroll', async () => {
    const shopper = await signUpShopper(store, 'Ira Kulkarni');
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token, width: 390 });
    await page.goto('/profile');
    const orders = page.getByRole('tab', { name: 'Orders' });
    await orders.waitFor();
    const row = await page.getByRole('tablist', { name: 'Profile sections' }).evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(row.scroll, 'the tab row needs no horizontal scrolling').toBeLessThanOrEqual(row.client);
    for (const name of ['Profile', 'Addresses', 'Wishlist', 'Orders']) {
      const box = (await page.getByRole('tab', { name }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    await orders.click();
    await page.getByRole('tabpanel').waitFor();
    await page.context().close();
  });
});
