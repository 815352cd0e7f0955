import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.js';
import { createTestApp, loginAdmin, signUp, type TestContext, attemptSignUp } from '../../../tests/helpers/test-runtime.js';
import { customerStream } from './customer.js';
import { hashPassword } from './password.js';
import type { EventStore, StreamWrite } from '../../core/event-store.js';
import { changePassword, changeSessions } from './commands.js';
import { CredentialStore } from './credentials.js';
import { legacyRegistration } from './legacy-registration.fixture.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const hashesInLog = async () =>
  Number(
    (await ctx.runtime.pool.query<{ n: string }>(`select count(*) as n from events where data ? 'passwordHash' or data::text like '%scrypt$%'`)).rows[0]!.n,
  );

describe('credentials live outside the event log', () => {
  it('signup and a password change write no hash into any event; the credential store holds the current one', async () => {
    const before = await hashesInLog();
    const shopper = await signUp(ctx.app, { password: 'first-pass1' });
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: shopper.auth,
      payload: { currentPassword: 'first-pass1', newPassword: 'second-pass2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await hashesInLog()).toBe(before);
    const types = (await ctx.runtime.store.readStream(customerStream(shopper.user.id))).map((e) => e.type);
    expect(types).toEqual(['CustomerRegistered', 'PrivacyNoticeAccepted', 'PasswordChanged']);
    const row = await ctx.runtime.pool.query<{ password_hash: string }>('select password_hash from customer_credentials where customer_id = $1', [
      shopper.user.id,
    ]);
    expect(row.rows[0]!.password_hash).toMatch(/^scrypt\$/);
    expect((await login(shopper.email, 'first-pass1')).statusCode).toBe(401);
    expect((await login(shopper.email, 'second-pass2')).statusCode).toBe(200);
  });

  it('a failed signup (e-mail taken) leaves no credential row behind', async () => {
    const shopper = await signUp(ctx.app);
    const count = async () => Number((await ctx.runtime.pool.query<{ n: string }>('select count(*) as n from customer_credentials')).rows[0]!.n);
    const rows = await count();
    const again = await attemptSignUp(ctx.app, { email: shopper.email, full_name: 'Dup' });
    expect(again.statusCode).toBe(409);
    expect(await count()).toBe(rows);
  });

  it('an older log with hashes in its events: the migration moves them to the store, the audit export never emits them', async () => {
    const customerId = randomUUID();
    const email = `legacy-${customerId.slice(0, 8)}@example.in`;
    const legacyHash = await hashPassword('legacy-pass1');
    const now = new Date().toISOString();
    await ctx.runtime.store.appendMany(
      legacyRegistration({ customerId, email, passwordHash: legacyHash, registeredAt: now, fullName: 'Old Shopper', phone: '', address: '' }),
    );
    // As if this log had been written before migration 046: run it again.
    await ctx.runtime.pool.query("delete from schema_migrations where name = '046_customer_credentials.sql'");
    await ctx.runtime.pool.query('delete from customer_credentials where customer_id = $1', [customerId]);
    await migrate(ctx.runtime.pool);
    expect((await login(email, 'legacy-pass1')).statusCode).toBe(200);

    const admin = await loginAdmin(ctx.app);
    for (const format of ['ndjson', 'csv']) {
      const exported = await ctx.app.inject({ method: 'GET', url: `/api/admin/audit/export?format=${format}`, headers: admin.auth });
      expect(exported.statusCode).toBe(200);
      expect(exported.body).toContain(customerId);
      expect(exported.body).not.toContain(legacyHash);
      expect(exported.body).not.toMatch(/scrypt\$/);
      expect(exported.body).not.toMatch(/passwordHash"+:/);
    }
    const ndjson = (await ctx.app.inject({ method: 'GET', url: '/api/admin/audit/export', headers: admin.auth })).body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; data: { customerId?: string }; redacted?: string[] });
    expect(ndjson.find((e) => e.type === 'CustomerRegistered' && e.data.customerId === customerId)?.redacted).toEqual(['passwordHash']);
  });
});

describe('a password change racing another change of the account', () => {
  it("is decided again on the newer stream (the command pipeline retries), keeps the new hash and ends the other change's sessions too", async () => {
    const shopper = await signUp(ctx.app, { password: 'first-pass1' });
    const store = ctx.runtime.store;
    let raced = false;
    // Between the change's read and its append, the shopper signs out everywhere on another device.
    const racing = Object.create(store, {
      appendMany: {
        value: async (writes: StreamWrite[]) => {
          if (!raced) {
            raced = true;
            await changeSessions(store, shopper.user.id, { type: 'RevokeSessions', data: { reason: 'sign-out-everywhere', by: shopper.user.id } }, {});
          }
          return store.appendMany(writes);
        },
      },
    }) as EventStore;
    const changed = await changePassword(racing, new CredentialStore(ctx.runtime.pool), shopper.user.id, 'first-pass1', 'second-pass2', {});
    expect(raced).toBe(true);
    const types = (await store.readStream(customerStream(shopper.user.id))).map((e) => e.type);
    expect(types).toEqual(['CustomerRegistered', 'PrivacyNoticeAccepted', 'SessionsRevoked', 'PasswordChanged']);
    expect(changed.sessionVersion).toBe(2);
    expect((await login(shopper.email, 'second-pass2')).statusCode).toBe(200);
    expect((await login(shopper.email, 'first-pass1')).statusCode).toBe(401);
  });
});
