import type { ModuleDeps, StoreModule } from '../module.js';
import { adminApi } from './api.js';

export const startOrder = 40;

/** The admin's read side over orders and customers (stats, lists, analytics) and the auditor's order history. */
export function createModule(_deps: ModuleDeps): StoreModule {
  return { name: 'admin', routes: adminApi };
}
