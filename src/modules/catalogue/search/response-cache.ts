import { LRUCache } from 'lru-cache';

/** Bytes of the serialised answers the catalogue keeps (canonical listings only). */
export const RESPONSE_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Serialised answers, least recently used first out, bounded in bytes (not entries: one listing can be 200 products).
 * Cleared whenever the catalogue changes. Callers key it only on canonical queries, never on free-form input.
 */
export class ResponseCache {
  private readonly cache: LRUCache<string, string>;

  constructor(readonly maxBytes = RESPONSE_CACHE_BYTES) {
    this.cache = new LRUCache<string, string>({
      maxSize: maxBytes,
      maxEntrySize: Math.floor(maxBytes / 4),
      // A V8 string holds 1 or 2 bytes per character; count 2, plus the entry's own bookkeeping.
      sizeCalculation: (body, key) => (body.length + key.length) * 2 + 128,
    });
  }

  get(key: string, build: () => unknown): string {
    let body = this.cache.get(key);
    if (body === undefined) {
      body = JSON.stringify(build());
      this.cache.set(key, body);
    }
    return body;
  }

  clear(): void {
    this.cache.clear();
  }

  /** Bytes held now (by the size calculation above). */
  get bytes(): number {
    return this.cache.calculatedSize;
  }

  get entries(): number {
    return this.cache.size;
  }
}
