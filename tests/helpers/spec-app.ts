import { afterAll, beforeAll } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from './test-runtime.js';

type SignedUp = Awaited<ReturnType<typeof signUp>>;
type Admin = Awaited<ReturnType<typeof loginAdmin>>;

export interface SpecApp {
  t: TestContext;
  /** A signed-up shopper. */
  shopper: SignedUp;
  /** Another shopper (with `others: true`), to whom the first one's orders do not exist. */
  other: SignedUp;
  /** The demo admin, signed in (with `admin: true`). */
  admin: Admin;
}

/**
 * For a spec's describe block: registers the beforeAll that starts a test app (createTestApp's options) and signs up a
 * shopper, another one and the admin as asked, and the afterAll that closes it. The fields are set once beforeAll ran.
 */
export function specApp(options: { app?: Parameters<typeof createTestApp>[0]; other?: boolean; admin?: boolean } = {}): SpecApp {
  const s = {} as SpecApp;
  beforeAll(async () => {
    s.t = await createTestApp(options.app);
    s.shopper = await signUp(s.t.app);
    if (options.other) s.other = await signUp(s.t.app);
    if (options.admin) s.admin = await loginAdmin(s.t.app);
  });
  afterAll(async () => s.t?.close());
  return s;
}
