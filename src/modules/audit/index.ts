import type { ModuleDeps, StoreModule } from '../module.js';
import { auditApi } from './api.js';

export const startOrder = 45;

/** The auditor's tools over the tamper-evident log: export, chain verification, revenue reconciliation. */
export function createModule(_deps: ModuleDeps): StoreModule {
  return { name: 'audit', routes: auditApi };
}

export { orderAsOf, happenedBy, type OrderSnapshot } from './order-as-of.js';
export { resolveOrderId } from './resolve-order.js';
export { anchorDigest, type ChainHead } from './anchor.js';
export { historyEventSchema, historyQuery, orderSnapshotSchema, revenueReconciliationSchema } from './schemas.js';
