import { expect } from 'vitest';

/**
 * Given / when / then for a decider's unit spec, after emmett's DeciderSpecification:
 *
 *   const { given } = deciderSpec({ initialState: initialCouponState, evolve: evolveCoupon, decide: decideCoupon });
 *   given([created()]).when(pause).then([paused]);          // exactly these events
 *   given([]).when(redeem()).thenRefuses(400, INVALID_CODE); // an AppError with this status and message, nothing decided
 *   given(history).when(pay()).thenNothingHappened();        // an idempotent command: no event
 *
 * `given` folds the events with the decider's own evolve (never a hand-made state), `and(...commands)` extends the
 * history by what each command decided in turn, and `when` decides lazily, so a refusal is caught by thenThrows or
 * thenRefuses and fails every other step. Where a spec checks only part of what was decided, `events()` hands the
 * events to a plain expect.
 */
/** The decider under test: a Decider (src/core/decider.ts) fits, so do a module's initial state, evolve and decide functions. */
export interface DeciderUnderTest<State, Command, Event> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

/** What a spec expects a refusal to be: the message as vitest's toThrow takes it (text it contains, a pattern, an error, a class). */
export type ExpectedError = string | RegExp | Error | (new (...args: never[]) => Error);

export interface When<State, Event> {
  /** Then exactly these events, in this order (toEqual, so asymmetric matchers work). Returns them. */
  then(expected: readonly unknown[]): Event[];
  /** Then events matching these, one for one (toMatchObject on each). Returns them. */
  thenMatch(expected: readonly object[]): Event[];
  /** Then events of these types, in this order. Returns them. */
  thenTypes(types: readonly string[]): Event[];
  /** Then no event: the command changes nothing (a retry, an unchanged edit). */
  thenNothingHappened(): void;
  /** Then the decider throws; with `expected`, an error vitest's toThrow matches against it. */
  thenThrows(expected?: ExpectedError): void;
  /** Then the decider refuses with an AppError of exactly this HTTP status and message. */
  thenRefuses(status: number, message: string | RegExp): void;
  /** The events decided, for a spec that checks only part of them (throws if the decider refused). */
  events(): Event[];
  /** The events given followed by the events decided: the history the next step starts from. */
  history(): Event[];
  /** The state after the events given and the events decided. */
  state(): State;
}

export interface Given<State, Command, Event> {
  /** The events given. */
  readonly events: readonly Event[];
  /** The state they fold to. */
  state(): State;
  /** Given these events and then the ones each command decides in turn, each on the state so far. */
  and(...commands: Command[]): Given<State, Command, Event>;
  when(command: Command): When<State, Event>;
}

export interface DeciderSpec<State, Command, Event> {
  given(events?: readonly Event[]): Given<State, Command, Event>;
}

type Outcome<Event> = { events: Event[] } | { error: unknown };

export function deciderSpec<State, Command, Event>(decider: DeciderUnderTest<State, Command, Event>): DeciderSpec<State, Command, Event> {
  const fold = (events: readonly Event[], from = decider.initialState()) => events.reduce(decider.evolve, from);

  const given = (events: readonly Event[] = []): Given<State, Command, Event> => ({
    events,
    state: () => fold(events),
    and: (...commands) => given(commands.reduce<Event[]>((history, command) => [...history, ...decider.decide(command, fold(history))], [...events])),
    when: (command) => when(events, command),
  });

  const when = (given: readonly Event[], command: Command): When<State, Event> => {
    let outcome: Outcome<Event> | undefined;
    const decide = (): Outcome<Event> => {
      if (outcome) return outcome;
      try {
        outcome = { events: decider.decide(command, fold(given)) };
      } catch (error) {
        outcome = { error };
      }
      return outcome;
    };
    const decided = (): Event[] => {
      const result = decide();
      if ('error' in result) throw result.error;
      return result.events;
    };
    const refusal = (): unknown => {
      const result = decide();
      if ('events' in result) expect.fail(`expected the decider to refuse, but it decided ${JSON.stringify(result.events)}`);
      return (result as { error: unknown }).error;
    };
    return {
      then(expected) {
        const events = decided();
        expect(events).toEqual(expected);
        return events;
      },
      thenMatch(expected) {
        const events = decided();
        expect(events).toHaveLength(expected.length);
        expected.forEach((partial, i) => expect(events[i]).toMatchObject(partial));
        return events;
      },
      thenTypes(types) {
        const events = decided();
        expect(events.map((e) => (e as { type: unknown }).type)).toEqual(types);
        return events;
      },
      thenNothingHappened() {
        expect(decided()).toEqual([]);
      },
      thenThrows(expected) {
        const error = refusal();
        if (expected === undefined) return;
        expect(() => {
          throw error;
        }).toThrow(expected as Error);
      },
      thenRefuses(status, message) {
        const error = refusal() as { statusCode?: unknown; message?: unknown };
        expect({ status: error.statusCode, message: error.message }).toEqual({
          status,
          message: typeof message === 'string' ? message : expect.stringMatching(message),
        });
      },
      events: decided,
      history: () => [...given, ...decided()],
      state: () => fold(decided(), fold(given)),
    };
  };

  return { given };
}
