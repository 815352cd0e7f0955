/** Order status colours shared with the storefront: pending/placed amber, confirmed/processing blue, shipped indigo, delivered green, cancelled red. */
const LABELS: Record<string, string> = {
  pending: 'Pending',
  placed: 'Placed',
  confirmed: 'Confirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export function StatusBadge({ status }: { status: string }) {
  const key = status?.toLowerCase() ?? 'pending';
  return <span className={`status status-${key}`}>{LABELS[key] ?? status}</span>;
}
