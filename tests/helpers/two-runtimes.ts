import { afterAll, beforeAll } from 'vitest';
import { createTestApp, loginAdmin, type TestContext } from './test-runtime.js';

/** Two instances of the store on one database: the leader projects, the follower reads the leader's checkpoints. */
export interface TwoRuntimes {
  leader: TestContext;
  follower: TestContext;
  /** The demo admin's bearer header (one JWT secret: valid on both instances). */
  admin: Record<string, string>;
  /**
   * Resolves once both instances have applied everything appended so far to each of `readModels`: it waits on their
   * checkpoints (the follower reads the leader's), never on a clock.
   */
  caughtUp(...readModels: string[]): Promise<void>;
}

/**
 * For a spec's describe block: registers the beforeAll that starts a leader and a follower runtime (each with its app)
 * on one fresh database, sharing the JWT secret, and signs the admin in; and the afterAll that closes both. What a spec
 * of the read models' generations, or of a cache keyed by them, needs. The first runtime started wins the projection
 * election, the second follows. The fields are set once the beforeAll ran (later beforeAll hooks of the block see them).
 */
export function twoRuntimesOnOneDatabase(): TwoRuntimes {
  const two = {
    caughtUp: async (...readModels: string[]) => {
      const head = await two.leader.runtime.store.headPosition();
      await two.leader.runtime.projections.waitFor(head, readModels, 15_000);
      await two.follower.runtime.projections.waitFor(head, readModels, 15_000);
    },
  } as TwoRuntimes;
  beforeAll(async () => {
    two.leader = await createTestApp();
    two.follower = await createTestApp({ databaseUrl: two.leader.databaseUrl, env: { JWT_SECRET: two.leader.runtime.env.JWT_SECRET! } });
    two.admin = (await loginAdmin(two.leader.app)).auth;
  }, 120_000);
  afterAll(async () => {
    await two.follower?.close();
    await two.leader?.close();
  });
  return two;
}
