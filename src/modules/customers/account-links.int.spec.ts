import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { DEFAULT_LIMITS } from '../../config/limits.js';
import { linkKey, linkToken, tokenHash, type LinkPurpose } from './account-links.js';
import { FORGOT_PASSWORD_MESSAGE } from './account-links-api.js';

let clock = Date.parse('2026-11-28T06:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
});
afterAll(async () => ctx?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

/** The token of the newest link of this kind mailed to `customerId`, derived from its event as the mail is built. */
async function mailedToken(purpose: LinkPurpose, customerId: string): Promise<string> {
  const type = purpose === 'password-reset' ? 'PasswordResetRequested' : 'EmailVerificationRequested';
  for (let i = 0; i < 100; i++) {
    const events = await ctx.runtime.store.findEvents({ types: [type], data: { customerId } });
    const last = events.at(-1);
    if (last) return linkToken(linkKey(ctx.runtime.jwtSecret), purpose, (last.data as { requestId: string }).requestId);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${type} for ${customerId}`);
}

const eventCount = async () => (await ctx.runtime.pool.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n;

describe('POST /api/auth/forgot-password', () => {
  it('answers the same 200 for an account and for an unknown address; only the account gets a link', async () => {
    const shopper = await signUp(ctx.app);
    const known = await post('/api/auth/forgot-password', { email: shopper.email.toUpperCase() });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody-here@example.in' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: FORGOT_PASSWORD_MESSAGE });
    expect(unknown.body).toBe(known.body);
    expect(await mailedToken('password-reset', shopper.user.id)).toMatch(/^[\w-]{43}$/);
  });

  it('keeps only hashes in the log: neither the token nor its stream name holds it in clear', async () => {
    const shopper = await signUp(ctx.app);
    await post('/api/auth/forgot-password', { email: shopper.email });
    const token = await mailedToken('password-reset', shopper.user.id);
    const { rows } = await ctx.runtime.pool.query<{ stream_id: string; data: string }>(
      "select stream_id, data::text as data from events where type = 'PasswordResetRequested'",
    );
    expect(rows.some((r) => r.stream_id === `password-reset-${tokenHash(token)}`)).toBe(true);
    expect(rows.every((r) => !r.stream_id.includes(token) && !r.data.includes(token))).toBe(true);
    // The address is sealed with the shopper's key like every other personal field.
    expect(rows.every((r) => !r.data.includes(shopper.email))).toBe(true);
  });

  it('does the account lookup after answering: the answer is on the same path whether or not the account exists', async () => {
    const shopper = await signUp(ctx.app);
    const before = await eventCount();
    const store = ctx.runtime.store;
    const original = store.appendMany.bind(store);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    store.appendMany = async (writes) => {
      await held;
      return original(writes);
    };
    try {
      const answered = await post('/api/auth/forgot-password', { email: shopper.email });
      expect(answered.statusCode).toBe(200);
      expect(await eventCount()).toBe(before); // answered while the link's append was still held back
    } finally {
      store.appendMany = original;
      release();
    }
    await mailedToken('password-reset', shopper.user.id);
  });

  it('refuses a malformed address with 400', async () => {
    const response = await post('/api/auth/forgot-password', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'Please enter a valid email address' });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every session, and works once', async () => {
    const shopper = await signUp(ctx.app);
    const second = await post('/api/auth/login', { email: shopper.email, password: shopper.password });
    await post('/api/auth/forgot-password', { email: shopper.email });
    const token = await mailedToken('password-reset', shopper.user.id);

    const reset = await post('/api/auth/reset-password', { token, password: 'new-figure-42' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true });

    for (const auth of [shopper.auth, { authorization: `Bearer ${second.json().token}` }]) {
      const profile = await ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: auth });
      expect(profile.statusCode).toBe(401);
    }
    expect((await post('/api/auth/login', { email: shopper.email, password: shopper.password })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: shopper.email, password: 'new-figure-42' })).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, password: 'another-one-77' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, error: 'This password reset link is invalid or has expired.' });
    expect((await post('/api/auth/login', { email: shopper.email, password: 'new-figure-42' })).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous uses through', async () => {
    const shopper = await signUp(ctx.app);
    await post('/api/auth/forgot-password', { email: shopper.email });
    const token = await mailedToken('password-reset', shopper.user.id);
    const [a, b] = await Promise.all([
      post('/api/auth/reset-password', { token, password: 'first-choice-1' }),
      post('/api/auth/reset-password', { token, password: 'second-choice-2' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const winner = a.statusCode === 200 ? 'first-choice-1' : 'second-choice-2';
    expect((await post('/api/auth/login', { email: shopper.email, password: winner })).statusCode).toBe(200);
  });

  it('refuses a link after 30 minutes, and leaves the password as it was', async () => {
    const shopper = await signUp(ctx.app);
    await post('/api/auth/forgot-password', { email: shopper.email });
    const token = await mailedToken('password-reset', shopper.user.id);
    clock += 30 * 60_000;
    try {
      const late = await post('/api/auth/reset-password', { token, password: 'too-late-99' });
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toBe('This password reset link is invalid or has expired.');
    } finally {
      clock -= 30 * 60_000;
    }
    expect((await post('/api/auth/login', { email: shopper.email, password: shopper.password })).statusCode).toBe(200);
  });

  it('refuses a link once the password was changed another way since it was mailed', async () => {
    const shopper = await signUp(ctx.app);
    await post('/api/auth/forgot-password', { email: shopper.email });
    const token = await mailedToken('password-reset', shopper.user.id);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: shopper.auth,
      payload: { currentPassword: shopper.password, newPassword: 'changed-myself-5' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token, password: 'from-the-link-6' })).statusCode).toBe(400);
  });

  it.each([
    [{ token: 'x'.repeat(43), password: 'good-password-1' }, 'This password reset link is invalid or has expired.'],
    [{ password: 'good-password-1' }, 'This password reset link is invalid or has expired.'],
    [{ token: 'x', password: '12345' }, 'Password must be at least 6 characters long'],
    [{ token: 'x', password: 'password' }, 'This password is too common. Please choose another.'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const before = await eventCount();
    const response = await post('/api/auth/reset-password', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: message });
    expect(await eventCount()).toBe(before);
  });
});

describe('verified e-mail addresses', () => {
  it('mails a link at sign-up; opening it marks the address verified in the profile; resend says so', async () => {
    const shopper = await signUp(ctx.app);
    const profile = async () => (await ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: shopper.auth })).json().user;
    expect((await profile()).emailVerified).toBe(false);
    const token = await mailedToken('email-verification', shopper.user.id);
    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect((await profile()).emailVerified).toBe(true);
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    const resend = await post('/api/auth/verify-email/resend', {}, shopper.auth);
    expect(resend.json()).toEqual({ success: true, message: 'Your e-mail address is already verified.' });
  });

  it('resends on request; a link to an address the shopper has since left verifies nothing', async () => {
    const shopper = await signUp(ctx.app);
    const resend = await post('/api/auth/verify-email/resend', {}, shopper.auth);
    expect(resend.json()).toEqual({ success: true, message: 'We have sent a verification link to your e-mail address.' });
    const oldLink = await mailedToken('email-verification', shopper.user.id);
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: shopper.auth,
      payload: { email: `moved-${shopper.email}`, currentPassword: shopper.password },
    });
    expect(moved.statusCode).toBe(200);
    const refused = await post('/api/auth/verify-email', { token: oldLink });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('This verification link is invalid or has expired.');
    expect((await post('/api/auth/verify-email', { token: 'not-a-token' })).statusCode).toBe(400);
  });

  it('needs a signed-in shopper to resend', async () => {
    expect((await post('/api/auth/verify-email/resend', {})).statusCode).toBe(401);
  });
});

describe('throttling reset links like sign-in', () => {
  let throttled: TestContext;
  beforeAll(async () => {
    throttled = await createTestApp({ limits: { authThrottle: DEFAULT_LIMITS.authThrottle } });
  });
  afterAll(async () => throttled?.close());

  it('slows an address down after its free requests with 429 and Retry-After, and does not slow its sign-in', async () => {
    const shopper = await signUp(throttled.app);
    const ask = () => throttled.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: shopper.email } });
    const free = DEFAULT_LIMITS.authThrottle.account.freeFailures;
    for (let i = 0; i < free + 1; i++) expect((await ask()).statusCode).toBe(200);
    const slowed = await ask();
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    const login = await throttled.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: shopper.email, password: shopper.password } });
    expect(login.statusCode).toBe(200);
  });

  it('slows an unknown address down exactly the same way', async () => {
    const ask = () => throttled.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ghost@example.in' } });
    const free = DEFAULT_LIMITS.authThrottle.account.freeFailures;
    for (let i = 0; i < free + 1; i++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });
});
