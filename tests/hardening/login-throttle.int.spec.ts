import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, NO_LIMITS, type Limits } from '../../src/config/limits.js';
import { createTestApp, signUp, type TestContext } from '../helpers/test-runtime.js';

/**
 * Sign-in throttling (OWASP ASVS 4 2.2.1 / NIST SP 800-63B 5.2.2) with the store's real policy and an
 * injected clock: failures slow an account down whatever the address and an address whatever the account, a correct
 * password gets in once the back-off is over, and nothing locks for good. The per-minute request budgets are lifted
 * here so that only the throttle answers 429.
 */
const clock = { now: Date.parse('2026-11-23T10:00:00Z') };
const advance = (ms: number) => (clock.now += ms);
const limits: Partial<Limits> = { ...NO_LIMITS, authThrottle: DEFAULT_LIMITS.authThrottle };
const { account, address } = DEFAULT_LIMITS.authThrottle;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ limits, now: () => clock.now });
});
afterAll(async () => ctx?.close());

let addressCounter = 0;
/** A fresh client address each call: the attacker of the issue, spread over many addresses. */
const anotherAddress = () => `203.0.113.${(addressCounter++ % 250) + 1}`;

const login = (email: string, password: string, remoteAddress = anotherAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('per account, whatever the address', () => {
  it('many addresses guessing one account: free failures, then 429 with Retry-After and a doubling back-off; the right password gets in after it', async () => {
    const victim = await signUp(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < account.freeFailures + 1; i++) statuses.push((await login(victim.email, `guess-${i}`)).statusCode);
    expect(statuses).toEqual(Array(account.freeFailures + 1).fill(401));

    const refused = await login(victim.email, 'guess-x');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, error: 'Too many requests' });
    expect(refused.headers['retry-after']).toBe(String(account.baseDelayMs / 1000));
    // During the back-off even the right password is refused (the answer must not tell a guess apart).
    expect((await login(victim.email, victim.password)).statusCode).toBe(429);

    // Each further failure doubles the wait: 1 s, 2 s, 4 s.
    for (const wait of [1, 2, 4]) {
      advance(wait * 1000);
      expect((await login(victim.email, 'guess-again')).statusCode).toBe(401);
      const next = await login(victim.email, 'guess-again');
      expect(next.statusCode).toBe(429);
      expect(Number(next.headers['retry-after'])).toBe(wait * 2);
    }

    // The owner, from an address never used before, once the back-off is over.
    advance(8000);
    const ownerAddress = anotherAddress();
    const owner = await login(victim.email, victim.password, ownerAddress);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ success: true, user: { email: victim.email } });
    // From now on that is the owner's usual address: a typo there is free, strangers stay slowed down.
    expect((await login(victim.email, 'typo', ownerAddress)).statusCode).toBe(401);
    expect((await login(victim.email, 'stranger-guess')).statusCode).toBe(429);
    expect((await login(victim.email, victim.password, ownerAddress)).statusCode).toBe(200);
  });

  it('an attacker keeping the account in back-off does not keep its owner out at their usual address; guesses from there still count toward the cap', async () => {
    const victim = await signUp(ctx.app);
    const home = '192.0.2.200';
    expect((await login(victim.email, victim.password, home)).statusCode).toBe(200);
    for (let i = 0; i < account.freeFailures + 1; i++) expect((await login(victim.email, `attack-${i}`)).statusCode).toBe(401);
    // The attacker guesses again the moment each wait ends; the owner signs in from home in between, without waiting.
    for (let round = 0; round < 4; round++) {
      const refused = await login(victim.email, 'attack-now');
      expect(refused.statusCode).toBe(429);
      expect((await login(victim.email, victim.password, home)).statusCode).toBe(200);
      advance(Number(refused.headers['retry-after']) * 1000);
      expect((await login(victim.email, `attack-again-${round}`)).statusCode).toBe(401);
    }
    // Guessing from the owner's address has a back-off of its own, after the same free failures.
    const fromHome: number[] = [];
    for (let i = 0; i < account.freeFailures + 2; i++) fromHome.push((await login(victim.email, `home-guess-${i}`, home)).statusCode);
    expect(fromHome).toEqual([...Array(account.freeFailures + 1).fill(401), 429]);
    // Every failure, from home too, is on the account's count (its hourly cap); the owner's successes are not.
    const { rows } = await ctx.runtime.pool.query('select failures from sign_in_throttle where key = $1', [`account:${victim.email}`]);
    expect(rows[0].failures).toBe(account.freeFailures + 1 + 4 + account.freeFailures + 1);
    advance(account.maxDelayMs);
  });

  it('the delay stops growing at its maximum, and never becomes a lockout', async () => {
    const victim = await signUp(ctx.app);
    let longest = 0;
    for (let i = 0; i < 30; i++) {
      const guess = await login(victim.email, `guess-${i}`);
      if (guess.statusCode === 429) {
        const wait = Number(guess.headers['retry-after']);
        longest = Math.max(longest, wait);
        advance(wait * 1000);
        i--;
        continue;
      }
      expect(guess.statusCode).toBe(401);
    }
    expect(longest).toBe(account.maxDelayMs / 1000);
    advance(account.maxDelayMs);
    expect((await login(victim.email, victim.password)).statusCode).toBe(200);
  });

  it('parallel guesses cannot slip past the count: 20 at once, exactly the free ones and one more are checked', async () => {
    const victim = await signUp(ctx.app);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => login(victim.email, `parallel-${i}`)));
    const checked = results.filter((r) => r.statusCode === 401).length;
    expect(checked).toBe(account.freeFailures + 1);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(20 - checked);
  });

  it('a hard cap per account per window, then the window ends and the owner gets in', async () => {
    const capped = await createTestApp({
      limits: { ...limits, authThrottle: { ...DEFAULT_LIMITS.authThrottle, account: { ...account, maxDelayMs: 1000, maxFailuresPerWindow: 12 } } },
      now: () => clock.now,
    });
    try {
      const victim = await signUp(capped.app);
      const started = clock.now;
      let failures = 0;
      let last;
      for (;;) {
        last = await capped.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: victim.email, password: 'nope' },
          remoteAddress: anotherAddress(),
        });
        if (last.statusCode === 401) failures++;
        const wait = Number(last.headers['retry-after'] ?? 0);
        if (last.statusCode === 429 && wait > 1) break;
        advance(1000);
      }
      expect(failures).toBe(12);
      // Refused until the window that began with the first failure ends (about an hour), not for good.
      expect(Number(last.headers['retry-after'])).toBe(Math.ceil((started + account.windowMs - clock.now) / 1000));
      advance(account.windowMs);
      expect(
        (await capped.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: victim.email, password: victim.password } })).statusCode,
      ).toBe(200);
    } finally {
      await capped.close();
    }
  });
});

