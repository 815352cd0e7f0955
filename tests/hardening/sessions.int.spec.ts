import { afterAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { GlobalPosition } from '../../src/core/event-store.js';
import { SESSION_ENDED } from '../../src/plugins/auth.js';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../helpers/test-runtime.js';

// Two instances (runtime + app each) on one PostgreSQL database, as behind the nginx of docker-compose.
const a = await createTestApp();
const b = await createTestApp({ databaseUrl: a.databaseUrl, env: { JWT_SECRET: a.runtime.env.JWT_SECRET! } });
afterAll(async () => {
  await b.close();
  await a.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profile = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
const stats = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(token) });
const post = (app: FastifyInstance, url: string, token: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

/** The customer's events (type, data, metadata) and the log position of the last one. */
async function customerEvents(ctx: TestContext, customerId: string) {
  const { rows } = await ctx.runtime.pool.query<{ type: string; data: Record<string, unknown>; metadata: Record<string, unknown>; tx: string; gp: string }>(
    `select type, data, metadata, transaction_id::text as tx, global_position::text as gp from events where stream_id = $1 order by stream_version`,
    [`customer-${customerId}`],
  );
  const last = rows[rows.length - 1]!;
  return { events: rows, position: { commit: BigInt(last.tx), prepare: BigInt(last.gp) } as GlobalPosition };
}

/** Holds the instance's session subscription back (it is behind the log) until the returned function is called. */
function holdSubscription(ctx: TestContext): () => void {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const registry = ctx.runtime.sessions as unknown as { follow(events: unknown[]): void };
  const original = registry.follow.bind(registry);
  const spy = vi.spyOn(registry, 'follow').mockImplementation(async (events: unknown[]) => {
    await gate;
    original(events);
  });
  return () => {
    release();
    spy.mockRestore();
  };
}

const expectEnded = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ success: false, error: SESSION_ENDED });
};

