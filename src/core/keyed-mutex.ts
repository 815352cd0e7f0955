/** Runs tasks one at a time per key inside this process (cuts optimistic-concurrency retries on hot streams). */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** A mutex that excludes nothing (tests switch the in-process lock off with it). */
  static passThrough(): KeyedMutex {
    return Object.assign(new KeyedMutex(), { run: <T>(_keys: string[], task: () => Promise<T>) => task() });
  }

  async run<T>(keys: string[], task: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys)].sort();
    const previous = sorted.map((k) => this.tails.get(k) ?? Promise.resolve());
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    for (const key of sorted) this.tails.set(key, done);
    await Promise.allSettled(previous);
    try {
      return await task();
    } finally {
      release();
      for (const key of sorted) if (this.tails.get(key) === done) this.tails.delete(key);
    }
  }
}
