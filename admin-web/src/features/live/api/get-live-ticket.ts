import { apiRequest } from '@kit/api';

/** A single-use ticket (valid ~30 s) to open the live feed: the token itself never goes into a URL. */
export async function getLiveTicket(): Promise<string> {
  const body = await apiRequest<{ ticket: string }>('/admin/live/ticket', { method: 'POST' });
  return body.ticket;
}
