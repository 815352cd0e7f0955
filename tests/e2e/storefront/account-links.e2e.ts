import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { useStore, type E2EContext } from '../harness.js';
import { eventually, loginStatus, openPage, signUpShopper, toast, uniqueEmail } from './shopper-session.js';

/** The link of the newest mail to `to` with this subject, read from the outbox's .eml files (the embedded default). */
async function mailedLink(store: E2EContext, to: string, subject: string, route: string): Promise<string> {
  const outbox = path.join(store.ctx.runtime.env.DATA_DIR, 'outbox');
  let link: string | null = null;
  await eventually(async () => {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const mail = await simpleParser(await readFile(path.join(outbox, file)));
      const found = new RegExp(`https?://[^\\s"<>]+(${route}\\?token=[\\w-]+)`).exec(mail.text ?? '');
      if (mail.to && JSON.stringify(mail.to).includes(to) && mail.subject === subject && found) link = found[1]!;
    }
    return link !== null;
  }).toBe(true);
  return link!;
}

describe('storefront: forgotten password and verified address, through the mail', () => {
  const store = useStore({ seedDemo: false });

  it('forgot → mail → reset → sign in with the new password; the old one and the used link are refused', async () => {
    const shopper = await signUpShopper(store, 'Kavya Menon');
    const page = await openPage(store.browser, store.baseUrl);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText('If an account exists for this e-mail, we have sent a link to reset the password.').waitFor();

    const link = await mailedLink(store, shopper.email, 'Reset your password', '/reset-password');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('password');
    await page.getByLabel('Confirm new password').fill('password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').getByText('This password is too common. Please choose another.').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('kavya-figures-26');
    await page.getByLabel('Confirm new password').fill('kavya-figures-26');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await toast(page, 'Password changed').waitFor();
    await page.waitForURL('**/login');

    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill('kavya-figures-26');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toast(page, 'Welcome back!').waitFor();
    expect(await loginStatus(store, shopper.email, shopper.password)).toBe(401);

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another-choice-7');
    await page.getByLabel('Confirm new password').fill('another-choice-7');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').getByText('This password reset link is invalid or has expired.').waitFor();
    await page.context().close();
  });

  it('an unknown address sees the same words', async () => {
    const page = await openPage(store.browser, store.baseUrl);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText('If an account exists for this e-mail, we have sent a link to reset the password.').waitFor();
    await page.context().close();
  });

  it('verify-email: the profile says not verified, the mailed link verifies, the profile then says verified', async () => {
    const shopper = await signUpShopper(store, 'Rohan Das');
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    await page.goto('/profile');
    await page.getByText('Not verified').waitFor();
    await page.getByRole('button', { name: 'Resend verification link' }).click();
    await toast(page, 'Verification link sent').waitFor();

    const link = await mailedLink(store, shopper.email, 'Verify your e-mail address', '/verify-email');
    await page.goto(link);
    await page.getByRole('status').getByText('Your e-mail address is verified.').waitFor();
    await page.goto('/profile');
    await page.getByText('Verified', { exact: true }).waitFor();
    await page.context().close();
  });
});
