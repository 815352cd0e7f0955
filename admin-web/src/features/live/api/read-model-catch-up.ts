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
 * Holds each live message's refetch until every read model it affects has reached the message's position (the
 * server's `projected` messages say how far each one is), then invalidates exactly the queries those read models
 * feed — once per key, however many messages came due together. No timers: a refetch never runs before the data is
 * there, and never waits longer than the read model takes. One per socket (a new connection starts afresh).
 */
export class ReadModelCatchUp {
  private readonly reached = new Map<ReadModel, LogPosition>();
  private pending: LiveEventMessage[] = [];

  constructor(
    private readonly keysOf: (readModel: ReadModel) => readonly QueryKey[],
    private readonly invalidate: (queryKey: QueryKey) => void,
  ) {}

  /** A message about an event: its queries go stale now if its read models are already there, else once they are. */
  onEvent(message: LiveEventMessage): void {
    if (message.affects.length === 0) return;
    if (this.hasReached(message)) this.refetch([message]);
    else this.pending.push(message);
  }

  /** A read model reached a position: refetch what every message it completes makes stale. */
  onProjected(message: ProjectedMessage): void {
    const known = this.reached.get(message.readModel);
    if (known && compareLogPositions(message.position, known) <= 0) return;
    this.reached.set(message.readModel, message.position);
    const due = this.pending.filter((m) => this.hasReached(m));
    if (due.length === 0) return;
    this.pending = this.pending.filter((m) => !due.includes(m));
    this.refetch(due);
  }

  /** Messages whose read models have not reached them yet. */
  get waiting(): number {
    return this.pending.length;
  }

  private hasReached(message: LiveEventMessage): boolean {
    return message.affects.every((readModel) => {
      const at = this.reached.get(readModel);
      return at !== undefined && compareLogPositions(at, message.position) >= 0;
    });
  }

  private refetch(messages: readonly LiveEventMessage[]): void {
    const keys = new Map<string, QueryKey>();
    for (const message of messages) for (const readModel of message.affects) for (const key of this.keysOf(readModel)) keys.set(JSON.stringify(key), key);
    for (const key of keys.values()) this.invalidate(key);
  }
}
