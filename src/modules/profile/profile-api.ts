import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ValidationError } from '../../core/errors.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { CredentialStore, loadCustomer, toUserDto, updateProfile } from '../customers/index.js';
import { ADDRESS_MESSAGES, normalisePhone } from './address-book-decide.js';
import { commandContext, projected } from './addresses-api.js';
import { addressesOf, wishlistOf } from './queries.js';
import { userProfileBody, userProfileResponses, userProfileUpdatedResponses } from './schemas.js';

/** The user of storefront spec section 3, with saved addresses and the server wishlist. */
async function userWithExtras(runtime: ModuleDeps, profile: Parameters<typeof toUserDto>[0]) {
  const [addresses, wishlist] = await Promise.all([addressesOf(runtime.pool, profile.id), wishlistOf(runtime.pool, profile.id)]);
  return { ...toUserDto(profile), addresses, wishlist };
}

export async function profileApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/user/profile', { preHandler: requireUser, schema: { response: userProfileResponses } }, async (request) => {
    const { state } = await loadCustomer(runtime.store, currentUser(request).id);
    return { success: true, user: await userWithExtras(runtime, state.profile) };
  });

  /** name, email, phone (spec); e-mail uniqueness through the customers module's e-mail streams (409 'Email already in use'). */
  api.put('/user/profile', { preHandler: requireUser, schema: { body: userProfileBody, response: userProfileUpdatedResponses } }, async (request) => {
    const b = request.body;
    const context = commandContext(request);
    // Signup took any phone text: an unchanged phone is let through so that the rest of the form can still be saved.
    const current = (await loadCustomer(runtime.store, context.userId!)).state.profile;
    const phone = b.phone === undefined || b.phone === current.phone ? undefined : normalisePhone(b.phone);
    if (phone && !/^\d{10}$/.test(phone)) throw new ValidationError(ADDRESS_MESSAGES.phone);
    const { profile, result } = await updateProfile(
      runtime.store,
      new CredentialStore(runtime.pool),
      context.userId!,
      { fullName: b.name ?? b.full_name, email: b.email, phone, currentPassword: b.currentPassword },
      context,
    );
    await projected(runtime, result, ['customers']);
    return { success: true, message: 'Profile updated successfully!', user: await userWithExtras(runtime, profile) };
  });
}