describe('revocable sessions', () => {
  it('logout ends only the token that signed out, and records SignedOut (who, when)', async () => {
    const shopper = await signUp(a.app);
    const phone = await login(a.app, shopper.email, shopper.password);
    const laptop = await login(b.app, shopper.email, shopper.password);
    expect((await profile(b.app, phone)).statusCode).toBe(200); // B knows the session before it ends

    const out = await post(a.app, '/api/auth/logout', phone);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Signed out successfully' });
    expectEnded(await profile(a.app, phone));
    expect((await profile(a.app, laptop)).statusCode).toBe(200);
    expect((await profile(a.app, shopper.token)).statusCode).toBe(200);

    const { events, position } = await customerEvents(a, shopper.user.id);
    const signedOut = events.find((e) => e.type === 'SignedOut')!;
    expect(signedOut.data).toMatchObject({
      customerId: shopper.user.id,
      by: shopper.user.id,
      at: expect.any(String),
      sessionId: expect.any(String),
      expiresAt: expect.any(String),
    });
    await b.runtime.sessions.waitFor(position);
    expectEnded(await profile(b.app, phone));
    expect((await profile(b.app, laptop)).statusCode).toBe(200);
    // A signed-out token cannot sign out again (nothing more is appended).
    expectEnded(await post(a.app, '/api/auth/logout', phone));
    expect((await customerEvents(a, shopper.user.id)).events.filter((e) => e.type === 'SignedOut')).toHaveLength(1);
  });

  it('logout-all ends every token of the user on both instances; signing in again works', async () => {
    const shopper = await signUp(a.app);
    const other = await signUp(a.app);
    const tokens = [shopper.token, await login(a.app, shopper.email, shopper.password), await login(b.app, shopper.email, shopper.password)];
    for (const token of tokens) expect((await profile(b.app, token)).statusCode).toBe(200);

    // The instance that appends refuses at once, even with its subscription behind.
    const release = holdSubscription(b);
    try {
      const out = await post(b.app, '/api/auth/logout-all', tokens[2]!);
      expect(out.statusCode).toBe(200);
      for (const token of tokens) expectEnded(await profile(b.app, token));
    } finally {
      release();
    }
    const { events, position } = await customerEvents(a, shopper.user.id);
    expect(events.find((e) => e.type === 'SessionsRevoked')?.data).toMatchObject({
      reason: 'sign-out-everywhere',
      by: shopper.user.id,
      at: expect.any(String),
    });
    await a.runtime.sessions.waitFor(position);
    for (const token of tokens) expectEnded(await profile(a.app, token));
    expect((await profile(a.app, other.token)).statusCode).toBe(200);

    const fresh = await login(a.app, shopper.email, shopper.password);
    expect((await profile(a.app, fresh)).statusCode).toBe(200);
    expect((await profile(b.app, fresh)).statusCode).toBe(200);
  });

  it('a password change on A refuses the old token on A at once and on B as soon as B has seen the event', async () => {
    const shopper = await signUp(a.app);
    const stolen = await login(a.app, shopper.email, shopper.password);
    expect((await profile(b.app, stolen)).statusCode).toBe(200); // B has the session in memory

    const changed = await a.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: shopper.auth,
      payload: { currentPassword: shopper.password, newPassword: 'brand-new-secret' },
    });
    expect(changed.statusCode).toBe(200);
    expectEnded(await profile(a.app, stolen));
    expectEnded(await profile(a.app, shopper.token));
    const { position } = await customerEvents(a, shopper.user.id);
    await b.runtime.sessions.waitFor(position);
    expectEnded(await profile(b.app, stolen));
    expectEnded(await profile(b.app, shopper.token));

    // The device that changed the password got a new token, good on both instances.
    const renewed = changed.json().token as string;
    expect((await profile(a.app, renewed)).statusCode).toBe(200);
    expect((await profile(b.app, renewed)).statusCode).toBe(200);
  });

  it('a token newer than what an instance knows is checked against the log there (no wait for the subscription)', async () => {
    const shopper = await signUp(a.app);
    expect((await profile(b.app, shopper.token)).statusCode).toBe(200);
    // Hold B's subscription back: B's memory still has the old session version when the new token arrives.
    const release = holdSubscription(b);
    try {
      const changed = await a.app.inject({
        method: 'PUT',
        url: '/api/auth/change-password',
        headers: shopper.auth,
        payload: { currentPassword: shopper.password, newPassword: 'another-secret' },
      });
      const renewed = changed.json().token as string;
      expect((await profile(b.app, renewed)).statusCode).toBe(200);
      // Having read the log for it, B refuses the old token too.
      expectEnded(await profile(b.app, shopper.token));
    } finally {
      release();
    }
  });

  it('a demoted admin is refused on admin routes at once (403), whatever the token says; promotion works the same way', async () => {
    const admin = await loginAdmin(a.app);
    const staff = await signUp(a.app);
    expect((await stats(a.app, staff.token)).statusCode).toBe(403);

    const promote = await a.app.inject({ method: 'PUT', url: `/api/admin/users/${staff.user.id}/role`, headers: admin.auth, payload: { role: 'admin' } });
    expect(promote.statusCode).toBe(200);
    // The token was issued to a shopper; the role comes from the account's state now.
    expect((await stats(a.app, staff.token)).statusCode).toBe(200);
    const staffLogin = await login(b.app, staff.email, staff.password);
    expect((await stats(b.app, staffLogin)).statusCode).toBe(200);
    expect((await profile(b.app, staffLogin)).json().user).toMatchObject({ role: 'admin', isAdmin: true });

    const demote = await a.app.inject({ method: 'PUT', url: `/api/admin/users/${staff.user.id}/role`, headers: admin.auth, payload: { role: 'customer' } });
    expect(demote.statusCode).toBe(200);
    const refused = await stats(a.app, staffLogin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: 'Admin access required' });
    const { events, position } = await customerEvents(a, staff.user.id);
    expect(events.filter((e) => e.type === 'RoleChanged').map((e) => e.data)).toEqual([
      expect.objectContaining({ from: 'customer', to: 'admin', by: admin.user.id }),
      expect.objectContaining({ from: 'admin', to: 'customer', by: admin.user.id }),
    ]);
    await b.runtime.sessions.waitFor(position);
    expect((await stats(b.app, staffLogin)).statusCode).toBe(403);
    expect((await a.runtime.pool.query('select role from customers where id = $1', [staff.user.id])).rows[0].role).toBe('customer');
  });

  it('an admin can sign a user out everywhere (SessionsRevoked by the admin); admins cannot change their own role', async () => {
    const admin = await loginAdmin(a.app);
    const shopper = await signUp(a.app);
    const second = await login(b.app, shopper.email, shopper.password);
    expect((await post(a.app, `/api/admin/users/${shopper.user.id}/sign-out`, shopper.token)).statusCode).toBe(403);

    const out = await post(a.app, `/api/admin/users/${shopper.user.id}/sign-out`, admin.token);
    expect(out.statusCode).toBe(200);
    expectEnded(await profile(a.app, shopper.token));
    expectEnded(await profile(a.app, second));
    const { events } = await customerEvents(a, shopper.user.id);
    expect(events.find((e) => e.type === 'SessionsRevoked')?.data).toMatchObject({ reason: 'admin', by: admin.user.id });

    const unknown = await post(a.app, '/api/admin/users/00000000-0000-4000-8000-000000000000/sign-out', admin.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: 'User not found' });
    const self = await a.app.inject({ method: 'PUT', url: `/api/admin/users/${admin.user.id}/role`, headers: admin.auth, payload: { role: 'customer' } });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ success: false, error: 'You cannot change your own role' });
    expect((await stats(a.app, admin.token)).statusCode).toBe(200);
  });

  it('checking a known session reads nothing from the database', async () => {
    const shopper = await signUp(a.app);
    // The verification mail a signup causes reads the customer's stream once when it is composed: let it go first.
    await expect
      .poll(async () => {
        const { rows } = await a.runtime.pool.query<{ done: boolean }>(
          `select state in ('sent', 'failed', 'skipped') as done from message_outbox where customer_id = $1 and kind = 'email-verification'`,
          [shopper.user.id],
        );
        return rows.length > 0 && rows.every((r) => r.done);
      })
      .toBe(true);
    const publicRead = () => a.app.inject({ method: 'GET', url: '/api/products?limit=1', headers: shopper.auth });
    expect((await publicRead()).statusCode).toBeLessThan(500);
    const reads = vi.spyOn(a.runtime.store, 'readStream');
    try {
      for (let i = 0; i < 20; i++) await publicRead();
      expect(reads.mock.calls.filter(([stream]) => stream === `customer-${shopper.user.id}`)).toHaveLength(0);
    } finally {
      reads.mockRestore();
    }
  });
});
