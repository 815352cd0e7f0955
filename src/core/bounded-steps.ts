/** A step of a shutdown: its name (for the log) and the work. */
export interface ShutdownStep {
  name: string;
  run: () => Promise<unknown> | unknown;
  /** How long it may take before the next step goes ahead without it. */
  timeoutMs: number;
}

/**
 * Runs shutdown steps in order, each within its own time: a step that fails or hangs is reported and the next one runs
 * anyway, so the last steps (stopping the database server) always happen. Resolves with what went wrong, empty when
 * every step finished in time.
 */
export async function runBoundedSteps(steps: ShutdownStep[]): Promise<{ step: string; error: Error }[]> {
  const failures: { step: string; error: Error }[] = [];
  for (const { name, run, timeoutMs } of steps) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${name} did not finish within ${timeoutMs} ms`)), timeoutMs);
      timer.unref();
    });
    try {
      await Promise.race([Promise.resolve().then(run), late]);
    } catch (error) {
      failures.push({ step: name, error: error instanceof Error ? error : new Error(String(error)) });
    } finally {
      clearTimeout(timer);
    }
  }
  return failures;
}
