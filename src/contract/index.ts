/**
 * The wire contract as the browsers import it: types inferred from the routes' own zod response schemas, so a field
 * the server renames or drops fails `tsc` in web/ and admin-web/ instead of showing blank in a page.
 *
 * Import with `import type { … } from '@contract'` (both SPAs' tsconfig map `@contract` here); only files that import
 * nothing but zod may be re-exported from here, because the SPAs type-check them with their own compiler settings.
 */
import type { z } from 'zod';
import type {
  adminCustomerSchema,
  codHoldSchema,
  historyEventSchema,
  orderSnapshotSchema,
  revenueDifferenceSchema,
  revenueReconciliationSchema,
} from './admin.js';
import type { failure } from './wire.js';

export type Failure = z.infer<typeof failure>;

/** GET /api/admin/audit/revenue → `reconciliation`. */
export type RevenueReconciliation = z.infer<typeof revenueReconciliationSchema>;
export type RevenueDifference = z.infer<typeof revenueDifferenceSchema>;
/** GET /api/admin/orders/{id}/history → `state`: the order folded from its events up to a moment (rupees). */
export type OrderSnapshot = z.infer<typeof orderSnapshotSchema>;
/** GET /api/admin/orders/{id}/history → one of `events`. */
export type OrderHistoryEvent = z.infer<typeof historyEventSchema>;

/** GET /api/admin/customers → one of `customers` (and the `customer` of its orders). */
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

/** GET /api/admin/cod-holds → one of `holds`. */
export type CodHold = z.infer<typeof codHoldSchema>;

/** The admin live feed's messages (websocket /api/admin/live): src/contract/live.ts. */
export type { LiveEventMessage, LiveMessage, LogPosition, ProjectedMessage, ReadModel } from './live.js';

/** GET /api/orders/{id}/returns and GET /api/admin/returns → one of `returns`. */
export type { ReturnDto } from './returns.js';
/** The rules of a return, as values: import them from `@contract/return-rules` (no zod in the bundle). */
export type { ReturnStatus } from './return-rules.js';
