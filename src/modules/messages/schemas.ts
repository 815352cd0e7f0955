import { z } from 'zod';
import { answers, ok, pagingQueryFields } from '../../contract/wire.js';
import { MESSAGE_STATES } from './queries.js';

export const messagesQuery = z.object({
  ...pagingQueryFields,
  state: z.enum(MESSAGE_STATES, { error: `Invalid state: use one of ${MESSAGE_STATES.join(', ')}` }).optional(),
  kind: z.string().trim().max(60, 'Invalid kind').optional(),
});

export const messageParams = z.object({ id: z.string().uuid('Message not found') });

const item = {
  id: z.string(),
  kind: z.string(),
  label: z.string(),
  recipient: z.string().nullable(),
  subject: z.string().nullable(),
  state: z.enum(MESSAGE_STATES),
  attempts: z.number().int(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
  note: z.string().nullable(),
};

export const messagesResponses = answers(
  ok({
    messages: z.array(z.object(item)),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
    transport: z.string(),
  }),
);

export const messageResponses = answers(
  ok({
    message: z.object({
      ...item,
      messageId: z.string(),
      eventType: z.string(),
      html: z.string().nullable(),
      text: z.string().nullable(),
      attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
    }),
  }),
);

export const retryResponses = answers(ok({ message: z.string() }));
