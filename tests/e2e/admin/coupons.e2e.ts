import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { adminPage, toast } from './admin-session.js';

describe('admin coupons', () => {
  const store = useStore();

  it('creates a coupon (refused first with the server’s message), edits, pauses and resumes it, and lists its uses', async () => {
    const { page } = await adminPage(store);
    await page.goto('/admin/coupons');
    await page.getByRole('button', { name: 'New Coupon' }).click();
    const form = page.getByRole('form', { name: 'Coupon' });
    await form.getByLabel('Code').fill('DIWALİ25'); // a dotless-i look-alike
    await form.getByLabel('Value').fill('25');
    await form.getByRole('button', { name: 'Save coupon' }).click();
    await form
      .getByRole('alert')
      .getByText(/only looks like a letter or digit/)
      .waitFor();
    await form.getByLabel('Code').fill('diwali25');
    await form.getByLabel('Total uses (optional)').fill('100');
    await form.getByLabel('Ends (IST, optional)').fill('2030-11-01T23:59:59');
    await form.getByRole('button', { name: 'Save coupon' }).click();
    await toast(page, 'Coupon created').waitFor();
    const row = page.getByTestId('coupon-DIWALI25');
    await row.getByText('25% off').waitFor();
    expect(await row.textContent()).toContain('1 Nov 2030, 11:59:59 pm IST');
    expect(await row.textContent()).toContain('0 / 100');

    await row.getByRole('button', { name: 'Edit' }).click();
    await form.getByLabel('Value').fill('30');
    await form.getByRole('button', { name: 'Save coupon' }).click();
    await toast(page, 'Coupon updated').waitFor();
    await row.getByText('30% off').waitFor();

    await row.getByRole('button', { name: 'Pause' }).click();
    await row.getByText('paused').waitFor();
    await row.getByRole('button', { name: 'Resume' }).click();
    await row.getByText('active').waitFor();
    await row.getByRole('button', { name: 'Uses' }).click();
    await page.getByText('Not used yet').waitFor();
  });
});
