import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../helpers/test-runtime.js';
import { eventCount } from './routes.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

// Both profile routes change the e-mail (storefront spec: PUT /auth/profile and PUT /user/profile).
describe.each(['/api/auth/profile', '/api/user/profile'])('PUT %s: changing the e-mail needs the current password', (url) => {
  const put = (auth: Record<string, string>, payload: object) => ctx.app.inject({ method: 'PUT', url, headers: auth, payload });

  it('refuses a token alone, and a wrong password, with 400 and changes nothing', async () => {
    const shopper = await signUp(ctx.app);
    const email = `new-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
    const before = await eventCount(ctx);
    for (const [payload, error] of [
      [{ email }, 'Current password is required to change email'],
      [{ email, currentPassword: '' }, 'Current password is required to change email'],
      [{ email, currentPassword: 'not-my-password', full_name: 'Changed Too' }, 'Current password is incorrect'],
    ] as const) {
      const response = await put(shopper.auth, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ success: false, error });
    }
    expect(await eventCount(ctx)).toBe(before);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: shopper.password } });
    expect(login.statusCode).toBe(401);
  });

  it('changes it with the right password; other fields, and the same e-mail, need none', async () => {
    const shopper = await signUp(ctx.app);
    const email = `moved-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
    expect((await put(shopper.auth, { full_name: 'Only The Name' })).statusCode).toBe(200);
    expect((await put(shopper.auth, { email: shopper.email.toUpperCase(), full_name: 'Same Mail' })).statusCode).toBe(200);
    const moved = await put(shopper.auth, { email, currentPassword: shopper.password });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().user.email).toBe(email);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: shopper.password } });
    expect(login.statusCode).toBe(200);
  });
});
