import { Worker } from 'node:worker_threads';

/** One sealed envelope to open: its subject's key (live, taken by the caller), its AAD and the stored base64. */
export interface SealedItem {
  key: Buffer;
  aad: string;
  sealed: string;
}

interface Pending {
  resolve: (values: Record<string, unknown>[]) => void;
  reject: (error: Error) => void;
}

/**
 * Opens batches of sealed envelopes in a worker thread (open-worker.mjs), so a bulk read of the log (a replay's batches,
 * readAll of many personal events) leaves the AES-GCM work to another core while the reading thread goes on with the
 * previous batch. One message per batch each way: the keys the batch needs (32 bytes each, transferred and zeroed by the
 * worker after the batch; none is kept there), the AADs and the stored base64, and back one transferred UTF-8 JSON array
 * of the opened values, parsed here in one call. The worker is made on first use, unref'd while idle (it never keeps
 * the process alive), and ended by close(); a worker that fails or exits rejects what it had (the caller then opens
 * those envelopes itself) and a new one is made for the next batch.
 */
export class BatchOpener {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** Batches handed to a worker so far (tests check that a bulk read took this path). */
  batches = 0;

  private start(): Worker {
    const worker = new Worker(new URL('./open-worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (message: { id: number; text?: Uint8Array; error?: string }) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (message.text) pending.resolve(JSON.parse(Buffer.from(message.text.buffer, message.text.byteOffset, message.text.byteLength).toString('utf8')));
      else pending.reject(new Error(message.error ?? 'the open worker failed'));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the open worker exited (${code})`)));
    return worker;
  }

  /** The opened values of each item, in order. Rejects when one of them does not open (the whole batch). */
  open(items: readonly SealedItem[]): Promise<Record<string, unknown>[]> {
    const worker = (this.worker ??= this.start());
    const keyIndex = new Map<Buffer, number>();
    const keyOf = new Int32Array(items.length);
    const aad: string[] = new Array(items.length);
    const sealed: string[] = new Array(items.length);
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      let k = keyIndex.get(item.key);
      if (k === undefined) keyIndex.set(item.key, (k = keyIndex.size));
      keyOf[i] = k;
      aad[i] = item.aad;
      sealed[i] = item.sealed;
    }
    const keys = new Uint8Array(32 * keyIndex.size);
    for (const [key, k] of keyIndex) keys.set(key, 32 * k);
    const id = this.nextId++;
    this.batches++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref(); // a batch under way keeps the process alive until it is answered
      worker.postMessage({ id, keys, keyOf, aad, sealed }, [keys.buffer, keyOf.buffer]);
    });
  }

  /** Ends the worker (the event store's close). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
