import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { adminPage } from './admin-session.js';

/** The performance overlay is shared behaviour: the dashboard has it too (?debug=performance, Ctrl+Shift+P). */
describe('admin: performance overlay', () => {
  const store = useStore({ seedDemo: false });

  it('shows the metrics with ?debug=performance, toggles with Ctrl+Shift+P, and stays hidden without it', async () => {
    const { page } = await adminPage(store);
    await page.goto('/admin?debug=performance');
    const overlay = page.getByTestId('performance-overlay');
    await overlay.getByText('Page load').waitFor();
    expect(await overlay.getByText(/Images: \d+\/\d+/).count()).toBe(1);
    await page.keyboard.press('Control+Shift+P');
    await overlay.waitFor({ state: 'detached' });
    await page.keyboard.press('Control+Shift+P');
    await overlay.waitFor();
    await page.goto('/admin');
    await page.getByText('Order Management').or(page.getByRole('heading').first()).first().waitFor();
    // The overlay shows 500 ms after the load event when it is on: wait until that moment has well passed.
    await page.waitForFunction(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return !!navigation && navigation.loadEventEnd > 0 && performance.now() > navigation.loadEventEnd + 1000;
    });
    expect(await overlay.count()).toBe(0);
    await page.context().close();
  });
});
