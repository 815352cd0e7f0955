import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared-web/api/api-error.js';
import {
  bulkDeleteErrorMessage,
  deleteOrderErrorMessage,
  statusUpdateErrorMessage,
} from '../../admin-web/src/features/orders/components/order-error-messages.js';

/** Admin spec section 8: the order error toasts, chosen from what the API client throws. */
describe('admin order error messages', () => {
  const NETWORK = 'Network error: Unable to connect to the server. Please check your internet connection.';

  it('status update: not found, network, 502, 404, 403, default', () => {
    expect(statusUpdateErrorMessage(new ApiError('Order not found', 404), 'AC-2026-000001')).toBe(
      'Order #AC-2026-000001 not found. It may have been deleted or the ID is incorrect.',
    );
    expect(statusUpdateErrorMessage(new ApiError('Failed to fetch', 0), 'X')).toBe(NETWORK);
    expect(statusUpdateErrorMessage(new ApiError('HTTP error! status: 502', 502), 'X')).toBe(
      'Server error: The server is temporarily unavailable. Please try again later.',
    );
    expect(statusUpdateErrorMessage(new ApiError('HTTP error! status: 404', 404), 'X')).toBe('Order #X not found. Please refresh the page and try again.');
    expect(statusUpdateErrorMessage(new ApiError('Admin access required', 403), 'X')).toBe("Access denied: You don't have permission to update this order.");
    expect(statusUpdateErrorMessage(new ApiError('Internal server error', 500), 'X')).toBe('Failed to update order status for #X.');
  });

  it('single delete: a 500 with the server generic text still gets the spec server-error text', () => {
    expect(deleteOrderErrorMessage(new ApiError('Internal server error', 500), 'X')).toBe(
      'Server error: The server encountered an error while deleting the order.',
    );
    expect(deleteOrderErrorMessage(new ApiError('HTTP error! status: 500', 500), 'X')).toBe(
      'Server error: The server encountered an error while deleting the order.',
    );
    expect(deleteOrderErrorMessage(new ApiError('Order not found', 404), 'X')).toBe('Order #X not found. It may have already been deleted.');
    expect(deleteOrderErrorMessage(new ApiError('Failed to fetch', 0), 'X')).toBe(NETWORK);
    expect(deleteOrderErrorMessage(new ApiError('Order is locked', 409), 'X')).toBe('Order is locked');
    expect(deleteOrderErrorMessage(new ApiError('HTTP error! status: 400', 400), 'X')).toBe('Failed to delete order #X.');
  });

  it('bulk delete: 500 by status, network, default', () => {
    expect(bulkDeleteErrorMessage(new ApiError('Internal server error', 500))).toBe('Server error: The server encountered an error while deleting the orders.');
    expect(bulkDeleteErrorMessage(new ApiError('Failed to fetch', 0))).toBe(NETWORK);
    expect(bulkDeleteErrorMessage(new ApiError('Something else', 400))).toBe('Failed to delete orders.');
  });
});
