/** The error texts of spec section 8, chosen by the content of the failure's message. */
const NETWORK = 'Network error: Unable to connect to the server. Please check your internet connection.';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error ?? ''));
const isNetwork = (m: string) => /Failed to fetch|NetworkError|Network request failed/i.test(m);
/** A 500 carries the server's generic text ('Internal server error'), so the status counts as much as the message. */
const isServerError = (error: unknown, m: string) => m.includes('500') || (error as { status?: number } | null)?.status === 500;

export function statusUpdateErrorMessage(error: unknown, orderLabel: string): string {
  const m = messageOf(error);
  if (m.includes('Order not found')) return `Order #${orderLabel} not found. It may have been deleted or the ID is incorrect.`;
  if (isNetwork(m)) return NETWORK;
  if (m.includes('502')) return 'Server error: The server is temporarily unavailable. Please try again later.';
  if (m.includes('404')) return `Order #${orderLabel} not found. Please refresh the page and try again.`;
  if (m.includes('403') || (error as { status?: number })?.status === 403) return "Access denied: You don't have permission to update this order.";
  return `Failed to update order status for #${orderLabel}.`;
}

export function deleteOrderErrorMessage(error: unknown, orderLabel: string): string {
  const m = messageOf(error);
  if (/not found/i.test(m) || m.includes('404')) return `Order #${orderLabel} not found. It may have already been deleted.`;
  if (isNetwork(m)) return NETWORK;
  if (isServerError(error, m)) return 'Server error: The server encountered an error while deleting the order.';
  return m && !m.startsWith('HTTP error!') ? m : `Failed to delete order #${orderLabel}.`;
}

export function bulkDeleteErrorMessage(error: unknown): string {
  const m = messageOf(error);
  if (isNetwork(m)) return NETWORK;
  if (isServerError(error, m)) return 'Server error: The server encountered an error while deleting the orders.';
  return 'Failed to delete orders.';
}
