import { z } from 'zod';
import { answers, ok, okMessage } from '../../contract/wire.js';

export const userParams = z.object({ id: z.string().uuid('User not found') });
export const roleBody = z.object({ role: z.enum(['customer', 'admin'], { error: "role must be 'customer' or 'admin'" }) });

export const signOutResponses = answers(okMessage);
export const roleResponses = answers(ok({ message: z.string(), role: z.enum(['customer', 'admin']) }));