describe('per address, whatever the account', () => {
  it('one address trying many accounts is slowed down after its free failures; other addresses are not', async () => {
    const sprayer = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < address.freeFailures + 2; i++) statuses.push((await login(`nobody${i}-${clock.now}@example.in`, 'Password1', sprayer)).statusCode);
    expect(statuses.slice(0, address.freeFailures + 1)).toEqual(Array(address.freeFailures + 1).fill(401));
    expect(statuses.at(-1)).toBe(429);
    const shopper = await signUp(ctx.app);
    expect((await login(shopper.email, shopper.password, sprayer)).statusCode).toBe(429);
    expect((await login(shopper.email, shopper.password, '198.51.100.8')).statusCode).toBe(200);
    advance(address.maxDelayMs);
  });

  it('successful sign-ins from a shared (carrier-NAT) address do not add up to a delay', async () => {
    const shared = '100.64.0.1';
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => signUp(ctx.app)));
    for (let round = 0; round < 5; round++) {
      for (const s of shoppers) expect((await login(s.email, s.password, shared)).statusCode).toBe(200);
    }
  });
});

describe('signup and password change get the same treatment', () => {
  it('signing up again and again with a taken e-mail (probing who has an account) is slowed down', async () => {
    const existing = await signUp(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < account.freeFailures + 2; i++) {
      const r = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: anotherAddress(),
        payload: {
          email: existing.email,
          password: 'secret123',
          full_name: 'Probe',
          phone: '9876543210',
          pincode: '400001',
          address: '1 Road',
          city: 'Mumbai',
          state: 'Maharashtra',
        },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, account.freeFailures + 1)).toEqual(Array(account.freeFailures + 1).fill(409));
    expect(statuses.at(-1)).toBe(429);
    advance(account.baseDelayMs);
  });

  it('wrong current passwords on PUT /api/auth/change-password count against the account, logins included', async () => {
    const victim = await signUp(ctx.app);
    const change = (currentPassword: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/auth/change-password',
        headers: victim.auth,
        remoteAddress: anotherAddress(),
        payload: { currentPassword, newPassword: 'brand-new-1' },
      });
    for (let i = 0; i < account.freeFailures + 1; i++) expect((await change(`wrong-${i}`)).statusCode).toBe(400);
    const refused = await change(victim.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same account's logins wait too: a stolen token gives no second guessing budget.
    expect((await login(victim.email, victim.password)).statusCode).toBe(429);
    advance(account.baseDelayMs);
    expect((await change(victim.password)).statusCode).toBe(200);
    expect((await login(victim.email, 'brand-new-1')).statusCode).toBe(200);
  });
});

describe('shared by every instance on the database', () => {
  it('failures made through one instance slow the account down on another', async () => {
    const other = await createTestApp({ databaseUrl: ctx.databaseUrl, env: { JWT_SECRET: ctx.runtime.env.JWT_SECRET! }, limits, now: () => clock.now });
    try {
      const victim = await signUp(ctx.app);
      for (let i = 0; i < account.freeFailures + 1; i++) {
        const app = i % 2 === 0 ? ctx.app : other.app;
        expect(
          (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: victim.email, password: `g${i}` }, remoteAddress: anotherAddress() }))
            .statusCode,
        ).toBe(401);
      }
      const onOther = await other.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: victim.email, password: victim.password },
        remoteAddress: anotherAddress(),
      });
      expect(onOther.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});
