import { apiRequest } from '@kit/api';
import { deleteOrders } from './delete-orders';

/** The server's page and batch limits (GET /admin/orders limit ≤ 200; DELETE /admin/orders at most 500 ids). */
const PAGE = 200;
const BATCH = 500;

/** Every order id, page by page (the admin selected all M orders, not only the page on screen). */
export async function allOrderIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const body = await apiRequest<{ orders?: { id: string }[]; totalPages?: number }>(`/admin/orders?page=${page}&limit=${PAGE}`);
    ids.push(...(body.orders ?? []).map((o) => String(o.id)));
    if (page >= Number(body.totalPages ?? 1) || (body.orders ?? []).length === 0) return [...new Set(ids)];
  }
}

/** Deletes the given orders in the server's batches; answers how many were deleted. */
export async function deleteOrdersInBatches(ids: string[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = ids.slice(i, i + BATCH);
    const answer = await deleteOrders(chunk);
    deleted += answer.deletedCount ?? chunk.length;
  }
  return deleted;
}
