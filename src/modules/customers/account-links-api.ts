import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, ok, okMessage } from '../../contract/wire.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { clientAddress, signInRateLimit } from '../../plugins/rate-limits.js';
import type { ModuleDeps } from '../module.js';
import { linkKey } from './account-links.js';
import { AccountLinks } from './account-links-commands.js';
import { RESET_LINK_INVALID, VERIFICATION_LINK_INVALID } from './account-links-decide.js';
import type { AttemptThrottle } from './attempt-throttle.js';
import { CredentialStore } from './credentials.js';
import { passwordRule } from './schemas.js';

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for this e-mail, we have sent a link to reset the password.';
export const VERIFICATION_SENT_MESSAGE = 'We have sent a verification link to your e-mail address.';
export const ALREADY_VERIFIED_MESSAGE = 'Your e-mail address is already verified.';
export const EMAIL_VERIFIED_MESSAGE = 'Your e-mail address is verified.';

const forgotPasswordBody = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, 'Please enter your email address')
    .max(200)
    .pipe(z.email('Please enter a valid email address')),
});
const linkToken = (invalid: string) => z.string({ error: invalid }).min(1, invalid).max(200, invalid);
const resetPasswordBody = z.object({ token: linkToken(RESET_LINK_INVALID), password: passwordRule });
const verifyEmailBody = z.object({ token: linkToken(VERIFICATION_LINK_INVALID) });

export interface AccountLinkThrottles {
  /** Reset links asked for, per address asked about and per client address. */
  reset: AttemptThrottle;
  /** Verification links asked for again, per account and per client address. */
  verification: AttemptThrottle;
}

/**
 * Forgot / reset password and e-mail verification. The reset link is asked for off the answer's path: the route does
 * the same work whether or not an account holds the address (validate, count the attempt, answer), and the lookup and
 * the append happen after it, so neither the answer nor its timing says whether the account exists.
 */
export async function accountLinksApi(app: FastifyInstance, runtime: ModuleDeps, throttles: AccountLinkThrottles): Promise<AccountLinks> {
  const links = new AccountLinks(runtime.store, new CredentialStore(runtime.pool), linkKey(runtime.jwtSecret));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const authLimit = signInRateLimit(runtime.limits);
  const context = (request: { id: string }) => ({ correlationId: request.id, now: new Date(runtime.now()) });
  const pending = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  api.post('/auth/forgot-password', { schema: { body: forgotPasswordBody, response: answers(okMessage) }, config: authLimit }, async (request) => {
    const email = request.body.email.toLowerCase();
    await throttles.reset.begin({ account: email, address: clientAddress(request) });
    const requested = links
      .requestReset(email, context(request))
      .catch((error: unknown) => request.log.error({ err: error }, 'password reset link not issued'))
      .finally(() => pending.delete(requested));
    pending.add(requested);
    return { success: true, message: FORGOT_PASSWORD_MESSAGE };
  });

  api.post('/auth/reset-password', { schema: { body: resetPasswordBody, response: answers(ok({})) }, config: authLimit }, async (request) => {
    const { customerId } = await links.resetPassword(request.body.token, request.body.password, context(request));
    // Every token of the account is refused from now on, on this instance before we answer.
    await runtime.sessions.refresh(customerId);
    return { success: true };
  });

  api.post('/auth/verify-email', { schema: { body: verifyEmailBody, response: answers(okMessage) }, config: authLimit }, async (request) => {
    const { result } = await links.verifyEmail(request.body.token, context(request));
    if (result) await runtime.projections.waitFor(result.position, ['customers']).catch(() => undefined);
    return { success: true, message: EMAIL_VERIFIED_MESSAGE };
  });

  api.post('/auth/verify-email/resend', { preHandler: requireUser, schema: { response: answers(okMessage) }, config: authLimit }, async (request) => {
    const user = currentUser(request);
    await throttles.verification.begin({ account: user.id, address: clientAddress(request) });
    const outcome = await links.requestVerification(user.id, { ...context(request), userId: user.id });
    return { success: true, message: outcome === 'sent' ? VERIFICATION_SENT_MESSAGE : ALREADY_VERIFIED_MESSAGE };
  });
  return links;
}
