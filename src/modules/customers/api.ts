import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, issueToken, requireUser } from '../../plugins/auth.js';
import { clientAddress, signInRateLimit } from '../../plugins/rate-limits.js';
import { CredentialStore } from './credentials.js';
import type { ModuleDeps } from '../module.js';
import type { AttemptThrottle } from './attempt-throttle.js';
import type { AccountLinks } from './account-links-commands.js';
import type { CustomerProfile } from './customer.js';
import { authenticate, changePassword, loadCustomer, registerCustomer, updateProfile } from './commands.js';
import {
  changePasswordBody,
  changePasswordResponses,
  loginBody,
  loginResponses,
  profileBody,
  profileResponses,
  profileUpdateResponses,
  signupBody,
  signupResponses,
  type UserDto,
} from './schemas.js';

export function toUserDto(profile: CustomerProfile): UserDto {
  return {
    id: profile.id,
    email: profile.email,
    full_name: profile.fullName,
    name: profile.fullName,
    phone: profile.phone,
    address: profile.address,
    city: profile.city,
    state: profile.state,
    pincode: profile.pincode,
    role: profile.role,
    isAdmin: profile.role === 'admin',
    created_at: profile.createdAt,
    emailVerified: profile.emailVerified,
  };
}

export async function customersApi(app: FastifyInstance, runtime: ModuleDeps, throttle: AttemptThrottle, links: AccountLinks): Promise<void> {
  const credentials = new CredentialStore(runtime.pool);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ttl = runtime.env.TOKEN_TTL_HOURS;
  const authLimit = signInRateLimit(runtime.limits);
  // Each password check (and each signup, which probes whether an e-mail is taken) is throttled per account and per
  // address; see attempt-throttle.ts.
  const attempt = (account: string, request: { ip: string }) => throttle.begin({ account, address: clientAddress(request) });

  api.post('/auth/signup', { schema: { body: signupBody, response: signupResponses }, config: authLimit }, async (request, reply) => {
    const b = request.body;
    const signup = await attempt(b.email, request);
    const { profile, result } = await registerCustomer(
      runtime.store,
      credentials,
      { email: b.email, password: b.password, fullName: b.full_name, phone: b.phone, address: b.address, city: b.city, state: b.state, pincode: b.pincode },
      { correlationId: request.id },
    );
    await signup.succeeded();
    // The verification link; should it fail, the profile's "resend" asks again.
    await links
      .requestVerification(profile.id, { correlationId: request.id, userId: profile.id, now: new Date(runtime.now()) })
      .catch((error: unknown) => request.log.error({ err: error }, 'verification link not issued'));
    await runtime.projections.waitFor(result.position, ['customers']).catch(() => undefined);
    const token = await issueToken(runtime.jwtSecret, { id: profile.id, role: profile.role }, ttl, runtime.now());
    return reply.code(201).send({ success: true, token, user: toUserDto(profile) });
  });

  api.post('/auth/login', { schema: { body: loginBody, response: loginResponses }, config: authLimit }, async (request) => {
    const login = await attempt(request.body.email, request);
    const { profile, sessionVersion } = await authenticate(runtime.store, credentials, request.body.email, request.body.password);
    await login.succeeded();
    const token = await issueToken(runtime.jwtSecret, { id: profile.id, role: profile.role, sessionVersion }, ttl, runtime.now());
    return { success: true, token, user: toUserDto(profile) };
  });

  api.get('/auth/profile', { preHandler: requireUser, schema: { response: profileResponses } }, async (request) => {
    const { state } = await loadCustomer(runtime.store, currentUser(request).id);
    return { success: true, user: toUserDto(state.profile) };
  });

  api.put('/auth/profile', { preHandler: requireUser, schema: { body: profileBody, response: profileUpdateResponses } }, async (request) => {
    const user = currentUser(request);
    const b = request.body;
    const before = b.email === undefined ? null : (await loadCustomer(runtime.store, user.id)).state.profile.email;
    const { profile, result } = await updateProfile(
      runtime.store,
      credentials,
      user.id,
      {
        email: b.email,
        fullName: b.full_name ?? b.name,
        phone: b.phone,
        address: b.address,
        city: b.city,
        state: b.state,
        pincode: b.pincode,
        currentPassword: b.currentPassword,
      },
      { userId: user.id, correlationId: request.id },
    );
    if (result) await runtime.projections.waitFor(result.position, ['customers']).catch(() => undefined);
    // A new address gets its own verification link.
    if (before !== null && profile.email !== before)
      await links
        .requestVerification(user.id, { correlationId: request.id, userId: user.id, now: new Date(runtime.now()) })
        .catch((error: unknown) => request.log.error({ err: error }, 'verification link not issued'));
    return { success: true, user: toUserDto(profile), message: 'Profile updated successfully!' };
  });

  api.put(
    '/auth/change-password',
    { preHandler: requireUser, schema: { body: changePasswordBody, response: changePasswordResponses }, config: authLimit },
    async (request) => {
      const user = currentUser(request);
      // Counted on the account's e-mail, with its logins: a stolen token gains no second guessing budget.
      const { state } = await loadCustomer(runtime.store, user.id);
      const change = await attempt(state.profile.email, request);
      const changed = await changePassword(runtime.store, credentials, user.id, request.body.currentPassword, request.body.newPassword, {
        userId: user.id,
        correlationId: request.id,
      });
      await change.succeeded();
      // Every token issued before the change is refused from now on, on this instance before we answer; the device
      // that changed it gets a new one.
      await runtime.sessions.refresh(user.id);
      const token = await issueToken(
        runtime.jwtSecret,
        { id: user.id, role: changed.profile.role, sessionVersion: changed.sessionVersion },
        ttl,
        runtime.now(),
      );
      return { success: true, message: 'Password changed successfully', token };
    },
  );
}
