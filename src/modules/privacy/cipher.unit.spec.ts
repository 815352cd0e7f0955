import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, seal } from './cipher.js';

describe('AES-256-GCM seal and open', () => {
  it('gives every seal its own nonce, across refills of the nonce pool (10,000 seals), and opens each one', () => {
    const key = randomBytes(32);
    const plaintext = Buffer.from('{"fullName":"Same Shopper"}');
    const nonces = new Set<string>();
    const bodies = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const sealed = seal(key, plaintext, 'ProfileUpdated:s');
      expect(sealed.length).toBe(12 + plaintext.length + 16);
      nonces.add(sealed.subarray(0, 12).toString('hex'));
      bodies.add(sealed.subarray(12).toString('hex'));
      if (i % 997 === 0) expect(open(key, sealed, 'ProfileUpdated:s').equals(plaintext)).toBe(true);
    }
    expect(nonces.size).toBe(10_000);
    expect(bodies.size).toBe(10_000); // the same plaintext never gives the same ciphertext
  });

  it('refuses a changed byte, another AAD and another key', () => {
    const key = randomBytes(32);
    const sealed = seal(key, Buffer.from('Asha Rao'), 'AddressAdded:c1');
    expect(open(key, sealed, 'AddressAdded:c1').toString()).toBe('Asha Rao');
    for (const at of [0, 12, sealed.length - 1]) {
      const changed = Buffer.from(sealed);
      changed[at]! ^= 1;
      expect(() => open(key, changed, 'AddressAdded:c1')).toThrow();
    }
    expect(() => open(key, sealed, 'AddressAdded:c2')).toThrow();
    expect(() => open(randomBytes(32), sealed, 'AddressAdded:c1')).toThrow();
  });
});
