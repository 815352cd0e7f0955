import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptSignUp, createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const eventCount = async () => (await ctx.runtime.pool.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n;

/** Each renders as "Store Admin" (or "Store-Admin") in a list, an invoice or an e-mail. */
const LOOK_ALIKES = [
  ['soft hyphen', 'Store\u00ADAdmin'],
  ['Hangul filler', 'Store\u3164Admin'],
  ['Hangul choseong filler', 'Store\u115FAdmin'],
  ['combining grapheme joiner', 'Store \u034FAdmin'],
  ['blank Braille pattern', 'Store\u2800Admin'],
  ['line separator', 'Store\u2028Admin'],
  ['paragraph separator', 'Store\u2029Admin'],
] as const;

describe('names that show what they hold', () => {
  it.each(LOOK_ALIKES)('refuses a %s at signup, in the profile and in an admin product name, writing nothing', async (_what, name) => {
    const before = await eventCount();
    const signup = await attemptSignUp(ctx.app, { email: `n${Math.random()}@example.in`, full_name: name });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().error).toBe('Name contains control or invisible characters');

    const shopper = await signUp(ctx.app);
    const afterSignup = await eventCount();
    for (const url of ['/api/auth/profile', '/api/user/profile']) {
      const profile = await ctx.app.inject({ method: 'PUT', url, headers: shopper.auth, payload: { full_name: name } });
      expect(profile.statusCode, url).toBe(400);
      expect(profile.json().error).toBe('Name contains control or invisible characters');
    }
    const admin = await loginAdmin(ctx.app);
    const product = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.auth,
      payload: { name: `Naruto ${name}`, price: 499, category: 'Anime Figures', stock_quantity: 3 },
    });
    expect(product.statusCode).toBe(400);
    expect(product.json().error).toBe('Product name contains control or invisible characters');
    expect(await eventCount()).toBe(afterSignup);
    expect(afterSignup).toBeGreaterThan(before);
  });

  it('still takes names in any script, with their joiners', async () => {
    for (const full_name of ['ナルト 疾風伝', 'അനുഷ്‍ക', 'Asha Rao', '山田\u3000太郎']) {
      expect((await attemptSignUp(ctx.app, { email: `s${Math.random()}@example.in`, full_name })).statusCode, full_name).toBe(201);
    }
  });
});

describe('common passwords', () => {
  const TOO_COMMON = 'This password is too common. Please choose another.';

  it.each(['123456', 'password', 'qwerty', 'Password', 'iloveyou', '1qaz2wsx'])('refuses %j at signup with the message', async (password) => {
    const response = await attemptSignUp(ctx.app, { email: `p${Math.random()}@example.in`, password });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(TOO_COMMON);
  });

  it('keeps the 6-character rule first, and takes an uncommon password', async () => {
    const short = await attemptSignUp(ctx.app, { email: `p${Math.random()}@example.in`, password: '12345' });
    expect(short.json().error).toBe('Password must be at least 6 characters long');
    expect((await attemptSignUp(ctx.app, { email: `p${Math.random()}@example.in`, password: 'figure-shelf-9' })).statusCode).toBe(201);
  });

  it('refuses a common new password at change, and keeps the old one', async () => {
    const shopper = await signUp(ctx.app);
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: shopper.auth,
      payload: { currentPassword: shopper.password, newPassword: 'abc123' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().error).toBe(TOO_COMMON);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: shopper.email, password: shopper.password } });
    expect(login.statusCode).toBe(200);
  });
});
