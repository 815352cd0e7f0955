import type { LiveEventMessage, LogPosition, ProjectedMessage, ReadModel } from '@contract';

/** The log's order: by commit, then prepare (decimal strings of any size). */
export function compareLogPositions(a: LogPosition, b: LogPosition): number {
  const [ac, bc] = [BigInt(a.commit), BigInt(b.commit)];
  if (ac !== bc) return ac < bc ? -1 : 1;
  const [ap, bp] = [BigInt(a.prepare), BigInt(b.prepare)];
  return ap === bp ? 0 : ap < bp ? -1 : 1;
}

type QueryKey = readonly unknown[];

/**
 * Messages held at most: a read model that stops moving (its projector failing, a follower that lost the leader)
 * while events keep coming must not grow the list without end. Past it, the oldest message is folded into a refresh of
 * each read model it affects (one position per read model, so bounded by the number of read models).
 */
export const MAX_WAITING = 500;

/**
 * Holds each live message's refetch until every read model it affects has reached the message's position (the
 * server's `projected` messages say how far each one is), then invalidates exactly the queries those read models
 * feed — once per key, however many messages came due together. No timers: a refetch never runs before the data is
 * there, and never waits longer than the read model takes. One per socket (a new connection starts afresh).
 * At most `maxWaiting` messages wait; an older one is dropped for a full refresh of its read models' queries once each
 * read model reaches it.
 */
export class ReadModelCatchUp {
  private readonly reached = new Map<ReadModel, LogPosition>();
  private pending: LiveEventMessage[] = [];
  /** Read models whose queries are refreshed whole once they reach this position (from dropped messages). */
  private readonly refreshAt = new Map<ReadModel, LogPosition>();

  constructor(
    private readonly keysOf: (readModel: ReadModel) => readonly QueryKey[],
    private readonly invalidate: (queryKey: QueryKey) => void,
    private readonly maxWaiting = MAX_WAITING,
  ) {}

  /** A message about an event: its queries go stale now if its read models are already there, else once they are. */
  onEvent(message: LiveEventMessage): void {
    if (message.affects.length === 0) return;
    if (this.hasReached(message)) return this.refetch([message], []);
    this.pending.push(message);
    while (this.pending.length > this.maxWaiting) this.dropOldest();
  }

  /** Folds the oldest waiting message into a refresh of each read model it affects, at the later of the positions. */
  private dropOldest(): void {
    const oldest = this.pending.shift()!;
    for (const readModel of oldest.affects) {
      const at = this.refreshAt.get(readModel);
      if (!at || compareLogPositions(oldest.position, at) > 0) this.refreshAt.set(readModel, oldest.position);
    }
  }

  /** A read model reached a position: refetch what every message it completes makes stale. */
  onProjected(message: ProjectedMessage): void {
    const known = this.reached.get(message.readModel);
    if (known && compareLogPositions(message.position, known) <= 0) return;
    this.reached.set(message.readModel, message.position);
    const refresh = this.refreshAt.get(message.readModel);
    const whole = refresh && compareLogPositions(message.position, refresh) >= 0 ? [message.readModel] : [];
    if (whole.length > 0) this.refreshAt.delete(message.readModel);
    const due = this.pending.filter((m) => this.hasReached(m));
    if (due.length === 0 && whole.length === 0) return;
    this.pending = this.pending.filter((m) => !due.includes(m));
    this.refetch(due, whole);
  }

  /** Messages whose read models have not reached them yet. */
  get waiting(): number {
    return this.pending.length;
  }

  /** Read models due for a full refresh (their dropped messages); at most one entry each. */
  get refreshesDue(): number {
    return this.refreshAt.size;
  }

  private hasReached(message: LiveEventMessage): boolean {
    return message.affects.every((readModel) => {
      const at = this.reached.get(readModel);
      return at !== undefined && compareLogPositions(at, message.position) >= 0;
    });
  }

  private refetch(messages: readonly LiveEventMessage[], readModels: readonly ReadModel[]): void {
    const keys = new Map<string, QueryKey>();
    const stale = [...messages.flatMap((m) => m.affects), ...readModels];
    for (const readModel of stale) for (const key of this.keysOf(readModel)) keys.set(JSON.stringify(key), key);
    for (const key of keys.values()) this.invalidate(key);
  }
}
