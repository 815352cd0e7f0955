import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { useStore } from '../harness.js';
import { adminPage, screenshot, toast } from './admin-session.js';

const card = (page: Page, name: string) => page.getByTestId(`carousel-${name}`);

describe('admin carousels', () => {
  const store = useStore();

  it('creates and edits a carousel, adds, edits and deletes slides, and the storefront hero shows a new slide', async () => {
    const { page } = await adminPage(store);
    page.on('dialog', (d) => void d.accept());
    await page.goto('/admin/carousels');
    await page.getByText('Carousel Management').waitFor();
    const hero = card(page, 'hero');
    await hero.waitFor();
    const heroImage = await hero.getByTestId('slide-tile').first().locator('img').getAttribute('src');
    expect(heroImage).toBeTruthy();
    await screenshot(page, 'carousels');

    // Create a carousel with the defaults, then edit it.
    await page.getByRole('button', { name: 'Add Carousel' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Add New Carousel' }).waitFor();
    expect(await dialog.getByLabel('Interval (ms)').inputValue()).toBe('5000');
    expect(await dialog.getByLabel('Name *').getAttribute('placeholder')).toContain('hero, promo, anime-figures');
    await dialog.getByLabel('Name *').fill('summer-sale');
    await dialog.getByLabel('Title *').fill('Summer Sale');
    await dialog.getByRole('button', { name: 'Create Carousel' }).click();
    await toast(page, 'Carousel Created').waitFor();
    const summer = card(page, 'summer-sale');
    await summer.waitFor();
    expect(await summer.textContent()).toContain('Active');
    await summer.getByRole('button', { name: 'Edit', exact: true }).click();
    await dialog.getByRole('heading', { name: 'Edit Carousel' }).waitFor();
    await dialog.getByLabel('Interval (ms)').fill('6000');
    await dialog.getByLabel('Status').selectOption('inactive');
    await dialog.getByRole('button', { name: 'Update Carousel' }).click();
    await toast(page, 'Carousel Updated').waitFor();
    await expect.poll(() => summer.textContent()).toContain('Interval: 6000ms');
    expect(await summer.textContent()).toContain('Inactive');

    // Slides: the image is required; a slide without texts is an image-only banner.
    await summer.getByRole('button', { name: 'Add Slide' }).click();
    await dialog.getByRole('heading', { name: 'Add New Slide to Summer Sale' }).waitFor();
    expect(await dialog.getByLabel('Order').inputValue()).toBe('1');
    await dialog.getByRole('button', { name: 'Add Slide' }).click();
    await toast(page, 'Missing Information').filter({ hasText: 'Please provide an image for the slide.' }).waitFor();
    await dialog.getByLabel('Or image URL').fill(heroImage!);
    await dialog.getByLabel('Title', { exact: true }).fill('Summer Drop');
    await dialog.getByLabel('Subtitle').fill('Beach-ready figures');
    await dialog.getByRole('button', { name: 'Add Slide' }).click();
    await toast(page, 'Slide Added').waitFor();
    await summer.getByText('Summer Drop').waitFor();
    await summer.getByRole('button', { name: 'Add Slide' }).click();
    expect(await dialog.getByLabel('Order').inputValue()).toBe('2');
    await dialog.getByLabel('Or image URL').fill(heroImage!);
    await dialog.getByRole('button', { name: 'Add Slide' }).click();
    await toast(page, 'Slide Added').first().waitFor();
    await summer.getByText('Image only banner').waitFor();
    expect(await summer.textContent()).toContain('2 slides');

    await summer.getByRole('button', { name: 'Edit slide 1' }).click();
    await dialog.getByRole('heading', { name: 'Edit Slide in Summer Sale' }).waitFor();
    expect(await dialog.getByLabel('Title', { exact: true }).inputValue()).toBe('Summer Drop');
    await dialog.getByLabel('Title', { exact: true }).fill('Monsoon Drop');
    await dialog.getByRole('button', { name: 'Update Slide' }).click();
    await toast(page, 'Slide Updated').waitFor();
    await summer.getByText('Monsoon Drop').waitFor();

    await summer.getByRole('button', { name: 'Delete slide 2' }).click();
    await toast(page, 'Slide Deleted').filter({ hasText: 'Slide has been removed successfully.' }).waitFor();
    await expect.poll(() => summer.textContent()).toContain('1 slides');

    // A slide added to the hero carousel shows on the storefront's home page.
    // (uploading a picture through the slide modal; a lettered demo banner would hide the title on the storefront)
    const png = await sharp({ create: { width: 96, height: 48, channels: 3, background: '#c8102e' } })
      .png()
      .toBuffer();
    await hero.getByRole('button', { name: 'Add Slide' }).click();
    await dialog.getByLabel('Upload image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => dialog.getByLabel('Or image URL').inputValue()).toMatch(/^\/media\//);
    await dialog.getByAltText('Slide preview').waitFor();
    await dialog.getByLabel('Title', { exact: true }).fill('Admin Hero Banner');
    await dialog.getByLabel('Order').fill('1');
    await dialog.getByRole('button', { name: 'Add Slide' }).click();
    await toast(page, 'Slide Added').first().waitFor();
    const shop = await store.newPage();
    await shop.goto('/');
    await shop.getByText('Admin Hero Banner').first().waitFor({ state: 'attached', timeout: 10_000 });
    await shop.context().close();
    await page.context().close();
  });
});
