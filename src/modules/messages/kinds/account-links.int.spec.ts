import { render } from '@react-email/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../../tests/helpers/test-runtime.js';
import type { RecordedEvent } from '../../../core/event-store.js';
import type { ComposeContext } from '../kind.js';
import { emailVerification, passwordReset } from './account-links.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.in' } });
});
afterAll(async () => ctx?.close());

const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object });

async function eventOf(type: string, customerId: string): Promise<RecordedEvent> {
  for (let i = 0; i < 100; i++) {
    // The log's index answers sealed personal fields; the stream is read through the codec, as the pipeline reads.
    const found = (await ctx.runtime.store.findEvents({ types: [type], data: { customerId } })).at(-1);
    if (found) return (await ctx.runtime.store.readStream(found.streamId))[0]!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${type}`);
}

const context = (now = Date.now()): ComposeContext => ({ runtime: ctx.runtime, link: (path) => `https://shop.example.in${path}`, now });

describe('the account link messages', () => {
  it('mails the reset link built from the event; the link resets the password', async () => {
    const shopper = await signUp(ctx.app, { full_name: 'Meera Iyer' });
    await post('/api/auth/forgot-password', { email: shopper.email });
    const draft = await passwordReset.compose(await eventOf('PasswordResetRequested', shopper.user.id), context());
    expect(draft).toMatchObject({ to: { email: shopper.email, name: 'Meera Iyer' }, customerId: shopper.user.id, subject: 'Reset your password' });
    const html = await render(draft!.body);
    const link = /href="(https:\/\/shop\.example\.in\/reset-password\?token=([\w-]+))"/.exec(html);
    expect(link, html).not.toBeNull();
    expect(await render(draft!.body, { plainText: true })).toContain(link![1]);
    const reset = await post('/api/auth/reset-password', { token: link![2], password: 'mailed-link-7' });
    expect(reset.statusCode).toBe(200);
  });

  it('skips a reset link that expired before it could be sent', async () => {
    const shopper = await signUp(ctx.app);
    await post('/api/auth/forgot-password', { email: shopper.email });
    const event = await eventOf('PasswordResetRequested', shopper.user.id);
    expect(await passwordReset.compose(event, context(Date.now() + 31 * 60_000))).toBeNull();
  });

  it('mails the verification link at sign-up; the link verifies the address', async () => {
    const shopper = await signUp(ctx.app);
    const draft = await emailVerification.compose(await eventOf('EmailVerificationRequested', shopper.user.id), context());
    expect(draft?.subject).toBe('Verify your e-mail address');
    const token = /\/verify-email\?token=([\w-]+)/.exec(await render(draft!.body))![1];
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
  });
});
