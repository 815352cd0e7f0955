import { describe, expect, it } from 'vitest';
import { signUp } from '../tests/helpers/test-runtime.js';
import { twoRuntimesOnOneDatabase } from '../tests/helpers/two-runtimes.js';

/**
 * A read model's generation (ProjectionRunner.generation): moves on once the read model holds a change, on the leader
 * (which projects) and on a follower (which learns it with the leader's checkpoint), and never for events the read
 * model's projector does not handle. Caches key by it (the server render cache by the carousels').
 */
describe('read-model generations on a leader and a follower of one database', () => {
  const two = twoRuntimesOnOneDatabase();
  /** Both instances have applied everything appended so far to `readModel` (waits on their checkpoints, no sleeps). */
  const caughtUp = (readModel: string) => two.caughtUp(readModel);
  const generations = (readModel: string) => [two.leader.runtime.projections.generation(readModel), two.follower.runtime.projections.generation(readModel)];

  it('runs one leader and one follower', () => {
    expect(two.leader.runtime.projections.role).toBe('leader');
    expect(two.follower.runtime.projections.role).toBe('follower');
  });

  it('a carousel created through the follower moves the generation on both, once the read model holds it', async () => {
    await caughtUp('carousels');
    const [leaderBefore, followerBefore] = generations('carousels');
    const created = await two.follower.app.inject({
      method: 'POST',
      url: '/api/carousels/admin',
      headers: two.admin,
      payload: { name: 'hero', title: 'Hero' },
    });
    expect(created.statusCode).toBe(201);
    // The route waited for the carousels read model on the follower: its generation has moved with it.
    const [, followerAfter] = generations('carousels');
    expect(followerAfter).toBeGreaterThan(followerBefore!);
    await caughtUp('carousels');
    const [leaderAfter] = generations('carousels');
    expect(leaderAfter).toBeGreaterThan(leaderBefore!);
    // One counter in the database: both instances read the same number.
    expect(generations('carousels')).toEqual([leaderAfter, leaderAfter]);
  });

  it('a change made on the leader reaches the follower with the checkpoint', async () => {
    const carousel = (await two.leader.app.inject({ url: '/api/carousels/admin/all', headers: two.admin })).json().carousels[0];
    await caughtUp('carousels');
    const [, before] = generations('carousels');
    const slide = await two.leader.app.inject({
      method: 'POST',
      url: `/api/carousels/admin/${carousel.id}/slides`,
      headers: two.admin,
      payload: { image: '/media/a.webp', title: 'A slide' },
    });
    expect(slide.statusCode).toBe(201);
    await caughtUp('carousels');
    const [leaderNow, followerNow] = generations('carousels');
    expect(followerNow).toBeGreaterThan(before!);
    expect(followerNow).toBe(leaderNow);
  });

  it('events the carousels projector does not handle move its checkpoint, never its generation', async () => {
    await caughtUp('carousels');
    const carouselsBefore = generations('carousels');
    const customersBefore = generations('customers');
    const positionBefore = two.follower.runtime.projections.positionOf('carousels');
    await signUp(two.follower.app);
    await caughtUp('carousels');
    await caughtUp('customers');
    expect(two.follower.runtime.projections.positionOf('carousels')).not.toEqual(positionBefore);
    expect(generations('carousels')).toEqual(carouselsBefore);
    // …while the customers read model, which the sign-up changed, moved on on both instances.
    const customersAfter = generations('customers');
    expect(customersAfter[0]).toBeGreaterThan(customersBefore[0]!);
    expect(customersAfter[1]).toBeGreaterThan(customersBefore[1]!);
  });

  it('a rebuild of the read models moves the generation on (never back), on the leader at once and on the follower at its next checkpoint read', async () => {
    await caughtUp('carousels');
    const [leaderBefore, followerBefore] = generations('carousels');
    await two.leader.runtime.projections.rebuildAll();
    expect(two.leader.runtime.projections.generation('carousels')).toBeGreaterThan(leaderBefore!);
    // Its checkpoint is where it was, so no wait would make the follower read it: it reads on its own tick.
    await expect.poll(() => two.follower.runtime.projections.generation('carousels')).toBeGreaterThan(followerBefore!);
  });
});
