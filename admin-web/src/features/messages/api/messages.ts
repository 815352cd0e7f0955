import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@kit/api';
import { refreshQueries } from '@kit/query';
import { pageFrom, query, type Page, type PageRequest } from '../../../lib/page';
import { messageKeys } from '../../../lib/query-keys';

export type MessageState = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';

/** One message of the outbox as the admin list shows it (GET /api/admin/messages). */
export interface AdminMessage {
  id: string;
  kind: string;
  label: string;
  recipient: string | null;
  subject: string | null;
  state: MessageState;
  attempts: number;
  queuedAt: string;
  sentAt: string | null;
  lastError: string | null;
  note: string | null;
}

export interface AdminMessageDetail extends AdminMessage {
  messageId: string;
  html: string | null;
  text: string | null;
  attachments: { filename: string; contentType: string; size: number }[];
}

export const MESSAGES_PER_PAGE = 25;

export async function getMessages(request: PageRequest): Promise<Page<AdminMessage> & { transport: string }> {
  const body = await apiRequest<{ messages?: AdminMessage[]; total?: number; page?: number; totalPages?: number; transport?: string }>(
    `/admin/messages?${query(request)}`,
  );
  return { ...pageFrom(body, body.messages ?? [], request), transport: body.transport ?? '' };
}

export const useMessages = (page: number) =>
  useQuery(
    queryOptions({
      queryKey: messageKeys.list({ page, limit: MESSAGES_PER_PAGE }),
      queryFn: () => getMessages({ page, limit: MESSAGES_PER_PAGE }),
      placeholderData: keepPreviousData,
    }),
  );

export const useMessage = (id: string | null) =>
  useQuery({
    queryKey: messageKeys.one(id ?? ''),
    queryFn: async () => (await apiRequest<{ message: AdminMessageDetail }>(`/admin/messages/${encodeURIComponent(id!)}`)).message,
    enabled: id !== null,
  });

export function useRetryMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ message: string }>(`/admin/messages/${encodeURIComponent(id)}/retry`),
    onSettled: () => refreshQueries(client, { queryKey: messageKeys.all }),
  });
}
