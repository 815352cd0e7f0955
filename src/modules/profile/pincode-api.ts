import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError, ValidationError } from '../../core/errors.js';
import type { ModuleDeps } from '../module.js';
import { isPincode, lookupPincode } from './pincode.js';
import { pincodeParams, pincodeResponses } from './schemas.js';

export async function pincodeApi(app: FastifyInstance, _runtime: ModuleDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** Public: the signup and address forms fill city and state from it. */
  api.get('/pincode/:pincode', { schema: { params: pincodeParams, response: pincodeResponses } }, async (request, reply) => {
    const pincode = request.params.pincode.trim();
    if (!isPincode(pincode)) throw new ValidationError('Invalid Pincode');
    const place = lookupPincode(pincode);
    if (!place) throw new NotFoundError('Invalid Pincode');
    reply.header('cache-control', 'public, max-age=86400');
    return { success: true, pincode, city: place.city, state: place.state };
  });
}
