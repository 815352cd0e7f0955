import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../src/core/errors.js';
import { deciderSpec } from './decider-spec.js';

/** A counter that can be opened once and then bumped: the smallest decider with a state, a refusal and a no-op. */
type Event = { type: 'Opened'; data: { id: string } } | { type: 'Bumped'; data: { by: number } };
type Command = { type: 'Open'; id: string } | { type: 'Bump'; by: number };
type State = { open: boolean; total: number };
const { given } = deciderSpec<State, Command, Event>({
  initialState: () => ({ open: false, total: 0 }),
  evolve: (state, event) => (event.type === 'Opened' ? { ...state, open: true } : { ...state, total: state.total + event.data.by }),
  decide: (command, state) => {
    if (command.type === 'Open') {
      if (state.open) throw new ConflictError('Already open');
      return [{ type: 'Opened', data: { id: command.id } }];
    }
    if (!state.open) throw new NotFoundError('Counter not found');
    return command.by === 0 ? [] : [{ type: 'Bumped', data: { by: command.by } }];
  },
});
const opened: Event = { type: 'Opened', data: { id: 'c1' } };

describe('deciderSpec (given events / when command / then events)', () => {
  it('passes when the decider decides what the spec expects, and folds the given events with evolve', () => {
    given([]).when({ type: 'Open', id: 'c1' }).then([opened]);
    given([opened])
      .when({ type: 'Bump', by: 2 })
      .thenMatch([{ data: { by: 2 } }]);
    given([opened]).when({ type: 'Bump', by: 2 }).thenTypes(['Bumped']);
    given([opened]).when({ type: 'Bump', by: 0 }).thenNothingHappened();
    given([]).when({ type: 'Bump', by: 1 }).thenRefuses(404, 'Counter not found');
    given([])
      .when({ type: 'Bump', by: 1 })
      .thenRefuses(404, /not found/);
    given([opened]).when({ type: 'Open', id: 'c2' }).thenThrows(new ConflictError('Already open'));
    given([opened]).when({ type: 'Open', id: 'c2' }).thenThrows(ConflictError);
    given([opened]).when({ type: 'Open', id: 'c2' }).thenThrows();
    expect(given([opened]).and({ type: 'Bump', by: 2 }, { type: 'Bump', by: 3 }).state()).toEqual({ open: true, total: 5 });
    expect(given([opened]).when({ type: 'Bump', by: 4 }).history()).toEqual([opened, { type: 'Bumped', data: { by: 4 } }]);
    expect(
      given([opened, { type: 'Bumped', data: { by: 1 } }])
        .when({ type: 'Bump', by: 4 })
        .state(),
    ).toEqual({ open: true, total: 5 });
  });

  it('fails on other events than expected: a different one, one more, one fewer, another order', () => {
    const when = given([opened]).when({ type: 'Bump', by: 2 });
    expect(() => when.then([{ type: 'Bumped', data: { by: 3 } }])).toThrow();
    expect(() => when.then([])).toThrow();
    expect(() =>
      when.then([
        { type: 'Bumped', data: { by: 2 } },
        { type: 'Bumped', data: { by: 2 } },
      ]),
    ).toThrow();
    expect(() =>
      given([])
        .when({ type: 'Open', id: 'c1' })
        .then([{ type: 'Opened', data: { id: 'c2' } }]),
    ).toThrow();
    expect(() => when.thenMatch([{ data: { by: 3 } }])).toThrow();
    expect(() => when.thenMatch([])).toThrow();
    expect(() => when.thenTypes(['Opened'])).toThrow();
    expect(() => when.thenNothingHappened()).toThrow();
  });

  it('fails when an expected refusal is not thrown, or is another one', () => {
    const accepted = given([opened]).when({ type: 'Bump', by: 1 });
    expect(() => accepted.thenThrows()).toThrow(/expected the decider to refuse/);
    expect(() => accepted.thenThrows('Counter not found')).toThrow();
    expect(() => accepted.thenRefuses(404, 'Counter not found')).toThrow();
    const refused = given([]).when({ type: 'Bump', by: 1 });
    expect(() => refused.thenRefuses(409, 'Counter not found')).toThrow();
    expect(() => refused.thenRefuses(404, 'Counter gone')).toThrow();
    expect(() => refused.thenThrows('Already open')).toThrow();
    expect(() => refused.thenThrows(ConflictError)).toThrow();
  });

  it('a refusal fails every step that expects events, with the refusal itself', () => {
    const refused = given([]).when({ type: 'Bump', by: 1 });
    expect(() => refused.then([])).toThrow('Counter not found');
    expect(() => refused.thenNothingHappened()).toThrow('Counter not found');
    expect(() => refused.events()).toThrow('Counter not found');
    expect(() => given([]).and({ type: 'Bump', by: 1 })).toThrow('Counter not found');
  });
});
