import type pg from 'pg';
import type { ReturnDto } from './returns-schemas.js';

interface ReturnRow {
  return_id: string;
  order_id: string;
  order_number: string;
  customer_name: string | null;
  status: ReturnDto['status'];
  items: { lineNo: number; productId: string; name: string; quantity: number; refundPaise: number }[];
  reason: string;
  refund_to: ReturnDto['refundTo'];
  upi_id: string | null;
  refund_amount: string;
  refunded_amount: string;
  pickup_awb: string | null;
  courier: string | null;
  rejection_reason: string | null;
  received_items: { productId: string; quantity: number; resellable: number }[] | null;
  payout_status: 'pending' | 'paid' | 'failed' | null;
  payout_reference: string | null;
  payout_reason: string | null;
  requested_at: Date;
  updated_at: Date;
}

const SELECT = `select r.*, o.customer_name from order_returns r left join orders o on o.id = r.order_id`;

const toDto = (r: ReturnRow): ReturnDto => ({
  id: r.return_id,
  orderId: r.order_id,
  orderNumber: r.order_number,
  customerName: r.customer_name ?? '',
  status: r.status,
  items: r.items.map((i) => ({ lineNo: i.lineNo, productId: i.productId, name: i.name, quantity: i.quantity, refund: i.refundPaise / 100 })),
  reason: r.reason,
  refundTo: r.refund_to,
  upiId: r.upi_id,
  refundAmount: Number(r.refund_amount),
  refundedAmount: Number(r.refunded_amount),
  pickupAwb: r.pickup_awb,
  courier: r.courier,
  rejectionReason: r.rejection_reason,
  receivedItems: r.received_items?.map((i) => ({ productId: i.productId, quantity: i.quantity, resellable: i.resellable })) ?? null,
  payout: r.payout_status ? { status: r.payout_status, reference: r.payout_reference, reason: r.payout_reason } : null,
  requestedAt: r.requested_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export async function findReturn(pool: pg.Pool, returnId: string): Promise<ReturnDto | null> {
  const { rows } = await pool.query<ReturnRow>(`${SELECT} where r.return_id = $1`, [returnId]);
  return rows[0] ? toDto(rows[0]) : null;
}

export async function returnsOfOrder(pool: pg.Pool, orderId: string): Promise<ReturnDto[]> {
  const { rows } = await pool.query<ReturnRow>(`${SELECT} where r.order_id = $1 order by r.requested_at, r.return_id`, [orderId]);
  return rows.map(toDto);
}

/** The admin's Returns view: newest first, one page, optionally of one status. */
export async function listReturns(pool: pg.Pool, query: { page: number; limit: number; status?: string }): Promise<{ returns: ReturnDto[]; total: number }> {
  const where = query.status ? 'where r.status = $3' : '';
  const params: unknown[] = [query.limit, (query.page - 1) * query.limit, ...(query.status ? [query.status] : [])];
  const [list, count] = await Promise.all([
    pool.query<ReturnRow>(`${SELECT} ${where} order by r.requested_at desc, r.return_id limit $1 offset $2`, params),
    pool.query<{ n: number }>(
      `select count(*)::int as n from order_returns r ${query.status ? 'where r.status = $1' : ''}`,
      query.status ? [query.status] : [],
    ),
  ]);
  return { returns: list.rows.map(toDto), total: count.rows[0]!.n };
}
