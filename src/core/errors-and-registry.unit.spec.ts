import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AppError,
  checkExpectedVersion,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
  WrongExpectedVersionError,
} from './errors.js';
import { eventMetadataSchema, InvalidEventError, registerEvents, registeredEventTypes, validateEvent } from './event-registry.js';
import { KeyedMutex } from './keyed-mutex.js';

describe('errors', () => {
  it('carry their status codes, default messages and names', () => {
    const cases: [AppError, number, string, string][] = [
      [new ValidationError('Bad', { field: 'x' }), 400, 'Bad', 'ValidationError'],
      [new UnauthorizedError(), 401, 'Authentication required', 'UnauthorizedError'],
      [new ForbiddenError(), 403, 'Admin access required', 'ForbiddenError'],
      [new NotFoundError(), 404, 'Not found', 'NotFoundError'],
      [new ConflictError('Taken'), 409, 'Taken', 'ConflictError'],
      [new TooManyRequestsError(30), 429, 'Too many requests', 'TooManyRequestsError'],
      [new ServiceUnavailableError(), 503, 'Service temporarily unavailable', 'ServiceUnavailableError'],
    ];
    for (const [error, status, message, name] of cases) expect([error.statusCode, error.message, error.name]).toEqual([status, message, name]);
    expect(new ValidationError('Bad', { field: 'x' }).details).toEqual({ field: 'x' });
    expect(new TooManyRequestsError(30).retryAfterSeconds).toBe(30);
    expect(new UnauthorizedError('Session expired').message).toBe('Session expired');
  });

  it.each([
    ['any', 5, true],
    ['any', -1, true],
    ['no_stream', -1, true],
    ['no_stream', 0, false],
    ['stream_exists', 0, true],
    ['stream_exists', -1, false],
    [3, 3, true],
    [3, 4, false],
    [0, -1, false],
    [-1, -1, true],
  ] as const)('expected version %s at stream version %s: %s', (expected, current, ok) => {
    const check = () => checkExpectedVersion('s-1', expected, current);
    if (ok) expect(check).not.toThrow();
    else {
      expect(check).toThrow(WrongExpectedVersionError);
      expect(check).toThrow(`Concurrent modification of s-1: expected version ${String(expected)}, actual ${current}`);
    }
  });

  it('a version conflict is a 409 naming the stream and both versions', () => {
    const error = new WrongExpectedVersionError('s-1', 'no_stream', 2);
    expect([error.statusCode, error.streamId, error.expected, error.actual]).toEqual([409, 's-1', 'no_stream', 2]);
  });
});

describe('event registry', () => {
  const Thing = z.object({ id: z.string().min(1), count: z.number().int() });

  it('validates registered event data and names the failing fields', () => {
    registerEvents({ UnitThingHappened: Thing });
    expect(registeredEventTypes()).toContain('UnitThingHappened');
    expect(() => validateEvent('UnitThingHappened', { id: 'a', count: 1 })).not.toThrow();
    expect(() => validateEvent('UnitThingHappened', { id: '', count: 1.5 })).toThrow(InvalidEventError);
    expect(() => validateEvent('UnitThingHappened', { id: '', count: 1.5 })).toThrow(/^Invalid UnitThingHappened: id .+; count .+$/);
    expect(() => validateEvent('UnitNeverRegistered', {})).toThrow('Unknown event type UnitNeverRegistered');
  });

  it('names a nested failing field by its dotted path', () => {
    registerEvents({ UnitNestedThing: z.object({ line: z.object({ qty: z.number() }) }) });
    expect(() => validateEvent('UnitNestedThing', { line: { qty: 'x' } })).toThrow(/^Invalid UnitNestedThing: line\.qty /);
  });

  it('registering the same schema again is fine; another schema under the same name is refused', () => {
    registerEvents({ UnitOther: Thing });
    expect(() => registerEvents({ UnitOther: Thing })).not.toThrow();
    expect(() => registerEvents({ UnitOther: z.object({}) })).toThrow('Event type UnitOther registered twice');
  });

  it('metadata needs a correlation id and an ISO timestamp; extra fields pass', () => {
    const ok = { correlationId: 'c', timestamp: '2026-01-01T00:00:00.000Z', userId: null, source: 'import' };
    expect(eventMetadataSchema.parse(ok)).toEqual(ok);
    expect(eventMetadataSchema.safeParse({ ...ok, correlationId: '' }).success).toBe(false);
    expect(eventMetadataSchema.safeParse({ ...ok, timestamp: 'yesterday' }).success).toBe(false);
  });
});

describe('KeyedMutex', () => {
  const tick = () => new Promise((r) => setTimeout(r, 1));

  it('runs tasks on a shared key one after another, in arrival order; other keys run alongside', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([mutex.run(['a'], task('1')), mutex.run(['b', 'a'], task('2')), mutex.run(['c'], task('3'))]);
    expect(results).toEqual(['1', '2', '3']);
    expect(log.indexOf('2 start')).toBeGreaterThan(log.indexOf('1 end'));
    expect(log.indexOf('3 start')).toBeLessThan(log.indexOf('1 end'));
  });

  it('a failing task releases its keys and passes its error on', async () => {
    const mutex = new KeyedMutex();
    await expect(mutex.run(['a'], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(mutex.run(['a'], async () => 'next')).resolves.toBe('next');
    expect((mutex as unknown as { tails: Map<string, unknown> }).tails.size).toBe(0);
  });

  it('a task arriving while the second holds the key waits for it, even after the first one let go', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    let finishSecond!: () => void;
    const secondHeld = new Promise<void>((resolve) => (finishSecond = resolve));
    let secondStarted!: () => void;
    const started = new Promise<void>((resolve) => (secondStarted = resolve));
    const first = mutex.run(['a'], async () => log.push('1'));
    const second = mutex.run(['a'], async () => {
      log.push('2 start');
      secondStarted();
      await secondHeld;
      log.push('2 end');
    });
    await first;
    await started;
    const third = mutex.run(['a'], async () => log.push('3'));
    await tick();
    expect(log).toEqual(['1', '2 start']);
    finishSecond();
    await Promise.all([second, third]);
    expect(log).toEqual(['1', '2 start', '2 end', '3']);
  });

  it('the same key twice in one call does not wait for itself', async () => {
    const mutex = new KeyedMutex();
    await expect(mutex.run(['a', 'a'], async () => 'once')).resolves.toBe('once');
  });

  it('passThrough excludes nothing', async () => {
    const mutex = KeyedMutex.passThrough();
    const log: string[] = [];
    await Promise.all(
      ['1', '2'].map((n) =>
        mutex.run(['a'], async () => {
          log.push(`${n} start`);
          await tick();
          log.push(`${n} end`);
        }),
      ),
    );
    expect(log.slice(0, 2)).toEqual(['1 start', '2 start']);
  });
});
