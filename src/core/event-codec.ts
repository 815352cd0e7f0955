import type { NewEvent, RecordedEvent } from './event-store.js';

/**
 * How an event store turns what commands write into the bytes it stores, and back (src/modules/privacy/codec.ts
 * encrypts personal fields). Applied after validation on append and on every read, so deciders, projectors and the
 * live feed see plain events while the log (and its hash chain) holds only what `encode` produced.
 */
export interface EventDataCodec {
  /** The stream id as stored (a stream id that names a person, such as an e-mail claim, is stored under a keyed hash). */
  storedStreamId(streamId: string): string;
  /**
   * Each event on its own (the i-th out is the i-th in, encoded; events of several streams may come in one call), and
   * the very array given back when nothing needed encoding.
   */
  encode(events: NewEvent[]): Promise<NewEvent[]>;
  decode(events: RecordedEvent[]): Promise<RecordedEvent[]>;
  /** Frees what the codec holds (a worker thread); called by the event store's close. */
  close?(): Promise<void>;
}
