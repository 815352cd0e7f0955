import { createHmac } from 'node:crypto';

/**
 * The `userId` a public review carries: a stable pseudonym of the reviewer, never their account id. It is
 * HMAC-SHA256 of the account id under a key derived from the instance secret (JWT_SECRET), cut to 128 bits in
 * base64url: the same reviewer has the same id on every product and every instance sharing the secret, and nobody
 * without the secret can tell whose account it is or link it to anything else the shop exposes.
 */
export function reviewerPseudonym(instanceSecret: Uint8Array): (userId: string) => string {
  const key = createHmac('sha256', instanceSecret).update('public-reviewer-id').digest();
  return (userId) => `r_${createHmac('sha256', key).update(userId).digest('base64url').slice(0, 22)}`;
}
