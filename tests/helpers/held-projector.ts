import type { Runtime } from '../../src/runtime.js';

/**
 * A read model that lags, deterministically: holds the named projector inside its batch (before its checkpoint moves)
 * until the code under test asks to wait for it (`runtime.projections.waitFor` naming it, or naming none, which is
 * all). A route that answers without asking answers while the read model is still behind.
 *
 * `settle(answer)` resolves with the answer either way: released as soon as the route asks (then the answer follows
 * the read model), else once it has answered. Call `restore()` in a finally.
 */
export function holdProjectorUntilAwaited(runtime: Runtime, name: string) {
  const projector = runtime.projections.projectors.find((p) => p.name === name);
  if (!projector) throw new Error(`no projector named ${name}`);
  const original = { apply: projector.apply, applyMany: projector.applyMany };
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const gated = projector as { apply: typeof projector.apply; applyMany?: typeof projector.applyMany };
  gated.apply = async (client, event) => (await held, original.apply.call(projector, client, event));
  if (original.applyMany) gated.applyMany = async (client, events) => (await held, original.applyMany!.call(projector, client, events));

  const projections = runtime.projections;
  const waitFor = projections.waitFor;
  let askedFor = () => undefined as void;
  const asked = new Promise<void>((resolve) => (askedFor = resolve));
  projections.waitFor = (position, names, timeoutMs) => {
    if (!names || names.includes(name)) askedFor();
    return waitFor.call(projections, position, names, timeoutMs);
  };

  return {
    async settle<T>(answer: Promise<T>): Promise<T> {
      if ((await Promise.race([answer.then(() => 'answered' as const), asked.then(() => 'asked' as const)])) === 'asked') release();
      return answer;
    },
    restore(): void {
      projections.waitFor = waitFor;
      gated.apply = original.apply;
      gated.applyMany = original.applyMany;
      release();
    },
  };
}
