import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshQueries } from './refresh.js';

/** A query whose first read is still under way (answered before the change) when the change is confirmed. */
function raceAfterChange() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let answerFirst!: (value: string) => void;
  let calls = 0;
  const observer = new QueryObserver<string>(client, {
    queryKey: ['user', 'profile', 'u1'],
    queryFn: () => (++calls === 1 ? new Promise<string>((resolve) => (answerFirst = resolve)) : Promise.resolve('after the change')),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { client, observer, unsubscribe, answerFirst: (value: string) => answerFirst(value), calls: () => calls };
}

describe('refreshQueries', () => {
  it('does not keep the answer of a first read that was under way when the change was confirmed', async () => {
    const race = raceAfterChange();
    const refreshed = refreshQueries(race.client, { queryKey: ['user', 'profile'] });
    race.answerFirst('before the change');
    await refreshed;
    await expect.poll(() => race.observer.getCurrentResult().data).toBe('after the change');
    expect(race.calls()).toBe(2);
    race.unsubscribe();
  });

  it('is needed: invalidating alone keeps the stale first answer (what the storefront did)', async () => {
    const race = raceAfterChange();
    const invalidated = race.client.invalidateQueries({ queryKey: ['user', 'profile'] });
    race.answerFirst('before the change');
    await invalidated;
    expect(race.observer.getCurrentResult().data).toBe('before the change');
    expect(race.calls()).toBe(1);
    race.unsubscribe();
  });
});
