import { z } from 'zod';

export const userParams = z.object({ id: z.string().uuid('User not found') });
export const roleBody = z.object({ role: z.enum(['customer', 'admin'], { error: "role must be 'customer' or 'admin'" }) });
