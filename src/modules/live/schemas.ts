import { z } from 'zod';
import { answers, ok } from '../../contract/wire.js';

/** A single-use ticket for the admin websocket, valid `expiresIn` seconds. */
export const liveTicketResponses = answers(ok({ ticket: z.string(), expiresIn: z.number().int() }));
