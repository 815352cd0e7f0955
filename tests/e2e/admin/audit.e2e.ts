import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { codProduct, placeOrder, screenshot, shopper } from './admin-session.js';
import { loginAdmin } from '../../helpers/test-runtime.js';

const INDIA_OFFSET_MS = 5.5 * 3_600_000;
/** What a datetime-local input shows for an instant in India (no daylight saving time), to the second. */
const indiaWallClock = (ms: number) => new Date(ms + INDIA_OFFSET_MS).toISOString().slice(0, 19);
const indiaDate = (ms: number) => new Date(ms + INDIA_OFFSET_MS).toISOString().slice(0, 10);

describe('admin audit tools', () => {
  const store = useStore();

  it('shows an order as of a past moment, verifies the log, reconciles the month and exports its events', async () => {
    const buyer = await shopper(store);
    const { token } = await loginAdmin(store.ctx.app);
    const beforePlacing = Math.floor(Date.now() / 1000) * 1000 - 2000;
    const order = await placeOrder(store, buyer.token, await codProduct(store));
    const setStatus = async (status: string, extra: object = {}) => {
      const response = await fetch(`${store.baseUrl}/api/admin/orders/${order.id}/status`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ status, ...extra }),
      });
      expect(response.status, await response.text()).toBe(200);
    };
    await setStatus('confirmed');
    // The input is to the second: let a whole second pass between the two changes and stand "as of" on it.
    const between = Math.ceil((Date.now() + 1) / 1000) * 1000;
    await expect.poll(() => Date.now(), { interval: 50 }).toBeGreaterThanOrEqual(between + 300);
    await setStatus('shipped', { trackingNumber: 'TRK-AUDIT-0001' });

    // A browser in India: the "As of" value is read as India time, not UTC.
    const context = await store.browser.newContext({
      baseURL: store.baseUrl,
      viewport: { width: 1280, height: 900 },
      timezoneId: 'Asia/Kolkata',
      acceptDownloads: true,
    });
    await context.addInitScript((t) => window.localStorage.setItem('auth_token', t), token);
    const page = await context.newPage();
    await page.goto('/admin/orders');
    await page.getByRole('button', { name: `View order ${order.orderNumber}` }).click();
    const dialog = page.getByRole('dialog');
    const timeline = dialog.getByTestId('order-timeline');
    await expect.poll(async () => timeline.textContent()).toMatch(/confirmed → shipped/);
    expect(await dialog.getByText('Showing the order as it stands now.').count()).toBe(1);

    const asOf = dialog.getByLabel('As of');
    await asOf.fill(indiaWallClock(between));
    const snapshot = dialog.getByTestId('order-as-of');
    await snapshot.waitFor();
    await expect.poll(async () => dialog.getByTestId('order-as-of-events').textContent()).toBe('2 of 3 events');
    const shown = (await snapshot.textContent()) ?? '';
    expect(shown).toContain('Confirmed');
    expect(shown).not.toContain('Shipped');
    expect(shown).not.toContain('TRK-AUDIT-0001');
    expect(shown).toMatch(/cod · pending/);
    expect(await timeline.textContent()).toMatch(/pending → confirmed/);
    expect(await timeline.textContent()).not.toMatch(/shipped/);
    await screenshot(page, 'order-as-of');

    // Before the order existed: the server's 404 message, inline.
    await asOf.fill(indiaWallClock(beforePlacing));
    await expect
      .poll(async () => dialog.getByTestId('order-as-of-error').textContent())
      .toBe(`Order had not been placed by ${new Date(beforePlacing).toISOString()}`);
    expect(await snapshot.count()).toBe(0);

    // Now: back to the live timeline.
    await dialog.getByRole('button', { name: 'Now' }).click();
    await expect.poll(async () => timeline.textContent()).toMatch(/confirmed → shipped.*tracking TRK-AUDIT-0001/);
    expect(await snapshot.count()).toBe(0);
    expect(await asOf.inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // "This month" is read once, from the log: the page's clock stands at the order's last event (its cards take their
    // default window from it), so the order's events are in that window even when the real month (India time) turns
    // while the test runs, and the window the test checks is the one the page shows.
    const orderTimes = (
      await store.ctx.runtime.pool.query<{ placed: Date; last: Date }>(
        `select min(created_at) as placed, max(created_at) as last from events where stream_id = $1`,
        [`order-${order.id}`],
      )
    ).rows[0]!;
    await page.clock.setFixedTime(orderTimes.last);
    const month = { from: `${indiaDate(orderTimes.last.getTime()).slice(0, 8)}01`, to: indiaDate(orderTimes.last.getTime()) };
    // The order as a whole: from the first of the month it was placed in (the same month unless it straddled midnight).
    const orderWindow = { from: `${indiaDate(orderTimes.placed.getTime()).slice(0, 8)}01`, to: month.to };

    // Analytics: the audit cards (still six tabs).
    expect(await page.getByRole('tab').count()).toBe(6);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.waitForURL(/\/admin\/analytics$/);
    await page.getByRole('heading', { name: 'Audit' }).waitFor();
    await page.getByRole('button', { name: 'Verify event log' }).click();
    await expect
      .poll(async () => page.getByTestId('audit-verify').textContent(), { timeout: 15_000 })
      .toMatch(/^Every hash chain intact: [\d,]+ events in [\d,]+ streams$/);

    // An anchor to keep outside the store: every stream's chain head and their digest, as npm run audit reads it.
    const [anchorFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download anchor' }).click()]);
    expect(anchorFile.suggestedFilename()).toMatch(/^anchor-.*\.json$/);
    const anchor = JSON.parse(await readFile((await anchorFile.path())!, 'utf8')) as {
      digest: string;
      heads: { stream: string; version: number; hash: string }[];
    };
    expect(anchor.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(anchor.heads.find((h) => h.stream === `order-${order.id}`)).toMatchObject({ version: 2 });
    await page.getByTestId('audit-anchor').getByText(`Saved as ${anchorFile.suggestedFilename()}`).waitFor();

    const reconcile = page.getByRole('form', { name: 'Reconcile revenue' });
    expect(await reconcile.getByLabel('From').inputValue()).toBe(month.from);
    expect(await reconcile.getByLabel('To').inputValue()).toBe(month.to);
    const revenue = page.getByTestId('audit-revenue');
    // A window the server refuses: its message next to the form.
    await reconcile.getByLabel('From').fill('2026-03-02');
    await reconcile.getByLabel('To').fill('2026-03-01');
    await reconcile.getByRole('button', { name: 'Reconcile' }).click();
    await expect.poll(async () => revenue.getByRole('alert').textContent()).toBe('from must not be after to');
    await reconcile.getByLabel('From').fill(orderWindow.from);
    await reconcile.getByLabel('To').fill(orderWindow.to);
    await reconcile.getByRole('button', { name: 'Reconcile' }).click();
    await revenue.getByText('No difference').waitFor({ timeout: 15_000 });
    const fromEvents = await revenue.getByTestId('revenue-events').textContent();
    expect(fromEvents).toBe(await revenue.getByTestId('revenue-read-model').textContent());
    expect(fromEvents).toMatch(/^₹[\d,.]+ \([\d,]+ orders?\)$/);
    expect(fromEvents).not.toMatch(/^₹0 /); // the shipped order counts

    // Export: NDJSON of the month, one JSON line per event of the log in that window, in log order.
    const exporter = page.getByRole('form', { name: 'Export events' });
    expect(await exporter.getByLabel('Format').inputValue()).toBe('ndjson');
    expect(await exporter.getByLabel('From').inputValue()).toBe(month.from);
    expect(await exporter.getByLabel('To').inputValue()).toBe(month.to);
    await exporter.getByLabel('From').fill(orderWindow.from);
    const [download] = await Promise.all([page.waitForEvent('download'), exporter.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^events-.*\.ndjson$/);
    const text = await readFile((await download.path())!, 'utf8');
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { eventId: string; stream: string; type: string; hash: string });
    const inLog = (
      await store.ctx.runtime.pool.query<{ event_id: string }>(
        `select event_id::text from events where created_at >= $1::timestamptz and created_at < $2::timestamptz + interval '1 day'
          order by transaction_id, global_position`,
        [`${orderWindow.from}T00:00:00+05:30`, `${orderWindow.to}T00:00:00+05:30`],
      )
    ).rows.map((r) => r.event_id);
    expect(lines.map((l) => l.eventId)).toEqual(inLog);
    expect(lines.filter((l) => l.stream === `order-${order.id}`).map((l) => l.type)).toEqual(['OrderPlaced', 'OrderStatusChanged', 'OrderStatusChanged']);
    expect(lines.every((l) => /^[0-9a-f]{64}$/.test(l.hash))).toBe(true);
    await page.getByTestId('audit-export').getByText(`Saved as ${download.suggestedFilename()}`).waitFor();
    await screenshot(page, 'audit');

    // At 375 px the audit cards fit the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    const section = page.getByTestId('audit');
    expect(await section.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const box = await section.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await screenshot(page, 'audit-375');
    await context.close();
  });
});
