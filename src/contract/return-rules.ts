/**
 * The rules of a return that the storefront checks before sending and the server enforces again
 * (docs/decisions/0017-returns.md): plain constants, no imports, so the storefront bundles them as `@contract/return-rules`
 * without pulling zod in.
 */

/** Days after delivery during which a return may be asked for. */
export const RETURN_WINDOW_DAYS = 7;

/** A UPI virtual payment address: a handle, '@', the payment provider's name. */
export const UPI_PATTERN = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z]{2,64}$/;

export const RETURN_WINDOW_CLOSED = 'The return window for this order has closed.';
export const RETURN_NOT_DELIVERED = 'Only a delivered order can be returned.';
export const UPI_REQUIRED = 'Please enter the UPI ID the refund should go to.';
export const UPI_INVALID = 'Please enter a valid UPI ID (for example name@bank).';
export const RETURN_ITEMS_REQUIRED = 'Choose at least one item to return.';
export const RETURN_REASON_REQUIRED = 'Please tell us why you are returning these items.';
export const RETURN_REASON_TOO_LONG = 'Please keep the reason under 500 characters.';
export const REJECTION_REASON_REQUIRED = 'Please give the reason for rejecting this return.';
/** The longest reason, in characters, for asking for a return or rejecting one. */
export const RETURN_REASON_MAX = 500;

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
