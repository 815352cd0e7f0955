import { createCipheriv, createDecipheriv, createHash, randomFillSync } from 'node:crypto';

/**
 * Random 96-bit nonces, drawn from a buffer of 4,096 refilled from the CSPRNG when used up: one `randomBytes(12)` per
 * seal cost as much as the encryption itself (bench/personal-data/personal-data-codec.ts). Each nonce is copied out, so no
 * two seals share one.
 */
const NONCES = 4096;
const nonces = Buffer.alloc(12 * NONCES);
let nextNonce = NONCES;
/** Writes the next unused nonce into `into` (its first 12 bytes). */
function nonceInto(into: Buffer): Buffer {
  if (nextNonce === NONCES) {
    randomFillSync(nonces);
    nextNonce = 0;
  }
  const start = 12 * nextNonce++;
  nonces.copy(into, 0, start, start + 12);
  return into;
}

/** AES-256-GCM with a random 96-bit nonce; the sealed form is nonce ‖ ciphertext ‖ 128-bit tag, written into one buffer. */
export function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const out = Buffer.allocUnsafe(12 + plaintext.length + 16);
  const iv = nonceInto(out).subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = cipher.update(plaintext);
  cipher.final(); // GCM has no final block to add: it only computes the tag
  body.copy(out, 12);
  cipher.getAuthTag().copy(out, 12 + body.length);
  return out;
}

/** Throws when the key is wrong or a byte was changed (the tag covers the ciphertext and the AAD). */
export function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < 28) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const plaintext = decipher.update(sealed.subarray(12, sealed.length - 16));
  decipher.final(); // checks the tag (throws on a wrong key or a changed byte); GCM adds no bytes here
  return plaintext;
}

/** A short public name of a master key (which key wrapped a row), never the key itself. */
export function masterKeyId(master: Buffer): string {
  return createHash('sha256').update('master-key-id:').update(master).digest('hex').slice(0, 16);
}
