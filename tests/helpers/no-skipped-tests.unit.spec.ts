import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule, Vitest } from 'vitest/node';
import NoSkippedTests from './no-skipped-tests.js';

/** The reporter that makes CI fail on a skipped test (wired into all three Vitest configs). */
const moduleWith = (skipped: string[]) =>
  ({
    relativeModuleId: 'src/x.int.spec.ts',
    children: { allTests: (state: string) => (state === 'skipped' ? skipped.map((fullName) => ({ fullName })) : []) },
  }) as unknown as TestModule;
const run = (modules: TestModule[], testNamePattern?: RegExp) => {
  const reporter = new NoSkippedTests();
  reporter.onInit({ config: { testNamePattern } } as unknown as Vitest);
  reporter.onTestRunEnd(modules);
};

describe('no skipped tests', () => {
  const exitCode = process.exitCode;
  const savedUrl = process.env.EVENTSTORE_URL;
  afterEach(() => {
    process.exitCode = exitCode;
    if (savedUrl === undefined) delete process.env.EVENTSTORE_URL;
    else process.env.EVENTSTORE_URL = savedUrl;
    vi.restoreAllMocks();
  });

  it('fails the run for any skipped test, naming it', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    run([moduleWith([]), moduleWith(['orders > places an order'])]);
    expect(process.exitCode).toBe(1);
    expect(errors.mock.calls.flat().join('\n')).toContain('src/x.int.spec.ts > orders > places an order');
  });

  it('allows only the EventStoreDB contract suite, and only while EVENTSTORE_URL is unset; those are counted', () => {
    delete process.env.EVENTSTORE_URL;
    const logs = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    run([moduleWith(['event store contract: eventstoredb > appends', 'event store contract: eventstoredb > reads'])]);
    expect(process.exitCode).toBe(exitCode);
    expect(logs.mock.calls.flat().join('\n')).toContain('2 test(s)');

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env.EVENTSTORE_URL = 'esdb://localhost:2113?tls=false';
    run([moduleWith(['event store contract: eventstoredb > appends'])]);
    expect(process.exitCode).toBe(1);
  });

  it('another suite named like it is not allowed', () => {
    delete process.env.EVENTSTORE_URL;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    run([moduleWith(['event store contract: postgres > appends'])]);
    expect(process.exitCode).toBe(1);
  });

  it('a run filtered by name (-t) is not checked', () => {
    run([moduleWith(['orders > places an order'])], /checkout/);
    expect(process.exitCode).toBe(exitCode);
  });
});
