// The worker thread of batch-opener.ts: opens a batch of sealed envelopes (AES-256-GCM, the layout of
// cipher.ts: nonce ‖ ciphertext ‖ tag, base64) off the replaying thread. Plain JavaScript so it runs under tsx, vitest
// and plain node alike. One message per batch each way:
//   in:  { id, keys: Uint8Array (32 bytes per key, transferred), keyOf: Int32Array, aad: string[], sealed: string[] }
//   out: { id, text: Uint8Array } — the UTF-8 JSON array of the opened plaintexts, in order (transferred) —
//        or { id, error } when one does not open (wrong key, changed byte): the whole batch fails.
// Keys live only for the batch: zeroed before the answer, none kept between batches (an erased shopper's key is never
// in this thread after the batch that was handed it).
import { createDecipheriv } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

const COMMA = 0x2c;

parentPort.on('message', (message) => {
  const { id, keys, keyOf, aad, sealed } = message;
  try {
    const keyBuffers = [];
    for (let k = 0; k < keys.length; k += 32) keyBuffers.push(Buffer.from(keys.buffer, keys.byteOffset + k, 32));
    const plaintexts = new Array(sealed.length);
    let size = 2 + Math.max(sealed.length - 1, 0);
    for (let i = 0; i < sealed.length; i++) {
      const bytes = Buffer.from(sealed[i], 'base64');
      if (bytes.length < 28) throw new Error('sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', keyBuffers[keyOf[i]], bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(aad[i], 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      const plaintext = decipher.update(bytes.subarray(12, bytes.length - 16));
      decipher.final(); // checks the tag: throws on a wrong key or a changed byte
      plaintexts[i] = plaintext;
      size += plaintext.length;
    }
    const text = new Uint8Array(size); // its own ArrayBuffer: transferred, not copied
    let at = 0;
    text[at++] = 0x5b; // [
    for (let i = 0; i < plaintexts.length; i++) {
      if (i > 0) text[at++] = COMMA;
      text.set(plaintexts[i], at);
      at += plaintexts[i].length;
    }
    text[at] = 0x5d; // ]
    keys.fill(0);
    parentPort.postMessage({ id, text }, [text.buffer]);
  } catch (error) {
    keys.fill(0);
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
