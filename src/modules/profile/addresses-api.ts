import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { handleCommand, type CommandContext } from '../../core/command-handler.js';
import { NotFoundError } from '../../core/errors.js';
import type { AppendResult } from '../../core/event-store.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { addressBookStream } from './address-book.js';
import { ADDRESS_MESSAGES, addressBookDecider, type AddressBookCommand, type AddressInput } from './address-book-decide.js';
import { addressesOf } from './queries.js';
import {
  addressAddedResponses,
  addressBody,
  addressDeletedResponses,
  addressListResponses,
  addressParams,
  addressUpdatedResponses,
  type AddressBody,
} from './schemas.js';

export function commandContext(request: FastifyRequest): CommandContext & { now: Date } {
  return { userId: currentUser(request).id, correlationId: request.id, now: new Date() };
}

/** Read-your-writes: the answer (and the next GET) shows what was just appended. */
export async function projected(runtime: ModuleDeps, result: AppendResult | null, names: string[]): Promise<void> {
  if (result) await runtime.projections.waitFor(result.position, names).catch(() => undefined);
}

const toInput = (body: AddressBody): AddressInput => ({
  name: body.name,
  address: body.address,
  addressLine2: body.address_line2,
  landmark: body.landmark,
  city: body.city,
  state: body.state,
  pincode: body.pincode,
  phone: body.phone,
  addressType: body.address_type,
});

export async function addressesApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const run = (request: FastifyRequest, command: (now: string) => AddressBookCommand) => {
    const context = commandContext(request);
    const streamId = addressBookStream(currentUser(request).id);
    return handleCommand(runtime.store, streamId, addressBookDecider, command(context.now.toISOString()), context);
  };

  api.get('/user/addresses', { preHandler: requireUser, schema: { response: addressListResponses } }, async (request) => ({
    success: true,
    addresses: await addressesOf(runtime.pool, currentUser(request).id),
  }));

  api.post('/user/addresses', { preHandler: requireUser, schema: { body: addressBody, response: addressAddedResponses } }, async (request, reply) => {
    const customerId = currentUser(request).id;
    const addressId = randomUUID();
    const { result } = await run(request, (now) => ({
      type: 'AddAddress',
      data: { customerId, addressId, fields: toInput(request.body), makeDefault: request.body.is_default === true, now },
    }));
    await projected(runtime, result, ['addresses']);
    const addresses = await addressesOf(runtime.pool, customerId);
    return reply.code(201).send({ success: true, message: 'Address added successfully', address: addresses.find((a) => a.id === addressId), addresses });
  });

  api.put(
    '/user/addresses/:id',
    { preHandler: requireUser, schema: { params: addressParams, body: addressBody, response: addressUpdatedResponses } },
    async (request) => {
      const customerId = currentUser(request).id;
      const addressId = request.params.id;
      const { result } = await run(request, (now) => ({
        type: 'UpdateAddress',
        data: { customerId, addressId, changes: toInput(request.body), makeDefault: request.body.is_default, now },
      }));
      await projected(runtime, result, ['addresses']);
      const addresses = await addressesOf(runtime.pool, customerId);
      const address = addresses.find((a) => a.id === addressId);
      if (!address) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
      return { success: true, message: 'Address updated successfully', address, addresses };
    },
  );

  api.delete('/user/addresses/:id', { preHandler: requireUser, schema: { params: addressParams, response: addressDeletedResponses } }, async (request) => {
    const customerId = currentUser(request).id;
    const { result } = await run(request, (now) => ({
      type: 'RemoveAddress',
      data: { customerId, addressId: request.params.id, now },
    }));
    await projected(runtime, result, ['addresses']);
    return { success: true, message: 'Address deleted successfully', addresses: await addressesOf(runtime.pool, customerId) };
  });
}
