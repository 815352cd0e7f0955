import { eventHash } from '../../src/core/event-hash.js';
import type { RecordedEvent } from '../../src/core/event-store.js';

/** The chain hash of an event recomputed in Node from what was read back: equal to its stored `hash` when intact. */
export function recomputedHash(e: RecordedEvent): string {
  return eventHash({
    prevHash: e.prevHash ?? null,
    streamId: e.streamId,
    version: e.streamVersion,
    eventId: e.id,
    type: e.type,
    data: e.data,
    metadata: e.metadata,
  });
}
