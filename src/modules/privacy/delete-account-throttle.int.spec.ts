import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, NO_LIMITS, type Limits } from '../../config/limits.js';
import { createTestApp, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';

/**
 * DELETE /api/user/account checks the current password: it is throttled like sign-in, with the store's
 * real policy and an injected clock. The per-minute request budgets are lifted so that only the throttle answers 429.
 */
const clock = { now: Date.parse('2026-11-24T10:00:00Z') };
const limits: Partial<Limits> = { ...NO_LIMITS, authThrottle: DEFAULT_LIMITS.authThrottle };
const { account } = DEFAULT_LIMITS.authThrottle;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ limits, now: () => clock.now });
});
afterAll(async () => ctx?.close());

let addressCounter = 0;
/** A fresh client address each call: guesses spread over many addresses still count against the account. */
const anotherAddress = () => `198.51.100.${(addressCounter++ % 250) + 1}`;

describe('delete-account password check is throttled like sign-in', () => {
  it('wrong passwords count against the account (logins included): 429 with Retry-After, nothing erased; after the back-off the right password deletes', async () => {
    const victim = await signUp(ctx.app);
    const remove = (currentPassword: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: '/api/user/account',
        headers: victim.auth,
        remoteAddress: anotherAddress(),
        payload: { currentPassword, confirm: 'DELETE' },
      });
    const login = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: anotherAddress(), payload: { email: victim.email, password } });

    for (let i = 0; i < account.freeFailures + 1; i++)
      expect((await remove(`wrong-${i}`)).json()).toEqual({ success: false, error: 'Current password is incorrect' });
    const refused = await remove(victim.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, error: 'Too many requests' });
    expect(refused.headers['retry-after']).toBe(String(account.baseDelayMs / 1000));
    // The same account's sign-in waits too: a stolen token gives no second guessing budget; nothing was erased.
    expect((await login(victim.password)).statusCode).toBe(429);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: victim.auth })).statusCode).toBe(200);

    clock.now += account.baseDelayMs;
    const deleted = await remove(victim.password);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await login(victim.password)).statusCode).toBe(401);
  });

  it('failed logins count against the delete-account check of the same account', async () => {
    const victim = await signUp(ctx.app);
    for (let i = 0; i < account.freeFailures + 1; i++) {
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: anotherAddress(),
            payload: { email: victim.email, password: `guess-${i}` },
          })
        ).statusCode,
      ).toBe(401);
    }
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/user/account',
      headers: victim.auth,
      remoteAddress: anotherAddress(),
      payload: { currentPassword: victim.password, confirm: 'DELETE' },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
